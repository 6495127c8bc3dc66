/**
 * The company single sign-on configuration of an account (`/v1/account/sso`): the owner of an
 * Enterprise account sets the OpenID provider's issuer, the client id and secret, and the email
 * domains it covers. The secret is stored for the token request and never read back. Every change
 * is audited (without the secret).
 */
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam } from '../errors.js';
import { recordAudit } from '../audit/audit-log.js';
import { accountWithRole } from '../accounts/index.js';
import { currentSubscription } from '../accounts/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import type { AllowedHosts } from '../../net/outbound.js';
import { isListedHost } from '../../net/outbound.js';
import type { SsoConfigInput } from './schemas.js';

/** A configuration as shown (no secret). */
export interface SsoConfigView {
  issuer: string;
  client_id: string;
  domains: string[];
  enabled: boolean;
  has_client_secret: boolean;
}

/**
 * The caller's account, when the caller is its owner and it is on the Enterprise plan.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not the owner; not Enterprise)
 */
async function enterpriseOwner(ctx: Ctx): Promise<string> {
  const { accountId } = await accountWithRole(ctx, ['owner'], 'configure company sign-in');
  const sub = await currentSubscription(ctx.db, accountId);
  const live = sub && (sub.current_period_end === null || sub.current_period_end.getTime() > ctx.now().getTime());
  if (!live || sub.plan_code !== 'enterprise') throw new DomainError('FORBIDDEN', 'Company single sign-on is part of the Enterprise plan; this account is not on it.', { feature: 'sso' });
  return accountId;
}

async function viewOf(ctx: Ctx, accountId: string): Promise<SsoConfigView | null> {
  const config = await ctx.db.selectFrom('sso_configurations').select(['issuer', 'client_id', 'client_secret', 'enabled']).where('account_id', '=', accountId).executeTakeFirst();
  if (!config) return null;
  const domains = await ctx.db.selectFrom('sso_domains').select('domain').where('account_id', '=', accountId).orderBy('domain').execute();
  return { issuer: config.issuer, client_id: config.client_id, domains: domains.map((d) => d.domain), enabled: config.enabled, has_client_secret: config.client_secret !== null };
}

/**
 * The SSO configuration of the caller's account, or null.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not the owner of an Enterprise account)
 */
export async function getSsoConfig(ctx: Ctx): Promise<SsoConfigView | null> {
  return viewOf(ctx, await enterpriseOwner(ctx));
}

/**
 * Checks an issuer URL: https, or http to a host of OUTBOUND_ALLOWED_HOSTS (a provider on the
 * operator's own network, or a local stand-in in tests); no credentials, query or fragment.
 * @throws DomainError VALIDATION (param `issuer`)
 */
export function checkIssuer(issuer: string, allowed: AllowedHosts): URL {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw invalidParam('issuer', 'must be an absolute URL');
  }
  if (url.username || url.password || url.search || url.hash) throw invalidParam('issuer', 'must have no credentials, query or fragment');
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isListedHost(url.hostname, allowed)) return url;
  throw invalidParam('issuer', 'must be an https URL');
}

/**
 * Sets the SSO configuration of the caller's account: issuer, client id, client secret (kept when
 * omitted; required the first time), domains (lower-cased; a domain another account covers is 409).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, VALIDATION (issuer, client_secret), CONFLICT (a domain taken)
 */
export async function putSsoConfig(ctx: Ctx, input: SsoConfigInput, allowed: AllowedHosts): Promise<SsoConfigView> {
  const accountId = await enterpriseOwner(ctx);
  const issuer = checkIssuer(input.issuer, allowed).toString().replace(/\/$/, '');
  const domains = [...new Set(input.domains.map((d) => d.toLowerCase()))];
  await writeTransaction(ctx, async (trx) => {
    const taken = await trx.selectFrom('sso_domains').select('domain').where('domain', 'in', domains).where('account_id', '<>', accountId).execute();
    if (taken.length) throw conflict(`Another account already signs in ${taken.map((t) => t.domain).join(', ')} through its own provider`);
    const before = await trx.selectFrom('sso_configurations').select(['issuer', 'client_id', 'client_secret']).where('account_id', '=', accountId).forUpdate().executeTakeFirst();
    const secret = input.client_secret ?? before?.client_secret ?? null;
    if (!secret) throw invalidParam('client_secret', 'is required the first time');
    const now = ctx.now();
    await trx.insertInto('sso_configurations').values({ account_id: accountId, issuer, client_id: input.client_id, client_secret: secret, enabled: true, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ issuer, client_id: input.client_id, client_secret: secret, enabled: true, updated_at: now })).execute();
    await trx.deleteFrom('sso_domains').where('account_id', '=', accountId).execute();
    await trx.insertInto('sso_domains').values(domains.map((domain) => ({ domain, account_id: accountId }))).execute();
    await recordAudit(trx, ctx, {
      action: before ? 'update' : 'create', entity: 'sso_configuration', entityId: accountId,
      before: before ? { issuer: before.issuer, client_id: before.client_id } : null,
      after: { issuer, client_id: input.client_id, domains, client_secret_changed: input.client_secret !== undefined },
    });
  });
  return (await viewOf(ctx, accountId))!;
}

/**
 * Removes the SSO configuration of the caller's account (its people sign in with emailed links
 * from then on); removing none is a no-op.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function deleteSsoConfig(ctx: Ctx): Promise<void> {
  const accountId = await enterpriseOwner(ctx);
  await writeTransaction(ctx, async (trx) => {
    const gone = await trx.deleteFrom('sso_configurations').where('account_id', '=', accountId).returning(['issuer', 'client_id']).executeTakeFirst();
    if (gone) await recordAudit(trx, ctx, { action: 'delete', entity: 'sso_configuration', entityId: accountId, before: gone });
  });
}
