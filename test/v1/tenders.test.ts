/**
 * /v1/tenders, /facets, /{id}, /export: each parameter, the four sorts, the wat and exports gates
 * and the trial preview (three rows).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, csvRows, getAs, ok, problem } from './helpers.js';

interface Tender { id: string; title: string; type: string; status: string; region_slug: string | null; country_code: string | null; topics: string[]; tags: string[]; deadline: string | null; published_on: string; bidders?: unknown[] }
type Facet = { value: string; label: string; count: number };

let h: Harness;
let trial: TestIdentity, pro: TestIdentity, proWat: TestIdentity, ent: TestIdentity, admin: TestIdentity;
const STATUSES = 'open,closing_soon,closed,awarded,cancelled';

before(async () => {
  h = await startHarness({ sample: true });
  ({ trial, pro, proWat, ent, admin } = await callers(h));
});
after(() => h.close());

const list = async (query: string, who: TestIdentity = proWat) => (await ok<{ tenders: Tender[] }>(h, who, `/v1/tenders?${query}`)).tenders;

describe('GET /v1/tenders', () => {
  it('lists open and closing_soon tenders by deadline by default; status takes a comma list', async () => {
    const open = await list('limit=200');
    assert.ok(open.length > 0 && open.every((t) => t.status === 'open' || t.status === 'closing_soon'));
    const deadlines = open.map((t) => t.deadline).filter(Boolean) as string[];
    assert.deepEqual(deadlines, [...deadlines].sort());
    const every = await list(`status=${STATUSES}&limit=200`);
    const total = await h.database.db.selectFrom('tenders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(every.length, Number(total.n));
    const awarded = await list('status=awarded&limit=200');
    assert.ok(awarded.length > 0 && awarded.every((t) => t.status === 'awarded'));
    await problem(h, proWat, '/v1/tenders?status=won', 400, /status/);
  });

  it('q, region, country, type, terms: every row satisfies the filter', async () => {
    const every = await list(`status=${STATUSES}&limit=200`);
    const sample = every.find((t) => t.region_slug && t.country_code && t.topics.length)!;
    const byRegion = await list(`status=${STATUSES}&region=${sample.region_slug}&limit=200`);
    assert.ok(byRegion.length > 0 && byRegion.every((t) => t.region_slug === sample.region_slug));
    const byCountry = await list(`status=${STATUSES}&country=${sample.country_code!.toLowerCase()}&limit=200`);
    assert.ok(byCountry.length > 0 && byCountry.every((t) => t.country_code === sample.country_code));
    const byType = await list(`status=${STATUSES}&type=${sample.type}&limit=200`);
    assert.ok(byType.length > 0 && byType.every((t) => t.type === sample.type));
    const terms = [sample.topics[0]!, ...(sample.tags.slice(0, 1))].join(',');
    const byTerms = await list(`status=${STATUSES}&terms=${terms}&limit=200`);
    assert.ok(byTerms.some((t) => t.id === sample.id));
    assert.ok(byTerms.every((t) => terms.split(',').every((x) => t.topics.includes(x) || t.tags.includes(x))));
    const q = await list(`status=${STATUSES}&q=lighting&limit=200`);
    assert.ok(q.length > 0 && q.length < every.length);
    await problem(h, proWat, '/v1/tenders?type=auction', 400, /type/);
  });

  it('sorts: deadline_asc, deadline_desc, value_desc, published_desc', async () => {
    const q = `status=${STATUSES}&limit=200`;
    const dd = (await list(`${q}&sort=deadline_desc`)).map((t) => t.deadline).filter(Boolean) as string[];
    assert.deepEqual(dd, [...dd].sort().reverse());
    const pd = (await list(`${q}&sort=published_desc`)).map((t) => t.published_on);
    assert.deepEqual(pd, [...pd].sort().reverse());
    const values = new Map((await h.database.db.selectFrom('tenders').select(['id', 'value_usd']).execute()).map((r) => [r.id, r.value_usd]));
    const vd = (await list(`${q}&sort=value_desc`)).map((t) => values.get(t.id)).filter((v): v is number => v !== null && v !== undefined);
    assert.deepEqual(vd, [...vd].sort((a, b) => b - a));
    await problem(h, proWat, '/v1/tenders?sort=cheapest', 400);
  });

  it('gates: wat (trial preview: three rows); 403 naming the add-on without it', async () => {
    const full = await list('limit=200');
    const preview = await list('limit=200', trial);
    assert.deepEqual(preview.map((t) => t.id), full.slice(0, 3).map((t) => t.id));
    assert.deepEqual(await list('offset=3', trial), []);
    assert.equal((await list('limit=200', ent)).length, full.length);
    assert.equal((await list('limit=200', admin)).length, full.length);
    await problem(h, pro, '/v1/tenders', 403, /wat add-on or the Enterprise plan/);
    await problem(h, proWat, '/v1/tenders?limit=201', 422, /^validation failed$/);
  });

  it('one tender with bidders; unknown 404', async () => {
    const [first] = await list(`status=awarded&limit=1`);
    const one = await ok<Tender>(h, proWat, `/v1/tenders/${first!.id}`);
    assert.ok(Array.isArray(one.bidders) && one.bidders.length > 0);
    await problem(h, proWat, '/v1/tenders/00000000-0000-4000-8000-000000000000', 404);
    await problem(h, pro, `/v1/tenders/${first!.id}`, 403);
  });
});

describe('GET /v1/tenders/facets', () => {
  it('counts statuses, types, regions, countries, topics and tags', async () => {
    const f = await ok<Record<string, Facet[]>>(h, proWat, `/v1/tenders/facets?status=${STATUSES}`);
    assert.deepEqual(Object.keys(f), ['statuses', 'types', 'regions', 'countries', 'topics', 'tags']);
    const every = await list(`status=${STATUSES}&limit=200`);
    for (const s of f.statuses!) assert.equal(s.count, every.filter((t) => t.status === s.value).length);
    for (const t of f.topics!) assert.equal(t.count, every.filter((x) => x.topics.includes(t.value)).length);
    await problem(h, pro, '/v1/tenders/facets', 403);
  });
});

describe('GET /v1/tenders/export', () => {
  it('streams CSV with a bidders column the list lacks; needs wat and exports', async () => {
    const rows = await csvRows(h, proWat, `/v1/tenders/export?status=${STATUSES}`);
    assert.equal(rows.length, (await list(`status=${STATUSES}&limit=200`)).length);
    assert.equal(Object.keys(rows[0]!).at(-1), 'bidders');
    assert.ok(rows.some((r) => /\((awarded|bid|shortlisted|unsuccessful)\)/.test(r.bidders!)));
    assert.equal((await getAs(h, ent, '/v1/tenders/export')).statusCode, 200);
    await problem(h, trial, '/v1/tenders/export', 403, /exports/);
    await problem(h, pro, '/v1/tenders/export', 403, /wat/);
  });
});
