/**
 * Cross-cutting behaviour of the /api/v1 edition: {error} bodies for unknown routes, X-Request-Id,
 * what is logged (never the Authorization header), and 5xx bodies without internals.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { SESSION_SECRET, startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
before(async () => {
  h = await startHarness();
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

describe('errors and request ids', () => {
  it('answers 404 {error} for an unknown route, inside and outside /api/v1', async () => {
    const inside = await h.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: pro.keyAuth });
    assert.equal(inside.statusCode, 404);
    assert.deepEqual(inside.json(), { error: 'No route GET /api/v1/nothing-here' });
    const outside = await h.app.inject({ method: 'GET', url: '/nowhere' });
    assert.equal(outside.statusCode, 404);
    assert.deepEqual(Object.keys(outside.json()), ['error']);
  });

  it('echoes the caller\'s X-Request-Id and makes one up otherwise', async () => {
    const given = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...pro.keyAuth, 'x-request-id': 'trace-abc.123' } });
    assert.equal(given.headers['x-request-id'], 'trace-abc.123');
    const made = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: pro.keyAuth });
    assert.match(String(made.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const refused = await h.app.inject({ method: 'GET', url: '/api/v1/editions' });
    assert.equal(refused.statusCode, 401);
    assert.ok(refused.headers['x-request-id']);
  });

  it('logs the request id with each request and never the Authorization header or the key', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, logger: { level: 'info', stream, redact: ['req.headers.authorization'] } });
    const res = await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...pro.keyAuth, 'x-request-id': 'log-check-1' } });
    assert.equal(res.statusCode, 200);
    await app.close();
    const log = lines.join('');
    assert.match(log, /"reqId":"log-check-1"/);
    assert.ok(!log.includes(pro.key), 'the key must not be logged');
    assert.ok(!log.toLowerCase().includes('bearer'), 'the Authorization header must not be logged');
  });

  it('answers a failure inside the service with 500 {error} carrying no stack trace or SQL', async () => {
    const broken = await startHarness();
    const me = await broken.identity({ plan: 'professional' });
    await broken.database.db.schema.dropTable('usage_counters').cascade().execute();
    const res = await broken.app.inject({ method: 'GET', url: '/api/v1/editions', headers: me.keyAuth });
    await broken.close();
    assert.equal(res.statusCode, 500);
    const { error } = res.json();
    assert.match(error, /^Internal server error \(request id [\w-]+\)$/);
    assert.ok(!/select|insert|usage_counters|relation|at .*\.ts/i.test(res.body));
  });
});

describe('GET /healthz', () => {
  it('needs no token and reports the database as reachable', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, 'ok');
    assert.equal(body.database.reachable, true);
    assert.equal(body.database.engine, process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});
