/**
 * The endpoint catalogue: generated from the app's own OpenAPI description (so it lists exactly the
 * /api/v1 routes, with their parameters), ranked for plain-language queries, with worked examples
 * that really work.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CURATED } from '../../src/mcp/examples.js';
import type { CatalogueEntry, OpenApiDocument } from '../../src/mcp/catalogue.js';
import { catalogueOf, type SearchResult } from '../../src/mcp/search-api.js';
import { call, connect, startLive, structured, textOf, type LiveHarness } from './client.js';

let h: LiveHarness;
let client: Client;
let entries: CatalogueEntry[];
before(async () => {
  h = await startLive({ sample: true });
  const admin = await h.identity({ admin: true });
  client = await connect(h, admin.keyAuth);
  entries = catalogueOf(h.app.swagger() as OpenApiDocument).entries;
});
after(async () => {
  await client.close();
  await h.close();
});

const search = async (query: string, limit?: number): Promise<SearchResult> =>
  (await call(client, 'search_api', { query, ...(limit ? { limit } : {}) })).structuredContent as SearchResult;
const entry = (method: string, path: string) => entries.find((e) => e.method === method && e.path === path)!;

describe('catalogue', () => {
  it('lists exactly the /api/v1 operations of the OpenAPI description', async () => {
    const spec = (await (await fetch(new URL('/openapi.json', h.baseUrl))).json()) as { paths: Record<string, Record<string, unknown>> };
    const fromSpec = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    assert.deepEqual(entries.map((e) => `${e.method} ${e.path}`).sort(), fromSpec.sort());
    // The editorial endpoints are marked: search_api shows them to administrators only.
    for (const e of entries) assert.equal(e.admin_only === true, e.path.startsWith('/api/v1/admin/'), e.path);
    assert.ok(entries.length >= 7);
    assert.ok(!entries.some((e) => e.path.includes('mcp') || e.path === '/healthz'));
  });

  it('describes parameters with where, type, required, allowed values, default and maximum', () => {
    const editions = entry('GET', '/api/v1/editions');
    assert.deepEqual(editions.parameters.find((p) => p.name === 'limit'), {
      name: 'limit', in: 'query', type: 'integer', required: false, description: 'Items per page (default 20, max 50)', default: 20, minimum: 1, maximum: 50,
    });
    const byNumber = entry('GET', '/api/v1/editions/{number}');
    assert.deepEqual(byNumber.parameters.map((p) => [p.name, p.in, p.type, p.required]), [['number', 'path', 'integer', true]]);
    assert.match(byNumber.example.note ?? '', /replace \{number\} with Issue number/);
    const search = entry('GET', '/api/v1/search');
    assert.deepEqual(search.parameters.find((p) => p.name === 'include_archived')?.allowed_values, ['1', '0', 'true', 'false']);
    const post = entry('POST', '/api/v1/search');
    assert.deepEqual(post.parameters.find((p) => p.name === 'any_tags'), {
      name: 'any_tags', in: 'body', type: 'array of string', required: false, description: 'At least one of these tags',
    });
    assert.ok(entry('GET', '/api/v1/articles').record_fields.includes('why_it_matters'));
    assert.ok(entry('GET', '/api/v1/editions/latest').record_fields.includes('articles'));
  });
});

describe('search_api ranking', () => {
  const expectations: [string, string][] = [
    ['latest edition', 'GET /api/v1/editions/latest'],
    ['tenders closing this month', 'GET /api/v1/tenders'],
    ['tenders closing soon', 'GET /api/v1/tenders'],
    ['export projects in the Middle East', 'GET /api/v1/projects/export'],
    ['articles about runway expansion at Heathrow', 'GET /api/v1/articles'],
    ['edition 12', 'GET /api/v1/editions/{number}'],
    ['download tenders as csv', 'GET /api/v1/tenders/export'],
    ['one tender by id', 'GET /api/v1/tenders/{id}'],
    ['search the archive for biometrics', 'GET /api/v1/search'],
  ];
  for (const [query, best] of expectations) {
    it(`finds ${best} first for "${query}"`, async () => {
      const result = await search(query);
      const top = result.matches[0]!;
      assert.equal(`${top.method} ${top.path}`, best, JSON.stringify(result.matches.map((m) => m.path)));
    });
  }

  it('returns the best match in full (default 1) with parameters, an example and why, then signatures', async () => {
    const result = await search('tenders closing soon');
    assert.equal(result.matches.length, 1);
    const tenders = result.matches[0]!;
    assert.ok(tenders.parameters.some((p) => p.name === 'deadline_days' && p.in === 'query' && p.type === 'integer'));
    assert.equal(tenders.example.path, '/api/v1/tenders');
    assert.ok(tenders.why.some((w) => /tenders/.test(w)));
    assert.ok(result.endpoints_total >= 13);
    assert.deepEqual(Object.keys(result.other_matches[0]!).slice(0, 6), ['operation_id', 'method', 'path', 'summary', 'parameters', 'why']);
    assert.equal((await search('tenders', 3)).matches.length, 3);
  });

  it('puts the archive search first when no word matches', async () => {
    const result = await search('zzzz qqqq');
    assert.equal(result.matches[0]!.operation_id, 'apiV1SearchGet');
    assert.match(result.matches[0]!.why[0]!, /nothing else matched/);
  });
});

describe('worked examples', () => {
  it('names only operations that exist', () => {
    const ids = new Set(entries.map((e) => e.operation_id));
    for (const id of Object.keys(CURATED)) assert.ok(ids.has(id), id);
  });

  it('work as call_api arguments on every endpoint without a placeholder', async () => {
    for (const e of entries.filter((x) => !x.example.path.includes('{') && x.method === 'GET')) {
      const { note: _note, ...args } = e.example;
      const result = await call(client, 'call_api', args);
      assert.equal(result.isError, undefined, `${e.method} ${e.path}: ${textOf(result).slice(0, 300)}`);
      assert.equal(structured(result).status, 200);
    }
  });
});
