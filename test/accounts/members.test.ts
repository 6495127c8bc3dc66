/**
 * Members and seats over HTTP (issue 11): GET/POST /v1/account/members, DELETE
 * /v1/account/members/{user_id}. The owner or an admin member invites by email (an existing user
 * joins at once; a new address gets an invitation email through the outbox whose link works: the
 * acceptance itself is covered by test/accounts/invitations.test.ts); a plain member may not (403
 * naming the role); a full account is 409 naming the seat count; the owner cannot be removed nor
 * leave (409); a removed member loses the account's entitlements on the next request and the keys
 * they minted under it are revoked (401), other keys lose the features (403); another account's
 * member is 404; a member may leave. Each refusal changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

const BASE = 'https://intel.example.test';
let h: Harness;
before(async () => { h = await startHarness({ publicBaseUrl: BASE }); });
after(() => h.close());

interface Member { user_id: string | null; email: string; name: string | null; role: string; status: string; joined_at: string }
type Auth = Record<string, string>;
const json = (auth: Auth) => ({ ...auth, 'content-type': 'application/json' });
const invite = (auth: Auth, body: unknown) => h.app.inject({ method: 'POST', url: '/v1/account/members', headers: json(auth), payload: JSON.stringify(body) });
const remove = (auth: Auth, userId: string) => h.app.inject({ method: 'DELETE', url: `/v1/account/members/${userId}`, headers: auth });
const members = async (auth: Auth) => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/account/members', headers: auth });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { members: Member[] }).members;
};
const status = async (auth: Auth, url: string) => (await h.app.inject({ method: 'GET', url, headers: auth })).statusCode;
const seats = async (auth: Auth) => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: auth });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { seats: { bought: number; used: number } }).seats;
};
const problemOf = (res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown }, code: number) => {
  assert.equal(res.statusCode, code, res.body);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  return res.json() as { status: number; detail: string; errors?: { name: string }[] };
};
/** Everything an invitation or a removal could change, for "nothing changed" assertions. */
const snapshot = async () => ({
  members: await h.database.db.selectFrom('account_members').select(['account_id', 'user_id', 'role']).orderBy('account_id').orderBy('user_id').execute(),
  invitations: await h.database.db.selectFrom('account_invitations').select(['account_id', 'email', 'accepted_at']).orderBy('id').execute(),
  outbox: Number((await h.database.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  revokedKeys: await h.database.db.selectFrom('api_keys').select('id').where('revoked_at', 'is not', null).orderBy('id').execute(),
});
/** A professional account (3 seats) and a member of it with `role`, joined through the owner. */
async function accountWithMember(role: 'admin' | 'member' = 'member'): Promise<{ owner: TestIdentity; member: TestIdentity }> {
  const owner = await h.identity({ plan: 'professional' });
  const member = await h.identity();
  const res = await invite(owner.sessionAuth, { email: member.email, role });
  assert.equal(res.statusCode, 201, res.body);
  return { owner, member };
}

describe('GET/POST /v1/account/members', () => {
  it('the owner invites an existing user: they join at once with the role and get the account\'s entitlements', async () => {
    const owner = await h.identity({ plan: 'professional' });
    const user = await h.identity();
    assert.deepEqual((await members(owner.sessionAuth)).map((m) => [m.user_id, m.role, m.status]), [[owner.userId, 'owner', 'active']]);
    assert.equal(await status(user.sessionAuth, '/v1/projects'), 403, 'no subscription yet');
    const outboxBefore = (await snapshot()).outbox;

    const res = await invite(owner.sessionAuth, { email: user.email.toUpperCase() });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.headers.location, '/v1/account/members');
    assert.equal(await status(owner.sessionAuth, String(res.headers.location)), 200, 'Location reads the members');
    assert.deepEqual(res.json(), {
      outcome: 'joined',
      member: { user_id: user.userId, email: user.email, name: null, role: 'member', status: 'active', joined_at: h.clock.now().toISOString() },
    });
    assert.equal((await snapshot()).outbox, outboxBefore, 'an existing user gets no invitation email');
    const list = await members(owner.sessionAuth);
    assert.deepEqual(list.map((m) => [m.user_id, m.role, m.status]), [[owner.userId, 'owner', 'active'], [user.userId, 'member', 'active']], 'owner first');
    assert.deepEqual(await members(user.sessionAuth), list, 'a member reads the same list');
    assert.deepEqual(await seats(owner.sessionAuth), { bought: 3, used: 2 });
    assert.equal(await status(user.sessionAuth, '/v1/projects'), 200, 'the account\'s plan, at once');
    assert.equal(await status(user.keyAuth, '/v1/projects'), 200, 'also with a key minted before joining');
  });

  it('an admin member invites a new address: an open invitation takes a seat and the email\'s link works', async () => {
    const { owner, member: admin } = await accountWithMember('admin');
    const email = 'new.colleague@example.test';
    const res = await invite(admin.sessionAuth, { email, role: 'member' });
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json(), {
      outcome: 'invited',
      member: { user_id: null, email, name: null, role: 'member', status: 'invited', joined_at: h.clock.now().toISOString() },
    });
    const list = await members(owner.sessionAuth);
    assert.deepEqual(list.map((m) => [m.email, m.role, m.status]), [[owner.email, 'owner', 'active'], [admin.email, 'admin', 'active'], [email, 'member', 'invited']]);
    assert.deepEqual(await seats(owner.sessionAuth), { bought: 3, used: 3 });

    const mail = await h.database.db.selectFrom('email_outbox').selectAll().where('to_email', '=', email).execute();
    assert.equal(mail.length, 1, 'one invitation email, through the outbox');
    assert.match(mail[0]!.subject, /invited to join/);
    assert.ok(mail[0]!.text_body.includes(admin.email), 'names who invited');
    // The link goes to the web app's page of the invitation (issue 25), which accepts through the API.
    const link = new RegExp(`${BASE.replace(/\./g, '\\.')}/invitations/([A-Za-z0-9_-]{43})`).exec(mail[0]!.text_body);
    assert.ok(link, mail[0]!.text_body);
    assert.ok(mail[0]!.html?.includes(link[0]), 'the HTML part carries the same link');
    const stored = await h.database.db.selectFrom('account_invitations').select(['token_hash', 'invited_by']).where('email', '=', email).executeTakeFirstOrThrow();
    assert.ok(!stored.token_hash.includes(link[1]!), 'only the hash of the code is stored');
    assert.equal(stored.invited_by, admin.userId);

    // The link works (its acceptance in full: invitations.test.ts).
    const accepted = await h.app.inject({ method: 'POST', url: `/v1/account/invitations/${link[1]!}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const a = accepted.json() as { user_id: string; created_user: boolean; role: string; session: { token: string } };
    assert.equal(a.created_user, true);
    assert.equal(await status({ authorization: `Bearer ${a.session.token}` }, '/v1/projects'), 200);
    assert.deepEqual((await members(owner.sessionAuth)).map((m) => [m.email, m.status]), [[owner.email, 'active'], [admin.email, 'active'], [email, 'active']]);
    assert.deepEqual(await seats(owner.sessionAuth), { bought: 3, used: 3 }, 'the seat the invitation held');
  });

  it('a plain member may not invite (403 naming the role) and nothing is written', async () => {
    const { member } = await accountWithMember('member');
    const before = await snapshot();
    for (const email of ['someone.new@example.test', (await h.identity()).email]) {
      const p = problemOf(await invite(member.sessionAuth, { email }), 403);
      assert.match(p.detail, /owner or admin/);
      assert.match(p.detail, /you are a member/);
    }
    const after = await snapshot();
    assert.deepEqual({ ...after, members: after.members.length }, { ...before, members: before.members.length + 1 }, 'only the user made above: no membership, invitation or email');
  });

  it('a full account answers 409 naming the seat count and writes nothing; more seats bought, or a seat freed, let the next one in', async () => {
    const owner = await h.identity({ plan: 'professional' });
    const joined = await h.identity();
    assert.equal((await invite(owner.sessionAuth, { email: joined.email })).statusCode, 201);
    assert.equal((await invite(owner.sessionAuth, { email: 'pending@example.test' })).statusCode, 201);
    assert.deepEqual(await seats(owner.sessionAuth), { bought: 3, used: 3 });
    const before = await snapshot();
    const p = problemOf(await invite(owner.sessionAuth, { email: 'one.too.many@example.test' }), 409);
    assert.match(p.detail, /all 3 seats are taken/);
    const existing = await h.identity();
    const snapBefore = await snapshot();
    problemOf(await invite(owner.sessionAuth, { email: existing.email }), 409);
    assert.deepEqual(await snapshot(), snapBefore, 'nothing written');
    assert.equal(before.outbox, snapBefore.outbox);

    // Seats bought beyond the plan's included ones count.
    await h.database.db.updateTable('subscriptions').set({ seats: 4 }).where('account_id', '=', (await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', owner.userId).executeTakeFirstOrThrow()).id).execute();
    assert.deepEqual(await seats(owner.sessionAuth), { bought: 4, used: 3 });
    assert.equal((await invite(owner.sessionAuth, { email: existing.email })).statusCode, 201);
    assert.match(problemOf(await invite(owner.sessionAuth, { email: 'again@example.test' }), 409).detail, /all 4 seats are taken/);
    // A removal frees a seat.
    assert.equal((await remove(owner.sessionAuth, joined.userId)).statusCode, 200);
    assert.equal((await invite(owner.sessionAuth, { email: 'again@example.test' })).statusCode, 201);
  });

  it('refuses bad input with 400 naming the field, an address already a member or invited with 409, and changes nothing', async () => {
    const { owner, member } = await accountWithMember('member');
    await invite(owner.sessionAuth, { email: 'invited.once@example.test' });
    const before = await snapshot();
    for (const [body, field] of [
      [{ email: 'not-an-email' }, 'email'], [{ email: 'x@example.test', role: 'owner' }, 'role'], [{ role: 'member' }, 'email'], [{ email: 'x@example.test', plan: 'enterprise' }, 'plan'],
    ] as const) {
      const p = problemOf(await invite(owner.sessionAuth, body), 400);
      assert.ok(p.detail.includes(field) || (p.errors ?? []).some((e) => e.name.includes(field)), `${JSON.stringify(body)} names ${field}: ${JSON.stringify(p)}`);
    }
    assert.match(problemOf(await invite(owner.sessionAuth, { email: member.email }), 409).detail, /already a member/);
    assert.match(problemOf(await invite(owner.sessionAuth, { email: 'INVITED.once@example.test' }), 409).detail, /already been invited/);
    assert.match(problemOf(await invite(owner.sessionAuth, { email: owner.email }), 409).detail, /already a member/);
    assert.deepEqual(await snapshot(), before);
  });
  it('an expired invitation gives way: it holds no seat, is not listed, and the address can be invited again (last: it moves the clock)', async () => {
    const owner = await h.identity({ plan: 'professional' });
    const email = 'late.comer@example.test';
    assert.equal((await invite(owner.keyAuth, { email })).statusCode, 201);
    assert.match(problemOf(await invite(owner.keyAuth, { email }), 409).detail, /already been invited/, 'while it is open');
    h.clock.advance(15 * 86_400_000);
    assert.deepEqual((await members(owner.keyAuth)).map((m) => m.email), [owner.email], 'the expired one is not listed');
    assert.deepEqual(await seats(owner.keyAuth), { bought: 3, used: 1 });
    const again = await invite(owner.keyAuth, { email });
    assert.equal(again.statusCode, 201, again.body);
    assert.equal((again.json() as { outcome: string }).outcome, 'invited');
    const rows = await h.database.db.selectFrom('account_invitations').select(['expires_at']).where('email', '=', email).execute();
    assert.deepEqual(rows.map((r) => r.expires_at.toISOString()), [new Date(h.clock.now().getTime() + 14 * 86_400_000).toISOString()], 'one invitation, the new one');
    assert.equal((await h.database.db.selectFrom('email_outbox').select('id').where('to_email', '=', email).execute()).length, 2, 'a second email');
  });
});

describe('DELETE /v1/account/members/{user_id}', () => {
  it('the owner cannot be removed, by an admin member nor by themselves (409); a plain member may not remove anyone (403)', async () => {
    const { owner, member: admin } = await accountWithMember('admin');
    const plain = await h.identity();
    assert.equal((await invite(owner.sessionAuth, { email: plain.email })).statusCode, 201);
    const before = await snapshot();
    assert.match(problemOf(await remove(admin.sessionAuth, owner.userId), 409).detail, /owner cannot be removed/);
    assert.match(problemOf(await remove(owner.sessionAuth, owner.userId), 409).detail, /owner cannot leave/);
    assert.match(problemOf(await remove(plain.sessionAuth, admin.userId), 403).detail, /you are a member/);
    assert.match(problemOf(await remove(plain.sessionAuth, owner.userId), 403).detail, /you are a member/);
    assert.deepEqual(await snapshot(), before, 'nothing changed');
    // An admin member removes another admin or a member.
    assert.equal((await remove(admin.sessionAuth, plain.userId)).statusCode, 200);
  });

  it('a removed member loses the account\'s entitlements at once; the keys they minted under it are revoked (401), others lose the features (403)', async () => {
    const { owner, member } = await accountWithMember('member');
    const minted = await h.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: json(member.sessionAuth), payload: JSON.stringify({ label: 'member key' }) });
    assert.equal(minted.statusCode, 201, minted.body);
    const key = minted.json() as { id: string; key: string };
    const keyAuth = { authorization: `Bearer ${key.key}` };
    for (const auth of [member.sessionAuth, member.keyAuth, keyAuth]) assert.equal(await status(auth, '/v1/projects'), 200);
    assert.equal(await status(keyAuth, '/api/v1/projects'), 200);

    const res = await remove(owner.sessionAuth, member.userId);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { user_id: member.userId, removed: true });

    assert.equal(await status(member.sessionAuth, '/v1/projects'), 403, 'the session, on the very next request');
    assert.equal(await status(member.keyAuth, '/v1/projects'), 403, 'a key of their own account: no features any more');
    const revoked = await h.app.inject({ method: 'GET', url: '/v1/projects', headers: keyAuth });
    assert.equal(revoked.statusCode, 401, 'the key minted under the account is revoked');
    assert.match((revoked.json() as { detail: string }).detail, /revoked/);
    assert.equal(await status(keyAuth, '/api/v1/projects'), 401);
    const row = await h.database.db.selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    assert.equal(row.revoked_at?.toISOString(), h.clock.now().toISOString());
    assert.equal(await status(member.sessionAuth, '/v1/account/subscription'), 404, 'their own account has none');
    assert.deepEqual((await members(owner.sessionAuth)).map((m) => m.user_id), [owner.userId]);
    assert.equal(await status(owner.keyAuth, '/v1/projects'), 200, 'the owner keeps everything');
    assert.equal((await remove(owner.sessionAuth, member.userId)).statusCode, 404, 'removed already');
  });

  it('a member of another account, an unknown user and a malformed id: 404, 404, 400; the other account is untouched', async () => {
    const a = await h.identity({ plan: 'professional' });
    const { owner: b, member: bMember } = await accountWithMember('member');
    const before = await snapshot();
    problemOf(await remove(a.sessionAuth, bMember.userId), 404);
    problemOf(await remove(a.sessionAuth, b.userId), 404);
    problemOf(await remove(a.sessionAuth, '00000000-0000-4000-8000-000000000000'), 404);
    problemOf(await remove(a.sessionAuth, 'not-a-uuid'), 400);
    assert.deepEqual(await snapshot(), before);
    assert.equal(await status(bMember.sessionAuth, '/v1/projects'), 200);
  });

  it('a member or an admin member may leave (their own user id): the same effects as a removal', async () => {
    for (const role of ['member', 'admin'] as const) {
      const { owner, member } = await accountWithMember(role);
      const res = await remove(member.sessionAuth, member.userId);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { user_id: member.userId, removed: true });
      assert.equal(await status(member.sessionAuth, '/v1/projects'), 403);
      assert.deepEqual((await members(owner.sessionAuth)).map((m) => m.user_id), [owner.userId]);
    }
  });
  it('joining another account (no consent needed) never takes away the management of one\'s own paid account; leaving it works', async () => {
    const a = await h.identity({ plan: 'professional' });
    const b = await h.identity({ plan: 'enterprise' });
    assert.equal((await invite(b.sessionAuth, { email: a.email })).statusCode, 201);
    const features = async () => ((await h.app.inject({ method: 'GET', url: '/v1/me', headers: a.sessionAuth })).json() as { features: string[] }).features;
    assert.ok((await features()).includes('mcp'), 'features from the better (enterprise) subscription');
    assert.deepEqual((await members(a.sessionAuth)).map((m) => [m.user_id, m.role]), [[a.userId, 'owner']], 'A still manages A');
    const sub = await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: a.sessionAuth });
    assert.equal((sub.json() as { plan: string }).plan, 'professional');
    assert.equal((await invite(a.sessionAuth, { email: 'a.colleague@example.test' })).statusCode, 201, 'invites into A');
    const cancel = await h.app.inject({ method: 'POST', url: '/v1/billing/cancel', headers: a.sessionAuth });
    assert.equal(cancel.statusCode, 200, `the owner cancels their own subscription: ${cancel.body}`);
    // Leaving: A leaves B (the account that gives A its subscription), not its own.
    const left = await remove(a.sessionAuth, a.userId);
    assert.equal(left.statusCode, 200, left.body);
    assert.deepEqual((await members(b.sessionAuth)).map((m) => m.user_id), [b.userId]);
    assert.ok(!(await features()).includes('mcp'), 'back to its own professional features');
    assert.match(problemOf(await remove(a.sessionAuth, a.userId), 409).detail, /owner cannot leave/, 'now only its own account is left');
  });
});

describe('GET /v1/account/subscription', () => {
  interface Sub { id: string; account_id: string; plan: string; status: string; addons: string[]; seats: { bought: number; used: number }; current_period_end: string | null; cancel_at_period_end: boolean; trial_end: string | null }
  const read = async (auth: Auth) => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: auth });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Sub;
  };
  const accountOf = async (userId: string) => (await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', userId).executeTakeFirstOrThrow()).id;
  const in14Days = () => new Date(h.clock.now().getTime() + 14 * 86_400_000).toISOString();

  it('a trial started over HTTP, and one made by the CLI: trialing, no add-ons, one seat, period and trial end 14 days on', async () => {
    const user = await h.identity();
    problemOf(await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: user.sessionAuth }), 404);
    const started = await h.app.inject({ method: 'POST', url: '/v1/billing/trial', headers: user.sessionAuth });
    assert.equal(started.statusCode, 201, started.body);
    const sub = await read(user.sessionAuth);
    assert.deepEqual(started.json(), sub);
    const row = await h.database.db.selectFrom('subscriptions').select('id').where('account_id', '=', await accountOf(user.userId)).executeTakeFirstOrThrow();
    assert.deepEqual(sub, {
      id: row.id, account_id: await accountOf(user.userId), plan: 'trial', status: 'trialing', addons: [], seats: { bought: 1, used: 1 },
      current_period_end: in14Days(), cancel_at_period_end: false, trial_end: in14Days(),
    });
    const cli = await read((await h.identity({ plan: 'trial' })).sessionAuth);
    assert.deepEqual([cli.status, cli.current_period_end, cli.trial_end], ['trialing', in14Days(), in14Days()], 'a trial of createUser (no recorded trial_end) reports its period end as the trial end');
  });

  it('a paid subscription with an add-on: active, its add-ons, the plan\'s seats; cancelling sets cancel_at_period_end and a period end', async () => {
    const owner = await h.identity({ plan: 'professional', addons: ['wat'] });
    const accountId = await accountOf(owner.userId);
    const sub = await read(owner.sessionAuth);
    assert.deepEqual({ ...sub, id: undefined }, {
      id: undefined, account_id: accountId, plan: 'professional', status: 'active', addons: ['wat'], seats: { bought: 3, used: 1 },
      current_period_end: null, cancel_at_period_end: false, trial_end: null,
    });
    const periodEnd = new Date(h.clock.now().getTime() + 20 * 86_400_000);
    await h.database.db.updateTable('subscriptions').set({ current_period_end: periodEnd, status: 'past_due', seats: 5 }).where('id', '=', sub.id).execute();
    const pastDue = await read(owner.sessionAuth);
    assert.deepEqual([pastDue.status, pastDue.current_period_end, pastDue.seats], ['past_due', periodEnd.toISOString(), { bought: 5, used: 1 }]);
    await h.database.db.updateTable('subscriptions').set({ status: 'active' }).where('id', '=', sub.id).execute();
    const canceled = await h.app.inject({ method: 'POST', url: '/v1/billing/cancel', headers: owner.sessionAuth });
    assert.equal(canceled.statusCode, 200, canceled.body);
    const after = await read(owner.sessionAuth);
    assert.deepEqual(canceled.json(), after);
    assert.deepEqual([after.status, after.cancel_at_period_end, after.current_period_end], ['active', true, periodEnd.toISOString()], 'access continues until the period ends');
  });

  it('an account with members: seats used counts members and open invitations; every member reads the account\'s subscription', async () => {
    const { owner, member } = await accountWithMember('member');
    assert.equal((await invite(owner.sessionAuth, { email: 'seat.holder@example.test' })).statusCode, 201);
    const sub = await read(owner.sessionAuth);
    assert.deepEqual(sub.seats, { bought: 3, used: 3 });
    assert.deepEqual(await read(member.sessionAuth), sub, 'the member sees the account\'s subscription, not their own account');
    assert.deepEqual(await read(member.keyAuth), sub);
    assert.equal((await remove(owner.sessionAuth, member.userId)).statusCode, 200);
    assert.deepEqual((await read(owner.sessionAuth)).seats, { bought: 3, used: 2 });
  });

  it('once the period is over (by the service clock) a trial or a cancelled subscription reads canceled, with no seat left', async () => {
    const trial = await h.identity({ plan: 'trial' });
    const paid = await h.identity({ plan: 'core' });
    assert.equal((await h.app.inject({ method: 'POST', url: '/v1/billing/cancel', headers: paid.sessionAuth })).statusCode, 200);
    const end = (await read(paid.sessionAuth)).current_period_end!;
    assert.equal((await read(paid.sessionAuth)).status, 'active', 'access continues until the period ends');
    h.clock.set(new Date(Math.max(new Date(end).getTime(), new Date(in14Days()).getTime()) + 1000));
    for (const who of [trial, paid]) {
      const sub = await read(who.keyAuth); // (the session tokens have expired by now)
      assert.equal(sub.status, 'canceled');
      assert.deepEqual(sub.seats, { bought: 0, used: 1 });
      assert.equal(await status(who.keyAuth, '/v1/editions'), 403, 'and no access');
    }
  });
});
