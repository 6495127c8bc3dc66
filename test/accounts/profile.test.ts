/**
 * GET/PATCH /v1/account/profile (issue 11): a round trip of every field; the country checked against
 * the ISO 3166-1 list of /v1/reference (any case in, upper case stored), the time zone against the
 * runtime's IANA database (links such as Asia/Kolkata included); each invalid field a 400
 * problem+json naming it that changes nothing (read back over HTTP and from the rows); unknown
 * fields and an empty patch refused like every /v1 body.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let pro: TestIdentity;
before(async () => {
  h = await startHarness();
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

interface Profile { user_id: string; email: string; name: string | null; job_title: string | null; organisation: string | null; country: string | null; timezone: string | null }

const get = async (who: TestIdentity = pro) => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/account/profile', headers: who.sessionAuth });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Profile;
};
const patch = (body: unknown, who: TestIdentity = pro) =>
  h.app.inject({ method: 'PATCH', url: '/v1/account/profile', headers: { ...who.sessionAuth, 'content-type': 'application/json' }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
const rows = async (userId: string) => ({
  user: await h.database.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow(),
  profile: await h.database.db.selectFrom('profiles').select(['job_title', 'organisation', 'country', 'timezone', 'updated_at']).where('user_id', '=', userId).executeTakeFirstOrThrow(),
});

/** PATCH `body`, expect a 400 problem naming `field`, and nothing changed (HTTP and rows). */
async function refused(body: unknown, field: string) {
  const before = { http: await get(), rows: await rows(pro.userId) };
  const res = await patch(body);
  assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const p = res.json() as { status: number; detail: string; errors?: { name: string }[] };
  assert.equal(p.status, 400);
  assert.ok(p.detail.includes(field) || (p.errors ?? []).some((e) => e.name.includes(field)), `names ${field}: ${res.body}`);
  assert.deepEqual(await get(), before.http, 'the profile read back is unchanged');
  assert.deepEqual(await rows(pro.userId), before.rows, 'the rows are unchanged');
  return p;
}

describe('GET/PATCH /v1/account/profile', () => {
  it('starts empty and round-trips every field; a patch changes only the fields sent; null clears', async () => {
    const start = await get();
    assert.deepEqual(start, { user_id: pro.userId, email: pro.email, name: null, job_title: null, organisation: null, country: null, timezone: null });
    const res = await patch({ name: 'Ana Lyst', job_title: 'Head of research', organisation: 'Example Airports', country: 'GB', timezone: 'Europe/London' });
    assert.equal(res.statusCode, 200, res.body);
    const full = { user_id: pro.userId, email: pro.email, name: 'Ana Lyst', job_title: 'Head of research', organisation: 'Example Airports', country: 'GB', timezone: 'Europe/London' };
    assert.deepEqual(res.json(), full);
    assert.deepEqual(await get(), full);
    const r = await rows(pro.userId);
    assert.deepEqual({ ...r.profile, updated_at: undefined }, { job_title: 'Head of research', organisation: 'Example Airports', country: 'GB', timezone: 'Europe/London', updated_at: undefined });
    assert.equal(r.user.name, 'Ana Lyst');
    assert.equal(r.profile.updated_at.toISOString(), h.clock.now().toISOString(), 'updated_at from the service clock');

    assert.deepEqual((await patch({ job_title: 'Analyst' })).json(), { ...full, job_title: 'Analyst' }, 'only the field sent');
    assert.deepEqual((await patch({ organisation: null, timezone: null })).json(), { ...full, job_title: 'Analyst', organisation: null, timezone: null }, 'null clears');
    await patch({ job_title: 'Head of research', organisation: 'Example Airports', timezone: 'Europe/London' });
    assert.deepEqual(await get(), full);
  });

  it('country: ISO 3166-1 alpha-2 of /v1/reference, any case in, upper case stored', async () => {
    const lower = await patch({ country: 'fr' });
    assert.equal(lower.statusCode, 200, lower.body);
    assert.equal((lower.json() as Profile).country, 'FR');
    assert.equal((await rows(pro.userId)).profile.country, 'FR');
    const reference = await h.app.inject({ method: 'GET', url: '/v1/reference', headers: pro.sessionAuth });
    assert.equal(reference.statusCode, 200);
    const codes = ((reference.json() as { countries: { code: string }[] }).countries).map((c) => c.code);
    assert.ok(codes.includes('FR') && !codes.includes('ZZ') && codes.length > 200, 'the real list');
    await patch({ country: 'GB' });
  });

  it('timezone: IANA names the runtime knows, links included, the canonical case stored', async () => {
    for (const [sent, stored] of [['Asia/Kolkata', 'Asia/Kolkata'], ['Europe/Kyiv', 'Europe/Kyiv'], ['america/new_york', 'America/New_York'], ['UTC', 'UTC'], ['Europe/London', 'Europe/London']] as const) {
      const res = await patch({ timezone: sent });
      assert.equal(res.statusCode, 200, `${sent}: ${res.body}`);
      assert.equal((res.json() as Profile).timezone, stored, sent);
    }
  });

  it('each invalid field is a 400 problem naming it and changes nothing', async () => {
    const zz = await refused({ country: 'ZZ' }, 'country');
    assert.match(zz.detail, /ZZ/);
    await refused({ country: 'GBR' }, 'country');
    await refused({ country: 'G1' }, 'country');
    await refused({ country: '' }, 'country');
    const mars = await refused({ timezone: 'Mars/Olympus' }, 'timezone');
    assert.match(mars.detail, /Mars\/Olympus/);
    await refused({ timezone: '+05:00' }, 'timezone');
    await refused({ timezone: '' }, 'timezone');
    await refused({ timezone: 'x'.repeat(65) }, 'timezone');
    await refused({ name: '' }, 'name');
    await refused({ name: 'n'.repeat(201) }, 'name');
    await refused({ job_title: 42 }, 'job_title');
    await refused({ organisation: 'o'.repeat(201) }, 'organisation');
    // A valid field next to an invalid one is not written either (whole or nothing).
    await refused({ name: 'Changed', timezone: 'Mars/Olympus' }, 'timezone');
    await refused({ job_title: 'Changed', country: 'ZZ' }, 'country');
  });

  it('refuses unknown fields (naming them) and an empty patch, like every /v1 body', async () => {
    await refused({ name: 'Changed', email: 'other@example.test' }, 'email');
    await refused({ is_admin: true }, 'is_admin');
    const before = await get();
    const empty = await patch({});
    assert.equal(empty.statusCode, 400, empty.body);
    assert.match(String(empty.headers['content-type']), /^application\/problem\+json/);
    const notJson = await patch('{"name":');
    assert.equal(notJson.statusCode, 400, notJson.body);
    assert.deepEqual(await get(), before);
  });

  it('is read and changed with any valid token, also by a user without a subscription; never another user\'s', async () => {
    const nosub = await h.identity();
    const res = await patch({ timezone: 'Asia/Tokyo' }, nosub);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await get(nosub)).timezone, 'Asia/Tokyo');
    assert.notEqual((await get()).timezone, 'Asia/Tokyo', 'the other user is untouched');
    const byKey = await h.app.inject({ method: 'GET', url: '/v1/account/profile', headers: pro.keyAuth });
    assert.equal(byKey.statusCode, 200);
    assert.equal((byKey.json() as Profile).user_id, pro.userId);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/account/profile' })).statusCode, 401);
  });
});
