/**
 * What the caller's token may reach (/v1/me): user, subscription, admin flag, features held in full
 * and features held as a trial preview.
 */
import type { Ctx } from '../context.js';
import { effectiveFeatures, effectivePreviews, type Feature } from '../entitlements.js';
import { unauthenticated } from '../errors.js';

/** The caller as /v1/me reports it. */
export interface Me {
  userId: string;
  subscriptionId: string | null;
  isAdmin: boolean;
  /** Held in full; administrators hold every feature. */
  features: Feature[];
  /** Narrowed rather than refused (trial). */
  previews: Feature[];
  /** The user has a password (else they sign in with emailed links or company SSO). */
  hasPassword: boolean;
  /** An OAuth access token's scopes (docs/oauth.md); null for an API key or a session. */
  scopes: string[] | null;
}

/** The caller of `ctx`. @throws DomainError UNAUTHENTICATED without a caller */
export async function getMe(ctx: Ctx): Promise<Me> {
  const id = ctx.identity;
  if (!id) throw unauthenticated('Authentication required');
  const user = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', id.userId).executeTakeFirst();
  return {
    userId: id.userId, subscriptionId: id.subscriptionId, isAdmin: id.isAdmin, features: effectiveFeatures(id), previews: effectivePreviews(id),
    hasPassword: Boolean(user?.password_hash),
    scopes: id.oauth ? [...id.oauth.scopes].sort() : null,
  };
}
