/**
 * Invitations to an account, seen and accepted by the invited person (`GET` and `POST
 * /v1/account/invitations/{code}`, no token: the link of the invitation email is the credential;
 * the email links to the web app's page `/invitations/{code}`).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import type { ClientInfo } from '../identity/index.js';
import { insertPerson } from '../identity/index.js';
import { completeSignIn } from '../identity/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import type { Role } from './schemas.js';

/** What accepting did. */
export interface AcceptedInvitation {
  account_id: string;
  account_name: string;
  user_id: string;
  email: string;
  role: Role;
  /** True when the invitation created the user (a new address). */
  created_user: boolean;
  /** A session for the member (its token is the browser cookie's value, or a Bearer token), and when it expires. */
  session: { token: string; expires_at: Date };
  /** The session's CSRF token (cookie-authenticated writes send it in X-CSRF-Token). */
  csrf_token: string;
}

/** An invitation as the invited person sees it before accepting. */
export interface InvitationView {
  account_name: string;
  invited_by: { name: string } | null;
  email: string;
  role: Role;
  expires_at: Date;
  /** `open` (can be accepted), `accepted` or `expired`. */
  status: 'open' | 'accepted' | 'expired';
}

const hashCode = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The invitation of a code: which account, who invites (their name, else their address), the
 * address invited, the role and whether it can still be accepted.
 * @throws DomainError NOT_FOUND for an unknown code
 */
export async function getInvitation(ctx: Ctx, token: string): Promise<InvitationView> {
  const inv = await ctx.db.selectFrom('account_invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['a.name as account_name', 'u.name as inviter_name', 'u.email as inviter_email', 'i.email', 'i.role', 'i.expires_at', 'i.accepted_at'])
    .where('i.token_hash', '=', hashCode(token)).executeTakeFirst();
  if (!inv) throw notFound('Invitation');
  const status = inv.accepted_at ? 'accepted' : inv.expires_at.getTime() <= ctx.now().getTime() ? 'expired' : 'open';
  const inviter = inv.inviter_name ?? inv.inviter_email;
  return { account_name: inv.account_name, invited_by: inviter ? { name: inviter } : null, email: inv.email, role: inv.role as Role, expires_at: inv.expires_at, status };
}

/**
 * Accepts the open invitation whose token hashes to a stored one: creates the user when the
 * address has none (with a profile and default delivery preferences; no account of their own),
 * makes them a member of the inviting account with the invited role, marks the invitation
 * accepted (once: a second use is 404), marks the address verified (the link proves the mailbox)
 * and opens a browser session for them (audited as a sign-in). The seat was counted when the
 * invitation was sent. Unknown, expired (by `ctx.now()`) or used tokens are all 404.
 * @param sessionSecret the service's session secret (signs the returned token)
 * @param client where the session is opened from (the session list shows it)
 * @throws DomainError NOT_FOUND (unknown, expired or used), CONFLICT (already a member)
 */
export async function acceptInvitation(
  ctx: Ctx, sessionSecret: string, token: string, input: { name?: string | undefined } = {}, client: ClientInfo = { ip: null, userAgent: null },
): Promise<AcceptedInvitation> {
  return writeTransaction(ctx, async (trx) => {
    const inv = await trx.selectFrom('account_invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id')
      .select(['i.id', 'i.account_id', 'a.name as account_name', 'i.email', 'i.role', 'i.expires_at'])
      .where('i.token_hash', '=', hashCode(token)).where('i.accepted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!inv || inv.expires_at.getTime() <= ctx.now().getTime()) throw notFound('Invitation');
    let user = await trx.selectFrom('users').select(['id', 'email']).where(sql`lower(email)`, '=', inv.email.toLowerCase()).executeTakeFirst();
    const created = !user;
    if (!user) {
      const { userId } = await insertPerson(trx, { email: inv.email, name: input.name, ownAccount: false, verifiedAt: ctx.now() });
      user = { id: userId, email: inv.email };
    }
    const member = await trx.selectFrom('account_members').select('role').where('account_id', '=', inv.account_id).where('user_id', '=', user.id).executeTakeFirst();
    if (member) throw conflict(`${user.email} is already a member of this account`);
    await trx.insertInto('account_members').values({ account_id: inv.account_id, user_id: user.id, role: inv.role, joined_at: ctx.now() }).execute();
    await trx.updateTable('account_invitations').set({ accepted_at: ctx.now() }).where('id', '=', inv.id).execute();
    await trx.updateTable('users').set({ email_verified_at: ctx.now() }).where('id', '=', user.id).where('email_verified_at', 'is', null).execute();
    const signedIn = await completeSignIn(trx, ctx, sessionSecret, { userId: user.id, method: 'invitation', client, returnTo: null });
    return {
      account_id: inv.account_id, account_name: inv.account_name, user_id: user.id, email: user.email, role: inv.role as Role, created_user: created,
      session: { token: signedIn.session.token, expires_at: signedIn.session.expiresAt }, csrf_token: signedIn.session.csrfToken,
    };
  });
}
