/**
 * /api/v1/tenders: the `wat` gate (add-on and Enterprise holders in, a trial the preview of three,
 * everyone else 403 naming the add-on; the export also needs `exports`), each filter, each sort, the derived statuses, bad input, one tender, and the export.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { sampleTenders } from '../../src/seed/sample-projects.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

interface Row {
  id: string;
  title: string;
  description: string;
  buyer: string;
  reference: string | null;
  country: string | null;
  country_code: string | null;
  region: string | null;
  type: string;
  status: string;
  published_at: string;
  deadline: string | null;
  days_to_deadline: number | null;
  value_usd: number | null;
  categories: string[];
}
type Body = { data: Row[]; meta: { page: number; limit: number; total: number; pages: number } };

let h: Harness;
let wat: TestIdentity;
const sample = sampleTenders();
const DAY = 86_400_000;

before(async () => {
  h = await startHarness({ sample: true });
  wat = await h.identity({ plan: 'professional', addons: ['wat'] });
});
after(() => h.close());

const get = (url: string, who: TestIdentity = wat) => h.app.inject({ method: 'GET', url, headers: who.keyAuth });
const list = async (query: string): Promise<Body> => {
  const res = await get(`/api/v1/tenders?${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};

describe('the wat gate', () => {
  it('lets the tender add-on, Enterprise and admins in; the export also needs exports (a core + wat session is refused it)', async () => {
    const coreWat = await h.identity({ plan: 'core', addons: ['wat'] });
    for (const who of [wat, await h.identity({ plan: 'enterprise' }), await h.identity({ admin: true }), coreWat]) {
      const auth = who === wat ? who.keyAuth : who.sessionAuth;
      for (const url of ['/api/v1/tenders', '/api/v1/tenders/export']) {
        const res = await h.app.inject({ method: 'GET', url, headers: auth });
        if (who === coreWat && url.endsWith('/export')) {
          assert.equal(res.statusCode, 403, `${url}: ${res.body.slice(0, 200)}`);
          assert.match(res.json().error, /core plan does not include CSV exports \(feature "exports"\)/);
          continue;
        }
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      }
    }
  });

  it('refuses professional without the add-on with 403 naming the add-on, without charging quota', async () => {
    const who = await h.identity({ plan: 'professional' });
    for (const url of ['/api/v1/tenders', '/api/v1/tenders/export', `/api/v1/tenders/${crypto.randomUUID()}`]) {
      const res = await get(url, who);
      assert.equal(res.statusCode, 403, url);
      assert.match(res.json().error, /tenders \(Worldwide Airport Tenders\).*wat add-on or the Enterprise plan/);
    }
    const used = await h.database.db.selectFrom('usage_counters').innerJoin('api_keys', 'api_keys.id', 'usage_counters.api_key_id')
      .select('count').where('api_keys.user_id', '=', who.userId).executeTakeFirst();
    assert.equal(used, undefined);
  });

  it('shows a trial key the preview as /v1 does: the first three tenders, meta.total 3; no export (exports)', async () => {
    const trial = await h.identity({ plan: 'trial' });
    const full = await list('limit=100');
    const res = await get('/api/v1/tenders?limit=100', trial);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as Body;
    assert.deepEqual(body.data.map((t) => t.id), full.data.slice(0, 3).map((t) => t.id));
    assert.deepEqual(body.meta, { page: 1, limit: 100, total: 3, pages: 1 });
    const v1 = await h.app.inject({ method: 'GET', url: '/v1/tenders?limit=200', headers: trial.keyAuth });
    assert.deepEqual((v1.json() as { tenders: { id: string }[] }).tenders.map((t) => t.id), body.data.map((t) => t.id));
    const exported = await get('/api/v1/tenders/export', trial);
    assert.equal(exported.statusCode, 403);
    assert.match(exported.json().error, /trial plan does not include CSV exports \(feature "exports"\)/);
  });
});

describe('GET /api/v1/tenders', () => {
  it('lists open and closing-soon tenders by default, and every tender with closed=1', async () => {
    const open = await list('limit=100');
    assert.ok(open.data.length > 0);
    for (const t of open.data) {
      assert.ok(['open', 'closing_soon'].includes(t.status), t.status);
      if (t.deadline) assert.ok(Date.parse(t.deadline) > h.clock.now().getTime());
    }
    const all = await list('closed=1&limit=100');
    assert.equal(all.meta.total, sample.length);
    const statuses = new Set(all.data.map((t) => t.status));
    for (const s of ['open', 'closing_soon', 'closed', 'awarded', 'cancelled']) assert.ok(statuses.has(s), `status ${s} present`);
  });

  it('derives closing_soon and closed from the deadline, at the service clock', async () => {
    // The sample was loaded at the harness clock (TEST_NOW): deadlines at 17:00 UTC of its day + N.
    const now = h.clock.now();
    const all = await list('closed=1&limit=100');
    for (const t of all.data) {
      const source = sample.find((s) => s.reference === t.reference)!;
      const deadline = source.deadline_in_days === null ? null : Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + source.deadline_in_days, 17);
      assert.equal(t.deadline === null ? null : Date.parse(t.deadline), deadline, `${t.reference}: deadline`);
      const what = `${t.reference} (deadline ${t.deadline}) at ${now.toISOString()}`;
      if (source.status !== 'open') assert.equal(t.status, source.status, what);
      else if (deadline !== null && deadline < now.getTime()) assert.equal(t.status, 'closed', what);
      else if (deadline !== null && deadline < now.getTime() + 14 * DAY) assert.equal(t.status, 'closing_soon', what);
      else assert.equal(t.status, 'open', what);
    }
  });

  it('q, region, country, category, type and deadline_days: every row satisfies the filter', async () => {
    const byQ = await list('q=baggage&closed=1&limit=100');
    assert.ok(byQ.data.length > 0);
    for (const t of byQ.data) assert.match(`${t.title} ${t.description} ${t.buyer} ${t.reference}`, /baggage/i);
    const byRegion = await list('region=europe&closed=1&limit=100');
    assert.ok(byRegion.data.length > 0);
    for (const t of byRegion.data) assert.equal(t.region, 'Europe');
    const country = sample[0]!.country;
    const byCountry = await list(`country=${country}&closed=1&limit=100`);
    assert.equal(byCountry.meta.total, sample.filter((s) => s.country === country).length);
    const byCategory = await list('category=digital-technology&closed=1&limit=100');
    assert.ok(byCategory.data.length > 0);
    for (const t of byCategory.data) assert.ok(t.categories.includes('Digital & technology'));
    for (const type of ['rfp', 'tender', 'framework', 'eoi']) {
      const body = await list(`type=${type}&closed=1&limit=100`);
      assert.equal(body.meta.total, sample.filter((s) => s.type === type).length, type);
      for (const t of body.data) assert.equal(t.type, type);
    }
    const soon = await list('deadline_days=30&limit=100');
    assert.ok(soon.data.length >= 1);
    for (const t of soon.data) {
      const ms = Date.parse(t.deadline!) - h.clock.now().getTime();
      assert.ok(ms >= 0 && ms <= 30 * DAY, `${t.title} closes in ${ms / DAY} days`);
    }
    assert.equal(soon.meta.total, sample.filter((s) => s.status === 'open' && s.deadline_in_days !== null && s.deadline_in_days >= 1 && s.deadline_in_days <= 30).length);
  });

  it('sorts by deadline (both ways), value and publication date', async () => {
    const get = async (sort: string) => (await list(`closed=1&limit=100&sort=${sort}`)).data;
    const deadlines = (rows: Row[]) => rows.filter((t) => t.deadline).map((t) => Date.parse(t.deadline!));
    const asc = await get('deadline_asc');
    assert.deepEqual(deadlines(asc), [...deadlines(asc)].sort((a, b) => a - b));
    assert.equal(asc.at(-1)!.deadline === null || asc.every((t) => t.deadline !== null), true, 'tenders without a deadline come last');
    const desc = await get('deadline_desc');
    assert.deepEqual(deadlines(desc), [...deadlines(desc)].sort((a, b) => b - a));
    const byValue = (await get('value_desc')).filter((t) => t.value_usd !== null).map((t) => t.value_usd!);
    assert.deepEqual(byValue, [...byValue].sort((a, b) => b - a));
    const published = (await get('published_desc')).map((t) => t.published_at);
    assert.deepEqual(published, [...published].sort().reverse());
    assert.deepEqual((await list('closed=1&limit=100')).data.map((t) => t.id), asc.map((t) => t.id), 'deadline_asc is the default');
  });

  it('answers 400 naming the parameter for an unknown type or sort and a bad deadline_days or closed', async () => {
    for (const [query, message] of [
      ['type=auction', /"type": must be one of: rfp, tender, framework, eoi/],
      ['sort=cheapest', /"sort": must be one of: deadline_asc, deadline_desc, value_desc, published_desc/],
      ['deadline_days=-3', /"deadline_days": must be >= 0/],
      ['deadline_days=soon', /"deadline_days": must be an integer/],
      ['closed=maybe', /"closed": must be one of/],
    ] as const) {
      const res = await get(`/api/v1/tenders?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, message);
      assert.equal((await get(`/api/v1/tenders/export?${query}`)).statusCode, 400, `export ${query}`);
    }
  });
});

describe('GET /api/v1/tenders/:id and /export', () => {
  it('returns one tender with its bidders, whatever its status; 400 and 404 otherwise', async () => {
    const awarded = sample.find((s) => s.status === 'awarded')!;
    const { data } = await list(`closed=1&q=${encodeURIComponent(`"${awarded.title}"`)}`);
    const res = await get(`/api/v1/tenders/${data[0]!.id}`);
    assert.equal(res.statusCode, 200);
    const t = res.json().data;
    assert.equal(t.status, 'awarded');
    assert.equal(t.awarded_to, awarded.awarded_to);
    assert.deepEqual(t.bidders.map((b: { name: string }) => b.name).sort(), awarded.bidders.map((b) => b.name).sort());
    assert.equal((await get('/api/v1/tenders/x')).statusCode, 400);
    assert.equal((await get(`/api/v1/tenders/${crypto.randomUUID()}`)).statusCode, 404);
  });

  it('exports the same filters as CSV with a bidders column, charged once', async () => {
    const before = Number((await get('/api/v1/editions?limit=1')).headers['ratelimit-remaining']);
    const res = await get('/api/v1/tenders/export?closed=1');
    assert.equal(res.statusCode, 200);
    assert.equal(Number(res.headers['ratelimit-remaining']), before - 1);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="tenders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    assert.equal(rows.length, sample.length);
    assert.ok(Object.keys(rows[0]!).includes('bidders'));
    const awarded = sample.find((s) => s.status === 'awarded' && s.bidders.length > 0)!;
    const row = rows.find((r) => r.reference === awarded.reference)!;
    for (const b of awarded.bidders) assert.ok(row.bidders!.includes(`${b.name} (${b.outcome})`), row.bidders);
    const defaults: Record<string, string>[] = parse((await get('/api/v1/tenders/export')).body, { columns: true });
    assert.equal(defaults.length, (await list('limit=1')).meta.total);
    for (const r of defaults) assert.ok(['open', 'closing_soon'].includes(r.status!));
  });
});
