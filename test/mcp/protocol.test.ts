/**
 * The MCP endpoint as a protocol: the SDK's client initializes and lists the two tools over real
 * HTTP; access is refused with {error} before any session; malformed JSON-RPC, unknown tools, bad
 * arguments and other methods get clear errors, never a 500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestIdentity } from '../helpers/harness.js';
import { call, connect, postRaw, startLive, textOf, type LiveHarness } from './client.js';

let h: LiveHarness;
let pro: TestIdentity;
before(async () => {
  h = await startLive();
  pro = await h.identity({ plan: 'professional', addons: ['mcp'] });
});
after(() => h.close());

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('session start and tools/list', () => {
  it('initializes with the SDK client and lists exactly search_api and call_api', async () => {
    const client = await connect(h, pro.keyAuth);
    assert.equal(client.getServerVersion()?.name, 'airport-intel');
    assert.ok(client.getServerCapabilities()?.tools);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['call_api', 'search_api']);
    const search = tools.find((t) => t.name === 'search_api')!;
    const callApi = tools.find((t) => t.name === 'call_api')!;
    assert.equal(search.annotations?.readOnlyHint, true);
    // A non-administrator's call_api only reads, and says so (admins: test/mcp/agents.test.ts).
    assert.equal(callApi.annotations?.readOnlyHint, true);
    assert.match(callApi.description ?? '', /It only reads/);
    assert.equal(client.getServerCapabilities()?.tools?.listChanged, false);
    assert.ok(search.outputSchema && callApi.outputSchema);
    assert.match(search.description ?? '', /Example: search_api/);
    assert.deepEqual(search.inputSchema.required, ['query']);
    assert.deepEqual(callApi.inputSchema.required, ['method', 'path']);
    const method = (callApi.inputSchema.properties as Record<string, { enum?: string[] }>).method!;
    assert.deepEqual(method.enum, ['GET', 'POST']);
    await client.ping();
    await client.close();
  });

  it('answers each request without a session (stateless): no Mcp-Session-Id, a tools/list needs no initialize first', async () => {
    const init = await postRaw(h, initialize, pro.keyAuth);
    assert.equal(init.status, 200);
    assert.equal(init.headers.get('mcp-session-id'), null);
    assert.match(init.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(init.headers.get('x-request-id'));
    const list = await postRaw(h, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { ...pro.keyAuth, 'mcp-protocol-version': '2025-06-18' });
    assert.equal(list.status, 200);
    const body = (await list.json()) as { result: { tools: { name: string }[] } };
    assert.equal(body.result.tools.length, 2);
  });
});

describe('access before any session', () => {
  it('answers 401 {error} without a token or with a bad one', async () => {
    const none = await postRaw(h, initialize);
    assert.equal(none.status, 401);
    assert.match(((await none.json()) as { error: string }).error, /Missing Authorization header/);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    const bad = await postRaw(h, initialize, { authorization: `Bearer svc_live_${'A'.repeat(43)}` });
    assert.equal(bad.status, 401);
    assert.deepEqual(await bad.json(), { error: 'Unknown API key' });
  });

  it('refuses a key without the mcp feature with 403 {error} naming the add-on, also through the SDK client', async () => {
    const plain = await h.identity({ plan: 'professional' });
    const res = await postRaw(h, initialize, plain.keyAuth);
    assert.equal(res.status, 403);
    const body = (await res.json()) as { error: string };
    assert.deepEqual(Object.keys(body), ['error']);
    assert.match(body.error, /professional plan does not include the AI tool server \(MCP\) \(feature "mcp"\)/);
    assert.match(body.error, /mcp add-on or the Enterprise plan/);
    await assert.rejects(connect(h, plain.keyAuth), (err: { code?: number; message: string }) => err.code === 403 && /mcp add-on/.test(err.message));
    const core = await h.identity({ plan: 'core' });
    assert.equal((await postRaw(h, initialize, core.keyAuth)).status, 403);
    assert.equal((await postRaw(h, initialize, (await h.identity({})).keyAuth)).status, 403);
  });

  it('lets in enterprise keys, core keys with the mcp add-on, admins and session tokens with mcp', async () => {
    const enterprise = await h.identity({ plan: 'enterprise' });
    const coreMcp = await h.identity({ plan: 'core', addons: ['mcp'] });
    const admin = await h.identity({ admin: true });
    for (const headers of [enterprise.keyAuth, coreMcp.keyAuth, admin.keyAuth, pro.sessionAuth]) {
      assert.equal((await postRaw(h, initialize, headers)).status, 200);
    }
  });

  it('answers GET and DELETE with 405 {error} (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(h.mcpUrl, { method, headers: { ...pro.keyAuth, accept: 'text/event-stream' } });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      assert.match(((await res.json()) as { error: string }).error, /stateless/);
    }
  });
});

describe('bad input', () => {
  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const res = await postRaw(h, '{"jsonrpc": "2.0", "id": 1, "method": ', pro.keyAuth);
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -32700);
    assert.match(body.error.message, /Parse error/);
  });

  it('answers JSON that is not JSON-RPC, and a non-JSON content type, with clear protocol errors', async () => {
    const notRpc = await postRaw(h, '{"hello": "world"}', pro.keyAuth);
    assert.equal(notRpc.status, 400);
    assert.match(((await notRpc.json()) as { error: { message: string } }).error.message, /Invalid JSON-RPC message/);
    const text = await postRaw(h, 'hello', { ...pro.keyAuth, 'content-type': 'text/plain' });
    assert.equal(text.status, 415);
    const noAccept = await postRaw(h, initialize, { ...pro.keyAuth, accept: 'text/html' });
    assert.equal(noAccept.status, 406);
  });

  it('answers an unknown JSON-RPC method with "method not found"', async () => {
    const res = await postRaw(h, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/list' }), { ...pro.keyAuth, 'mcp-protocol-version': '2025-06-18' });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -32601);
  });

  it('answers an unknown tool, missing and wrongly typed arguments, and an unsupported method with tool errors', async () => {
    const client = await connect(h, pro.keyAuth);
    const unknown = await call(client, 'delete_everything', {});
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /Tool delete_everything not found/);

    const missing = await call(client, 'search_api', {});
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /Invalid arguments for tool search_api/);
    assert.match(textOf(missing), /query/);

    const wrongType = await call(client, 'call_api', { method: 'GET', path: 42 });
    assert.equal(wrongType.isError, true);
    assert.match(textOf(wrongType), /Invalid arguments for tool call_api/);
    assert.match(textOf(wrongType), /path/);

    const badLimit = await call(client, 'call_api', { method: 'GET', path: '/api/v1/editions', max_items: 'ten' });
    assert.equal(badLimit.isError, true);
    assert.match(textOf(badLimit), /max_items/);

    const method = await call(client, 'call_api', { method: 'DELETE', path: '/api/v1/editions' });
    assert.equal(method.isError, true);
    assert.match(textOf(method), /method/);
    assert.match(textOf(method), /GET/);
    await client.close();
  });
});
