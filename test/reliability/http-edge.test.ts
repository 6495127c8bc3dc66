/**
 * The HTTP edge (src/http/edge.ts): the server's request, body and headers timeouts on a real
 * socket; errors raised before any route (by Node's parser or Fastify's router, and Fastify's own
 * body errors) in each edition's format with a request id; and the security headers of responses.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

/** Small timeouts, so slow clients are cut off quickly. */
const REQUEST_MS = 1000;
const HEADERS_MS = 600;
/** Node checks deadlines every quarter of the shorter one; plus slack for a loaded CI machine. */
const CUT_OFF_WITHIN_MS = REQUEST_MS + REQUEST_MS / 4 + 4000;

let h: Harness;
let port: number;
let admin: TestIdentity;
let pro: TestIdentity;

before(async () => {
  h = await startHarness({ http: { requestMs: REQUEST_MS, headersMs: HEADERS_MS, keepAliveMs: 5000, connectionMs: 30_000 } });
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'professional' });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as net.AddressInfo).port;
});
after(() => h.close());

/** What a raw client saw: everything the server wrote, and when it closed the connection. */
interface RawExchange {
  text: string;
  closedAfterMs: number;
}

/**
 * Sends `head` on a raw socket, then `dribble` one byte every `everyMs` until the server closes the
 * connection (or 10 s pass).
 */
function rawExchange(head: string, dribble = '', everyMs = 200): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for 10 s; it wrote: ${Buffer.concat(chunks).toString()}`));
    }, 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is a close too
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ text: Buffer.concat(chunks).toString(), closedAfterMs: performance.now() - started });
    });
    socket.write(head, () => {
      let i = 0;
      if (dribble) {
        timer = setInterval(() => {
          if (!socket.destroyed && !socket.writableEnded) socket.write(dribble[i++ % dribble.length]!);
        }, everyMs);
      }
    });
  });
}

/** The status, headers and body of the first response in `text`. */
function firstResponse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length'] ?? 0);
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n').slice(0, length) };
}

describe('slow clients are cut off', () => {
  it('a POST announcing 100 000 bytes and sending one byte at a time, without a token: the connection is closed within the request timeout', async () => {
    const head = 'POST /api/v1/admin/editions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const seen = await rawExchange(head, '{"a":1}');
    assert.ok(seen.closedAfterMs < CUT_OFF_WITHIN_MS, `closed after ${Math.round(seen.closedAfterMs)} ms`);
    const res = firstResponse(seen.text);
    assert.equal(res.status, 401); // answered at once; the slow body is then not waited for
    assert.deepEqual(Object.keys(JSON.parse(res.body)), ['error']);
  });

  it('the same with a token (the body is read): 408 {error} with a request id, and the connection closed', async () => {
    const head = `POST /api/v1/admin/editions HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.keyAuth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const seen = await rawExchange(head, '{"a":1}');
    assert.ok(seen.closedAfterMs >= REQUEST_MS - 50 && seen.closedAfterMs < CUT_OFF_WITHIN_MS, `closed after ${Math.round(seen.closedAfterMs)} ms`);
    const res = firstResponse(seen.text);
    assert.equal(res.status, 408);
    assert.match(res.headers['content-type']!, /^application\/json/);
    assert.deepEqual(Object.keys(JSON.parse(res.body)), ['error']);
    assert.match(res.headers['x-request-id']!, /^[\w.:-]+$/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('headers that never finish: 408 within the headers timeout, the connection closed', async () => {
    const seen = await rawExchange('GET /api/v1/editions HTTP/1.1\r\nHost: localhost\r\n', 'X');
    assert.ok(seen.closedAfterMs < HEADERS_MS + HEADERS_MS / 4 + 4000, `closed after ${Math.round(seen.closedAfterMs)} ms`);
    const res = firstResponse(seen.text);
    assert.equal(res.status, 408);
    assert.ok(JSON.parse(res.body).error);
    assert.ok(res.headers['x-request-id']);
  });
});

describe('errors raised before any route, in the edition\'s format', () => {
  it('431 for headers that are too large: problem+json under /v1, {error} elsewhere', async () => {
    const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const v1 = firstResponse((await rawExchange(`GET /v1/editions HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`)).text);
    assert.equal(v1.status, 431);
    assert.match(v1.headers['content-type']!, /^application\/problem\+json/);
    const problem = JSON.parse(v1.body);
    assert.equal(problem.status, 431);
    assert.equal(problem.instance, '/v1/editions');
    assert.ok(v1.headers['x-request-id']);
    const api = firstResponse((await rawExchange(`GET /api/v1/editions HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`)).text);
    assert.equal(api.status, 431);
    assert.deepEqual(Object.keys(JSON.parse(api.body)), ['error']);
    assert.ok(api.headers['x-request-id']);
  });

  it('a 100 KB query string: 431 problem+json under /v1, {error} elsewhere (issue 29)', async () => {
    const query = `q=${'a'.repeat(100_000)}`;
    const v1 = firstResponse((await rawExchange(`GET /v1/search?${query} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).text);
    assert.equal(v1.status, 431);
    assert.match(v1.headers['content-type']!, /^application\/problem\+json/);
    const problem = JSON.parse(v1.body);
    assert.equal(problem.status, 431);
    assert.equal(problem.instance, '/v1/search');
    assert.ok(v1.headers['x-request-id']);
    const api = firstResponse((await rawExchange(`GET /api/v1/search?${query} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).text);
    assert.equal(api.status, 431);
    assert.match(api.headers['content-type']!, /^application\/json/);
    assert.deepEqual(Object.keys(JSON.parse(api.body)), ['error']);
  });

  it('a malformed request: 400 {error}', async () => {
    const res = firstResponse((await rawExchange('GET /api/v1/editions HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n')).text);
    assert.equal(res.status, 400);
    assert.ok(JSON.parse(res.body).error);
  });

  it('a URL with broken percent-encoding: 400 in each dialect, with a request id', async () => {
    const v1 = await h.app.inject({ method: 'GET', url: '/v1/%E0%A4%A' });
    assert.equal(v1.statusCode, 400);
    assert.match(String(v1.headers['content-type']), /^application\/problem\+json/);
    assert.equal(v1.json().status, 400);
    assert.ok(v1.headers['x-request-id']);
    assert.equal(v1.headers['x-content-type-options'], 'nosniff');
    const api = await h.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    assert.equal(api.statusCode, 400);
    assert.deepEqual(Object.keys(api.json()), ['error']);
    assert.ok(api.headers['x-request-id']);
  });

  it('a path parameter that is too long: 414 in each dialect', async () => {
    const v1 = await h.app.inject({ method: 'GET', url: `/v1/projects/${'a'.repeat(200)}`, headers: pro.keyAuth });
    assert.equal(v1.statusCode, 414);
    assert.match(String(v1.headers['content-type']), /^application\/problem\+json/);
    assert.ok(v1.headers['x-request-id']);
    const api = await h.app.inject({ method: 'GET', url: `/api/v1/projects/${'a'.repeat(200)}`, headers: pro.keyAuth });
    assert.equal(api.statusCode, 414);
    assert.deepEqual(Object.keys(api.json()), ['error']);
  });

  it('413 body too large, 415 unsupported media type, 400 invalid JSON: {error} with a request id', async () => {
    const url = '/api/v1/admin/editions';
    const cases = [
      { status: 413, headers: { 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
      { status: 415, headers: { 'content-type': 'text/xml' }, payload: '<edition/>' },
      { status: 400, headers: { 'content-type': 'application/json' }, payload: '{"number": ' },
    ];
    for (const c of cases) {
      const res = await h.app.inject({ method: 'POST', url, headers: { ...admin.keyAuth, ...c.headers }, payload: c.payload });
      assert.equal(res.statusCode, c.status, res.body);
      assert.deepEqual(Object.keys(res.json()), ['error']);
      assert.ok(res.headers['x-request-id']);
    }
  });

  it('a JSON body nested deeper than 64 levels: 400 in the edition\'s format before any walk (issue 29)', async () => {
    const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const body of [deepObject(5000), deepArray(5000), deepObject(65), `{"name":"x","query":${deepArray(100_000)}}`]) {
      const v1 = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: { ...pro.keyAuth, 'content-type': 'application/json' }, payload: body });
      assert.equal(v1.statusCode, 400, v1.body);
      assert.match(String(v1.headers['content-type']), /^application\/problem\+json/);
      assert.match(v1.json().detail, /deeper than 64 levels/);
      const api = await h.app.inject({ method: 'POST', url: '/api/v1/admin/editions', headers: { ...admin.keyAuth, 'content-type': 'application/json' }, payload: body });
      assert.equal(api.statusCode, 400, api.body);
      assert.deepEqual(Object.keys(api.json()), ['error']);
      assert.match(api.json().error, /deeper than 64 levels/);
    }
    // 64 levels, and brackets inside strings, are parsed and reach the route's own validation.
    for (const body of [deepObject(64), `{"name":"${'['.repeat(200)}\\"${'{'.repeat(200)}"}`]) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: { ...pro.keyAuth, 'content-type': 'application/json' }, payload: body });
      assert.equal(res.statusCode, 400, res.body);
      assert.doesNotMatch(res.json().detail, /deeper than/);
    }
  });

  it('a method a path does not have: 404 in the dialect of the path', async () => {
    const v1 = await h.app.inject({ method: 'DELETE', url: '/v1/projects', headers: pro.keyAuth });
    assert.equal(v1.statusCode, 404);
    assert.match(String(v1.headers['content-type']), /^application\/problem\+json/);
    const api = await h.app.inject({ method: 'DELETE', url: '/api/v1/projects', headers: pro.keyAuth });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(Object.keys(api.json()), ['error']);
  });
});

describe('security headers', () => {
  it('nosniff on every response; a private Cache-Control on every response to a request with credentials', async () => {
    for (const url of ['/api/v1/editions', '/v1/editions', '/api/v1/nothing', '/v1/projects?limit=500']) {
      const res = await h.app.inject({ method: 'GET', url, headers: pro.keyAuth });
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.match(String(res.headers['cache-control']), /^private\b/, url);
    }
    const refused = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: { authorization: 'Bearer nope' } });
    assert.equal(refused.statusCode, 401);
    assert.match(String(refused.headers['cache-control']), /^private\b/);
    const health = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.headers['x-content-type-options'], 'nosniff');
  });

  it('keeps a route\'s own private Cache-Control (with its validator) and never lets an authenticated response be public', async () => {
    const reference = await h.app.inject({ method: 'GET', url: '/v1/reference', headers: pro.keyAuth });
    assert.equal(reference.statusCode, 200);
    assert.equal(reference.headers['cache-control'], 'private, max-age=3600');
    assert.ok(reference.headers.etag);
    const again = await h.app.inject({ method: 'GET', url: '/v1/reference', headers: { ...pro.keyAuth, 'if-none-match': String(reference.headers.etag) } });
    assert.equal(again.statusCode, 304);
    const exported = await h.app.inject({ method: 'GET', url: '/api/v1/projects/export', headers: pro.keyAuth });
    assert.ok(!/public/.test(String(exported.headers['cache-control'])));
  });

  it('the MCP tool server (a hijacked response) carries them too', async () => {
    const mcp = await h.identity({ plan: 'enterprise' });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...mcp.keyAuth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'private, no-cache');
  });
});

describe('a streamed export that fails before its first byte', () => {
  it('answers 500 in the edition\'s format with the request id, not a CSV header with Fastify\'s own body', async () => {
    const broken = await startHarness();
    try {
      const me = await broken.identity({ plan: 'enterprise' });
      await broken.database.db.schema.dropTable('projects').cascade().execute();
      const api = await broken.app.inject({ method: 'GET', url: '/api/v1/projects/export', headers: me.keyAuth });
      assert.equal(api.statusCode, 500);
      assert.match(String(api.headers['content-type']), /^application\/json/);
      assert.equal(api.headers['content-disposition'], undefined);
      assert.equal(api.json().error, `Internal server error (request id ${String(api.headers['x-request-id'])})`);
      const v1 = await broken.app.inject({ method: 'GET', url: '/v1/projects/export', headers: me.keyAuth });
      assert.equal(v1.statusCode, 500);
      assert.match(String(v1.headers['content-type']), /^application\/problem\+json/);
      assert.ok(v1.json().detail.includes(String(v1.headers['x-request-id'])));
      for (const body of [api.body, v1.body]) assert.ok(!/relation|does not exist|select /i.test(body), body);
    } finally {
      await broken.close();
    }
  });
});
