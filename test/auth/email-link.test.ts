/**
 * Sign-up and email-link sign-in over HTTP (issue 25): the emailed link (single use, 15 minutes,
 * stored as a hash), identical answers for known and unknown addresses, the session cookie and its
 * flags, the browser session's state, sign-out, and the audit rows.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startHarness, TEST_NOW, type Harness } from '../helpers/harness.js';
import { browserOf, lastMail, lastToken, LOOSE_LIMITS, setCookies, signInByLink } from '../helpers/auth.js';

let h: Harness;
before(async () => { h = await startHarness({ authRateLimits: LOOSE_LIMITS, publicBaseUrl: 'http://app.example.test' }); });
after(() => h.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => h.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up', () => {
  it('emails a link to PUBLIC_BASE_URL/auth/link that creates the user and their own account (no subscription) and signs in', async () => {
    const email = 'New.Person@Example.test';
    const res = await post('/v1/auth/sign-up', { email, name: 'New Person', return_to: '/account/api-keys' });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(await h.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined, 'no user before the link is opened');
    const mail = await lastMail(h, email);
    assert.match(mail.text, /http:\/\/app\.example\.test\/auth\/link\?token=[A-Za-z0-9_-]{43}/);
    const token = await lastToken(h, email);
    const stored = await h.database.db.selectFrom('auth_tokens').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(stored.token_hash, crypto.createHash('sha256').update(token).digest('hex'), 'only the SHA-256 is stored');
    assert.equal(stored.expires_at.getTime() - h.clock.now().getTime(), 15 * 60_000);

    const verified = await post('/v1/auth/email-link/verify', { token });
    const browser = browserOf(verified);
    const body = verified.json() as { user: { email: string; name: string }; return_to: string; expires_at: string };
    assert.equal(body.user.email, email);
    assert.equal(body.user.name, 'New Person');
    assert.equal(body.return_to, '/account/api-keys');
    const user = await h.database.db.selectFrom('users').selectAll().where('id', '=', browser.userId).executeTakeFirstOrThrow();
    assert.equal(user.email_verified_at?.toISOString(), TEST_NOW);
    const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', user.id).executeTakeFirstOrThrow();
    assert.equal((await h.database.db.selectFrom('subscriptions').select('id').where('account_id', '=', account.id).execute()).length, 0, 'no subscription');
    const me = await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal((me.json() as { user_id: string }).user_id, user.id);
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'entity', 'actor_user_id']).where('actor_user_id', '=', user.id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['sign_up', 'sign_in']);
  });

  it('answers a sign-up of an existing address the same, and mails a sign-in link instead', async () => {
    const known = await h.identity({});
    const fresh = `fresh-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const a = await post('/v1/auth/sign-up', { email: known.email });
    const b = await post('/v1/auth/sign-up', { email: fresh });
    assert.equal(a.statusCode, 202);
    assert.equal(a.body, b.body);
    assert.match((await lastMail(h, known.email)).subject, /already have/);
    const browser = browserOf(await post('/v1/auth/email-link/verify', { token: await lastToken(h, known.email) }));
    assert.equal(browser.userId, known.userId);
  });
});

describe('email-link sign-in', () => {
  it('answers known and unknown addresses identically (status, headers that matter, body)', async () => {
    const known = await h.identity({ plan: 'core' });
    const a = await post('/v1/auth/email-link', { email: known.email });
    const b = await post('/v1/auth/email-link', { email: `nobody-${crypto.randomBytes(3).toString('hex')}@example.test` });
    assert.equal(a.statusCode, 202);
    assert.equal(b.statusCode, a.statusCode);
    assert.equal(b.body, a.body);
    assert.equal(b.headers['content-type'], a.headers['content-type']);
    assert.equal(a.headers['set-cookie'], undefined);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, without Secure on http', async () => {
    const known = await h.identity({});
    await post('/v1/auth/email-link', { email: known.email });
    const res = await post('/v1/auth/email-link/verify', { token: await lastToken(h, known.email) });
    const [cookie] = setCookies(res);
    assert.equal(cookie!.name, 'ai_session');
    assert.equal(cookie!.attributes.httponly, true);
    assert.equal(cookie!.attributes.samesite, 'Lax');
    assert.equal(cookie!.attributes.path, '/');
    assert.equal(cookie!.attributes.secure, undefined);
    assert.equal(cookie!.attributes['max-age'], String(30 * 24 * 3600));
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('refuses a reused link and an expired one (400, param token), and an unknown one alike', async () => {
    const known = await h.identity({});
    await post('/v1/auth/email-link', { email: known.email });
    const token = await lastToken(h, known.email);
    assert.equal((await post('/v1/auth/email-link/verify', { token })).statusCode, 200);
    const reused = await post('/v1/auth/email-link/verify', { token });
    assert.equal(reused.statusCode, 400, reused.body);
    assert.match(String(reused.headers['content-type']), /^application\/problem\+json/);
    const reason = (reused.json() as { detail: string }).detail;

    await post('/v1/auth/email-link', { email: known.email });
    const late = await lastToken(h, known.email);
    h.clock.advance(15 * 60_000);
    const expired = await post('/v1/auth/email-link/verify', { token: late });
    h.clock.set(TEST_NOW);
    assert.equal(expired.statusCode, 400, expired.body);
    assert.equal((expired.json() as { detail: string }).detail, reason);
    const unknown = await post('/v1/auth/email-link/verify', { token: crypto.randomBytes(32).toString('base64url') });
    assert.equal(unknown.statusCode, 400);
    assert.equal((unknown.json() as { detail: string }).detail, reason);
  });

  it('opens a new session at every sign-in (rotation)', async () => {
    const known = await h.identity({});
    const first = await signInByLink(h, known.email);
    const second = await signInByLink(h, known.email);
    assert.notEqual(first.cookie, second.cookie);
    assert.notEqual(first.csrf, second.csrf);
  });
});

describe('the browser session', () => {
  it('GET /v1/auth/session: signed out without a cookie or with a bad one; signed in with the user and the CSRF token', async () => {
    const none = await h.app.inject({ method: 'GET', url: '/v1/auth/session' });
    assert.equal(none.statusCode, 200);
    assert.deepEqual(none.json(), { authenticated: false });
    const bad = await h.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: 'ai_session=eyJhbGciOiJIUzI1NiJ9.e30.bad' } });
    assert.deepEqual(bad.json(), { authenticated: false });
    const known = await h.identity({});
    const browser = await signInByLink(h, known.email);
    const res = await h.app.inject({ method: 'GET', url: '/v1/auth/session', headers: browser.headers });
    const body = res.json() as { authenticated: boolean; user: { id: string; email: string }; csrf_token: string; expires_at: string };
    assert.equal(body.authenticated, true);
    assert.equal(body.user.id, known.userId);
    assert.equal(body.csrf_token, browser.csrf, 'the CSRF token survives a reload');
  });

  it('refuses a cookie-authenticated write without the CSRF token, with another session\'s token, or from a foreign Origin (403 csrf)', async () => {
    const known = await h.identity({ plan: 'professional' });
    const browser = await signInByLink(h, known.email);
    const other = await signInByLink(h, (await h.identity({})).email);
    const mint = (headers: Record<string, string>) => h.app.inject({ method: 'POST', url: '/v1/account/api-keys', payload: { label: 'web' }, headers });
    for (const [what, headers] of [
      ['no token', browser.headers],
      ['another session\'s token', { ...browser.headers, 'x-csrf-token': other.csrf }],
      ['a foreign Origin', { ...browser.writeHeaders, origin: 'https://evil.example' }],
      ['a cross-site form post', { ...browser.headers, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }],
    ] as const) {
      const res = await mint(headers);
      assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
      const problem = res.json() as { type: string; detail: string };
      assert.equal(problem.type, 'urn:airport-intel:problem:csrf', what);
    }
    assert.equal((await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', known.userId).where('label', '=', 'web').execute()).length, 0);
    const ok = await mint({ ...browser.writeHeaders, origin: 'http://app.example.test' });
    assert.equal(ok.statusCode, 201, ok.body);
    const alsoOk = await mint(browser.writeHeaders);
    assert.equal(alsoOk.statusCode, 201, 'no Origin: the token alone');
    const bearer = await h.app.inject({ method: 'POST', url: '/v1/account/api-keys', payload: { label: 'bearer' }, headers: { ...known.sessionAuth, origin: 'https://evil.example' } });
    assert.equal(bearer.statusCode, 201, 'Authorization: Bearer is not affected');
  });

  it('refuses a sign-in request from a foreign Origin (login CSRF)', async () => {
    const res = await post('/v1/auth/email-link', { email: 'someone@example.test' }, { origin: 'https://evil.example' });
    assert.equal(res.statusCode, 403);
    assert.equal((res.json() as { type: string }).type, 'urn:airport-intel:problem:csrf');
  });

  it('signs out: the session is refused on its next request, the cookie cleared, the audit written', async () => {
    const known = await h.identity({});
    const browser = await signInByLink(h, known.email);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers })).statusCode, 200);
    const out = await h.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers: browser.writeHeaders });
    assert.equal(out.statusCode, 204, out.body);
    const cleared = setCookies(out).find((c) => c.name === 'ai_session');
    assert.ok(cleared && cleared.value === '', 'the cookie is cleared');
    const next = await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers });
    assert.equal(next.statusCode, 401, next.body);
    const state = await h.app.inject({ method: 'GET', url: '/v1/auth/session', headers: browser.headers });
    assert.deepEqual(state.json(), { authenticated: false });
    const audit = await h.database.db.selectFrom('audit_log').select('action').where('actor_user_id', '=', known.userId).where('action', '=', 'sign_out').execute();
    assert.equal(audit.length, 1);
  });

  it('ends a browser session after 7 days without use, and keeps it alive while used', async () => {
    const known = await h.identity({});
    const browser = await signInByLink(h, known.email);
    h.clock.advance(6 * 24 * 3600_000);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers })).statusCode, 200, 'used after six days');
    h.clock.advance(6 * 24 * 3600_000);
    assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers })).statusCode, 200, 'six days after the last use');
    h.clock.advance(7 * 24 * 3600_000);
    const idle = await h.app.inject({ method: 'GET', url: '/v1/me', headers: browser.headers });
    h.clock.set(TEST_NOW);
    assert.equal(idle.statusCode, 401, idle.body);
  });
});
