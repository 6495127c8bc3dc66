/**
 * Passwords and sessions over HTTP (issue 25): NIST SP 800-63B rules, Argon2id storage, sign-in
 * answers identical for every failure, changing or resetting a password ends the other sessions
 * (refused on their very next request, with the remembered identities on), the session list,
 * ending one session or all, and the audit rows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSession } from '../../src/domain/identity/index.js';
import { SESSION_SECRET, startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { browserOf, lastToken, LOOSE_LIMITS, signInByLink, type Browser } from '../helpers/auth.js';

let h: Harness;
before(async () => { h = await startHarness({ authRateLimits: LOOSE_LIMITS }); });
after(() => h.close());

const PASSWORD = 'correct horse battery staple';
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  h.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const signIn = (email: string, password: string) => inject('POST', '/v1/auth/sign-in', {}, { email, password });
const me = (headers: Record<string, string>) => inject('GET', '/v1/me', headers);

/** A user with a browser session and the password set. */
async function withPassword(): Promise<{ user: TestIdentity; browser: Browser }> {
  const user = await h.identity({ plan: 'core' });
  const browser = await signInByLink(h, user.email);
  const set = await inject('PUT', '/v1/account/password', browser.writeHeaders, { password: PASSWORD });
  assert.equal(set.statusCode, 204, set.body);
  return { user, browser };
}

describe('password rules (NIST SP 800-63B)', () => {
  it('refuses a short one, the email address (or its local part) and a common one, naming the rule; accepts a long passphrase without composition rules', async () => {
    const user = await h.identity({});
    const browser = await signInByLink(h, user.email);
    const set = (password: string) => inject('PUT', '/v1/account/password', browser.writeHeaders, { password });
    for (const [password, rule] of [
      ['short1!', /at least 8 characters/],
      [user.email.toUpperCase(), /email address/],
      [user.email.slice(0, user.email.indexOf('@')), /email address/],
      ['Password123', /common/],
      ['qwertyuiop', /common/],
    ] as const) {
      const res = await set(password);
      assert.equal(res.statusCode, 400, `${password}: ${res.body}`);
      assert.match((res.json() as { detail: string }).detail, rule, password);
      assert.equal((res.json() as { errors: { name: string }[] }).errors[0]!.name, 'password');
    }
    assert.equal((await set('aaaaaaaa')).statusCode, 204, 'eight letters, no composition rule');
    const stored = await h.database.db.selectFrom('users').select('password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow();
    assert.match(stored.password_hash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'Argon2id, OWASP parameters');
    assert.equal((await me(browser.headers)).json().has_password, true);
  });
});

describe('sign-in with a password', () => {
  it('signs in with the right password, sets the cookie and audits it', async () => {
    const { user } = await withPassword();
    const res = await signIn(user.email.toUpperCase(), PASSWORD);
    const browser = browserOf(res);
    assert.equal(browser.userId, user.userId);
    const audit = await h.database.db.selectFrom('audit_log').select(['after']).where('actor_user_id', '=', user.userId).where('action', '=', 'sign_in').orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.equal((audit.after as { method: string }).method, 'password');
  });

  it('answers every failure identically: unknown address, no password, wrong password', async () => {
    const { user } = await withPassword();
    const nopass = await h.identity({});
    const answers = [
      await signIn('nobody-at-all@example.test', PASSWORD),
      await signIn(nopass.email, PASSWORD),
      await signIn(user.email, 'not the password at all'),
    ];
    for (const res of answers) {
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.headers['set-cookie'], undefined);
    }
    assert.equal(new Set(answers.map((a) => a.body)).size, 1, answers.map((a) => a.body).join('\n'));
  });

  it('removing the password leaves email links only', async () => {
    const { user, browser } = await withPassword();
    assert.equal((await inject('DELETE', '/v1/account/password', browser.writeHeaders)).statusCode, 204);
    assert.equal((await signIn(user.email, PASSWORD)).statusCode, 401);
    assert.equal((await me(browser.headers)).json().has_password, false);
  });
});

describe('changing and resetting a password end the other sessions', () => {
  it('a change keeps this session and ends the others, refused on their very next request (remembered identities on)', async () => {
    const { user, browser } = await withPassword();
    const other = browserOf(await signIn(user.email, PASSWORD));
    // A bearer session opened after the password was set (setting it ended the harness's one).
    const bearer = { authorization: `Bearer ${(await createSession(h.ctx(), SESSION_SECRET, user.email)).token}` };
    assert.equal((await me(other.headers)).statusCode, 200, 'remembered now');
    assert.equal((await me(bearer)).statusCode, 200);
    const wrong = await inject('PUT', '/v1/account/password', browser.writeHeaders, { current_password: 'not it at all', password: 'a brand new passphrase' });
    assert.equal(wrong.statusCode, 400);
    const missing = await inject('PUT', '/v1/account/password', browser.writeHeaders, { password: 'a brand new passphrase' });
    assert.equal(missing.statusCode, 400);
    assert.match((missing.json() as { detail: string }).detail, /current_password/);
    const changed = await inject('PUT', '/v1/account/password', browser.writeHeaders, { current_password: PASSWORD, password: 'a brand new passphrase' });
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal((await me(other.headers)).statusCode, 401, 'the other browser is signed out');
    assert.equal((await me(bearer)).statusCode, 401, 'the bearer session too');
    assert.equal((await me(browser.headers)).statusCode, 200, 'this session stays');
    const byKey = await me(user.keyAuth);
    assert.equal(byKey.statusCode, 200, `API keys are not sessions: ${byKey.body}`);
    assert.equal((await signIn(user.email, 'a brand new passphrase')).statusCode, 200);
    const audit = await h.database.db.selectFrom('audit_log').select(['after']).where('actor_user_id', '=', user.userId).where('action', '=', 'password_change').orderBy('id', 'desc').executeTakeFirstOrThrow();
    assert.deepEqual(audit.after, { had_password: true, sessions_ended: 2 });
  });

  it('a reset by emailed link (/auth/reset) sets the password, ends every older session and signs in; the link works once', async () => {
    const { user, browser } = await withPassword();
    const unknown = await inject('POST', '/v1/auth/password-reset', {}, { email: 'nobody-here@example.test' });
    const known = await inject('POST', '/v1/auth/password-reset', {}, { email: user.email });
    assert.equal(known.statusCode, 202);
    assert.equal(unknown.body, known.body, 'the same answer for every address');
    const token = await lastToken(h, user.email, '/auth/reset');
    const weak = await inject('POST', '/v1/auth/password-reset/complete', {}, { token, password: 'password' });
    assert.equal(weak.statusCode, 400);
    // A refused password leaves the link usable (nothing committed).
    const done = await inject('POST', '/v1/auth/password-reset/complete', {}, { token, password: 'reset passphrase ok' });
    const fresh = browserOf(done);
    assert.equal((await me(browser.headers)).statusCode, 401, 'the older browser session ended');
    assert.equal((await me(fresh.headers)).statusCode, 200);
    assert.equal((await inject('POST', '/v1/auth/password-reset/complete', {}, { token, password: 'another passphrase' })).statusCode, 400, 'once');
    assert.equal((await signIn(user.email, 'reset passphrase ok')).statusCode, 200);
  });
});

describe('the session list', () => {
  it('lists the live sessions with device and address, ends one (refused on its next request) and all', async () => {
    const user = await h.identity({});
    const firefox = await signInByLink(h, user.email, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0' });
    const phone = await signInByLink(h, user.email, { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36' });
    const res = await inject('GET', '/v1/account/sessions', firefox.headers);
    assert.equal(res.statusCode, 200, res.body);
    const sessions = (res.json() as { sessions: { id: string; current: boolean; device: string | null; ip: string }[] }).sessions;
    assert.equal(sessions.length, 3, 'the harness\'s bearer session and two browsers');
    assert.deepEqual(sessions.filter((s) => s.current).map((s) => s.device), ['Firefox on Linux']);
    assert.ok(sessions.some((s) => s.device === 'Chrome on Android'));
    assert.equal(sessions.find((s) => s.current)!.ip, '127.0.0.1');

    const phoneId = sessions.find((s) => s.device === 'Chrome on Android')!.id;
    const other = await h.identity({});
    assert.equal((await inject('DELETE', `/v1/account/sessions/${phoneId}`, other.sessionAuth)).statusCode, 404, 'another user\'s session');
    assert.equal((await me(phone.headers)).statusCode, 200);
    assert.equal((await inject('DELETE', `/v1/account/sessions/${phoneId}`, firefox.writeHeaders)).statusCode, 204);
    assert.equal((await me(phone.headers)).statusCode, 401, 'ended elsewhere: refused on its next request');

    const everywhere = await inject('DELETE', '/v1/account/sessions', firefox.writeHeaders);
    assert.equal(everywhere.statusCode, 204);
    assert.equal((await me(firefox.headers)).statusCode, 401);
    assert.equal((await me(user.sessionAuth)).statusCode, 401);
    assert.equal((await me(user.keyAuth)).statusCode, 200, 'keys stay');
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'entity']).where('actor_user_id', '=', user.userId).where('action', '=', 'sign_out').execute();
    assert.deepEqual(audit.map((a) => a.entity).sort(), ['session', 'user']);
  });
});
