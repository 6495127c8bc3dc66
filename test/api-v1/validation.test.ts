/**
 * Validation limits of /api/v1 (docs/api-v1.md, "Validation limits"; issue 17): integers beyond
 * their column, control characters in any text (query, path, body, inside arrays; also through
 * MCP call_api and on CSV exports), over-long lists and empty vocabulary values are refused with
 * 400 `{error}` naming the field, before any SQL runs, and nothing is written.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { makeEdition, makeProject } from '../helpers/factories.js';
import type { TestIdentity } from '../helpers/harness.js';
import { call, connect, startLive, structured, textOf, type LiveHarness } from '../mcp/client.js';

let h: LiveHarness;
let pro: TestIdentity;
let admin: TestIdentity;
before(async () => {
  h = await startLive();
  pro = await h.identity({ plan: 'enterprise', addons: [] });
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const get = (url: string, who: TestIdentity = pro) => h.app.inject({ method: 'GET', url, headers: who.keyAuth });
const send = (method: 'POST' | 'PATCH', url: string, body: unknown, who: TestIdentity = admin) =>
  h.app.inject({ method, url, headers: { ...who.keyAuth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

/** Asserts a 400 `{error}` JSON answer whose message names `field`, with a request id. */
function refused(res: LightMyRequestResponse, field: string, problem?: RegExp): string {
  assert.equal(res.statusCode, 400, res.body);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  assert.ok(res.headers['x-request-id'], 'a request id');
  const { error } = res.json() as { error: string };
  assert.match(error, new RegExp(`"${field.replace(/\./g, '\\.')}"`), error);
  if (problem) assert.match(error, problem);
  return error;
}

describe('integers carry the bounds of their column', () => {
  it('an issue number beyond int4 in the path', async () => {
    refused(await get('/api/v1/editions/2147483648'), 'number', /<= 2147483647/);
    refused(await get('/api/v1/editions/1e309'), 'number');
  });

  it('a page beyond the last allowed one, and one too large for any number', async () => {
    refused(await get('/api/v1/editions?page=99999999999999999999999'), 'page', /<= 100000/);
    refused(await get('/api/v1/articles?page=100001'), 'page');
    const last = await get('/api/v1/articles?page=100000&limit=100');
    assert.equal(last.statusCode, 200, last.body);
    assert.equal((last.json() as { meta: { page: number } }).meta.page, 100000);
  });

  it('money amounts beyond the bound, in a query and in a body', async () => {
    refused(await get('/api/v1/projects?min_value=1e30'), 'min_value');
    refused(await get('/api/v1/projects/export?min_value=1000000000000001'), 'min_value');
    const before = await h.database.db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    refused(await send('POST', '/api/v1/admin/projects', { title: 'Huge', value_amount: 1e308 }), 'value_amount', /<= 1000000000000000/);
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'Huge', buyer: 'B', type: 'rfp', estimated_value: 2 ** 63 }), 'estimated_value');
    const after = await h.database.db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(after.n, before.n);
  });

  it('an edition filter and a promotion target beyond int4', async () => {
    refused(await get('/api/v1/articles?edition=2147483648'), 'edition');
    refused(await send('POST', '/api/v1/admin/inbox/00000000-0000-4000-8000-000000000000/promote', { edition_number: 2147483648 }), 'edition_number');
  });
});

describe('text refuses control characters other than tab and line breaks', () => {
  it('a NUL in the query of lists, search and exports', async () => {
    for (const [url, field] of [
      ['/api/v1/search?q=a%00b', 'q'],
      ['/api/v1/articles?region=%00', 'region'],
      ['/api/v1/projects?country=x%00', 'country'],
      ['/api/v1/tenders?category=%01', 'category'],
      ['/api/v1/search?any_tags=ok,a%00b', 'any_tags'],
      ['/api/v1/admin/audit?entity_id=%00', 'entity_id'],
    ] as const) {
      refused(await get(url, url.includes('/admin/') ? admin : pro), field, /control characters/);
    }
  });

  it('a NUL on a CSV export is a 400 {error} with a request id, not a broken stream', async () => {
    refused(await get('/api/v1/projects/export?q=%00'), 'q');
    refused(await get('/api/v1/tenders/export?region=%1b'), 'region');
  });

  it('in a JSON body, also inside arrays and nested objects', async () => {
    refused(await send('POST', '/api/v1/search', { q: 'runway\u0000' }, pro), 'q');
    refused(await send('POST', '/api/v1/search', { any_tags: ['ok', 'a\u0007b'] }, pro), 'any_tags.1');
    const edition = await makeEdition(h, { status: 'draft' });
    refused(await send('PATCH', `/api/v1/admin/editions/${edition.id}`, { key_metrics: [{ label: 'x\u0000', value: '1' }] }), 'key_metrics.0.label');
    refused(await send('POST', '/api/v1/admin/articles', { edition_id: edition.id, headline: 'ok', takeaways: ['fine', '\u001f'] }), 'takeaways.1');
  });

  it('a lone surrogate (not Unicode) is refused; tab, newline and carriage return are text', async () => {
    refused(await send('POST', '/api/v1/search', { q: 'a\ud800b' }, pro), 'q', /Unicode/);
    const ok = await get(`/api/v1/search?q=${encodeURIComponent('runway\tterminal\r\nbaggage')}`);
    assert.equal(ok.statusCode, 200, ok.body);
    const project = await makeProject(h);
    const patched = await send('PATCH', `/api/v1/admin/projects/${project.id}`, { description: 'line one\nline two\ttabbed\r\n' });
    assert.equal(patched.statusCode, 200, patched.body);
    const row = await h.database.db.selectFrom('projects').select('description').where('id', '=', project.id).executeTakeFirstOrThrow();
    assert.equal(row.description, 'line one\nline two\ttabbed\r\n');
  });

  it('through MCP call_api: the tool answers the 400 naming the field', async () => {
    const mcpUser = await h.identity({ plan: 'professional', addons: ['mcp'] });
    const client = await connect(h, mcpUser.keyAuth);
    try {
      for (const args of [
        { method: 'GET', path: '/api/v1/search', query: { q: 'a\u0000b' } },
        { method: 'GET', path: '/api/v1/articles?region=%00' },
        { method: 'POST', path: '/api/v1/search', body: { any_topics: ['\u0000'] } },
      ]) {
        const result = await call(client, 'call_api', args);
        assert.equal(result.isError, true, textOf(result));
        assert.equal(structured(result).status, 400);
        assert.match(textOf(result), /answered 400: Invalid (query parameter|body field) "(q|region|any_topics\.0)": must not contain control characters/);
      }
    } finally {
      await client.close();
    }
  });
});

describe('dates are days and instants both JavaScript and PostgreSQL accept', () => {
  it('year 0000, a day that does not exist and a leap second are 400 naming the field', async () => {
    refused(await send('POST', '/api/v1/admin/projects', { title: 'Old', announced_on: '0000-01-01' }), 'announced_on', /valid date/);
    refused(await send('POST', '/api/v1/admin/projects', { title: 'Odd', announced_on: '2026-02-30' }), 'announced_on');
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', deadline: '2026-06-30T23:59:60Z' }), 'deadline', /valid date-time/);
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', deadline: '2026-12-01T12:00:00' }), 'deadline');
    // Within 0001–9999 as written, but not in UTC, where it is stored and presented (found by npm run fuzz).
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', deadline: '9999-12-31T23:59:59-23:59' }), 'deadline', /valid date-time/);
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', deadline: '0001-01-01T00:00:00+05:00' }), 'deadline', /valid date-time/);
    const last = await send('POST', '/api/v1/admin/tenders', { title: 'Last instant', buyer: 'B', type: 'rfp', deadline: '9999-12-31T23:59:59Z' });
    assert.equal(last.statusCode, 201, last.body);
    const ok = await send('POST', '/api/v1/admin/tenders', { title: 'Leap day', buyer: 'B', type: 'rfp', deadline: '2028-02-29T23:59:59.5+01:00' });
    assert.equal(ok.statusCode, 201, ok.body);
  });
});

describe('lists and strings have a maximum length', () => {
  it('a comma list of more than 50 items, and a JSON array of more than 50', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `t${i}`);
    refused(await get(`/api/v1/search?any_tags=${many.join(',')}`), 'any_tags', /at most 50 comma-separated items/);
    refused(await send('POST', '/api/v1/search', { exclude_tags: many }, pro), 'exclude_tags', /at most 50 items/);
    const fifty = await get(`/api/v1/search?any_tags=${many.slice(0, 50).join(',')}`);
    assert.equal(fifty.statusCode, 200, fifty.body);
  });

  it('a query longer than 500 characters', async () => {
    refused(await get(`/api/v1/search?q=${'a'.repeat(501)}`), 'q', /at most 500 characters/);
  });
});

describe('vocabulary values must not be empty', () => {
  const count = async () => Number((await h.database.db.selectFrom('projects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('an empty project_type (or code) on an admin write is 400 and writes nothing', async () => {
    const before = await count();
    const audit = Number((await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    refused(await send('POST', '/api/v1/admin/projects', { title: 'No type', project_type: '' }), 'project_type', /must not be empty/);
    refused(await send('POST', '/api/v1/admin/projects', { title: 'No airport', iata_code: '' }), 'iata_code');
    refused(await send('POST', '/api/v1/admin/projects', { title: 'No currency', value_amount: 5, value_currency: '' }), 'value_currency');
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', country_code: '' }), 'country_code');
    const project = await makeProject(h);
    refused(await send('PATCH', `/api/v1/admin/projects/${project.id}`, { project_type: '' }), 'project_type');
    assert.equal(await count(), before + 1, 'only the factory project');
    const auditAfter = Number((await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    assert.equal(auditAfter, audit + 1, 'only the factory project is audited');
  });

  it('an unknown country code on a tender is 400 naming it, not a foreign-key 500', async () => {
    refused(await send('POST', '/api/v1/admin/tenders', { title: 'T', buyer: 'B', type: 'rfp', country_code: 'ZZ' }), 'country_code');
  });
});
