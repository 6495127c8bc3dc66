/**
 * The exports built by the database (docs/decisions/0028) give byte for byte the CSV of the encoder
 * they replaced: the same views read through the domain's list queries, each cell through
 * `csvCell` (formula neutralisation) and csv-stringify (CRLF), with the column definitions the faces
 * had before — with one correction: csv-stringify 6.9 with `record_delimiter: 'windows'` left a
 * cell holding a lone LF or CR unquoted (not RFC 4180: a reader splits the record there); such a
 * cell is now quoted, so the reference quotes it too (`quoted_match`). Checked on the sample dataset plus rows with every awkward cell:
 * quotes, commas, CR, LF, CRLF, a leading `=`, `+`, `-`, `@`, tab or CR, non-ASCII, empty lists and
 * NULLs, for every export route of both editions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { searchParamsToQuery } from '../../src/domain/articles/index.js';
import { archiveFilter } from '../../src/domain/articles/search-archive.js';
import { loadArticleViews, type ArticleView } from '../../src/domain/articles/repository.js';
import { matchingArticleIds } from '../../src/domain/articles/search-engine.js';
import { loadIdentity } from '../../src/domain/identity/index.js';
import { insertProject, type ProjectView } from '../../src/domain/projects/index.js';
import { selectProjectViews } from '../../src/domain/projects/repository.js';
import { insertTender, LIVE_TENDER_STATUSES, type TenderView } from '../../src/domain/tenders/index.js';
import { selectTenderViews, tenderConditions } from '../../src/domain/tenders/repository.js';
import { allOf } from '../../src/domain/shared/sql-filters.js';
import { csvCell, csvList } from '../../src/http/csv.js';
import { presentProject as presentV1Project } from '../../src/http/v1/records/project.js';
import { presentTender as presentV1Tender } from '../../src/http/v1/records/tender.js';
import { exportArchive } from '../../src/domain/articles/export-archive.js';
import type { CsvExport } from '../../src/domain/csv-export.js';
import { exportProjects } from '../../src/domain/projects/export-projects.js';
import { exportTenders } from '../../src/domain/tenders/export-tenders.js';
import { PROJECT_CSV_COLUMNS as API_V1_PROJECT_COLUMNS } from '../../src/http/api-v1/records/project.js';
import { TENDER_CSV_COLUMNS as API_V1_TENDER_COLUMNS } from '../../src/http/api-v1/records/tender.js';
import { ARTICLE_CSV_COLUMNS } from '../../src/http/v1/records/article.js';
import { PROJECT_CSV_COLUMNS as V1_PROJECT_COLUMNS } from '../../src/http/v1/records/project.js';
import { TENDER_CSV_COLUMNS as V1_TENDER_COLUMNS } from '../../src/http/v1/records/tender.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

type Cell = string | number | boolean | Date | null | undefined;
type Columns<T> = [header: string, value: (row: T) => Cell][];

/** The encoder the exports used before decision 0028, quoting cells with a line break (see the module doc). */
const encode = <T>(columns: Columns<T>, rows: T[]): string =>
  stringify(rows.map((r) => columns.map(([, value]) => csvCell(value(r)))), {
    header: true, columns: columns.map(([header]) => header), record_delimiter: 'windows', bom: false, quoted_match: /[\r\n]/,
  });

const API_V1_PROJECT: Columns<ProjectView> = [
  ['id', (p) => p.id], ['title', (p) => p.title], ['airport_name', (p) => p.airport_name], ['iata_code', (p) => p.iata_code],
  ['country_code', (p) => p.country_code], ['country', (p) => p.country_name], ['region', (p) => p.region_name],
  ['project_type', (p) => p.project_type_name], ['status', (p) => p.status], ['value_amount', (p) => p.value_amount],
  ['value_currency', (p) => p.value_currency], ['value_usd', (p) => p.value_usd], ['contractor', (p) => p.contractor],
  ['expected_completion_year', (p) => p.expected_completion_year], ['announced_on', (p) => p.announced_on],
  ['parent_project_id', (p) => p.parent_project_id], ['topics', (p) => csvList(p.topics.map((t) => t.name))],
  ['tags', (p) => csvList(p.tags.map((t) => t.name))], ['companies', (p) => csvList(p.companies.map((c) => c.name))],
  ['last_seen_edition', (p) => p.last_seen_edition_number], ['updated_at', (p) => new Date(p.updated_at)],
];
const V1_PROJECT: Columns<ProjectView> = (['id', 'title', 'airport', 'iata_code', 'country_code', 'region', 'project_type', 'status', 'value_amount',
  'value_currency', 'value_basis', 'announced_on', 'expected_completion_year', 'parent_project_id'] as const)
  .map((header) => [header, (p: ProjectView) => presentV1Project({ ...p, is_watched: false })[header]]);
const bidders = (t: TenderView) => csvList(t.bidders.map((b) => `${b.name} (${b.outcome})`));
const API_V1_TENDER: Columns<TenderView> = [
  ['id', (t) => t.id], ['title', (t) => t.title], ['reference', (t) => t.reference], ['buyer', (t) => t.buyer_name],
  ['airport_name', (t) => t.airport_name], ['iata_code', (t) => t.iata_code], ['country_code', (t) => t.country_code],
  ['country', (t) => t.country_name], ['region', (t) => t.region_name], ['type', (t) => t.tender_type], ['status', (t) => t.status],
  ['published_at', (t) => t.published_on], ['deadline', (t) => (t.deadline ? new Date(t.deadline) : null)],
  ['estimated_value', (t) => t.estimated_value], ['currency', (t) => t.currency], ['value_usd', (t) => t.value_usd],
  ['categories', (t) => csvList(t.topics.map((x) => x.name))], ['tags', (t) => csvList(t.tags.map((x) => x.name))],
  ['awarded_to', (t) => t.awarded_to], ['bidders', bidders], ['source_name', (t) => t.source_name], ['source_url', (t) => t.source_url],
];
const V1_TENDER: Columns<TenderView> = [
  ...(['id', 'title', 'reference', 'buyer', 'airport', 'iata_code', 'country_code', 'region', 'type', 'status', 'published_on', 'deadline',
    'estimated_value', 'currency', 'topics', 'tags', 'awarded_to', 'source_name', 'source_url'] as const).map((header): Columns<TenderView>[number] => [
    header,
    (t) => {
      const v = presentV1Tender(t)[header];
      return Array.isArray(v) ? csvList(v) : v;
    },
  ]),
  ['bidders', bidders],
];
const V1_ARTICLE: Columns<ArticleView> = [
  ['headline', (a) => a.headline], ['why_it_matters', (a) => a.why_it_matters], ['topics', (a) => csvList(a.topics.map((t) => t.name))],
  ['source', (a) => a.source_name], ['link', (a) => a.source_url],
];

/** Every awkward cell text. */
const AWKWARD = ['a "quoted", comma', 'line\nbreak', 'carriage\rreturn', 'crlf\r\nend', '=1+1', '+cmd', '-2', '@SUM(A1)', '\ttab', '\rcr first',
  '-"quoted minus', 'Zürich – Ünïcödé ✈', ' leading space', "'already quoted"];

let h: Harness;
let admin: TestIdentity;

before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ plan: 'enterprise', admin: true });
  const now = h.clock.now();
  for (const [i, text] of AWKWARD.entries()) {
    await insertProject(h.database.db, { title: text, status: 'planned', iata: i % 2 ? 'AMS' : null, contractor: AWKWARD[(i + 3) % AWKWARD.length]!,
      valueBasis: AWKWARD[(i + 5) % AWKWARD.length]!, description: text }, now);
    await insertTender(h.database.db, { title: text, buyerName: AWKWARD[(i + 1) % AWKWARD.length]!, reference: AWKWARD[(i + 2) % AWKWARD.length]!,
      iata: 'LHR', type: 'rfp', status: 'open', publishedOn: '2026-01-05', deadline: i % 3 ? new Date(now.getTime() + i * 86_400_123) : null,
      sourceName: AWKWARD[(i + 4) % AWKWARD.length]!, sourceUrl: `https://example.test/${i}`, awardedTo: i % 4 ? null : text }, now);
  }
  // An article with awkward cells in a published edition.
  const article = await h.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id')
    .where('e.status', '=', 'published').select('a.id').orderBy('a.id').executeTakeFirstOrThrow();
  await h.database.db.updateTable('articles').set({ headline: '=HYPERLINK("x")', why_it_matters: 'a, "b"\r\nc', source_name: '@src' }).where('id', '=', article.id).execute();
});

after(async () => {
  await h.close();
});

const body = async (url: string): Promise<string> => {
  const res = await h.app.inject({ method: 'GET', url, headers: admin.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
};

describe('exports built by the database equal the previous encoder byte for byte', () => {
  it('projects on both editions', async () => {
    const views = (await selectProjectViews(h.database.db, sql`p.published`).orderBy(sql`p.title, p.id`).execute()) as ProjectView[];
    assert.ok(views.length > AWKWARD.length);
    assert.equal(await body('/api/v1/projects/export'), encode(API_V1_PROJECT, views));
    assert.equal(await body('/v1/projects/export'), encode(V1_PROJECT, views));
  });

  it('tenders on both editions', async () => {
    const now = h.clock.now();
    // Both editions export the live tenders by default.
    const views = (await selectTenderViews(h.database.db, allOf(tenderConditions({ statuses: LIVE_TENDER_STATUSES }, now)), now)
      .orderBy(sql`coalesce(t.deadline, 'infinity'::timestamptz), t.id`).execute()) as TenderView[];
    assert.ok(views.length > AWKWARD.length);
    assert.equal(await body('/api/v1/tenders/export'), encode(API_V1_TENDER, views));
    assert.equal(await body('/v1/tenders/export'), encode(V1_TENDER, views));
  });

  it('the archive (/v1/search/export), without and with a text query', async () => {
    const identity = await loadIdentity(h.ctx(), admin.userId, 'api_key');
    const ctx = { ...h.ctx(), identity: identity ?? null };
    for (const q of [undefined, 'airport']) {
      const filter = await archiveFilter(ctx, searchParamsToQuery(q ? { q } : {}));
      const views = await loadArticleViews(h.database.db, await matchingArticleIds(h.database.db, filter, { limit: 100_000, offset: 0 }));
      assert.ok(views.length > 0);
      assert.equal(await body(`/v1/search/export${q ? `?q=${q}` : ''}`), encode(V1_ARTICLE, views));
    }
  });
});

/** Every chunk of `exp` read through `via` (the default path when absent), as one Buffer. */
async function bytesOf(exp: CsvExport, via?: 'copy' | 'cursor'): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of exp.chunks(via)) parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  return Buffer.concat(parts);
}

describe('COPY … TO STDOUT (PostgreSQL) gives the bytes of the cursor path (issue 31)', () => {
  it('every export, both editions, byte for byte; the default path is COPY on PostgreSQL and the cursor on PGlite', async () => {
    const identity = await loadIdentity(h.ctx(), admin.userId, 'api_key');
    const ctx = { ...h.ctx(), identity: identity ?? null };
    const exports: [string, () => Promise<CsvExport>][] = [
      ['api-v1 projects', () => exportProjects(ctx, {}, API_V1_PROJECT_COLUMNS)],
      ['v1 projects', () => exportProjects(ctx, {}, V1_PROJECT_COLUMNS)],
      ['api-v1 tenders', () => exportTenders(ctx, {}, API_V1_TENDER_COLUMNS)],
      ['v1 tenders', () => exportTenders(ctx, {}, V1_TENDER_COLUMNS)],
      ['archive', () => exportArchive(ctx, searchParamsToQuery({}), ARTICLE_CSV_COLUMNS)],
      ['archive ?q=airport', () => exportArchive(ctx, searchParamsToQuery({ q: 'airport' }), ARTICLE_CSV_COLUMNS)],
    ];
    for (const [name, make] of exports) {
      const cursor = await bytesOf(await make(), 'cursor');
      assert.ok(cursor.length > 100, name);
      assert.ok(cursor.toString('utf8').includes('\r\n'), name);
      assert.deepEqual(await bytesOf(await make()), cursor, `${name}: the default path`);
      if (h.database.kind === 'postgres') assert.deepEqual(await bytesOf(await make(), 'copy'), cursor, `${name}: COPY`);
      else await assert.rejects(bytesOf(await make(), 'copy'), /needs a PostgreSQL server/);
    }
  });
});
