/**
 * Setting, changing, removing and resetting a password (`PUT`/`DELETE /v1/account/password`,
 * `POST /v1/auth/password-reset`, `/v1/auth/password-reset/complete`). A change or a reset ends
 * the user's other sessions (their revocation bumps the identity version: every process refuses
 * them on their next request) and writes an audit entry.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam, unauthenticated } from '../errors.js';
import type { ClientInfo } from '../identity/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import { checkedEmail, type LinkBase, type LinkRequested } from './email-links.js';
import { consumeLink, issueLink, LINK_TTL_MS, queueAuthMail } from './one-time-links.js';
import { checkPasswordRules, hashPassword, verifyPassword } from './passwords.js';
import type { ChangePasswordInput, PasswordResetCompleteInput, PasswordResetInput } from './schemas.js';
import { completeSignIn, userByEmail, type SignedIn } from '../identity/index.js';

/** Ends every session of `userId` but `keep` (none: all). @returns how many ended */
async function endOtherSessions(trx: Kysely<DB>, ctx: Ctx, userId: string, keep: string | undefined): Promise<number> {
  let q = trx.updateTable('sessions').set({ revoked_at: ctx.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) q = q.where('id', '<>', keep);
  return (await q.returning('id').execute()).length;
}

const RESET_SENT: LinkRequested = { message: 'If the address has an account, a message with a link to choose a new password is on its way. The link is valid for 15 minutes.' };

/**
 * Emails a password-reset link (`PUBLIC_BASE_URL/auth/reset?token=…`, single use, 15 minutes) to an
 * address with an account, and a notice that there is none to any other; the same answer for both.
 * @throws DomainError VALIDATION (not an email address)
 */
export async function requestPasswordReset(ctx: Ctx, input: PasswordResetInput, base: LinkBase): Promise<LinkRequested> {
  const email = checkedEmail(input.email);
  await writeTransaction(ctx, async (trx) => {
    const user = await userByEmail(trx, email);
    const link = await issueLink(trx, ctx, { purpose: 'password_reset', email: user?.email ?? email, userId: user?.id ?? null });
    await queueAuthMail(trx, ctx, `auth:${link.id}`, user ? {
      to: user.email, userId: user.id, subject: 'Choose a new password for Airport Intelligence',
      paragraphs: [`Open this link to choose a new password. It works once and for ${LINK_TTL_MS / 60_000} minutes; your other sessions end when you do.`, 'If you did not ask for it, ignore this message: your password stays as it is.'],
      link: { url: `${base.publicBaseUrl}/auth/reset?token=${link.token}`, label: 'Choose a new password' },
    } : {
      to: email, userId: null, subject: 'Password reset for Airport Intelligence',
      paragraphs: ['Someone asked to reset the password of this address on Airport Intelligence, but it has no account.', 'If it was you, you can create one. If not, ignore this message.'],
      link: { url: `${base.publicBaseUrl}/sign-up`, label: 'Create an account' },
    });
  });
  return RESET_SENT;
}

/**
 * Completes a reset: checks the rules, stores the new password, ends every other session of the
 * user, marks the address verified and signs in (a new browser session).
 * @throws DomainError VALIDATION (param `token`: unknown, expired, used; param `password`: a rule)
 */
export async function completePasswordReset(ctx: Ctx, secret: string, input: PasswordResetCompleteInput, client: ClientInfo): Promise<SignedIn> {
  return writeTransaction(ctx, async (trx) => {
    const link = await consumeLink(trx, ctx, input.token, ['password_reset']);
    if (!link.userId) throw invalidParam('token', 'this link is invalid, has expired or has already been used; ask for a new one');
    checkPasswordRules(input.password, link.email);
    const passwordHash = await hashPassword(input.password);
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: ctx.now() }).where('id', '=', link.userId).execute();
    await trx.updateTable('users').set({ email_verified_at: ctx.now() }).where('id', '=', link.userId).where('email_verified_at', 'is', null).execute();
    const ended = await endOtherSessions(trx, ctx, link.userId, undefined);
    await recordAudit(trx, ctx, { action: 'password_reset', entity: 'user', entityId: link.userId, actorUserId: link.userId, after: { sessions_ended: ended } });
    return completeSignIn(trx, ctx, secret, { userId: link.userId, method: 'password_reset', client, returnTo: null });
  });
}

/**
 * Sets or changes the caller's password (`PUT /v1/account/password`): the current one is required
 * when there is one; ends the caller's other sessions (all of them when the caller came with an
 * API key).
 * @returns how many sessions ended
 * @throws DomainError UNAUTHENTICATED; VALIDATION (param `current_password`: missing or wrong;
 *   param `password`: a rule)
 */
export async function changePassword(ctx: Ctx, input: ChangePasswordInput): Promise<number> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  const user = await ctx.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', identity.userId).executeTakeFirstOrThrow();
  if (user.password_hash) {
    if (!input.current_password) throw invalidParam('current_password', 'is required to change a password');
    if (!(await verifyPassword(user.password_hash, input.current_password))) throw invalidParam('current_password', 'is not right');
  }
  checkPasswordRules(input.password, user.email);
  const passwordHash = await hashPassword(input.password);
  return writeTransaction(ctx, async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash, password_changed_at: ctx.now() }).where('id', '=', identity.userId).execute();
    const ended = await endOtherSessions(trx, ctx, identity.userId, identity.sessionId);
    await recordAudit(trx, ctx, { action: 'password_change', entity: 'user', entityId: identity.userId, after: { had_password: user.password_hash !== null, sessions_ended: ended } });
    return ended;
  });
}

/**
 * Removes the caller's password (`DELETE /v1/account/password`): from then on they sign in with
 * emailed links (or company SSO). Removing none is a no-op.
 * @throws DomainError UNAUTHENTICATED
 */
export async function removePassword(ctx: Ctx): Promise<void> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  await writeTransaction(ctx, async (trx) => {
    const done = await trx.updateTable('users').set({ password_hash: null, password_changed_at: ctx.now() })
      .where('id', '=', identity.userId).where('password_hash', 'is not', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) await recordAudit(trx, ctx, { action: 'password_remove', entity: 'user', entityId: identity.userId });
  });
}
