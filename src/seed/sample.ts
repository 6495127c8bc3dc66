/**
 * The sample dataset: real, public airport-industry developments of 2024–2026 written up as
 * newsletter editions (src/seed/sample/editions.json) with the companies they name
 * (src/seed/sample/companies.json), plus the projects and tenders of src/seed/sample-projects.ts. Loaded automatically the first time the server starts on an
 * empty embedded database, or by `airport-intel seed sample`.
 */
import { createRequire } from 'node:module';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import { recomputeEditionRollups } from '../domain/sql/rollups.js';
import type { Ctx } from '../domain/context.js';
import { loadSampleEvents } from './sample-events.js';
import { loadSampleProjectsAndTenders } from './sample-projects.js';
import { loadSampleHistory } from './sample-history.js';
import { upsertTags } from './tags.js';
import { slugify } from '../domain/slug.js';

const require = createRequire(import.meta.url);

/** One article of the sample file. */
export interface SampleArticle {
  headline: string;
  content: string;
  takeaways: string[];
  why_it_matters: string;
  /** region slug */
  region: string;
  /** ISO 3166-1 alpha-2; `null` for stories that span a bloc (EU-wide rules) */
  country: string | null;
  /** IATA codes */
  airports: string[];
  /** topic slugs */
  topics: string[];
  /** tag slugs */
  tags: string[];
  /** company names, as in companies.json */
  companies: string[];
  source_name: string;
  source_url: string;
  featured?: boolean;
  /** legacy source group, archived editions only */
  module?: string;
}

/** One edition of the sample file. */
export interface SampleEdition {
  number: number;
  publish_date: string;
  status: 'draft' | 'published' | 'archived';
  summary: string;
  top_developments: string[];
  key_trends: string[];
  regional_highlights: { region: string; highlight: string }[];
  key_metrics: { label: string; value: string; context?: string }[];
  articles: SampleArticle[];
}

/** One company of the sample file. */
export interface SampleCompany {
  name: string;
  aliases: string[];
  parent: string | null;
  country: string | null;
  website: string | null;
}

export const sampleEditions = (): SampleEdition[] => require('./sample/editions.json') as SampleEdition[];
export const sampleCompanies = (): SampleCompany[] => require('./sample/companies.json') as SampleCompany[];

/** Counts of what a load inserted. */
export interface SeedReport {
  editions: number;
  articles: number;
  companies: number;
  projects: number;
  tenders: number;
  skipped: boolean;
}

/** Inserts companies that are missing (by name), with aliases and parents; returns name → id of all. */
export async function upsertCompanies(trx: Transaction<DB> | Kysely<DB>, companies: SampleCompany[]): Promise<Map<string, string>> {
  for (const c of companies) {
    await trx
      .insertInto('companies')
      .values({ name: c.name, slug: slugify(c.name), country_code: c.country, website: c.website })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const rows = await trx.selectFrom('companies').select(['id', 'name']).execute();
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  for (const c of companies) {
    const id = ids.get(c.name)!;
    if (c.parent) {
      const parentId = ids.get(c.parent);
      if (!parentId) throw new Error(`Company ${c.name}: unknown parent ${c.parent}`);
      await trx.updateTable('companies').set({ parent_id: parentId }).where('id', '=', id).execute();
    }
    if (c.aliases.length) {
      await trx
        .insertInto('company_aliases')
        .values(c.aliases.map((alias) => ({ company_id: id, alias })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  return ids;
}

/**
 * Loads the sample dataset in one transaction. Skips (and reports `skipped`) when any edition exists,
 * unless `force`. @throws Error naming the article when it refers to an unknown topic, airport or company.
 */
export async function loadSample(ctx: Ctx, options: { force?: boolean } = {}): Promise<SeedReport> {
  const db = ctx.db;
  const existing = await db.selectFrom('editions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  if (existing.n > 0 && !options.force) return { editions: 0, articles: 0, companies: 0, projects: 0, tenders: 0, skipped: true };
  const editions = sampleEditions();
  const companies = sampleCompanies();

  return db.transaction().execute(async (trx) => {
    const companyIds = await upsertCompanies(trx, companies);
    const tagIds = await upsertTags(trx, editions.flatMap((e) => e.articles.flatMap((a) => a.tags)));
    const topicIds = new Map((await trx.selectFrom('topics').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
    const iatas = [...new Set(editions.flatMap((e) => e.articles.flatMap((a) => a.airports)))];
    const airportIds = new Map(
      (iatas.length ? await trx.selectFrom('airports').select(['id', 'iata']).where('iata', 'in', iatas).execute() : []).map((r) => [r.iata, r.id]),
    );
    const lookup = (map: Map<string, string>, key: string, what: string, headline: string) => {
      const id = map.get(key);
      if (!id) throw new Error(`Sample article "${headline}": unknown ${what} "${key}"`);
      return id;
    };

    let articles = 0;
    for (const e of editions) {
      const edition = await trx
        .insertInto('editions')
        .values({
          number: e.number,
          publish_date: e.publish_date,
          status: e.status,
          summary: e.summary,
          top_developments: JSON.stringify(e.top_developments),
          key_trends: JSON.stringify(e.key_trends),
          regional_highlights: JSON.stringify(e.regional_highlights),
          key_metrics: JSON.stringify(e.key_metrics),
          imported_from: e.status === 'archived' ? 'sample archive' : null,
          published_at: e.status === 'draft' ? null : new Date(`${e.publish_date}T06:00:00Z`),
        })
        .onConflict((oc) => oc.column('number').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!edition) continue; // that issue number exists already (force on a loaded database)
      for (const [i, a] of e.articles.entries()) {
        const row = await trx
          .insertInto('articles')
          .values({
            edition_id: edition.id,
            headline: a.headline,
            slug: slugify(a.headline),
            content: a.content,
            takeaways: a.takeaways,
            why_it_matters: a.why_it_matters,
            region_slug: a.region,
            country_code: a.country,
            source_name: a.source_name,
            source_url: a.source_url,
            sort_order: i + 1,
            featured: a.featured === true,
            module: a.module ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const links = <T>(values: string[], make: (v: string) => T) => [...new Set(values)].map(make);
        const topics = links(a.topics, (t) => ({ article_id: row.id, topic_id: lookup(topicIds, t, 'topic', a.headline) }));
        const tags = links(a.tags, (t) => ({ article_id: row.id, tag_id: lookup(tagIds, t, 'tag', a.headline) }));
        const airports = links(a.airports, (x) => ({ article_id: row.id, airport_id: lookup(airportIds, x, 'airport', a.headline) }));
        const comps = links(a.companies, (c) => ({ article_id: row.id, company_id: lookup(companyIds, c, 'company', a.headline) }));
        if (topics.length) await trx.insertInto('article_topics').values(topics).execute();
        if (tags.length) await trx.insertInto('article_tags').values(tags).execute();
        if (airports.length) await trx.insertInto('article_airports').values(airports).execute();
        if (comps.length) await trx.insertInto('article_companies').values(comps).execute();
        articles++;
      }
    }
    await recomputeEditionRollups(trx);
    const { projects, tenders } = await loadSampleProjectsAndTenders(trx, ctx.now());
    await loadSampleHistory(trx); // a believable project history
    await (await import('./sample-inbox.js')).loadSampleInbox(trx); // editorial inbox
    // The pre-screening score with its reasons, as the feed poller gives new items.
    await (await import('../domain/intake/index.js')).scoreInboxItems({ ...ctx, db: trx });
    await loadSampleEvents(trx);
    await (await import('./sample-media.js')).loadSampleMedia(trx, ctx.now()); // generated imagery
    return { editions: editions.length, articles, companies: companies.length, projects, tenders, skipped: false };
  });
}
