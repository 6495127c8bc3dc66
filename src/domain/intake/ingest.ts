/**
 * Turns feed items into pending inbox items: deduplicated (same GUID from the same source, same
 * canonical URL, near-duplicate title across sources within 14 days), described by the suggestion
 * engine and scored (./score-item.ts). Runs in one transaction under an advisory lock, so two sources
 * polled at once never both add one story.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { canonicalUrl, nearDuplicateTitles, titleKey, type FeedItem } from './feed.js';
import { scoreItem } from './score-item.js';
import { suggestMetadataFrom, type Vocabulary } from './suggest-engine.js';

/** The source items come from (or none, for items added by hand). */
export interface IngestSource {
  id: string | null;
  name: string;
  trust_weight: number;
  default_topics: string[];
  default_region: string | null;
}

/** Items added and duplicates skipped. */
export interface IngestResult { added: number; duplicates: number }

const NEAR_DUPLICATE_WINDOW_DAYS = 14;

/** Titles of projects matching the airports found (by their airport or their linked airports), at most 3. */
export async function matchingProjects(db: Kysely<DB>, iatas: string[]): Promise<string[]> {
  if (!iatas.length) return [];
  const rows = await db.selectFrom('projects as p')
    .select('p.title')
    .where((eb) => eb.or([
      eb('p.iata_code', 'in', iatas),
      eb.exists(eb.selectFrom('project_airports as pa').innerJoin('airports as a', 'a.id', 'pa.airport_id').select('pa.project_id').whereRef('pa.project_id', '=', 'p.id').where('a.iata', 'in', iatas)),
    ]))
    .orderBy('p.title').limit(3).execute();
  return rows.map((r) => r.title);
}

/** What the engine detects in an item and the score it gets. */
export async function describeItem(db: Kysely<DB>, vocab: Vocabulary, now: Date, item: { title: string; summary: string; publishedAt: Date | null }, source: Omit<IngestSource, 'id' | 'name'>) {
  const s = suggestMetadataFrom(vocab, item.summary, item.title);
  const projects = await matchingProjects(db, s.airports.map((a) => a.iata));
  const { score, reasons } = scoreItem({ title: item.title, suggestion: s, trustWeight: source.trust_weight, publishedAt: item.publishedAt, now, projects });
  const detected = {
    topics: [...new Set([...s.topics.map((t) => t.slug), ...source.default_topics])],
    tags: s.tags.map((t) => t.slug),
    airports: s.airports.map((a) => a.iata),
    companies: s.companies.map((c) => c.name),
    region: s.region?.slug ?? source.default_region,
    country: s.country?.code ?? null,
  };
  return { detected, score, reasons };
}

/**
 * Adds the new ones of `items` to the inbox as pending items of `source`.
 * @returns how many were added and how many were recognised as duplicates
 */
export async function ingestItems(ctx: Ctx, source: IngestSource, items: FeedItem[], vocab: Vocabulary): Promise<IngestResult> {
  if (!items.length) return { added: 0, duplicates: 0 };
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('airport-intel.intake.ingest'))`.execute(trx);
    const now = ctx.now();
    const canon = items.map((i) => canonicalUrl(i.link));
    const guids = items.map((i) => i.guid);
    const known = await trx.selectFrom('inbox_items').select(['guid', 'canonical_url', 'url', 'source_id'])
      .where((eb) => eb.or([
        eb('canonical_url', 'in', canon),
        eb('url', 'in', items.map((i) => i.link)),
        ...(source.id ? [eb.and([eb('source_id', '=', source.id), eb('guid', 'in', guids)])] : []),
      ])).execute();
    const seenGuids = new Set(known.filter((k) => source.id && k.source_id === source.id && k.guid).map((k) => k.guid!));
    const seenUrls = new Set(known.flatMap((k) => [k.canonical_url, k.url].filter((x): x is string => !!x)));
    const since = new Date(now.getTime() - NEAR_DUPLICATE_WINDOW_DAYS * 86_400_000);
    const titleKeys = (await trx.selectFrom('inbox_items').select('title_key').where('created_at', '>=', since).where('title_key', 'is not', null).orderBy('created_at', 'desc').limit(5000).execute()).map((r) => r.title_key!);
    let added = 0;
    let duplicates = 0;
    for (const [n, item] of items.entries()) {
      const key = titleKey(item.title);
      if (seenGuids.has(item.guid) || seenUrls.has(canon[n]!) || seenUrls.has(item.link) || titleKeys.some((k) => nearDuplicateTitles(k, key))) {
        duplicates++;
        continue;
      }
      const { detected, score, reasons } = await describeItem(trx, vocab, now, item, source);
      const inserted = await trx.insertInto('inbox_items').values({
        source_id: source.id,
        source_name: source.name,
        url: item.link,
        canonical_url: canon[n]!,
        guid: item.guid,
        title: item.title,
        title_key: key,
        excerpt: item.summary,
        published_at: item.publishedAt,
        detected_entities: JSON.stringify(detected),
        score,
        score_reasons: JSON.stringify(reasons),
        status: 'pending',
        created_at: now,
      }).onConflict((oc) => oc.column('url').doNothing()).returning('id').executeTakeFirst();
      if (inserted) added++; else duplicates++;
      seenGuids.add(item.guid);
      seenUrls.add(canon[n]!);
      titleKeys.push(key);
    }
    return { added, duplicates };
  });
}
