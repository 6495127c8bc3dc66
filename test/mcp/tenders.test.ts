/**
 * The issue's end-to-end path, over real HTTP with the SDK's own client: initialize, list the two
 * tools, find the tenders list with search_api("tenders closing soon"), call it with call_api and
 * see the same data as plain HTTP; the CSV export comes back as bounded text; without the `wat`
 * feature the plan gate inside call_api comes back as a tool error (and costs one unit).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { TestIdentity } from '../helpers/harness.js';
import { csvRecords } from '../../src/mcp/shape-text.js';
import type { SearchResult } from '../../src/mcp/search-api.js';
import { call, connect, startLive, structured, textOf, unitsUsed, type LiveHarness } from './client.js';

let h: LiveHarness;
let buyer: TestIdentity;

/** Inserts a tender whose deadline is `days` (and a half) days after the service clock's now. */
async function tender(title: string, days: number, status = 'open'): Promise<void> {
  const now = h.clock.now();
  await sql`insert into tenders (title, description, buyer_name, tender_type, status, published_on, deadline, country_code, region_slug)
    select ${title}, ${`${title}, with "quotes", commas and a
line break`}, 'Test Airport Authority', 'rfp', ${status}, (${now}::timestamptz at time zone 'UTC')::date - 10,
           ${now}::timestamptz + make_interval(days => ${days}, hours => 12), c.code, c.region_slug
      from countries c where c.code = 'GB'`.execute(h.database.db);
}

before(async () => {
  h = await startLive();
  buyer = await h.identity({ plan: 'professional', addons: ['wat', 'mcp'] });
  await tender('Baggage handling system replacement', 9);
  await tender('Apron lighting upgrade', 20);
  await tender('Terminal 2 cleaning services', 200);
  await tender('Old closed tender', 5, 'closed');
  for (let i = 0; i < 40; i++) await tender(`Runway rehabilitation lot ${i + 1}`, 25);
});
after(() => h.close());

describe('tenders through MCP', () => {
  it('initializes, lists the two tools, finds the tenders list and returns the same data as plain HTTP', async () => {
    const client = await connect(h, buyer.keyAuth);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_api', 'search_api']);

    const found = (await call(client, 'search_api', { query: 'tenders closing soon' })).structuredContent as SearchResult;
    const best = found.matches[0]!;
    assert.equal(`${best.method} ${best.path}`, 'GET /api/v1/tenders');
    const deadline = best.parameters.find((p) => p.name === 'deadline_days')!;
    assert.equal(deadline.in, 'query');

    const query = { deadline_days: 30, limit: 5 };
    const result = await call(client, 'call_api', { method: best.method, path: best.path, query, detail: true });
    assert.equal(result.isError, undefined, textOf(result));
    const s = structured(result);
    assert.equal(s.status, 200);
    const res = await fetch(new URL('/api/v1/tenders?deadline_days=30&limit=5', h.baseUrl), { headers: buyer.keyAuth });
    assert.equal(res.status, 200);
    const http = (await res.json()) as { data: { title: string }[]; meta: { total: number } };
    assert.deepEqual(s.body, http);
    assert.equal(http.meta.total, 42);
    assert.equal(http.data[0]!.title, 'Baggage handling system replacement');
    assert.deepEqual(s.next?.query, { deadline_days: 30, limit: 5, page: 2 });
    await client.close();
  });

  it('returns a CSV export as text, cut to whole rows with the header kept', async () => {
    const client = await connect(h, buyer.keyAuth);
    const whole = structured(await call(client, 'call_api', { method: 'GET', path: '/api/v1/tenders/export', query: { deadline_days: 30 } }));
    assert.equal(whole.content_type, 'text/csv');
    assert.equal(whole.truncated, false);
    const res = await fetch(new URL('/api/v1/tenders/export?deadline_days=30', h.baseUrl), { headers: buyer.keyAuth });
    assert.equal(whole.text, await res.text());
    assert.equal(csvRecords(whole.text!).length, 43);

    const cut = structured(await call(client, 'call_api', { method: 'GET', path: '/api/v1/tenders/export', query: { deadline_days: 30 }, max_items: 2 }));
    assert.equal(cut.truncated, true);
    assert.deepEqual(cut.truncation, { reason: 'max_items', list: 'rows', returned: 2, available: 42, budget_chars: 20000 });
    assert.deepEqual(csvRecords(cut.text!), csvRecords(whole.text!).slice(0, 3));
    assert.match(cut.next!.note, /GET \/api\/v1\/tenders \(page, limit\)/);
    await client.close();
  });

  it('answers the plan gate (no wat) inside call_api as a tool error naming the add-on, for one unit', async () => {
    const noWat = await h.identity({ plan: 'professional', addons: ['mcp'] });
    const client = await connect(h, noWat.keyAuth);
    const found = (await call(client, 'search_api', { query: 'tenders closing soon' })).structuredContent as SearchResult;
    assert.equal(found.matches[0]!.path, '/api/v1/tenders');
    const result = await call(client, 'call_api', { method: 'GET', path: '/api/v1/tenders', query: { deadline_days: 30 } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^GET \/api\/v1\/tenders answered 403: Your professional plan does not include tenders/);
    assert.match(textOf(result), /wat add-on or the Enterprise plan/);
    assert.equal(structured(result).status, 403);
    assert.equal(await unitsUsed(h, noWat.userId), 2);
    await client.close();
  });
});
