/**
 * /api/v1 identity and access: bearer tokens (API keys and session JWTs), plan gates, the daily
 * quota with its headers, and the 401/403/429 bodies.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('authentication', () => {
  it('answers 401 with {error} when the Authorization header is missing', async () => {
    const res = await get('/api/v1/editions');
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error, /Missing Authorization header/);
    assert.deepEqual(Object.keys(res.json()), ['error']);
  });

  it('answers 401 for a header that is not "Bearer <token>"', async () => {
    const res = await get('/api/v1/editions', { authorization: 'Basic abc' });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error, /Malformed Authorization header/);
  });

  it('answers 401 for a malformed API key', async () => {
    const res = await get('/api/v1/editions', { authorization: 'Bearer svc_live_short' });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error, /Malformed API key/);
  });

  it('answers 401 for a well-formed but unknown API key', async () => {
    const res = await get('/api/v1/editions', { authorization: `Bearer svc_live_${'A'.repeat(43)}` });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, 'Unknown API key');
  });

  it('answers 401 for a key whose first 16 characters match but whose rest differs', async () => {
    const me = await h.identity({ plan: 'professional' });
    const forged = me.key.slice(0, 16) + (me.key[16] === 'a' ? 'b' : 'a') + me.key.slice(17);
    const res = await get('/api/v1/editions', { authorization: `Bearer ${forged}` });
    assert.equal(res.statusCode, 401);
  });

  it('answers 401 for a revoked key', async () => {
    const me = await h.identity({ plan: 'professional' });
    assert.equal((await get('/api/v1/editions', me.keyAuth)).statusCode, 200);
    await h.database.db.updateTable('api_keys').set({ revoked_at: h.clock.now() }).where('user_id', '=', me.userId).execute();
    const res = await get('/api/v1/editions', me.keyAuth);
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error, /revoked/);
  });

  it('accepts a session token and answers 401 for an expired, forged or revoked one', async () => {
    const me = await h.identity({ plan: 'core' });
    assert.equal((await get('/api/v1/editions', me.sessionAuth)).statusCode, 200);

    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('airport-intel')
      .setSubject(me.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    assert.equal((await get('/api/v1/editions', { authorization: `Bearer ${forged}` })).statusCode, 401);

    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('airport-intel')
      .setSubject(me.userId)
      .setExpirationTime(Math.floor(h.clock.now().getTime() / 1000) - 60)
      .sign(new TextEncoder().encode(SESSION_SECRET));
    const res = await get('/api/v1/editions', { authorization: `Bearer ${expired}` });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error, /expired/);

    assert.equal((await get('/api/v1/editions', { authorization: 'Bearer not.a.jwt' })).statusCode, 401);

    await h.database.db.updateTable('sessions').set({ revoked_at: h.clock.now() }).where('user_id', '=', me.userId).execute();
    const revoked = await get('/api/v1/editions', me.sessionAuth);
    assert.equal(revoked.statusCode, 401);
    assert.match(revoked.json().error, /revoked/);
  });

  it('stores only a hash and the first 16 characters of a key', async () => {
    const me = await h.identity({ plan: 'professional' });
    assert.match(me.key, /^svc_live_[0-9A-Za-z]{43}$/);
    const row = await h.database.db.selectFrom('api_keys').selectAll().where('user_id', '=', me.userId).executeTakeFirstOrThrow();
    assert.equal(row.prefix, me.key.slice(0, 16));
    assert.notEqual(row.key_hash, me.key);
    assert.ok(!JSON.stringify(row).includes(me.key.slice(16)));
  });
});

describe('plan gates', () => {
  it('refuses an API key whose plan lacks API access with 403 naming it', async () => {
    const me = await h.identity({ plan: 'core' });
    const res = await get('/api/v1/editions', me.keyAuth);
    assert.equal(res.statusCode, 403);
    assert.match(res.json().error, /core plan does not include API access/);
    assert.match(res.json().error, /Professional and Enterprise/);
  });

  it('refuses a user without any subscription', async () => {
    const me = await h.identity({});
    assert.equal((await get('/api/v1/editions', me.keyAuth)).statusCode, 403);
    const res = await get('/api/v1/editions', me.sessionAuth);
    assert.equal(res.statusCode, 403);
    assert.match(res.json().error, /no active subscription/);
  });

  it('lets professional, enterprise and trial keys in', async () => {
    for (const plan of ['professional', 'enterprise', 'trial'] as const) {
      const me = await h.identity({ plan });
      assert.equal((await get('/api/v1/editions', me.keyAuth)).statusCode, 200, plan);
    }
  });

  it('lets an admin key in whatever the plan, without quota headers', async () => {
    const admin = await h.identity({ admin: true });
    const res = await get('/api/v1/editions', admin.keyAuth);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['ratelimit-limit'], undefined);
  });
});

describe('daily quota', () => {
  it('carries the remaining budget on every keyed response and counts each request once', async () => {
    const me = await h.identity({ plan: 'professional' });
    const first = await get('/api/v1/editions', me.keyAuth);
    assert.equal(first.headers['ratelimit-limit'], '1000');
    assert.equal(first.headers['ratelimit-remaining'], '999');
    const reset = Number(first.headers['ratelimit-reset']);
    assert.ok(reset > 0 && reset <= 86400);
    const second = await get('/api/v1/articles', me.keyAuth);
    assert.equal(second.headers['ratelimit-remaining'], '998');
    const row = await h.database.db.selectFrom('usage_counters').innerJoin('api_keys', 'api_keys.id', 'usage_counters.api_key_id')
      .select(['count', 'day']).where('api_keys.user_id', '=', me.userId).executeTakeFirstOrThrow();
    assert.equal(row.count, 2);
    assert.equal(row.day, h.clock.now().toISOString().slice(0, 10));
  });

  it('answers 429 with Retry-After to the next UTC midnight once a trial key has spent 200 requests', async () => {
    const me = await h.identity({ plan: 'trial' });
    for (let i = 0; i < 200; i++) {
      const res = await get('/api/v1/editions?limit=1', me.keyAuth);
      assert.equal(res.statusCode, 200, `request ${i + 1}`);
    }
    const res = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(res.statusCode, 429);
    assert.match(res.json().error, /Daily quota of 200 requests/);
    const now = h.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const retry = Number(res.headers['retry-after']);
    assert.equal(retry, (midnight - now.getTime()) / 1000, 'Retry-After is the seconds to the next UTC midnight of the service clock');
    assert.equal(res.headers['ratelimit-remaining'], '0');
    const row = await h.database.db.selectFrom('usage_counters').innerJoin('api_keys', 'api_keys.id', 'usage_counters.api_key_id')
      .select('count').where('api_keys.user_id', '=', me.userId).executeTakeFirstOrThrow();
    assert.equal(row.count, 200);
  });

  it('counts concurrent requests exactly (atomic in the database)', async () => {
    const me = await h.identity({ plan: 'professional' });
    const responses = await Promise.all(Array.from({ length: 40 }, () => get('/api/v1/editions?limit=1', me.keyAuth)));
    const remaining = responses.map((r) => Number(r.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    assert.deepEqual(remaining, Array.from({ length: 40 }, (_, i) => 960 + i));
  });

  it('does not count session tokens, nor requests refused before validation passes', async () => {
    const me = await h.identity({ plan: 'professional' });
    assert.equal((await get('/api/v1/editions', me.sessionAuth)).headers['ratelimit-limit'], undefined);
    assert.equal((await get('/api/v1/editions?page=x', me.keyAuth)).statusCode, 400);
    const { rows } = await sql<{ n: number }>`select coalesce(sum(count), 0)::int as n from usage_counters u join api_keys k on k.id = u.api_key_id where k.user_id = ${me.userId}`.execute(h.database.db);
    assert.equal(rows[0]!.n, 0);
  });
});
