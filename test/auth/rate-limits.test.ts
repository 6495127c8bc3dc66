/**
 * Abuse limits of the sign-in endpoints (issue 25): 429 problem+json with Retry-After per client
 * address and per email address, counted in the database (so several processes agree) on the
 * service clock; TRUST_PROXY decides which address is the client's (and the procurement limit uses
 * the same address).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, parseTrustProxy } from '../../src/config.js';
import { startHarness, TEST_NOW, type Harness } from '../helpers/harness.js';

const LIMITS = { perClient: { max: 3, windowMs: 60_000 }, perAddress: { max: 2, windowMs: 60_000 } };
let off: Harness;
let on: Harness;
before(async () => {
  off = await startHarness({ authRateLimits: LIMITS });
  on = await startHarness({ authRateLimits: LIMITS, trustProxy: ['127.0.0.1'] });
});
after(async () => {
  await off.close();
  await on.close();
});

const link = (h: Harness, email: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'POST', url: '/v1/auth/email-link', payload: { email }, headers });

describe('rate limits of the sign-in endpoints', () => {
  it('answers 429 with Retry-After (problem+json) past the per-address limit, for known and unknown addresses alike', async () => {
    const known = await off.identity({});
    for (const email of ['unknown-address@example.test', known.email]) {
      off.clock.advance(60_000); // a fresh per-client window for each address
      assert.equal((await link(off, email, { 'x-forwarded-for': `10.0.0.${email.length}` })).statusCode, 202);
      assert.equal((await link(off, email)).statusCode, 202);
      const third = await link(off, email);
      assert.equal(third.statusCode, 429, third.body);
      assert.match(String(third.headers['content-type']), /^application\/problem\+json/);
      assert.equal(third.headers['retry-after'], '60');
      assert.equal((third.json() as { type: string }).type, 'urn:airport-intel:problem:rate_limited');
    }
    const row = await off.database.db.selectFrom('rate_limit_counters').selectAll().where('key', '=', `address:mail:${known.email.toLowerCase()}`).executeTakeFirstOrThrow();
    assert.equal(row.count, 3, 'the counter is a database row (every process sees it)');
    off.clock.advance(60_000);
    assert.equal((await link(off, known.email)).statusCode, 202, 'a new window');
    off.clock.set(TEST_NOW);
  });

  it('limits each client address; without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const signIn = (h: Harness, headers: Record<string, string>) => h.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: `x${Math.random()}@example.test`, password: 'whatever it is' }, headers });
    for (let i = 0; i < 3; i++) assert.equal((await signIn(off, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode, 401);
    const fourth = await signIn(off, { 'x-forwarded-for': '198.51.100.99' });
    assert.equal(fourth.statusCode, 429, 'all from 127.0.0.1 as far as the service can tell');
    assert.ok(Number(fourth.headers['retry-after']) > 0);
  });

  it('with TRUST_PROXY, the client address is the one the proxy forwards', async () => {
    const signIn = (headers: Record<string, string>) => on.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { email: `y${Math.random()}@example.test`, password: 'whatever it is' }, headers });
    for (let i = 0; i < 3; i++) assert.equal((await signIn({ 'x-forwarded-for': '203.0.113.5' })).statusCode, 401);
    assert.equal((await signIn({ 'x-forwarded-for': '203.0.113.5' })).statusCode, 429);
    assert.equal((await signIn({ 'x-forwarded-for': '203.0.113.6' })).statusCode, 401, 'another client is not limited');
    const key = await on.database.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'client:/v1/auth/sign-in:203.0.113.6').executeTakeFirst();
    assert.ok(key, 'counted by the forwarded address');
  });

  it('the procurement limit counts the forwarded address too', async () => {
    const submit = (h: Harness, n: number, ip: string) => h.app.inject({
      method: 'POST', url: '/v1/procurement-requests', headers: { 'x-forwarded-for': ip },
      payload: { organisation: 'Org', contact_name: 'C', email: `p${n}-${ip}@example.test`, country: 'GB', plan: 'enterprise', seats: 12 },
    });
    assert.ok((await submit(on, 0, '192.0.2.1')).statusCode < 300);
    const row = await on.database.db.selectFrom('procurement_requests').select('client_address').where('email', '=', 'p0-192.0.2.1@example.test').executeTakeFirstOrThrow();
    assert.equal(row.client_address, '192.0.2.1');
  });

  it('reads TRUST_PROXY: off by default, true, a hop count, or addresses and CIDR ranges', () => {
    assert.equal(parseTrustProxy(undefined), false);
    assert.equal(parseTrustProxy('false'), false);
    assert.equal(parseTrustProxy('true'), true);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('10.0.0.1, 172.16.0.0/12,::1'), ['10.0.0.1', '172.16.0.0/12', '::1']);
    assert.throws(() => parseTrustProxy('proxy.internal'), ConfigError);
    assert.throws(() => parseTrustProxy('10.0.0.0/33'), ConfigError);
  });
});
