/**
 * Issue 18: ETag / 304 on every JSON GET of both editions, the version-stamped response cache
 * (never a stale body after an acknowledged write, on one app or two apps over one database), the
 * entitlement class in the cache key, and compressed answers decoding to the same bytes.
 * On PostgreSQL (TEST_DATABASE_URL) the two apps each have their own connection pool to one
 * database, as two processes would; on PGlite they share the one embedded database.
 */
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemCtx } from '../../src/domain/context.js';
import { createApiKey, createSession, createUser, updateUser } from '../../src/domain/identity/index.js';
import { sql } from 'kysely';
import { createPostgresDatabase, SESSION_SECRET, startHarness, TestClock, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
let admin: TestIdentity;
let ent: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
  admin = await h.identity({ admin: true });
  ent = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('ETag and If-None-Match', () => {
  for (const [edition, url] of [['/api/v1', '/api/v1/editions/latest'], ['/v1', '/v1/editions'], ['/api/v1 (time-dependent, not cached)', '/api/v1/tenders?limit=5'], ['/v1 (per caller, not cached)', '/v1/me']] as const) {
    it(`${edition}: ${url} carries a strong ETag and answers 304 to it, with no body`, async () => {
      for (const auth of [ent.keyAuth, ent.sessionAuth]) {
        const first = await get(h.app, url, auth);
        assert.equal(first.statusCode, 200, first.body);
        const etag = first.headers.etag as string;
        assert.match(etag, /^"[\w-]{27}"$/);
        const again = await get(h.app, url, auth);
        assert.equal(again.headers.etag, etag, 'same content, same ETag');
        assert.equal(again.body, first.body);
        const conditional = await get(h.app, url, { ...auth, 'if-none-match': `"other", ${etag}` });
        assert.equal(conditional.statusCode, 304);
        assert.equal(conditional.body, '');
        assert.equal(conditional.headers.etag, etag);
        const weak = await get(h.app, url, { ...auth, 'if-none-match': `W/${etag}` });
        assert.equal(weak.statusCode, 304, 'If-None-Match compares weakly');
        const stale = await get(h.app, url, { ...auth, 'if-none-match': '"not-it"' });
        assert.equal(stale.statusCode, 200);
        assert.equal(stale.body, first.body);
      }
    });
  }

  it('a hit of the cache answers 304 without running the handler, and keeps the Link header of /v1 lists', async () => {
    const first = await get(h.app, '/v1/editions?limit=1', pro.sessionAuth);
    assert.ok(first.headers.link, 'a named list sends Link');
    const before = h.app.responseCacheStats();
    const hit = await get(h.app, '/v1/editions?limit=1', pro.sessionAuth);
    const notModified = await get(h.app, '/v1/editions?limit=1', { ...pro.sessionAuth, 'if-none-match': first.headers.etag as string });
    const after = h.app.responseCacheStats();
    assert.equal(after.hits - before.hits, 2);
    assert.equal(after.misses, before.misses);
    assert.equal(hit.body, first.body);
    assert.equal(hit.headers.link, first.headers.link);
    assert.equal(hit.headers['content-type'], first.headers['content-type']);
    assert.equal(notModified.statusCode, 304);
  });

  it('errors carry no ETag and are never cached', async () => {
    const missing = await get(h.app, '/api/v1/editions/99999', pro.keyAuth);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
  });

  it('API keys still pay the quota on a cache hit', async () => {
    const a = await get(h.app, '/api/v1/editions/latest', pro.keyAuth);
    const b = await get(h.app, '/api/v1/editions/latest', pro.keyAuth);
    assert.equal(Number(b.headers['ratelimit-remaining']), Number(a.headers['ratelimit-remaining']) - 1);
  });
});

describe('the cache never serves a stale body', () => {
  it('an edition changed by an admin is seen by the very next read, and the ETag changes', async () => {
    const before = await get(h.app, '/api/v1/editions/latest', pro.keyAuth);
    const edition = before.json().data;
    await get(h.app, '/api/v1/editions/latest', pro.keyAuth); // now cached
    const patched = await h.app.inject({ method: 'PATCH', url: `/api/v1/admin/editions/${edition.id}`, headers: admin.keyAuth, payload: { summary: 'Revised right now' } });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = await get(h.app, '/api/v1/editions/latest', { ...pro.keyAuth, 'if-none-match': before.headers.etag as string });
    assert.equal(after.statusCode, 200);
    assert.equal(after.json().data.summary, 'Revised right now');
    assert.notEqual(after.headers.etag, before.headers.etag);
  });

  it('a write outside HTTP (a direct SQL update, as a CLI or a job would do) is seen too', async () => {
    const first = (await get(h.app, '/v1/reference', pro.sessionAuth)).json();
    await get(h.app, '/v1/reference', pro.sessionAuth);
    const region = first.regions[0];
    await h.database.db.updateTable('regions').set({ name: 'Renamed region' }).where('slug', '=', region.slug).execute();
    const after = (await get(h.app, '/v1/reference', pro.sessionAuth)).json();
    assert.equal(after.regions.find((r: { slug: string }) => r.slug === region.slug).name, 'Renamed region');
  });

  it('a rolled-back write does not bump the version', async () => {
    const version = h.app.responseCacheStats().version;
    await get(h.app, '/api/v1/editions/latest', pro.keyAuth);
    await h.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('regions').set({ name: 'Never' }).where('slug', '=', 'europe').execute();
      throw new Error('rollback');
    }).catch(() => {});
    const misses = h.app.responseCacheStats().misses;
    await get(h.app, '/api/v1/editions/latest', pro.keyAuth);
    assert.equal(h.app.responseCacheStats().misses, misses, 'still a hit');
    assert.ok(version !== null);
  });

  it('the entitlement class is part of the key: an admin’s draft is never served to a reader', async () => {
    const draft = await h.app.inject({ method: 'POST', url: '/api/v1/admin/editions', headers: admin.keyAuth, payload: { number: 901, publish_date: '2026-12-04' } });
    assert.equal(draft.statusCode, 201, draft.body);
    const seen = await h.app.inject({ method: 'GET', url: `/v1/editions/${draft.json().data.id}`, headers: admin.sessionAuth });
    assert.equal(seen.statusCode, 200, seen.body);
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/editions/${draft.json().data.id}`, headers: pro.sessionAuth })).statusCode, 404);
  });

  it('per-caller bodies are not shared: is_saved of one reader is not another’s', async () => {
    const other = await h.identity({ plan: 'professional' });
    const editions = (await get(h.app, '/v1/editions?limit=1', pro.sessionAuth)).json().editions;
    const url = `/v1/editions/${editions[0].id}/articles?limit=5`;
    const list = (await get(h.app, url, pro.sessionAuth)).json().articles;
    assert.equal(list[0].is_saved, false);
    await h.database.db.insertInto('saved_articles').values({ user_id: pro.userId, article_id: list[0].id }).execute();
    assert.equal((await get(h.app, url, pro.sessionAuth)).json().articles[0].is_saved, true);
    assert.equal((await get(h.app, url, other.sessionAuth)).json().articles[0].is_saved, false);
  });
});

describe('two app instances over one database', () => {
  let databases: Database[] = [];
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => {};
  let key = '';
  let adminKey = '';
  let clock: TestClock;

  before(async () => {
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const created = await createPostgresDatabase(server);
      drop = created.drop;
      databases = [await openDatabase({ kind: 'postgres', url: created.url, poolMax: 3 }), await openDatabase({ kind: 'postgres', url: created.url, poolMax: 3 })];
      await migrate(databases[0]!);
    } else {
      const one = await openDatabase({ kind: 'pglite-memory' });
      await migrate(one);
      databases = [one, one];
    }
    clock = new TestClock();
    apps = await Promise.all(databases.map(async (database) => {
      const app = await buildApp({ database, sessionSecret: SESSION_SECRET, logger: false, clock });
      await app.ready();
      return app;
    }));
    const ctx = systemCtx(databases[0]!.db, clock, 'test');
    await createUser(ctx, { email: 'reader@example.test', plan: 'professional' });
    await createUser(ctx, { email: 'admin@example.test', admin: true });
    key = (await createApiKey(ctx, { email: 'reader@example.test', label: 'test' })).key;
    adminKey = (await createApiKey(ctx, { email: 'admin@example.test', label: 'test' })).key;
  });
  after(async () => {
    for (const app of apps) await app.close();
    for (const database of new Set(databases)) await database.close();
    await drop();
  });

  it('a write acknowledged by one app is visible at once through the other, whose cache held the old body', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const auth = { authorization: `Bearer ${key}` };
    const adminAuth = { authorization: `Bearer ${adminKey}` };
    const created = await a.inject({ method: 'POST', url: '/api/v1/admin/editions', headers: adminAuth, payload: { number: 7, publish_date: '2026-11-20', summary: 'First' } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.id as string;
    assert.equal((await a.inject({ method: 'POST', url: `/api/v1/admin/editions/${id}/publish`, headers: adminAuth })).statusCode, 200);
    for (let round = 1; round <= 5; round++) {
      // b reads twice (the second from its cache), then a writes, then b reads again.
      const before = await get(b, '/api/v1/editions/latest', auth);
      assert.equal(before.statusCode, 200, before.body);
      await get(b, '/api/v1/editions/latest', auth);
      const summary = `Revision ${round}`;
      const patched = await a.inject({ method: 'PATCH', url: `/api/v1/admin/editions/${id}`, headers: adminAuth, payload: { summary } });
      assert.equal(patched.statusCode, 200, patched.body);
      const seen = await get(b, '/api/v1/editions/latest', { ...auth, 'if-none-match': before.headers.etag as string });
      assert.equal(seen.statusCode, 200, 'not a 304 of the old body');
      assert.equal(seen.json().data.summary, summary);
      // and the other way round
      const list = await get(a, '/api/v1/editions', auth);
      assert.equal(list.json().data[0].summary, summary);
    }
    assert.ok(b.responseCacheStats().hits >= 5, 'b did serve from its cache');
  });

  it('an identity one app remembers follows a revocation, a plan change, a session end and an expiry acknowledged elsewhere', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const ctx = systemCtx(databases[0]!.db, clock, 'test');
    await createUser(ctx, { email: 'remembered@example.test', plan: 'professional' });
    const own = (await createApiKey(ctx, { email: 'remembered@example.test', label: 'own' })).key;
    const auth = { authorization: `Bearer ${own}` };
    const readProjects = () => get(b, '/api/v1/projects?limit=1', auth);
    // b resolves the key once, then answers from its memory.
    assert.equal((await readProjects()).statusCode, 200);
    assert.equal((await readProjects()).statusCode, 200);
    // A plan change committed through the other process: b refuses at once.
    await updateUser(systemCtx(databases[1]!.db, clock, 'test'), { email: 'remembered@example.test', plan: 'core' });
    assert.equal((await readProjects()).statusCode, 403, 'core has no projects');
    await updateUser(ctx, { email: 'remembered@example.test', plan: 'professional' });
    assert.equal((await readProjects()).statusCode, 200);

    // A key with an expiry: b remembers it until the service clock passes it.
    const minted = await a.inject({ method: 'POST', url: '/v1/account/api-keys', headers: auth, payload: { label: 'short', expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() } });
    assert.equal(minted.statusCode, 201, minted.body);
    const short = { authorization: `Bearer ${minted.json().key as string}` };
    assert.equal((await get(b, '/api/v1/editions', short)).statusCode, 200);
    assert.equal((await get(b, '/api/v1/editions', short)).statusCode, 200);
    clock.advance(3_600_000);
    assert.equal((await get(b, '/api/v1/editions', short)).statusCode, 401, 'expired by the clock, nothing written');

    // Revoked through a (the key revokes itself): b refuses the next request.
    const keys = await a.inject({ method: 'GET', url: '/v1/account/api-keys', headers: auth });
    const id = (keys.json().keys as { id: string; label: string }[]).find((k) => k.label === 'own')!.id;
    assert.equal((await a.inject({ method: 'DELETE', url: `/v1/account/api-keys/${id}`, headers: auth })).statusCode, 200);
    assert.equal((await readProjects()).statusCode, 401);

    // A session ended by a write of another process.
    const { token } = await createSession(ctx, SESSION_SECRET, 'remembered@example.test');
    const session = { authorization: `Bearer ${token}` };
    assert.equal((await get(b, '/v1/editions', session)).statusCode, 200);
    assert.equal((await get(b, '/v1/editions', session)).statusCode, 200);
    await sql`update sessions set revoked_at = now() where user_id = (select id from users where email = 'remembered@example.test')`.execute(databases[1]!.db);
    assert.equal((await get(b, '/v1/editions', session)).statusCode, 401);
    assert.ok(b.identityCache!.size >= 1, 'b did remember identities');
  });
});

describe('compression', () => {
  it('gzip and Brotli bodies decode to the very bytes of the identity answer, with the same ETag', async () => {
    for (const url of ['/openapi.json', '/api/v1/editions/latest', '/v1/search?q=runway']) {
      const headers = url === '/openapi.json' ? {} : pro.sessionAuth;
      const plain = await get(h.app, url, headers);
      assert.equal(plain.statusCode, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      for (const [encoding, decode] of [['gzip', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]] as const) {
        const packed = await get(h.app, url, { ...headers, 'accept-encoding': encoding });
        assert.equal(packed.headers['content-encoding'], encoding, url);
        assert.match(String(packed.headers.vary), /accept-encoding/i);
        assert.ok(packed.rawPayload.length < plain.rawPayload.length, `${url} ${encoding} is smaller`);
        assert.deepEqual(decode(packed.rawPayload), plain.rawPayload);
        assert.equal(packed.headers.etag, plain.headers.etag);
      }
    }
  });

  it('a streamed CSV export is compressed on the fly and decodes to the same CSV', async () => {
    const url = '/api/v1/projects/export';
    const plain = await get(h.app, url, admin.keyAuth);
    assert.equal(plain.statusCode, 200, plain.body);
    const packed = await get(h.app, url, { ...admin.keyAuth, 'accept-encoding': 'gzip' });
    assert.equal(packed.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(packed.rawPayload).toString('utf8'), plain.body);
  });

  it('small bodies are sent as they are', async () => {
    const res = await get(h.app, '/healthz', { 'accept-encoding': 'gzip, br' });
    assert.equal(res.headers['content-encoding'], undefined);
  });
});
