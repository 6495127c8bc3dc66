/**
 * call_api over real HTTP with the SDK client: the same data as plain HTTP, HTTP errors as tool
 * errors, only /api/v1 paths on this service, and results sized for a model (fields, max_items,
 * the character budget with an explicit truncation and a next call that fetches the rest).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { RESULT_BUDGET } from '../../src/mcp/budget.js';
import type { TestIdentity } from '../helpers/harness.js';
import { call, connect, startLive, structured, textOf, type LiveHarness } from './client.js';

let h: LiveHarness;
let pro: TestIdentity;
let client: Client;
before(async () => {
  h = await startLive({ sample: true });
  pro = await h.identity({ plan: 'professional', addons: ['mcp'] });
  client = await connect(h, pro.keyAuth);
});
after(async () => {
  await client.close();
  await h.close();
});

/** The same request over plain HTTP with the same key. */
async function plain(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(path, h.baseUrl), { ...init, headers: { ...pro.keyAuth, ...(init.headers as Record<string, string>) } });
  return { status: res.status, body: await res.json() };
}

const callApi = (args: Record<string, unknown>) => call(client, 'call_api', args);

describe('call_api returns what plain HTTP returns', () => {
  it('for a list with query parameters', async () => {
    const result = await callApi({ method: 'GET', path: '/api/v1/articles', query: { airport: 'LHR', limit: 3 }, detail: true });
    assert.equal(result.isError, undefined);
    const s = structured(result);
    assert.equal(s.status, 200);
    assert.equal(s.truncated, false);
    const http = await plain('/api/v1/articles?airport=LHR&limit=3');
    assert.deepEqual(s.body, http.body);
    assert.ok((s.body as { data: unknown[] }).data.length > 0);
    assert.deepEqual(JSON.parse(textOf(result)), s);
  });

  it('for a query string written into the path, and a list given as an array', async () => {
    const s = structured(await callApi({ method: 'GET', path: '/api/v1/search?q=runway&limit=2', query: { any_regions: ['europe', 'middle-east'] }, detail: true }));
    const http = await plain('/api/v1/search?q=runway&limit=2&any_regions=europe,middle-east');
    assert.deepEqual(s.body, http.body);
  });

  it('for a POST with a JSON body', async () => {
    const body = { any_tags: ['ppp', 'biometrics'], include_archived: true, limit: 3 };
    const s = structured(await callApi({ method: 'POST', path: '/api/v1/search', body, detail: true }));
    const http = await plain('/api/v1/search', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    assert.equal(s.status, 200);
    assert.deepEqual(s.body, http.body);
  });

  it('for a single record read by a path parameter', async () => {
    const list = structured(await callApi({ method: 'GET', path: '/api/v1/editions', query: { limit: 1 } }));
    const number = (list.body as { data: { number: number }[] }).data[0]!.number;
    const s = structured(await callApi({ method: 'GET', path: `/api/v1/editions/${number}`, fields: ['number', 'summary'] }));
    assert.deepEqual(s.body, { data: { number, summary: ((await plain(`/api/v1/editions/${number}`)).body as { data: { summary: string } }).data.summary } });
  });
});

describe('HTTP errors become tool errors with the {error} message', () => {
  it('a 404 for an unknown record', async () => {
    const result = await callApi({ method: 'GET', path: '/api/v1/articles/00000000-0000-4000-8000-000000000000' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^GET \/api\/v1\/articles\/0{8}-0000-4000-8000-0{12} answered 404: /);
    assert.equal(structured(result).status, 404);
  });

  it('a 400 naming the bad parameter, and a 404 for an unknown route', async () => {
    const bad = await callApi({ method: 'GET', path: '/api/v1/editions', query: { limit: 500 } });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /answered 400: Invalid query parameter "limit": must be <= 50/);
    const unknown = await callApi({ method: 'GET', path: '/api/v1/nothing-here' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /answered 404: No route GET \/api\/v1\/nothing-here/);
    const wrongMethod = await callApi({ method: 'POST', path: '/api/v1/editions' });
    assert.equal(wrongMethod.isError, true);
    assert.match(textOf(wrongMethod), /Invalid parameter "method": \/api\/v1\/editions answers GET, not POST: use method GET/);
  });
});

describe('only /api/v1 paths of this service', () => {
  const refused: [string, RegExp][] = [
    ['https://example.com/api/v1/editions', /not a full URL/],
    ['http://127.0.0.1:1/api/v1/editions', /not a full URL/],
    ['//example.com/api/v1/editions', /not a full URL/],
    ['/api/v1/../../healthz', /"\." or "\.\." segments/],
    ['/api/v1/%2e%2e/%2E%2E/openapi.json', /"\." or "\.\." segments/],
    ['/api/v1/./editions', /"\." or "\.\." segments/],
    ['/api/v1/editions/..', /"\." or "\.\." segments/],
    ['/api/v1\\..\\healthz', /backslashes/],
    ['/api/v1/editions#x', /fragment/],
    ['/api/v1/%zz', /percent-encoding/],
    ['/healthz', /only \/api\/v1\/\* paths can be called/],
    ['/openapi.json', /only \/api\/v1\/\* paths/],
    ['/api/mcp', /only \/api\/v1\/\* paths/],
    ['/api/v1', /only \/api\/v1\/\* paths/],
    ['api/v1/editions', /only \/api\/v1\/\* paths/],
    ['/api/v1//editions', /empty segments/],
  ];
  for (const [path, message] of refused) {
    it(`refuses ${JSON.stringify(path)}`, async () => {
      const result = await callApi({ method: 'GET', path });
      assert.equal(result.isError, true);
      assert.match(textOf(result), /^Invalid parameter "path": /);
      assert.match(textOf(result), message);
    });
  }

  it('refuses a body with GET', async () => {
    const result = await callApi({ method: 'GET', path: '/api/v1/editions', body: { limit: 1 } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /Invalid parameter "body": is sent only with POST/);
  });
});

describe('results sized for a model', () => {
  it('keeps only the requested fields, dotted names reaching inside, and names unknown ones', async () => {
    const s = structured(await callApi({ method: 'GET', path: '/api/v1/editions/latest', fields: ['number', 'articles.headline', 'colour'] }));
    const data = (s.body as { data: { number: number; articles: Record<string, unknown>[] } }).data;
    assert.deepEqual(Object.keys(data), ['number', 'articles']);
    assert.ok(data.articles.length > 1);
    for (const a of data.articles) assert.deepEqual(Object.keys(a), ['headline']);
    assert.match(s.notes?.[0] ?? '', /No record has the field\(s\) colour; the records have: id, number/);
  });

  it('cuts to max_items, says so and gives the call for what follows', async () => {
    const s = structured(await callApi({ method: 'GET', path: '/api/v1/articles', query: { limit: 10 }, max_items: 4, fields: ['id'] }));
    assert.equal((s.body as { data: unknown[] }).data.length, 4);
    assert.equal(s.truncated, true);
    assert.deepEqual(s.truncation, { reason: 'max_items', list: 'data', returned: 4, available: 10, budget_chars: RESULT_BUDGET });
    assert.deepEqual(s.next?.query, { limit: 4, page: 2 });
    const next = structured(await callApi({ method: 'GET', path: '/api/v1/articles', query: s.next!.query, fields: ['id'] }));
    const http = (await plain('/api/v1/articles?limit=10')).body as { data: { id: string }[] };
    assert.deepEqual((next.body as { data: { id: string }[] }).data.map((a) => a.id), http.data.slice(4, 8).map((a) => a.id));
  });

  it('cuts an answer over the budget to whole records, flags it, and the next call continues exactly', async () => {
    const result = await callApi({ method: 'GET', path: '/api/v1/articles', query: { limit: 30 }, detail: true });
    const s = structured(result);
    assert.ok(textOf(result).length <= RESULT_BUDGET, `${textOf(result).length} characters`);
    assert.equal(s.truncated, true);
    assert.equal(s.truncation?.reason, 'budget');
    const kept = (s.body as { data: { id: string }[] }).data;
    assert.equal(s.truncation?.returned, kept.length);
    const all = ((await plain('/api/v1/articles?limit=30')).body as { data: { id: string }[] }).data;
    assert.ok(kept.length > 0 && kept.length < all.length);
    assert.equal(s.truncation?.available, all.length);
    assert.deepEqual(kept, all.slice(0, kept.length));
    const next = structured(await callApi({ method: 'GET', path: '/api/v1/articles', query: s.next!.query, fields: ['id'] }));
    assert.equal((next.body as { data: { id: string }[] }).data[0]!.id, all[kept.length]!.id);
    assert.match(s.next!.note, new RegExp(`records ${kept.length + 1}-`));
  });

  it('tells how to reach the next page of an answer that fits', async () => {
    const s = structured(await callApi({ method: 'GET', path: '/api/v1/editions', query: { limit: 1 }, fields: ['number'] }));
    assert.equal(s.truncated, false);
    assert.deepEqual(s.next?.query, { limit: 1, page: 2 });
    assert.match(s.next!.note, /page 2 of/);
  });

  it('puts the next page of a POST search in its body', async () => {
    const s = structured(await callApi({ method: 'POST', path: '/api/v1/search', body: { include_archived: true, limit: 3 }, fields: ['id'], max_items: 2 }));
    assert.equal(s.truncated, true);
    assert.deepEqual(s.next?.body, { include_archived: true, limit: 2, page: 2 });
  });
});
