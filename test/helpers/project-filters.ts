/**
 * Random project filters of every member the facet index in memory holds (decisions 0062 to 0064),
 * drawn by a seeded generator from a database's own values, with values that match nothing among
 * them, in a fixed order so that both engines draw the same filters.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';
import type { Ctx } from '../../src/domain/context.js';
import { facetIndexSettings, type ProjectFilter } from '../../src/domain/projects/index.js';
import { adminCtx } from './factories.js';
import { startHarness, type Harness, type TestIdentity } from './harness.js';

/** A harness on the sample for the index's tests, an administrator's context, an enterprise reader, and how to close it. */
export interface IndexHarness {
  h: Harness;
  ctx: Ctx;
  pro: TestIdentity;
  /** Closes the harness and restores the index's settings. */
  close: () => Promise<void>;
}

/**
 * Starts the sample with the index's settings lowered: prefix counts every 3 rows, so that the
 * sample's slices use them (1 024 by default), the table read 2 pages per statement, so that a
 * load takes several (8 192 by default), and a word common from 4 projects.
 */
export async function startIndexHarness(): Promise<IndexHarness> {
  const defaults = { ...facetIndexSettings };
  facetIndexSettings.checkpoint = 3;
  facetIndexSettings.loadPages = 2;
  // A word in 4 of the sample's projects is common (2 000 by default), so its text queries go both ways.
  facetIndexSettings.commonWordMin = 4;
  // A list window of a driver above 8 rows marks its places in a bit set, as a million projects' do.
  facetIndexSettings.sortedPlaces = 8;
  // A list order's zones of 4 places (256 by default), so the sample's orders have a dozen and more.
  facetIndexSettings.zonePlaces = 4;
  // A window's first stage of 6 places, a second of one place per driver row: each stage stops
  // part-way on the sample, and the next takes over.
  facetIndexSettings.firstStage = 6;
  facetIndexSettings.placesPerDriverRow = 1;
  const h = await startHarness({ sample: true });
  return {
    h,
    ctx: await adminCtx(h),
    pro: await h.identity({ plan: 'enterprise' }),
    close: async () => {
      Object.assign(facetIndexSettings, defaults);
      await h.close();
    },
  };
}

const values = async (db: Kysely<DB>, query: ReturnType<typeof sql<{ v: string }>>) => (await query.execute(db)).rows.map((r) => r.v);

/** The sample's own values of every indexed member, and a few that match nothing (in a fixed order: the same filters on both engines). */
async function vocabulary(db: Kysely<DB>) {
  const years = (await sql<{ lo: number; hi: number }>`select min(expected_completion_year) as lo, max(expected_completion_year) as hi from projects`.execute(db)).rows[0]!;
  const amounts = (await sql<{ v: string }>`select value_amount::text as v from projects where value_amount is not null order by value_amount`.execute(db)).rows.map((r) => Number(r.v));
  const usd = (await sql<{ v: string }>`select value_usd::text as v from projects where value_usd is not null order by value_usd`.execute(db)).rows.map((r) => Number(r.v));
  return {
    status: ['planned', 'ongoing', 'complete', 'cancelled', 'on_hold'],
    region: [...await values(db, sql`select slug as v from regions order by 1`), ...await values(db, sql`select upper(name) as v from regions order by 1 limit 3`), 'atlantis'],
    country: [...await values(db, sql`select distinct country_code as v from projects where country_code is not null order by 1`), 'zz', 'de'],
    type: [...await values(db, sql`select distinct project_type_slug as v from projects where project_type_slug is not null order by 1`), 'no-such-type'],
    terms: [...await values(db, sql`select slug as v from topics order by 1`), ...await values(db, sql`select slug as v from tags order by 1`), ...await values(db, sql`select name as v from topics order by 1 limit 3`), 'no-such-term'],
    years: [years.lo - 1, years.lo, Math.round((years.lo + years.hi) / 2), years.hi, years.hi + 1],
    amounts: [0, amounts[0]!, amounts[Math.floor(amounts.length / 3)]!, amounts[Math.floor(amounts.length / 2)]! + 1, amounts.at(-1)!, amounts.at(-1)! + 1],
    usd: [0, usd[Math.floor(usd.length / 4)]!, usd[Math.floor(usd.length / 2)]!, usd.at(-1)!, usd.at(-1)! + 1],
  };
}

/** The companies, parent programmes and articles of the sample's links, and one of each that links nothing. */
async function linkVocabulary(db: Kysely<DB>) {
  const none = '00000000-0000-4000-8000-000000000000';
  return {
    // The companies of the links, and a few others (first those whose subsidiaries have links).
    company: [
      ...await values(db, sql`select distinct company_id::text as v from project_companies order by 1`),
      ...await values(db, sql`select id::text as v from companies where id not in (select company_id from project_companies) 
        order by id in (select parent_id from companies where id in (select company_id from project_companies)) desc, 1 limit 4`),
      none,
    ],
    parent: [...await values(db, sql`select distinct parent_project_id::text as v from projects where parent_project_id is not null order by 1`), none],
    article: [...await values(db, sql`select distinct article_id::text as v from article_projects order by 1`), none],
  };
}

/**
 * Text queries: the sample's commonest and rarest words (as lexemes and as typed), two words, a
 * stop word, a word no project has, and queries the index leaves to SQL (a phrase, `or`, `-word`).
 */
async function textVocabulary(db: Kysely<DB>): Promise<string[]> {
  const stats = sql`select word, ndoc from ts_stat('select search_vector from projects where published') where word ~ '^[a-z]+$'`;
  const common = await values(db, sql`select word as v from (${stats}) s order by ndoc desc, word limit 10`);
  const rare = await values(db, sql`select word as v from (${stats}) s where ndoc <= 2 order by word limit 6`);
  return [...common, ...rare, 'Terminals', 'International Airport', `${common[0]} ${common[3]}`, `${common[1]} ${rare[0]}`, 'the', 'zzzqx',
    '"international airport"', `${common[0]} or ${rare[1]}`, `${common[2]} -${common[4]}`];
}

/**
 * `count` filters of 1–3 members, drawn by a seeded generator from the projects of `db`. With
 * `linked`, each filter has a company, a parent programme or an article (decision 0064) first;
 * with `text`, a text query (or, with both, either).
 */
export async function randomProjectFilters(db: Kysely<DB>, count: number, seed: number, { linked = false, text = false } = {}): Promise<ProjectFilter[]> {
  const v = await vocabulary(db);
  const links = linked ? await linkVocabulary(db) : undefined;
  const texts = text ? await textVocabulary(db) : undefined;
  let state = seed;
  const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const members: ((f: ProjectFilter) => ProjectFilter)[] = [
    (f) => ({ ...f, status: pick(v.status) as ProjectFilter['status'] }),
    (f) => ({ ...f, region: pick(v.region) }),
    (f) => ({ ...f, country: pick(v.country) }),
    (f) => ({ ...f, type: pick(v.type) }),
    (f) => ({ ...f, topic: pick(v.terms) }),
    (f) => ({ ...f, terms: rand() < 0.6 ? [pick(v.terms)] : [pick(v.terms), pick(v.terms)] }),
    (f) => ({ ...f, yearFrom: pick(v.years) }),
    (f) => ({ ...f, yearTo: pick(v.years) }),
    (f) => ({ ...f, yearFrom: pick(v.years), yearTo: pick(v.years) }),
    (f) => ({ ...f, minAmount: pick(v.amounts) }),
    (f) => ({ ...f, maxAmount: pick(v.amounts) }),
    (f) => ({ ...f, minValueUsd: pick(v.usd) }),
  ];
  const linkMembers: ((f: ProjectFilter) => ProjectFilter)[] = [
    ...(links
      ? [
          (f: ProjectFilter) => ({ ...f, companyId: pick(links.company) }),
          (f: ProjectFilter) => ({ ...f, parentProjectId: pick(links.parent) }),
          (f: ProjectFilter) => ({ ...f, articleId: pick(links.article) }),
        ]
      : []),
    ...(texts ? [(f: ProjectFilter) => ({ ...f, q: pick(texts) })] : []),
  ];
  return Array.from({ length: count }, () => {
    let f: ProjectFilter = linkMembers.length > 0 ? pick(linkMembers)(rand() < 0.2 ? pick(linkMembers)({}) : {}) : {};
    for (let k = (linkMembers.length > 0 ? 0 : 1) + Math.floor(rand() * (linkMembers.length > 0 ? 2 : 3)); k > 0; k--) f = pick(members)(f);
    return f;
  });
}
