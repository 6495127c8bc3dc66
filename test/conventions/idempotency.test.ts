/**
 * Idempotency keys on POST (docs/conventions.md, docs/decisions/0016), with the admin creates as
 * subjects: replay without a second write, 422 for another body or path, 409 while in flight, one
 * row under concurrent requests, keys per caller, expiry after 24 hours by the clock, answers not
 * worth keeping released; and `Location` on every 201.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { fingerprintOf } from '../../src/domain/idempotency/index.js';
import { makeEdition } from '../helpers/factories.js';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;
let otherAdmin: TestIdentity;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  otherAdmin = await h.identity({ admin: true });
});
after(() => h.close());

const newKey = () => crypto.randomUUID();
const title = (label: string) => `${label} ${crypto.randomBytes(3).toString('hex')}`;
const createProject = (who: TestIdentity, key: string | undefined, body: object, url = '/api/v1/admin/projects') =>
  h.app.inject({ method: 'POST', url, headers: { ...who.keyAuth, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: body });
const projectRows = (t: string) => h.database.db.selectFrom('projects').select('id').where('title', '=', t).execute();

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, without a second row', async () => {
    const key = newKey();
    const body = { title: title('Runway rehabilitation'), iata_code: 'LHR' };
    const first = await createProject(admin, key, body);
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    // Same body, keys in another order: the same request.
    const again = await createProject(admin, key, { iata_code: 'LHR', title: body.title });
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    assert.equal(again.headers.location, first.headers.location);
    assert.match(String(again.headers['content-type']), /application\/json/);
    assert.equal((await projectRows(body.title)).length, 1);
    const stored = await h.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    assert.equal(stored.user_id, admin.userId);
    assert.equal(stored.status, 201);
  });

  it('answers 422 for the same key with another body or path, and writes nothing', async () => {
    const key = newKey();
    const body = { title: title('Terminal 5 extension') };
    assert.equal((await createProject(admin, key, body)).statusCode, 201);
    const changed = await createProject(admin, key, { title: `${body.title} (changed)` });
    assert.equal(changed.statusCode, 422);
    assert.match(changed.json().error, /Idempotency-Key was already used with another request/);
    assert.equal((await projectRows(`${body.title} (changed)`)).length, 0);
    const otherPath = await createProject(admin, key, { title: body.title, buyer: 'Test Airport Authority', type: 'tender' }, '/api/v1/admin/tenders');
    assert.equal(otherPath.statusCode, 422);
    // A query string the route does not take is refused before the key is even looked at (issue 15:
    // unknown parameters are a 400 naming them), so it can never replay the first answer either.
    const otherQuery = await createProject(admin, key, body, '/api/v1/admin/projects?again=1');
    assert.equal(otherQuery.statusCode, 400);
    assert.match(otherQuery.json().error, /"again"/);
    assert.equal((await projectRows(body.title)).length, 1);
  });

  it('writes one row under concurrent requests with one key; the others get 409 or the replay', async () => {
    const key = newKey();
    const body = { title: title('Concurrent apron') };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createProject(admin, key, body)));
    const statuses = answers.map((a) => a.statusCode);
    assert.ok(statuses.every((s) => s === 201 || s === 409), statuses.join());
    assert.equal(answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined).length, 1);
    for (const a of answers.filter((x) => x.statusCode === 409)) assert.match(a.json().error, /still in progress/);
    assert.equal((await projectRows(body.title)).length, 1);
    // Once the first has answered, a retry replays it.
    const later = await createProject(admin, key, body);
    assert.equal(later.statusCode, 201);
    assert.equal(later.headers['idempotent-replayed'], 'true');
  });

  it('answers 409 while the first request is in flight, and takes over an abandoned claim', async () => {
    const key = newKey();
    const body = { title: title('In flight') };
    const fingerprint = fingerprintOf({ operation: 'POST /api/v1/admin/projects', input: body });
    await h.database.db.insertInto('idempotency_keys').values({ user_id: admin.userId, key, fingerprint, claim: 'other-process', created_at: h.clock.now() }).execute();
    const busy = await createProject(admin, key, body);
    assert.equal(busy.statusCode, 409);
    assert.equal((await projectRows(body.title)).length, 0);
    h.clock.advance(5 * 60_000);
    const taken = await createProject(admin, key, body);
    assert.equal(taken.statusCode, 201);
    assert.equal(taken.headers['idempotent-replayed'], undefined);
    assert.equal((await projectRows(body.title)).length, 1);
    h.clock.set(TEST_NOW);
  });

  it('keeps keys per caller: another user\u2019s same key is independent', async () => {
    const key = newKey();
    const mine = await createProject(admin, key, { title: title('Mine') });
    const theirs = await createProject(otherAdmin, key, { title: title('Theirs') });
    assert.equal(mine.statusCode, 201);
    assert.equal(theirs.statusCode, 201);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.notEqual(theirs.json().data.id, mine.json().data.id);
    // A session of the same user shares the user's keys.
    const session = await h.app.inject({ method: 'POST', url: '/api/v1/admin/projects', headers: { ...admin.sessionAuth, 'idempotency-key': key }, payload: { title: 'x' } });
    assert.equal(session.statusCode, 422);
  });

  it('forgets a key after 24 hours by the clock', async () => {
    const key = newKey();
    const body = { title: title('Expiring') };
    assert.equal((await createProject(admin, key, body)).statusCode, 201);
    h.clock.advance(DAY_MS - 1);
    assert.equal((await createProject(admin, key, body)).headers['idempotent-replayed'], 'true');
    h.clock.advance(1);
    const fresh = await createProject(admin, key, body);
    assert.equal(fresh.statusCode, 201);
    assert.equal(fresh.headers['idempotent-replayed'], undefined);
    assert.equal((await projectRows(body.title)).length, 2);
    h.clock.set(TEST_NOW);
  });

  it('does not keep a 409 answer (the retry does the work) but keeps other 4xx', async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const key = newKey();
    const taken = await h.app.inject({ method: 'POST', url: '/api/v1/admin/editions', headers: { ...admin.keyAuth, 'idempotency-key': key }, payload: { number: edition.number, publish_date: '2026-11-21' } });
    assert.equal(taken.statusCode, 409);
    assert.equal(await h.database.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).executeTakeFirst(), undefined);
    await h.app.inject({ method: 'DELETE', url: `/api/v1/admin/editions/${edition.id}`, headers: admin.keyAuth });
    const retried = await h.app.inject({ method: 'POST', url: '/api/v1/admin/editions', headers: { ...admin.keyAuth, 'idempotency-key': key }, payload: { number: edition.number, publish_date: '2026-11-21' } });
    assert.equal(retried.statusCode, 201);

    const missing = `/api/v1/admin/editions/${crypto.randomUUID()}/publish`;
    const key2 = newKey();
    const first = await h.app.inject({ method: 'POST', url: missing, headers: { ...admin.keyAuth, 'idempotency-key': key2 } });
    assert.equal(first.statusCode, 404);
    const again = await h.app.inject({ method: 'POST', url: missing, headers: { ...admin.keyAuth, 'idempotency-key': key2 } });
    assert.equal(again.statusCode, 404);
    assert.equal(again.headers['idempotent-replayed'], 'true');
  });

  it('refuses a malformed key with 400 in the edition\u2019s format', async () => {
    const res = await createProject(admin, 'x'.repeat(256), { title: title('Bad key') });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().error, /idempotency-key/i);
  });

  it('does not charge a quota unit for a replay', async () => {
    const core = await h.identity({ plan: 'professional' });
    const key = newKey();
    const search = () => h.app.inject({ method: 'POST', url: '/api/v1/search', headers: { ...core.keyAuth, 'idempotency-key': key }, payload: { q: 'runway' } });
    const first = await search();
    assert.equal(first.statusCode, 200);
    const replay = await search();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.json(), first.json());
    const next = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: core.keyAuth });
    assert.equal(Number(next.headers['ratelimit-remaining']), Number(first.headers['ratelimit-remaining']) - 1);
  });

  it('ignores the header on the MCP endpoint', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const headers = { ...admin.keyAuth, 'idempotency-key': newKey(), accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    await h.app.inject({ method: 'POST', url: '/api/mcp', headers, payload: init });
    assert.equal(await h.database.db.selectFrom('idempotency_keys').select('key').where('key', '=', headers['idempotency-key']).executeTakeFirst(), undefined);
  });
});

describe('Location on 201', () => {
  it('names the admin URL of each created record, where PATCH acts', async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const creates: [string, object, string][] = [
      ['editions', { number: edition.number + 100, publish_date: '2026-11-21' }, 'number'],
      ['projects', { title: title('Located project') }, 'title'],
      ['tenders', { title: title('Located tender'), buyer: 'Test Airport Authority', type: 'tender' }, 'title'],
      ['articles', { edition_id: edition.id, headline: title('Located article'), content: 'Body.' }, 'headline'],
    ];
    for (const [collection, body] of creates) {
      const res = await h.app.inject({ method: 'POST', url: `/api/v1/admin/${collection}`, headers: admin.keyAuth, payload: body });
      assert.equal(res.statusCode, 201, `${collection}: ${res.body}`);
      assert.equal(res.headers.location, `/api/v1/admin/${collection}/${res.json().data.id}`);
      const del = await h.app.inject({ method: 'DELETE', url: String(res.headers.location), headers: admin.keyAuth });
      assert.equal(del.statusCode, 200, collection);
    }
  });
});
