/**
 * Every log line of a request names its caller once authenticated: the "request completed" line
 * carries `userId` and `keyId` (the key's id) for an API key, `userId` for a session token; the
 * key itself appears in no line.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
let app: FastifyInstance;
const lines: string[] = [];

before(async () => {
  h = await startHarness();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, clock: h.clock, logger: { level: 'info', stream } });
  await app.ready();
});
after(async () => {
  await app.close();
  await h.close();
});

/** The parsed log lines of the request answered with `x-request-id: id`. */
const linesOf = (id: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);

it('names the user and the key on the completion line of a keyed request, never the key', async () => {
  const me = await h.identity({ plan: 'professional' });
  const key = await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', me.userId).executeTakeFirstOrThrow();
  const res = await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...me.keyAuth, 'x-request-id': 'log-test-key' } });
  assert.equal(res.statusCode, 200);
  const completed = linesOf('log-test-key').find((l) => l.msg === 'request completed');
  assert.ok(completed, 'a completion line');
  assert.equal(completed.userId, me.userId);
  assert.equal(completed.keyId, key.id);
  assert.equal(completed.credential, 'api_key');
  // Also on /v1 and on a refusal after authentication (a plan gate).
  const v1 = await app.inject({ method: 'GET', url: '/v1/me', headers: { ...me.keyAuth, 'x-request-id': 'log-test-v1' } });
  assert.equal(v1.statusCode, 200);
  assert.equal(linesOf('log-test-v1').find((l) => l.msg === 'request completed')?.keyId, key.id);
  const poor = await h.identity({ plan: undefined });
  const refused = await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...poor.keyAuth, 'x-request-id': 'log-test-403' } });
  assert.equal(refused.statusCode, 403);
  assert.equal(linesOf('log-test-403').find((l) => l.msg === 'request completed')?.userId, poor.userId);
  for (const secret of [me.key, poor.key, me.key.slice(9)]) assert.ok(!lines.some((l) => l.includes(secret)), 'the key is never logged');
});

it('names the user of a session, and nobody on an anonymous request', async () => {
  const me = await h.identity({ plan: 'core' });
  await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...me.sessionAuth, 'x-request-id': 'log-test-session' } });
  const completed = linesOf('log-test-session').find((l) => l.msg === 'request completed')!;
  assert.equal(completed.userId, me.userId);
  assert.equal(completed.credential, 'session');
  assert.equal(completed.keyId, undefined);
  assert.ok(!lines.some((l) => l.includes(me.session)), 'the session token is never logged');

  await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { authorization: 'Bearer svc_live_nonsense', 'x-request-id': 'log-test-anon' } });
  const anonymous = linesOf('log-test-anon').find((l) => l.msg === 'request completed')!;
  assert.equal((anonymous.res as { statusCode: number }).statusCode, 401);
  assert.equal(anonymous.userId, undefined);
});
