/**
 * Accepting an account invitation (issue 11, members): the link of the invitation email creates
 * the user when new, joins the account with the invited role and answers a session token that
 * works; the link works once; an expired or unknown token is 404; an existing user's invitation
 * (sent when the user is created after the invite) joins without creating a second user.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let owner: TestIdentity;
before(async () => {
  h = await startHarness();
  owner = await h.identity({ plan: 'professional' });
});
after(() => h.close());

const json = { 'content-type': 'application/json' };
const invite = async (email: string, role = 'member') => {
  const res = await h.app.inject({ method: 'POST', url: '/v1/account/members', headers: { ...owner.sessionAuth, ...json }, payload: JSON.stringify({ email, role }) });
  assert.equal(res.statusCode, 201, res.body);
  const mail = await h.database.db.selectFrom('email_outbox').select('text_body').where('to_email', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const m = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text_body);
  assert.ok(m, mail.text_body);
  return m[1]!;
};
const accept = (token: string, body: unknown = {}) =>
  h.app.inject({ method: 'POST', url: `/v1/account/invitations/${token}`, headers: json, payload: JSON.stringify(body) });

describe('POST /v1/account/invitations/{code}', () => {
  it('creates the new user, joins the account with the invited role and answers a working session; once only', async () => {
    const token = await invite('new.member@example.com', 'admin');
    const res = await accept(token, { name: 'New Member' });
    assert.equal(res.statusCode, 200, res.body);
    const a = res.json() as { user_id: string; email: string; role: string; created_user: boolean; session: { token: string } };
    assert.equal(a.email, 'new.member@example.com');
    assert.equal(a.role, 'admin');
    assert.equal(a.created_user, true);

    const members = await h.app.inject({ method: 'GET', url: '/v1/account/members', headers: owner.sessionAuth });
    const list = (members.json() as { members: { user_id: string | null; email: string; role: string; status: string }[] }).members;
    const joined = list.filter((m) => m.email === 'new.member@example.com');
    assert.deepEqual(joined.map((m) => [m.user_id, m.role, m.status]), [[a.user_id, 'admin', 'active']], 'a member now, no open invitation');

    // The member's session works and carries the account's plan.
    const sub = await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: { authorization: `Bearer ${a.session.token}` } });
    assert.equal(sub.statusCode, 200, sub.body);
    assert.equal((sub.json() as { plan: string }).plan, 'professional');

    const again = await accept(token);
    assert.equal(again.statusCode, 404, 'the link works once');
    assert.match(again.headers['content-type'] as string, /application\/problem\+json/);
  });

  it('joins an address that became a user after the invitation without creating another user', async () => {
    const token = await invite('late.user@example.com');
    const late = await h.identity();
    await h.database.db.updateTable('users').set({ email: 'late.user@example.com' }).where('id', '=', late.userId).execute();
    const res = await accept(token);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { user_id: string; created_user: boolean }).user_id, late.userId);
    assert.equal((res.json() as { created_user: boolean }).created_user, false);
  });

  it('refuses an expired or unknown token with 404 and a malformed one with 400', async () => {
    // Free a seat first: professional has 3 (owner plus the two above).
    const removed = (await h.database.db.selectFrom('account_members').select('user_id').where('role', '=', 'member').executeTakeFirstOrThrow()).user_id;
    const del = await h.app.inject({ method: 'DELETE', url: `/v1/account/members/${removed}`, headers: owner.sessionAuth });
    assert.equal(del.statusCode, 200, del.body);
    const token = await invite('slow.reader@example.com');
    h.clock.advance(15 * DAY_MS);
    assert.equal((await accept(token)).statusCode, 404, 'expired after 14 days');
    assert.equal((await accept('A'.repeat(43))).statusCode, 404);
    assert.equal((await accept('bad token!')).statusCode, 400);
    const users = await h.database.db.selectFrom('users').select('id').where('email', '=', 'slow.reader@example.com').execute();
    assert.equal(users.length, 0, 'no user created');
  });
});
