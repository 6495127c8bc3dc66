/**
 * Company single sign-on end to end against a local OpenID provider (test/helpers/oidc-stand-in.ts,
 * `oidc-provider`): the owner of an Enterprise account configures it, a person of the domain starts
 * a sign-in, the provider sends them back with a code, the service checks state, PKCE, nonce and the
 * id token and signs them in, creating them as a member on first sign-in; the seat limit applies;
 * a used state is refused; changes are audited; the secret is never read back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { LOOSE_LIMITS, setCookies } from '../helpers/auth.js';
import { startOidcStandIn, type OidcStandIn } from '../helpers/oidc-stand-in.js';

const BASE = 'http://127.0.0.1:3999';
let h: Harness;
let idp: OidcStandIn;
let owner: TestIdentity;
before(async () => {
  h = await startHarness({ authRateLimits: LOOSE_LIMITS, publicBaseUrl: BASE, outboundAllowedHosts: parseAllowedHosts('127.0.0.1') });
  idp = await startOidcStandIn({ redirectUri: `${BASE}/v1/auth/sso/callback`, email: 'pat@corp.example' });
  owner = await h.identity({ plan: 'enterprise' });
});
after(async () => {
  await idp.close();
  await h.close();
});

const configure = (who: TestIdentity, body: Record<string, unknown>) => h.app.inject({ method: 'PUT', url: '/v1/account/sso', headers: who.sessionAuth, payload: body });

/** Starts a sign-in for `email` and follows it through the provider: the callback's answer. */
async function signInThroughProvider(email: string, returnTo = '/account') {
  const started = await h.app.inject({ method: 'POST', url: '/v1/auth/sso/start', payload: { email, return_to: returnTo } });
  assert.equal(started.statusCode, 200, started.body);
  const authorizationUrl = (started.json() as { authorization_url: string }).authorization_url;
  const back = new URL(await idp.authorize(authorizationUrl));
  assert.equal(`${back.origin}${back.pathname}`, `${BASE}/v1/auth/sso/callback`);
  return { callback: await h.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` }), authorizationUrl, back };
}

describe('company sign-in (OpenID Connect)', () => {
  it('is configured by the owner of an Enterprise account only; the secret is never read back; audited', async () => {
    const pro = await h.identity({ plan: 'professional' });
    const refused = await configure(pro, { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: ['pro.example'] });
    assert.equal(refused.statusCode, 403, refused.body);
    const http = await configure(owner, { issuer: 'http://login.corp.example', client_id: 'x', client_secret: 'y', domains: ['corp.example'] });
    assert.equal(http.statusCode, 400, 'http only to an allowed host');
    const res = await configure(owner, { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: ['Corp.Example'] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { sso: { issuer: idp.issuer, client_id: idp.clientId, domains: ['corp.example'], enabled: true, has_client_secret: true } });
    assert.ok(!res.body.includes(idp.clientSecret));
    const read = await h.app.inject({ method: 'GET', url: '/v1/account/sso', headers: owner.sessionAuth });
    assert.ok(!read.body.includes(idp.clientSecret), 'never read back');
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'sso_configuration').execute();
    assert.equal(audit.length, 1);
    assert.ok(!JSON.stringify(audit[0]!.after).includes(idp.clientSecret), 'the secret is not in the audit log');
  });

  it('signs a new person of the domain in through the provider and makes them a member of the account', async () => {
    const { callback, authorizationUrl } = await signInThroughProvider('pat@corp.example');
    const auth = new URL(authorizationUrl);
    assert.equal(auth.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(auth.searchParams.get('nonce') && auth.searchParams.get('state'));
    assert.equal(callback.statusCode, 303, callback.body);
    assert.equal(callback.headers.location, '/account');
    const cookie = setCookies(callback).find((c) => c.name === 'ai_session');
    assert.ok(cookie, 'the session cookie is set');
    const state = await h.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: `ai_session=${cookie.value}` } });
    const body = state.json() as { authenticated: boolean; user: { id: string; email: string; name: string } };
    assert.equal(body.authenticated, true);
    assert.equal(body.user.email, 'pat@corp.example');
    assert.equal(body.user.name, 'Pat Example');
    const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', owner.userId).executeTakeFirstOrThrow();
    const member = await h.database.db.selectFrom('account_members').select('role').where('account_id', '=', account.id).where('user_id', '=', body.user.id).executeTakeFirst();
    assert.equal(member?.role, 'member');
    const sub = await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: { cookie: `ai_session=${cookie.value}` } });
    assert.equal((sub.json() as { plan: string }).plan, 'enterprise', 'the member has the account\'s plan');
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'after']).where('actor_user_id', '=', body.user.id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['sign_up', 'sign_in']);
    assert.equal((audit[1]!.after as { method: string }).method, 'sso');

    // The second sign-in finds the member (no second user).
    const again = await signInThroughProvider('pat@corp.example', '/');
    assert.equal(again.callback.statusCode, 303);
    assert.equal(again.callback.headers.location, '/');
    assert.equal((await h.database.db.selectFrom('users').select('id').where('email', '=', 'pat@corp.example').execute()).length, 1);

    // A used state is refused.
    const replay = await h.app.inject({ method: 'GET', url: `${again.back.pathname}${again.back.search}` });
    assert.equal(replay.statusCode, 303);
    assert.match(String(replay.headers.location), /^\/sign-in\?error=sso/);
    assert.equal(replay.headers['set-cookie'], undefined);
  });

  it('refuses a first sign-in when the account has no free seat, naming the seats', async () => {
    const account = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', owner.userId).executeTakeFirstOrThrow();
    const seats = async () => ((await h.app.inject({ method: 'GET', url: '/v1/account/subscription', headers: owner.sessionAuth })).json() as { seats: { bought: number; used: number } }).seats;
    const { bought, used } = await seats();
    for (let i = used; i < bought; i++) {
      const filler = await h.identity({});
      await h.database.db.insertInto('account_members').values({ account_id: account.id, user_id: filler.userId, role: 'member' }).execute();
    }
    assert.deepEqual(await seats(), { bought, used: bought }, 'the account is full');
    idp.setUser({ email: 'late@corp.example', name: 'Late Comer' });
    const { callback } = await signInThroughProvider('late@corp.example');
    assert.equal(callback.statusCode, 303);
    const location = new URL(String(callback.headers.location), BASE);
    assert.equal(location.pathname, '/sign-in');
    assert.equal(location.searchParams.get('error'), 'sso');
    assert.match(location.searchParams.get('error_description')!, new RegExp(`all ${Number(bought)} seats are taken`));
    assert.equal(await h.database.db.selectFrom('users').select('id').where('email', '=', 'late@corp.example').executeTakeFirst(), undefined, 'no user made');
  });

  it('answers 404 to an address of a domain without company sign-in, and refuses its password sign-in', async () => {
    const none = await h.app.inject({ method: 'POST', url: '/v1/auth/sso/start', payload: { email: 'someone@elsewhere.example' } });
    assert.equal(none.statusCode, 404);
  });
});
