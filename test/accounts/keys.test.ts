/**
 * API keys over HTTP (issue 11): mint (plaintext once, hash and prefix kept), list with today's
 * usage, revoke at once, expiry, read-only keys, the api-or-mcp gate, another user's key untouched.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { hashApiKey } from '../../src/domain/identity/index.js';
import { startHarness, TEST_NOW, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => { h = await startHarness(); });
after(() => h.close());

const mint = (auth: Record<string, string>, body: unknown = {}) =>
  h.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('API keys over HTTP', () => {
  it('mints a key shown once, stores only its hash and first 16 characters, and the key works', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const res = await mint(pro.sessionAuth, { label: 'ci' });
    assert.equal(res.statusCode, 201, res.body);
    const key = res.json() as { id: string; key: string; prefix: string; label: string; read_only: boolean; expires_at: null };
    assert.match(key.key, /^svc_live_[0-9A-Za-z]{43}$/);
    assert.equal(key.prefix, key.key.slice(0, 16));
    assert.equal(res.headers.location, '/v1/account/api-keys', 'Location: the list that reads the new key');
    const row = await h.database.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    assert.equal(row.key_hash, hashApiKey(key.key));
    assert.equal(row.prefix, key.prefix);
    assert.ok(!JSON.stringify(row).includes(key.key), 'the plaintext is not stored');
    const me = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key.key) });
    assert.equal(me.statusCode, 200);
    const list = await h.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: pro.sessionAuth });
    assert.equal(list.statusCode, 200);
    const keys = (list.json() as { keys: Record<string, unknown>[] }).keys;
    const listed = keys.find((k) => k.id === key.id)!;
    assert.ok(listed, 'the new key is listed');
    assert.equal(listed.key, undefined, 'never the plaintext');
    assert.ok(!list.body.includes(key.key));
    assert.deepEqual(listed.usage, { today: 0, daily_quota: 1000 });
    assert.equal(listed.last_used_at, TEST_NOW, 'last use recorded by the call to /v1/me');
  });

  it('lists today\'s usage against the daily quota', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const { key, id } = (await mint(pro.sessionAuth)).json() as { key: string; id: string };
    for (let i = 0; i < 3; i++) assert.equal((await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: bearer(key) })).statusCode, 200);
    const list = await h.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: pro.sessionAuth });
    const listed = (list.json() as { keys: { id: string; usage: unknown }[] }).keys.find((k) => k.id === id)!;
    assert.deepEqual(listed.usage, { today: 3, daily_quota: 1000 });
  });

  it('revokes at once; another user\'s key is 404 and keeps working', async () => {
    const a = await h.identity({ plan: 'professional' });
    const b = await h.identity({ plan: 'professional' });
    const ka = (await mint(a.sessionAuth)).json() as { id: string; key: string };
    const byB = await h.app.inject({ method: 'DELETE', url: `/v1/account/api-keys/${ka.id}`, headers: b.sessionAuth });
    assert.equal(byB.statusCode, 404);
    assert.match(String(byB.headers['content-type']), /^application\/problem\+json/);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ka.key) })).statusCode, 200, 'A\'s key still works');
    const byA = await h.app.inject({ method: 'DELETE', url: `/v1/account/api-keys/${ka.id}`, headers: a.sessionAuth });
    assert.equal(byA.statusCode, 200);
    assert.deepEqual(byA.json(), { id: ka.id, revoked: true });
    const after = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ka.key) });
    assert.equal(after.statusCode, 401);
    assert.match((after.json() as { detail: string }).detail, /revoked/);
    const again = await h.app.inject({ method: 'DELETE', url: `/v1/account/api-keys/${ka.id}`, headers: a.sessionAuth });
    assert.equal(again.statusCode, 404);
    const list = (await h.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: a.sessionAuth })).json() as { keys: { id: string }[] };
    assert.ok(!list.keys.some((k) => k.id === ka.id), 'a revoked key is no longer listed');
  });

  it('stops a key at its expiry (by the service clock) and refuses an expiry in the past', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const past = await mint(pro.sessionAuth, { expires_at: new Date(h.clock.now().getTime() - 1000).toISOString() });
    assert.equal(past.statusCode, 400);
    assert.match((past.json() as { detail: string }).detail, /expires_at/);
    const expiresAt = new Date(h.clock.now().getTime() + DAY_MS).toISOString();
    const key = (await mint(pro.sessionAuth, { expires_at: expiresAt })).json() as { key: string; expires_at: string };
    assert.equal(key.expires_at, expiresAt);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key.key) })).statusCode, 200);
    try {
      h.clock.advance(DAY_MS);
      const res = await h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key.key) });
      assert.equal(res.statusCode, 401);
      assert.match((res.json() as { detail: string }).detail, /expired/);
    } finally {
      h.clock.set(TEST_NOW);
    }
  });

  it('a read-only key may GET and search but not write', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const ro = (await mint(pro.sessionAuth, { read_only: true, label: 'dashboards' })).json() as { key: string; read_only: boolean };
    assert.equal(ro.read_only, true);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: bearer(ro.key) })).statusCode, 200);
    const search = await h.app.inject({ method: 'POST', url: '/api/v1/search', headers: { ...bearer(ro.key), 'content-type': 'application/json' }, payload: '{"q":"runway"}' });
    assert.equal(search.statusCode, 200, search.body);
    const write = await mint(bearer(ro.key));
    assert.equal(write.statusCode, 403);
    assert.match((write.json() as { detail: string }).detail, /read-only/);
    const put = await h.app.inject({ method: 'PUT', url: '/v1/account/interests/terms/runways', headers: bearer(ro.key) });
    assert.equal(put.statusCode, 403);
  });

  it('needs api or mcp: a core key is refused, core with the mcp add-on may mint', async () => {
    const core = await h.identity({ plan: 'core' });
    const refused = await mint(core.keyAuth);
    assert.equal(refused.statusCode, 403);
    assert.match((refused.json() as { detail: string }).detail, /feature "api"/);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: core.keyAuth })).statusCode, 403);
    const coreMcp = await h.identity({ plan: 'core', addons: ['mcp'] });
    assert.equal((await mint(coreMcp.keyAuth)).statusCode, 201);
    const trial = await h.identity({ plan: 'trial' });
    assert.equal((await mint(trial.keyAuth)).statusCode, 201, 'the trial holds api');
  });
});
