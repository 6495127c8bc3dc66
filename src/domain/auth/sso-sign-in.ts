/**
 * Company single sign-on with OpenID Connect (`openid-client`): `POST /v1/auth/sso/start` and the
 * redirect back, `GET /v1/auth/sso/callback`. The login in progress (state, nonce, PKCE verifier,
 * where to go) is kept in `sso_logins`, so any process can finish it; it is single use and lives 10
 * minutes. openid-client checks the state, the PKCE exchange, and the id token's signature,
 * issuer, audience, expiry and nonce. Every request to the provider goes through the outbound
 * guard (src/net/outbound.ts, decision 0019): the issuer is set by an account owner, so it may only
 * reach public addresses, or hosts of OUTBOUND_ALLOWED_HOSTS.
 *
 * The first sign-in of an address creates the user as a member of the configuring account; an
 * existing user who is not yet a member joins it. Either needs a free seat: a full account refuses
 * with a message naming the seats.
 */
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import type { Ctx } from '../context.js';
import { conflict, DomainError, notFound, unauthenticated } from '../errors.js';
import { recordAudit } from '../audit/audit-log.js';
import { seatsOf } from '../accounts/index.js';
import type { ClientInfo } from '../identity/index.js';
import { insertPerson } from '../identity/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import { outboundRequest, type AllowedHosts } from '../../net/outbound.js';
import { domainOf, ssoCovering } from './email-domain.js';
import { checkedEmail } from './email-links.js';
import { safeReturnTo } from './return-to.js';
import type { SsoCallbackQuery, SsoStartInput } from './schemas.js';
import { checkIssuer } from './sso-config.js';
import { completeSignIn, userByEmail, type SignedIn } from '../identity/index.js';

/** A login at the provider must come back within 10 minutes. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

/** What the SSO operations need from the service. */
export interface SsoDeps {
  /** PUBLIC_BASE_URL: the redirect URI is `<it>/v1/auth/sso/callback`. */
  publicBaseUrl: string;
  /** OUTBOUND_ALLOWED_HOSTS, parsed. */
  allowedHosts: AllowedHosts;
}

/** The redirect URI registered at the provider. */
export const ssoRedirectUri = (publicBaseUrl: string): string => `${publicBaseUrl}/v1/auth/sso/callback`;

/** A `fetch` for openid-client that goes through the outbound guard. */
function guardedFetch(allowedHosts: AllowedHosts): oidc.CustomFetch {
  return async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined
      : options.body instanceof URLSearchParams ? options.body.toString()
        : typeof options.body === 'string' ? options.body
          : options.body instanceof Uint8Array ? Buffer.from(options.body)
            : options.body instanceof ArrayBuffer ? Buffer.from(options.body) : undefined;
    const res = await outboundRequest(url, {
      method: options.method as 'GET' | 'POST', headers: options.headers, ...(body === undefined ? {} : { body }),
      allowedHosts, maxRedirects: 0, maxBytes: 1_000_000, timeoutMs: 10_000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return new Response(res.status === 204 || res.status === 304 ? null : new Uint8Array(res.body), { status: res.status, headers: res.headers });
  };
}

/** The provider's configuration (discovery through the guard). */
async function discover(config: { issuer: string; client_id: string; client_secret: string | null }, deps: SsoDeps): Promise<oidc.Configuration> {
  const issuer = checkIssuer(config.issuer, deps.allowedHosts);
  const fetch = guardedFetch(deps.allowedHosts);
  try {
    return await oidc.discovery(issuer, config.client_id, { client_secret: config.client_secret ?? undefined, redirect_uris: [ssoRedirectUri(deps.publicBaseUrl)] }, undefined, {
      [oidc.customFetch]: fetch,
      ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (err) {
    throw new DomainError('UNAVAILABLE', `The company sign-in service did not answer as an OpenID provider: ${(err as Error).message}`.slice(0, 300));
  }
}

/**
 * Starts a company sign-in for an address whose domain has SSO: keeps state, nonce and the PKCE
 * verifier, and returns the provider's authorization URL.
 * @throws DomainError VALIDATION (not an email address), NOT_FOUND (no company sign-in for the
 *   domain), UNAVAILABLE (the provider's discovery failed)
 */
export async function startSso(ctx: Ctx, input: SsoStartInput, deps: SsoDeps): Promise<{ authorizationUrl: string }> {
  const email = checkedEmail(input.email);
  const sso = await ssoCovering(ctx.db, email);
  if (!sso) throw notFound(`Company sign-in for ${domainOf(email)}`);
  const config = await discover(sso, deps);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await ctx.db.insertInto('sso_logins').values({
    state, account_id: sso.account_id, email, nonce, code_verifier: verifier, return_to: safeReturnTo(input.return_to),
    created_at: ctx.now(), expires_at: new Date(ctx.now().getTime() + SSO_LOGIN_TTL_MS),
  }).execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(deps.publicBaseUrl), scope: 'openid email profile', response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state, nonce, login_hint: email,
  });
  return { authorizationUrl: url.href };
}

/** How a callback ended: signed in, or refused with a message for the person. */
export type SsoOutcome = { ok: true; signedIn: SignedIn } | { ok: false; message: string };

/**
 * Finishes a company sign-in (the provider's redirect): takes the login of `state` (once), redeems
 * the code (PKCE, state, nonce, the id token's issuer, audience and expiry checked), then signs in
 * the user of the id token's verified email, creating them as a member of the account on first
 * sign-in (seat limit). Never throws for what the provider or the person sent: it returns why.
 */
export async function finishSso(ctx: Ctx, secret: string, query: SsoCallbackQuery, client: ClientInfo, deps: SsoDeps): Promise<SsoOutcome> {
  try {
    return { ok: true, signedIn: await redeem(ctx, secret, query, client, deps) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, message: err.message };
    return { ok: false, message: `The company sign-in failed: ${(err as Error).message}`.slice(0, 300) };
  }
}

async function redeem(ctx: Ctx, secret: string, query: SsoCallbackQuery, client: ClientInfo, deps: SsoDeps): Promise<SignedIn> {
  if (!query.state) throw unauthenticated('The company sign-in came back without its state');
  const login = await ctx.db.deleteFrom('sso_logins').where('state', '=', query.state).returningAll().executeTakeFirst();
  if (!login || !crypto.timingSafeEqual(Buffer.from(login.state), Buffer.from(query.state))) throw unauthenticated('This company sign-in is unknown or was already used; start again');
  if (login.expires_at.getTime() <= ctx.now().getTime()) throw unauthenticated('This company sign-in took too long; start again');
  if (query.error) throw unauthenticated(`The company sign-in service refused: ${query.error_description ?? query.error}`.slice(0, 300));
  const sso = await ctx.db.selectFrom('sso_configurations').select(['issuer', 'client_id', 'client_secret']).where('account_id', '=', login.account_id).where('enabled', '=', true).executeTakeFirst();
  if (!sso) throw unauthenticated('Company sign-in is no longer configured for this account');
  const config = await discover(sso, deps);
  const callback = new URL(ssoRedirectUri(deps.publicBaseUrl));
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string') callback.searchParams.set(k, v);
  const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: login.code_verifier, expectedState: login.state, expectedNonce: login.nonce, idTokenExpected: true });
  const claims = tokens.claims();
  const email = typeof claims?.email === 'string' ? claims.email.trim() : '';
  if (!email || claims?.email_verified === false) throw unauthenticated('The company sign-in service did not vouch for an email address');
  const covered = await ctx.db.selectFrom('sso_domains').select('domain').where('domain', '=', domainOf(email)).where('account_id', '=', login.account_id).executeTakeFirst();
  if (!covered) throw unauthenticated(`${email} is not in a domain this account's company sign-in covers`);
  return writeTransaction(ctx, async (trx) => {
    await trx.selectFrom('accounts').select('id').where('id', '=', login.account_id).forUpdate().executeTakeFirst();
    let user = await userByEmail(trx, email);
    const member = user && await trx.selectFrom('account_members').select('role').where('account_id', '=', login.account_id).where('user_id', '=', user.id).executeTakeFirst();
    if (!member) {
      const seats = await seatsOf(trx, login.account_id, ctx.now());
      if (seats.used >= seats.bought) {
        throw conflict(`The account has no free seat: all ${seats.bought} seat${seats.bought === 1 ? ' is' : 's are'} taken; ask its owner to buy more seats or remove a member`);
      }
      if (!user) {
        const name = typeof claims?.name === 'string' ? claims.name.slice(0, 200) : null;
        const created = await insertPerson(trx, { email, name, ownAccount: false, verifiedAt: ctx.now() });
        user = { id: created.userId, email, name, password_hash: null };
        await recordAudit(trx, ctx, { action: 'sign_up', entity: 'user', entityId: user.id, actorUserId: user.id, after: { email, via: 'sso', account_id: login.account_id } });
      }
      await trx.insertInto('account_members').values({ account_id: login.account_id, user_id: user.id, role: 'member', joined_at: ctx.now() }).execute();
    }
    await trx.updateTable('users').set({ email_verified_at: ctx.now() }).where('id', '=', user!.id).where('email_verified_at', 'is', null).execute();
    return completeSignIn(trx, ctx, secret, { userId: user!.id, method: 'sso', client, returnTo: login.return_to });
  });
}
