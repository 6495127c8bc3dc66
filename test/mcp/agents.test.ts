/**
 * The tool server as agents meet it (issue 15): no silent mistakes (unknown query parameters
 * refused on both HTTP editions and through call_api; empty lists hinted), honest per-caller
 * metadata (annotations, methods, outputSchema, no listChanged, the catalogue and its access
 * marks), safe admin writes (confirm, dry_run, idempotency key), actionable errors, DNS-rebinding
 * protection, and compact answers measured with a tokenizer (printed).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { encode } from 'gpt-tokenizer';
import { originPolicy, refusedOrigin } from '../../src/mcp/origin-guard.js';
import type { SearchResult } from '../../src/mcp/search-api.js';
import type { TestIdentity } from '../helpers/harness.js';
import { call, connect, postRaw, startLive, structured, textOf, type LiveHarness } from './client.js';

let h: LiveHarness;
let reader: TestIdentity;
let admin: TestIdentity;
let readerClient: Client;
let adminClient: Client;
before(async () => {
  h = await startLive({ sample: true });
  reader = await h.identity({ plan: 'professional', addons: ['mcp'] });
  admin = await h.identity({ admin: true });
  readerClient = await connect(h, reader.keyAuth);
  adminClient = await connect(h, admin.keyAuth);
});
after(async () => {
  await readerClient.close();
  await adminClient.close();
  await h.close();
});

const get = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(new URL(path, h.baseUrl), { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const search = async (client: Client, query: string, limit?: number) =>
  (await call(client, 'search_api', { query, ...(limit ? { limit } : {}) })).structuredContent as SearchResult;
const tokens = (value: unknown) => encode(typeof value === 'string' ? value : JSON.stringify(value)).length;

describe('no silent mistakes: unknown query parameters', () => {
  it('/api/v1 answers 400 {error} naming the parameter and listing the accepted ones', async () => {
    const typo = await get('/api/v1/projects?stauts=ongoing', reader.keyAuth);
    assert.equal(typo.status, 400);
    assert.equal(typo.body.error, 'Invalid query parameter "stauts": is not a parameter of this endpoint; accepted: q, region, country, status, type, topic, min_value, updated_since, page, limit');
    const none = await get('/api/v1/editions/latest?foo=1', reader.keyAuth);
    assert.equal(none.status, 400);
    assert.match(String(none.body.error), /"foo": is not a parameter of this endpoint, which takes no query parameters/);
    assert.equal((await get('/api/v1/projects?status=ongoing&limit=1', reader.keyAuth)).status, 200);
  });

  it('/v1 answers a 400 problem naming the parameter and listing the accepted ones', async () => {
    const res = await fetch(new URL('/v1/projects?stauts=ongoing', h.baseUrl), { headers: reader.keyAuth });
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
    const problem = (await res.json()) as { detail: string; errors: { name: string; in: string; reason: string }[] };
    assert.match(problem.detail, /^Invalid query parameter "stauts": is not a parameter of this endpoint; accepted: q, .*status/);
    assert.equal(problem.errors[0]!.name, 'stauts');
    assert.equal(problem.errors[0]!.in, 'query');
  });

  it('call_api refuses them too: /api/v1/projects?airport=LHR is a tool error, not every project', async () => {
    const result = await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/projects', query: { airport: 'LHR' } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /answered 400: Invalid query parameter "airport": is not a parameter of this endpoint; accepted: q, region, country/);
    assert.equal(structured(result).status, 400);
  });
});

describe('no silent mistakes: empty lists carry a hint', () => {
  it('an empty article list names the archive search with include_archived', async () => {
    const s = structured(await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/articles', query: { q: 'ReFuelEU' } }));
    assert.equal((s.body as { data: unknown[] }).data.length, 0);
    assert.match(String(s.hint), /GET \/api\/v1\/search with include_archived=1/);
    // …and the wider query finds the story in the archived edition.
    const wider = structured(await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/search', query: { q: 'ReFuelEU', include_archived: 1 } }));
    assert.ok((wider.body as { data: unknown[] }).data.length > 0);
    assert.equal(wider.hint, undefined);
  });

  it('an empty tender list names closed=1, an empty search names include_archived', async () => {
    const buyer = await h.identity({ plan: 'enterprise' });
    const client = await connect(h, buyer.keyAuth);
    const tenders = structured(await call(client, 'call_api', { method: 'GET', path: '/api/v1/tenders', query: { q: 'zeppelin hangar' } }));
    assert.equal((tenders.body as { data: unknown[] }).data.length, 0);
    assert.match(String(tenders.hint), /closed=1 also lists expired and awarded tenders or drop a filter \(q\)/);
    const searched = structured(await call(client, 'call_api', { method: 'GET', path: '/api/v1/search', query: { q: 'zeppelin hangar' } }));
    assert.match(String(searched.hint), /add include_archived=1/);
    await client.close();
  });
});

describe('compact by default, measured with a tokenizer', () => {
  it('a default search_api answer and a 20-article list each stay under 1 500 tokens (printed)', async () => {
    const found = await call(readerClient, 'search_api', { query: 'tenders closing this month' });
    const searchTokens = tokens(textOf(found));
    const list = await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/articles', query: { limit: 20 } });
    const s = structured(list);
    assert.equal((s.body as { data: unknown[] }).data.length, 20);
    const listTokens = tokens(textOf(list));
    const full = await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/articles', query: { limit: 20 }, detail: true });
    console.log(`sizes (gpt-tokenizer): default search_api answer ${searchTokens} tokens; 20-article list ${listTokens} tokens (with detail: ${tokens(textOf(full))} tokens, ${structured(full).truncated ? 'cut to the budget' : 'whole'})`);
    assert.ok(searchTokens < 1500, `search_api ${searchTokens} tokens`);
    assert.ok(listTokens < 1500, `20 articles ${listTokens} tokens`);
    // The list says what it left out and how to get it.
    assert.ok((s.left_out as string[]).includes('content'));
    assert.ok(s.notes?.some((n) => /name them in fields \(or set detail: true\)/.test(n)));
    assert.deepEqual(Object.keys((s.body as { data: Record<string, unknown>[] }).data[0]!).sort(), ['edition_number', 'headline', 'id', 'publish_date']);
  });

  it('search_api gives the best match in full with why, the rest as signatures', async () => {
    const result = await search(readerClient, 'Which airport developments are under way in Saudi Arabia?');
    assert.equal(result.matches.length, 1);
    assert.equal(result.matches[0]!.operation_id, 'apiV1ListProjects');
    assert.ok(result.matches[0]!.why.some((w) => /Saudi Arabia is a country \(Saudi Arabia \(SA\)\): filter country/.test(w)), result.matches[0]!.why.join(' | '));
    assert.ok(result.other_matches.length > 0 && result.other_matches.every((o) => typeof o.parameters === 'string' && o.why));
  });
});

describe('honest metadata per caller', () => {
  it('a reader: read-only call_api with GET and POST only; an admin: writes with confirm, dry_run, idempotency_key', async () => {
    const readerTools = (await readerClient.listTools()).tools;
    const adminTools = (await adminClient.listTools()).tools;
    const readerCall = readerTools.find((t) => t.name === 'call_api')!;
    const adminCall = adminTools.find((t) => t.name === 'call_api')!;
    assert.deepEqual(readerCall.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.deepEqual(adminCall.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    const props = (tool: typeof readerCall) => tool.inputSchema.properties as Record<string, { enum?: string[] }>;
    assert.deepEqual(props(readerCall).method!.enum, ['GET', 'POST']);
    assert.deepEqual(props(adminCall).method!.enum!.sort(), ['DELETE', 'GET', 'PATCH', 'POST']);
    assert.equal(props(readerCall).confirm, undefined);
    for (const name of ['confirm', 'dry_run', 'idempotency_key']) assert.ok(props(adminCall)[name], name);
    for (const tool of [...readerTools, ...adminTools]) assert.equal(tool.outputSchema?.type, 'object', tool.name);
    assert.equal(readerClient.getServerCapabilities()?.tools?.listChanged, false);
  });

  it('a reader cannot write through call_api: refused before any request', async () => {
    const result = await call(readerClient, 'call_api', { method: 'POST', path: '/api/v1/admin/editions', body: { number: 900, publish_date: '2026-12-01' } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /would change data; call_api only reads for your account/);
  });

  it('the catalogue per caller: admin endpoints for admins only; endpoints outside the plan marked with what opens them', async () => {
    const forReader = await search(readerClient, 'publish an edition', 10);
    assert.ok(!forReader.matches.some((m) => m.path.startsWith('/api/v1/admin/')));
    const forAdmin = await search(adminClient, 'publish edition 101');
    assert.equal(forAdmin.matches[0]!.operation_id, 'apiV1AdminPublishEdition');
    assert.ok(forAdmin.endpoints_total > forReader.endpoints_total);
    // Professional without the tender add-on: the tender list is marked, with the offer.
    const tenders = await search(readerClient, 'tenders closing soon');
    assert.equal(tenders.matches[0]!.operation_id, 'apiV1ListTenders');
    assert.equal(tenders.matches[0]!.access?.status, 'blocked');
    assert.match(tenders.matches[0]!.access!.note, /wat add-on or the Enterprise plan/);
    assert.match(tenders.hint, /not in your plan/);
    assert.equal((await search(readerClient, 'latest edition')).matches[0]!.access, undefined);
  });
});

describe('safe admin writes through call_api', () => {
  const countEditions = async () => Number((await h.database.db.selectFrom('editions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a write without confirm: true, and writes nothing', async () => {
    const before = await countEditions();
    const result = await call(adminClient, 'call_api', { method: 'POST', path: '/api/v1/admin/editions', body: { number: 901, publish_date: '2026-12-01' } });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /Invalid parameter "confirm": POST \/api\/v1\/admin\/editions changes data: call again with confirm: true to do it, or with dry_run: true/);
    assert.equal(await countEditions(), before);
  });

  it('a dry run is validated and reported, and writes nothing', async () => {
    const before = await countEditions();
    const audits = await h.database.db.selectFrom('audit_log').select('id').execute();
    const dry = await call(adminClient, 'call_api', { method: 'POST', path: '/api/v1/admin/editions', body: { number: 902, publish_date: '2026-12-01' }, dry_run: true });
    assert.equal(dry.isError, undefined, textOf(dry));
    const s = structured(dry);
    assert.equal(s.status, 201);
    assert.equal(s.dry_run, true);
    assert.equal((s.body as { data: { number: number } }).data.number, 902);
    assert.ok(s.notes?.some((n) => /nothing was written/.test(n)));
    assert.equal(await countEditions(), before);
    assert.equal((await h.database.db.selectFrom('audit_log').select('id').execute()).length, audits.length);
    // A dry run of an invalid write fails as the write would.
    const bad = await call(adminClient, 'call_api', { method: 'POST', path: '/api/v1/admin/editions', body: { publish_date: '2026-12-01' }, dry_run: true });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /answered 400: Invalid body field "number": is required/);
    // An outside client cannot ask for a dry run: the header is trusted only with the MCP marker.
    const res = await fetch(new URL('/api/v1/admin/editions', h.baseUrl), {
      method: 'POST',
      headers: { ...admin.keyAuth, 'content-type': 'application/json', 'x-airport-intel-dry-run': '1' },
      body: JSON.stringify({ number: 903, publish_date: '2026-12-01' }),
    });
    assert.equal(res.status, 201);
    assert.equal(await countEditions(), before + 1);
  });

  it('a repeated idempotency key writes once and answers the same', async () => {
    const before = await countEditions();
    const args = { method: 'POST', path: '/api/v1/admin/editions', body: { number: 904, publish_date: '2026-12-01' }, confirm: true, idempotency_key: 'agent-run-7-create-904' };
    const first = structured(await call(adminClient, 'call_api', args));
    const second = structured(await call(adminClient, 'call_api', args));
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.deepEqual(second.body, first.body);
    assert.equal(await countEditions(), before + 1);
  });
});

describe('actionable errors', () => {
  it('an unfilled placeholder, a POST to a GET-only path, an unknown issue number', async () => {
    const placeholder = await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/editions/{number}' });
    assert.match(textOf(placeholder), /Invalid parameter "path": fill in \{number\} with a real value first/);
    const wrong = await call(readerClient, 'call_api', { method: 'POST', path: '/api/v1/tenders' });
    assert.match(textOf(wrong), /\/api\/v1\/tenders answers GET, not POST: use method GET/);
    const missing = await call(readerClient, 'call_api', { method: 'GET', path: '/api/v1/editions/7' });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /answered 404: .*Published issue numbers: 100, 99, 98/);
  });
});

describe('DNS-rebinding protection', () => {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  /** fetch cannot set Host: node:http can. */
  const postWithHost = (host: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(h.mcpUrl);
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', setHost: false, headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(init);
    });

  it('a foreign Origin or Host gets 403 even with a valid token; no Origin, or a local one, works', async () => {
    const evilOrigin = await postRaw(h, init, { ...reader.keyAuth, origin: 'https://evil.example' });
    assert.equal(evilOrigin.status, 403);
    assert.match(((await evilOrigin.json()) as { error: string }).error, /Origin "https:\/\/evil.example" is not allowed/);
    const evilHost = await postWithHost('evil.example', { ...reader.keyAuth });
    assert.equal(evilHost.status, 403);
    assert.match(evilHost.body, /Host \\"evil.example\\" is not allowed/);
    assert.equal((await postRaw(h, init, reader.keyAuth)).status, 200);
    assert.equal((await postRaw(h, init, { ...reader.keyAuth, origin: new URL(h.baseUrl).origin })).status, 200);
    assert.equal((await postWithHost('localhost:1234', { ...reader.keyAuth, origin: 'http://localhost:5173' })).status, 200);
    // Refused before authentication: a foreign Host learns nothing, not even 401.
    assert.equal((await postWithHost('evil.example', {})).status, 403);
  });

  it('allowed hosts are configurable; the public base URL is allowed', () => {
    const policy = originPolicy('https://intel.example.com', ['mcp.internal:8443'], ['https://agents.example.org']);
    assert.equal(refusedOrigin(policy, 'intel.example.com', undefined), undefined);
    assert.equal(refusedOrigin(policy, 'mcp.internal', 'https://agents.example.org'), undefined);
    assert.equal(refusedOrigin(policy, '[::1]:3000', 'http://127.0.0.1:3000'), undefined);
    assert.match(refusedOrigin(policy, 'attacker.example', undefined) ?? '', /Host/);
    assert.match(refusedOrigin(policy, 'intel.example.com', 'https://attacker.example') ?? '', /Origin/);
    assert.match(refusedOrigin(policy, 'intel.example.com', 'null') ?? '', /Origin/);
    assert.equal(refusedOrigin(originPolicy(undefined, ['*'], ['*']), 'anything.example', 'https://else.example'), undefined);
  });
});
