/**
 * `airport-intel seed synthetic --articles N --projects N --tenders N`: a large, realistic corpus
 * for scale tests and benchmarks (projects: src/seed/synthetic-projects.ts, tenders:
 * src/seed/synthetic-tenders.ts). Articles are composed from the vocabulary of the field (terminals, runways, baggage
 * systems, concessions, SAF, biometrics …) around real airports and countries from the reference
 * data, in published editions of 50 articles dated every 3 days backwards from before the oldest
 * existing edition. Deterministic for a given `seed`. Each batch of editions is one transaction,
 * written with a few multi-row statements (`unnest` of arrays), so 100 000 articles load in minutes
 * on the embedded database.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { upsertTags } from './tags.js';
import { slugify } from '../domain/slug.js';
import { seedSyntheticProjects } from './synthetic-projects.js';
import { seedSyntheticTenders } from './synthetic-tenders.js';
import { ACTIONS, BUILDERS, CURRENCIES, largeAirports, PHRASES, pick, prng, SUBJECTS, type SyntheticContext } from './synthetic-vocabulary.js';

/** What a synthetic load generates. */
export type SyntheticKind = 'articles' | 'projects' | 'tenders';

/** Options of a synthetic load. */
export interface SyntheticOptions {
  /** Articles to generate (default 0). */
  articles?: number;
  /** Projects to generate (default 0). */
  projects?: number;
  /** Tenders to generate (default 0). */
  tenders?: number;
  /** PRNG seed (same seed, same corpus). Default 1. */
  seed?: number;
  /** Called after each committed batch. */
  onProgress?: (done: number, total: number, kind: SyntheticKind) => void;
}

/** What a synthetic load inserted. */
export interface SyntheticReport {
  editions: number;
  articles: number;
  projects: number;
  tenders: number;
}

export const ARTICLES_PER_EDITION = 50;
const EDITIONS_PER_BATCH = 40; // 2 000 articles per transaction
const DAY_MS = 86_400_000;


/**
 * Vacuums and analyzes every table (`VACUUM ANALYZE`, both engines) after a synthetic load:
 * - the statistics, so that what reads the new rows next is planned for their number: the common
 *   words' refresh that `seed synthetic` runs after the load went at about 2.7 s per word at a
 *   million articles on the empty tables' statistics (55 min in all) and took 346.5 s in all after
 *   (bench/README.md, "A million articles seeded in one command");
 * - the visibility map, which only VACUUM sets, so that index-only walks (the value sorts of
 *   `/v1/projects`) need not visit the heap.
 * It took 14.8 s after a million articles. Autovacuum would get there too, later; the embedded
 * engine has none. A plain VACUUM locks no reader or writer out. Must not run inside a transaction.
 * @returns the seconds it took
 */
export async function vacuumSeeded(db: Kysely<DB>): Promise<number> {
  const started = performance.now();
  await sql`vacuum analyze`.execute(db);
  return (performance.now() - started) / 1000;
}

/**
 * Generates articles in new published editions, then projects, then tenders.
 * @throws Error when the reference data (airports, topics) is missing: run the migrations first.
 */
export async function seedSynthetic(db: Kysely<DB>, options: SyntheticOptions): Promise<SyntheticReport> {
  const rand = prng(options.seed ?? 1);
  const airports = await largeAirports(db);
  const topicIds = new Map((await db.selectFrom('topics').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  const tagIds = await upsertTags(db, SUBJECTS.flatMap((s) => s.tags));
  const progress = (kind: SyntheticKind) => (done: number, total: number) => options.onProgress?.(done, total, kind);
  const context = { db, rand, airports, topicIds, tagIds };
  const { editions, articles } = await seedSyntheticArticles(context, options.articles ?? 0, progress('articles'));
  const projects = await seedSyntheticProjects(context, options.projects ?? 0, progress('projects'));
  const tenders = await seedSyntheticTenders(context, options.tenders ?? 0, progress('tenders'));
  return { editions, articles, projects, tenders };
}

/** Generates `count` articles in editions of 50. */
async function seedSyntheticArticles(
  { db, rand, airports, topicIds, tagIds }: SyntheticContext,
  count: number,
  onProgress: (done: number, total: number) => void,
): Promise<{ editions: number; articles: number }> {
  if (count <= 0) return { editions: 0, articles: 0 };

  const bounds = await db
    .selectFrom('editions')
    .select([sql<number>`coalesce(max(number), 0)::int`.as('max_number'), sql<string | null>`min(publish_date)::text`.as('oldest')])
    .executeTakeFirstOrThrow();
  const oldest = bounds.oldest ? Date.parse(`${bounds.oldest}T00:00:00Z`) : Date.UTC(2026, 0, 1);
  const editionCount = Math.ceil(count / ARTICLES_PER_EDITION);
  let done = 0;

  for (let first = 0; first < editionCount; first += EDITIONS_PER_BATCH) {
    const editions = { id: [] as string[], number: [] as number[], date: [] as string[], summary: [] as string[], count: [] as number[] };
    const art = {
      id: [] as string[], edition: [] as string[], headline: [] as string[], slug: [] as string[], content: [] as string[],
      takeaways: [] as string[], why: [] as string[], region: [] as string[], country: [] as string[], source: [] as string[],
      sort: [] as number[], featured: [] as boolean[],
    };
    const links = { topics: [[], []] as [string[], string[]], tags: [[], []] as [string[], string[]], airports: [[], []] as [string[], string[]] };

    for (let e = first; e < Math.min(first + EDITIONS_PER_BATCH, editionCount); e++) {
      const editionId = crypto.randomUUID();
      // The newest synthetic edition is 3 days before the oldest existing one; older ones follow every 3 days.
      const date = new Date(oldest - (editionCount - e) * 3 * DAY_MS).toISOString().slice(0, 10);
      const inEdition = Math.min(ARTICLES_PER_EDITION, count - e * ARTICLES_PER_EDITION);
      const headlines: string[] = [];
      for (let i = 0; i < inEdition; i++) {
        const airport = pick(rand, airports);
        const subject = pick(rand, SUBJECTS);
        const builder = pick(rand, BUILDERS);
        const amount = Math.round(5 + rand() * 4995);
        const currency = pick(rand, CURRENCIES);
        const year = Number(date.slice(0, 4)) + 1 + Math.floor(rand() * 6);
        const headline = `${airport.name} ${pick(rand, ACTIONS)} ${subject.thing}`;
        headlines.push(headline);
        const id = crypto.randomUUID();
        art.id.push(id);
        art.edition.push(editionId);
        art.headline.push(headline);
        art.slug.push(`${slugify(headline)}-${i + 1}`);
        art.content.push(
          [
            `${airport.name} (${airport.iata}) in ${airport.city ?? airport.country_name}, ${airport.country_name}, has moved ahead with its ${subject.thing}. ` +
              `The programme is valued at about ${amount} million ${currency}, with ${builder} named among the lead contractors, and completion is targeted for ${year}.`,
            `${pick(rand, PHRASES)} ${pick(rand, PHRASES)}`,
            `${pick(rand, PHRASES)} Officials said further details of the ${subject.thing} would be published as procurement progresses.`,
          ].join('\n\n'),
        );
        art.takeaways.push(
          [
            `${airport.iata}: ${subject.thing} valued at about ${amount}m ${currency}.`,
            `${builder} is among the lead contractors.`,
            `Completion is targeted for ${year}.`,
          ].join('\u001f'),
        );
        art.why.push(`Suppliers and investors tracking ${airport.country_name} should note the ${subject.thing} pipeline at ${airport.iata}.`);
        art.region.push(airport.region_slug);
        art.country.push(airport.country_code);
        art.source.push(`${airport.name}`);
        art.sort.push(i + 1);
        art.featured.push(i === 0);
        for (const t of subject.topics) {
          links.topics[0].push(id);
          links.topics[1].push(topicIds.get(t)!);
        }
        for (const t of subject.tags) {
          links.tags[0].push(id);
          links.tags[1].push(tagIds.get(t)!);
        }
        links.airports[0].push(id);
        links.airports[1].push(airport.id);
      }
      editions.id.push(editionId);
      editions.number.push(bounds.max_number + e + 1);
      editions.date.push(date);
      editions.count.push(inEdition);
      editions.summary.push(`This issue covers ${inEdition} developments, led by: ${headlines.slice(0, 3).join('; ')}.`);
    }

    await db.transaction().execute(async (trx) => {
      await sql`
        insert into editions (id, number, publish_date, status, summary, article_count, published_at)
        select id, number, publish_date, 'published', summary, article_count, publish_date::timestamptz
          from unnest(${editions.id}::uuid[], ${editions.number}::int[], ${editions.date}::date[], ${editions.summary}::text[], ${editions.count}::int[])
            as t(id, number, publish_date, summary, article_count)`.execute(trx);
      await sql`
        insert into articles (id, edition_id, headline, slug, content, takeaways, why_it_matters, region_slug, country_code, source_name, sort_order, featured)
        select id, edition_id, headline, slug, content, string_to_array(takeaways, chr(31)), why, region, country, source, sort_order, featured
          from unnest(${art.id}::uuid[], ${art.edition}::uuid[], ${art.headline}::text[], ${art.slug}::text[], ${art.content}::text[],
                      ${art.takeaways}::text[], ${art.why}::text[], ${art.region}::text[], ${art.country}::text[], ${art.source}::text[],
                      ${art.sort}::int[], ${art.featured}::boolean[])
            as t(id, edition_id, headline, slug, content, takeaways, why, region, country, source, sort_order, featured)`.execute(trx);
      await sql`insert into article_topics (article_id, topic_id) select * from unnest(${links.topics[0]}::uuid[], ${links.topics[1]}::uuid[])`.execute(trx);
      await sql`insert into article_tags (article_id, tag_id) select * from unnest(${links.tags[0]}::uuid[], ${links.tags[1]}::uuid[])`.execute(trx);
      await sql`insert into article_airports (article_id, airport_id) select * from unnest(${links.airports[0]}::uuid[], ${links.airports[1]}::uuid[])`.execute(trx);
    });
    done += art.id.length;
    onProgress(done, count);
  }
  return { editions: editionCount, articles: done };
}
