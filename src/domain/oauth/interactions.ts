/**
 * The consent step of an app's authorization (docs/oauth.md): the web app's
 * `/oauth/consent` page reads what an interaction asks (which app, which scopes, for which
 * resources, on whose account) and answers allow or deny, through `/v1/oauth/interactions/{uid}`.
 * Only a signed-in person decides (a session: the browser cookie or a session token); their
 * answer is both the login and the consent of the interaction, and the browser goes on to the
 * authorization server, which sends it back to the app.
 */
import type { Ctx, Identity } from '../context.js';
import { callerOf } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { DEFAULT_SCOPES, isOAuthScope, SCOPE_TEXTS, type OAuthScope } from './scopes.js';

/** An interaction as the authorization server keeps it (the part read here). */
export interface PendingInteraction {
  uid: string;
  clientId: string;
  /** The authorization request's parameters (`scope`, `resource`, `redirect_uri`, …). */
  params: Record<string, unknown>;
}

/** A registered app as the consent page shows it. */
export interface OAuthClientView {
  clientId: string;
  /** `client_name` of the registration; null when it gave none. */
  name: string | null;
  /** `client_uri` of the registration; null when it gave none. */
  uri: string | null;
  redirectUris: string[];
}

/** What the domain needs of the authorization server (implemented by the face over oidc-provider). */
export interface OAuthServerPort {
  /** A live interaction, or `undefined` (unknown, finished or expired). */
  interaction(uid: string): Promise<PendingInteraction | undefined>;
  /** A registered app, or `undefined`. */
  client(clientId: string): Promise<OAuthClientView | undefined>;
  /** Saves a grant of `scopes` on each resource (and the OpenID scopes asked) for the person; its id. */
  grant(input: { accountId: string; clientId: string; resources: string[]; scopes: OAuthScope[]; oidcScopes: string[] }): Promise<string>;
  /** Records the interaction's result; the URL the browser continues to. */
  finish(uid: string, result: Record<string, unknown>): Promise<string>;
  /** Revokes a grant and every token issued under it. */
  revokeGrant(grantId: string): Promise<void>;
}

/** What the consent page shows. */
export interface InteractionView {
  uid: string;
  client: OAuthClientView;
  /** Where the app will receive the answer (its redirect URI for this request). */
  redirectUri: string | null;
  /** The scopes that would be granted, each in words. */
  scopes: { scope: OAuthScope; description: string }[];
  /** The resources the tokens would be bound to (absolute URLs). */
  resources: string[];
  /** The signed-in person the app would act for. */
  account: { userId: string; email: string };
}

/** The person deciding: a session (cookie or session token), never an API key or an app's token. */
function decider(ctx: Ctx): Identity {
  const caller = callerOf(ctx);
  if (caller.credential !== 'session') {
    throw new DomainError('FORBIDDEN', 'Only a person signed in to the web app can let an app connect: sign in at /sign-in and open the consent page again.');
  }
  return caller;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);

/**
 * The scopes an interaction would grant `caller`: those asked among `read`, `write`, `mcp` (all
 * three when it asks none of them), `admin` only when asked and the caller is an administrator.
 */
export function scopesToGrant(caller: Identity, requested: unknown): OAuthScope[] {
  const asked = String(requested ?? '').split(' ').filter(isOAuthScope);
  const wanted = asked.length ? asked : [...DEFAULT_SCOPES];
  return wanted.filter((s) => s !== 'admin' || caller.isAdmin);
}

/** The live interaction `uid` and its app. @throws DomainError NOT_FOUND when unknown, finished or expired */
async function load(port: OAuthServerPort, uid: string): Promise<{ interaction: PendingInteraction; client: OAuthClientView }> {
  const interaction = await port.interaction(uid);
  const client = interaction && (await port.client(interaction.clientId));
  if (!interaction || !client) throw notFound('Authorization request (it may have expired: start again from the app)');
  return { interaction, client };
}

/**
 * What interaction `uid` asks of the signed-in person.
 * @throws DomainError UNAUTHENTICATED without a caller; FORBIDDEN for a caller that is not a session;
 *   NOT_FOUND for an unknown, finished or expired interaction
 */
export async function getInteraction(ctx: Ctx, port: OAuthServerPort, uid: string): Promise<InteractionView> {
  const caller = decider(ctx);
  const { interaction, client } = await load(port, uid);
  return {
    uid,
    client,
    redirectUri: typeof interaction.params.redirect_uri === 'string' ? interaction.params.redirect_uri : null,
    scopes: scopesToGrant(caller, interaction.params.scope).map((scope) => ({ scope, description: SCOPE_TEXTS[scope] })),
    resources: list(interaction.params.resource),
    account: { userId: caller.userId, email: caller.email },
  };
}

/**
 * The person's answer to interaction `uid`: `allow` grants {@link scopesToGrant} on the resources
 * asked (the /v1 edition when none) and signs the app's request in as the person; `deny` ends it
 * with `access_denied`. Either way the answer is where the browser goes next (the authorization
 * server, which redirects to the app).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND as {@link getInteraction}
 */
export async function decideInteraction(ctx: Ctx, port: OAuthServerPort, uid: string, decision: 'allow' | 'deny', defaultResource: string): Promise<{ redirectTo: string }> {
  const caller = decider(ctx);
  const { interaction } = await load(port, uid);
  if (decision === 'deny') {
    return { redirectTo: await port.finish(uid, { error: 'access_denied', error_description: 'The person did not allow the app to connect' }) };
  }
  const resources = list(interaction.params.resource);
  const oidcScopes = String(interaction.params.scope ?? '').split(' ').filter((s) => s === 'openid' || s === 'offline_access' || s === 'email');
  const grantId = await port.grant({
    accountId: caller.userId,
    clientId: interaction.clientId,
    resources: resources.length ? resources : [defaultResource],
    scopes: scopesToGrant(caller, interaction.params.scope),
    oidcScopes,
  });
  return { redirectTo: await port.finish(uid, { login: { accountId: caller.userId }, consent: { grantId } }) };
}
