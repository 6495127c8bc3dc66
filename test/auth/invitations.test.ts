/**
 * The invitation page's API (issue 25): the emailed link goes to the web app's page
 * `/invitations/{code}`, `GET /v1/account/invitations/{code}` tells who invites whom, and accepting
 * sets the browser session cookie and answers the CSRF token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';
import { lastMail, setCookies } from '../helpers/auth.js';

let h: Harness;
let owner: TestIdentity;
before(async () => {
  h = await startHarness({ publicBaseUrl: 'https://intel.example.test' });
  owner = await h.identity({ plan: 'professional' });
  await h.database.db.updateTable('users').set({ name: 'Olivia Owner' }).where('id', '=', owner.userId).execute();
});
after(() => h.close());

const invite = async (email: string) => {
  const res = await h.app.inject({ method: 'POST', url: '/v1/account/members', headers: owner.sessionAuth, payload: { email, role: 'member' } });
  assert.equal(res.statusCode, 201, res.body);
  const m = /https:\/\/intel\.example\.test\/invitations\/([A-Za-z0-9_-]{43})/.exec((await lastMail(h, email)).text);
  assert.ok(m, 'the link is the web app\'s page');
  return m[1]!;
};

describe('invitations in the browser', () => {
  it('shows the invitation, then accepting sets the __Host- cookie (Secure on https) and answers the CSRF token', async () => {
    const code = await invite('guest@example.test');
    const seen = await h.app.inject({ method: 'GET', url: `/v1/account/invitations/${code}` });
    assert.equal(seen.statusCode, 200, seen.body);
    const account = await h.database.db.selectFrom('accounts').select('name').where('owner_user_id', '=', owner.userId).executeTakeFirstOrThrow();
    assert.deepEqual(seen.json(), { invitation: { account_name: account.name, invited_by: { name: 'Olivia Owner' }, email: 'guest@example.test', role: 'member', expires_at: new Date(Date.parse(TEST_NOW) + 14 * 86_400_000).toISOString(), status: 'open' } });

    const accepted = await h.app.inject({ method: 'POST', url: `/v1/account/invitations/${code}`, payload: { name: 'Guest' }, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' } });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const body = accepted.json() as { csrf_token: string; session: { token: string } };
    const [cookie] = setCookies(accepted);
    assert.equal(cookie!.name, '__Host-ai_session');
    assert.equal(cookie!.value, body.session.token);
    assert.equal(cookie!.attributes.secure, true);
    assert.equal(cookie!.attributes.httponly, true);
    assert.equal(cookie!.attributes.samesite, 'Lax');
    const state = await h.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: `__Host-ai_session=${cookie!.value}` } });
    assert.equal((state.json() as { csrf_token: string }).csrf_token, body.csrf_token);
    const sessions = await h.app.inject({ method: 'GET', url: '/v1/account/sessions', headers: { cookie: `__Host-ai_session=${cookie!.value}` } });
    if (sessions.statusCode === 200) assert.equal((sessions.json() as { sessions: { device: string }[] }).sessions[0]!.device, 'Firefox on Linux');

    const after = await h.app.inject({ method: 'GET', url: `/v1/account/invitations/${code}` });
    assert.equal((after.json() as { invitation: { status: string } }).invitation.status, 'accepted');
    const user = await h.database.db.selectFrom('users').select(['email_verified_at']).where('email', '=', 'guest@example.test').executeTakeFirstOrThrow();
    assert.equal(user.email_verified_at?.toISOString(), TEST_NOW, 'the link verified the address');
  });

  it('answers 404 to an unknown code, and shows an expired invitation as expired', async () => {
    const unknown = await h.app.inject({ method: 'GET', url: `/v1/account/invitations/${'x'.repeat(43)}` });
    assert.equal(unknown.statusCode, 404);
    const code = await invite('late@example.test');
    h.clock.advance(15 * 86_400_000);
    const seen = await h.app.inject({ method: 'GET', url: `/v1/account/invitations/${code}` });
    h.clock.set(TEST_NOW);
    assert.equal((seen.json() as { invitation: { status: string } }).invitation.status, 'expired');
  });
});
