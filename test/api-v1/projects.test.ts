/**
 * /api/v1/projects: each filter (every returned row satisfies it), pagination, one project with its
 * mentions, bad input; and the CSV export: RFC 4180, filters, the 1000-row cap, formula
 * neutralisation, one quota unit per export, and a disconnecting client stopping the export.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app.js';
import { insertProject } from '../../src/domain/projects/index.js';
import { sampleProjects } from '../../src/seed/sample-projects.js';
import { sampleEditions } from '../../src/seed/sample.js';
import { seedSynthetic } from '../../src/seed/synthetic.js';
import { SESSION_SECRET, startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

interface Row {
  id: string;
  title: string;
  description: string;
  airport_name: string | null;
  iata_code: string | null;
  country: string | null;
  country_code: string | null;
  region: string | null;
  project_type: string | null;
  value_usd: number | null;
  value_amount: number | null;
  value_currency: string | null;
  status: string;
  topics: string[];
  tags: string[];
  companies: string[];
  contractor: string | null;
  last_seen_edition: number | null;
}
type Body = { data: Row[]; meta: { page: number; limit: number; total: number; pages: number } };

let h: Harness;
let pro: TestIdentity;
let admin: TestIdentity;
const sample = sampleProjects();

before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const get = (url: string, who: TestIdentity = pro) => h.app.inject({ method: 'GET', url, headers: who.keyAuth });
const list = async (query: string): Promise<Body> => {
  const res = await get(`/api/v1/projects?${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};
const csvRows = (body: string): Record<string, string>[] => parse(body, { columns: true, record_delimiter: '\r\n' });

describe('GET /api/v1/projects', () => {
  it('lists every sample project by title, 50 per page by default, with USD values derived from the stated ones', async () => {
    const body = await list('limit=100');
    assert.equal(body.meta.total, sample.length);
    const titles = body.data.map((p) => p.title);
    assert.deepEqual(titles, [...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    assert.equal((await list('')).meta.limit, 50);
    for (const p of body.data) {
      const source = sample.find((s) => s.title === p.title)!;
      assert.equal(p.value_amount, source.value_amount);
      assert.equal(p.value_currency, source.value_currency);
      if (source.value_amount === null) assert.equal(p.value_usd, null);
      else assert.ok(Number.isInteger(p.value_usd) && p.value_usd! > 0, `${p.title} value_usd`);
      if (source.value_currency === 'USD') assert.equal(p.value_usd, source.value_amount);
      assert.equal(p.iata_code, source.airport);
    }
  });

  it('q, region, country, status, type, topic and min_value: every row satisfies the filter', async () => {
    const byQ = await list('q=terminal&limit=100');
    assert.ok(byQ.data.length > 0);
    for (const p of byQ.data) assert.match(`${p.title} ${p.description} ${p.airport_name} ${p.contractor}`, /terminal/i);

    const byRegion = await list('region=east&limit=100');
    assert.ok(byRegion.data.length > 0);
    for (const p of byRegion.data) assert.match(p.region!, /east/i);

    const byCountry = await list('country=GB&limit=100');
    assert.ok(byCountry.data.length > 0);
    for (const p of byCountry.data) assert.equal(p.country_code, 'GB');
    assert.equal((await list('country=united%20kingdom&limit=100')).meta.total, byCountry.meta.total);

    for (const status of ['planned', 'ongoing', 'complete', 'cancelled', 'on_hold']) {
      const body = await list(`status=${status}&limit=100`);
      assert.equal(body.meta.total, sample.filter((s) => s.status === status).length, status);
      for (const p of body.data) assert.equal(p.status, status);
    }

    const byType = await list('type=termin&limit=100');
    assert.ok(byType.data.length > 0);
    for (const p of byType.data) assert.match(p.project_type!, /termin/i);

    const byTopic = await list('topic=runways&limit=100');
    assert.ok(byTopic.data.length > 0);
    for (const p of byTopic.data) assert.ok(p.topics.includes('Runways & airfield'));

    const byValue = await list('min_value=1000000000&limit=100');
    assert.ok(byValue.data.length > 0);
    for (const p of byValue.data) assert.ok(p.value_usd! >= 1_000_000_000);
    assert.ok(byValue.meta.total < sample.length);
  });

  it('answers 400 naming the parameter for an unknown status, a negative or non-numeric min_value, a limit above 100', async () => {
    for (const [query, message] of [
      ['status=paused', /"status": must be one of: planned, ongoing, complete, cancelled, on_hold/],
      ['min_value=-5', /"min_value": must be >= 0/],
      ['min_value=lots', /"min_value": must be an integer/],
      ['limit=101', /"limit": must be <= 100/],
    ] as const) {
      const res = await get(`/api/v1/projects?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, message);
    }
  });
});

describe('GET /api/v1/projects/:id', () => {
  it('returns the project with the editions and articles that mentioned it (drafts stay hidden)', async () => {
    const draftHeadlines = new Set(sampleEditions().filter((e) => e.status === 'draft').flatMap((e) => e.articles.map((a) => a.headline)));
    const linked = sample.find((s) => s.articles.some((a) => draftHeadlines.has(a)) && s.articles.some((a) => !draftHeadlines.has(a)))
      ?? sample.find((s) => s.articles.length > 0)!;
    const { data } = await list(`q=${encodeURIComponent(`"${linked.title}"`)}`);
    const row = data.find((p) => p.title === linked.title)!;
    const res = await get(`/api/v1/projects/${row.id}`);
    assert.equal(res.statusCode, 200);
    const project = res.json().data;
    assert.deepEqual(project.articles.map((a: { headline: string }) => a.headline).sort(), linked.articles.filter((a) => !draftHeadlines.has(a)).sort());
    for (const a of project.articles) assert.ok(Number.isInteger(a.edition_number) && /^\d{4}-\d{2}-\d{2}$/.test(a.publish_date));
    assert.equal(project.last_seen_edition, Math.max(...project.articles.map((a: { edition_number: number }) => a.edition_number)));
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    assert.equal((await get('/api/v1/projects/12')).statusCode, 400);
    const res = await get(`/api/v1/projects/${crypto.randomUUID()}`);
    assert.equal(res.statusCode, 404);
    assert.match(res.json().error, /^Project .* not found$/);
  });
});

describe('GET /api/v1/projects/export', () => {
  it('streams RFC 4180 CSV with a header row as an attachment, honouring the filters', async () => {
    const res = await get('/api/v1/projects/export?country=GB');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.ok(res.body.startsWith('id,title,airport_name,iata_code,country_code,country,region,project_type,status,value_amount,value_currency,value_usd,'));
    assert.ok(res.body.includes('\r\n'));
    const rows = csvRows(res.body);
    assert.equal(rows.length, (await list('country=GB&limit=100')).meta.total);
    for (const r of rows) assert.equal(r.country_code, 'GB');
  });

  it('neutralises cells that a spreadsheet would run as a formula', async () => {
    await insertProject(h.database.db, { title: '=HYPERLINK("http://evil.example","click")', status: 'planned', iata: 'AMS', contractor: '@SUM(1+1)' }, h.clock.now());
    const rows = csvRows((await get('/api/v1/projects/export?country=NL')).body);
    const evil = rows.find((r) => r.title?.includes('HYPERLINK'))!;
    assert.equal(evil.title, `'=HYPERLINK("http://evil.example","click")`);
    assert.equal(evil.contractor, `'@SUM(1+1)`);
  });

  it('caps a subscriber export at 1000 rows (admins get every row) and costs one quota unit', async () => {
    await seedSynthetic(h.database.db, { projects: 1100, seed: 3 });
    const before = await get('/api/v1/editions?limit=1');
    const remaining = Number(before.headers['ratelimit-remaining']);
    const res = await get('/api/v1/projects/export');
    assert.equal(res.statusCode, 200);
    assert.equal(Number(res.headers['ratelimit-remaining']), remaining - 1);
    assert.equal(csvRows(res.body).length, 1000);
    const after = await get('/api/v1/editions?limit=1');
    assert.equal(Number(after.headers['ratelimit-remaining']), remaining - 2, 'the whole export was charged once');
    const all = await get('/api/v1/projects/export', admin);
    assert.equal(csvRows(all.body).length, (await list('limit=1')).meta.total);
    assert.ok(csvRows(all.body).length > 1000);
  });

  it('stops reading the database when the client disconnects mid-export', async () => {
    await seedSynthetic(h.database.db, { projects: 15000, seed: 4 });
    let batches = 0;
    const counter: KyselyPlugin = {
      transformQuery(args) {
        if (args.node.kind === 'SelectQueryNode' && JSON.stringify(args.node).includes('"projects"')) batches++;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    };
    const app = await buildApp({ database: { ...h.database, db: h.database.db.withPlugin(counter) }, sessionSecret: SESSION_SECRET });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/projects/export', headers: admin.keyAuth }, (res) => {
        assert.equal(res.statusCode, 200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (err.message.includes('aborted') || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(err)));
    });
    await new Promise((r) => setTimeout(r, 1500));
    const settled = batches;
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(batches, settled, 'no batch is read after the client left');
    const total = (await list('limit=1')).meta.total;
    assert.ok(settled < Math.ceil(total / 500), `${settled} of ${Math.ceil(total / 500)} batches were read`);
    const health = await app.inject({ method: 'GET', url: '/api/v1/editions/latest', headers: pro.keyAuth });
    assert.equal(health.statusCode, 200, 'the connection is free for other requests');
    await app.close();
  });
});
