/**
 * The caller of a per-user operation: every operation of the reader's own state acts for the
 * token's user and no other (no user id is ever passed in).
 */
import type { Ctx, Identity } from '../context.js';
import { unauthenticated } from '../errors.js';

/** The caller's identity. @throws DomainError UNAUTHENTICATED for a context without a user (system work) */
export function callerOf(ctx: Ctx): Identity {
  if (!ctx.identity) throw unauthenticated('This operation acts for a signed-in user');
  return ctx.identity;
}
