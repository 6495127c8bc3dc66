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
}

/** The caller of `ctx`. @throws DomainError UNAUTHENTICATED without a caller */
export function getMe(ctx: Ctx): Me {
  const id = ctx.identity;
  if (!id) throw unauthenticated('Authentication required');
  return { userId: id.userId, subscriptionId: id.subscriptionId, isAdmin: id.isAdmin, features: effectiveFeatures(id), previews: effectivePreviews(id) };
}
