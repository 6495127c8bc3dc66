/**
 * Accepting an invitation to an account (`POST /v1/account/invitations/{code}`, no token: the
 * link of the invitation email is the credential). Issue 11, "members".
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { conflict, notFound } from '../errors.js';
import { createSession } from '../identity/index.js';
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
  /** A session token for the member (Bearer), and when it expires. */
  session: { token: string; expires_at: Date };
}

/**
 * Accepts the open invitation whose token hashes to a stored one: creates the user when the
 * address has none (with a profile and default delivery preferences; no account of their own),
 * makes them a member of the inviting account with the invited role, marks the invitation
 * accepted (once: a second use is 404) and opens a session for them. The seat was counted when
 * the invitation was sent. Unknown, expired (by `ctx.now()`) or used tokens are all 404.
 * @param sessionSecret the service's session secret (signs the returned token)
 * @throws DomainError NOT_FOUND (unknown, expired or used), CONFLICT (already a member)
 */
export async function acceptInvitation(ctx: Ctx, sessionSecret: string, token: string, input: { name?: string | undefined } = {}): Promise<AcceptedInvitation> {
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const accepted = await writeTransaction(ctx, async (trx) => {
    const inv = await trx.selectFrom('account_invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id')
      .select(['i.id', 'i.account_id', 'a.name as account_name', 'i.email', 'i.role', 'i.expires_at'])
      .where('i.token_hash', '=', hash).where('i.accepted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!inv || inv.expires_at.getTime() <= ctx.now().getTime()) throw notFound('Invitation');
    let user = await trx.selectFrom('users').select(['id', 'email']).where(sql`lower(email)`, '=', inv.email.toLowerCase()).executeTakeFirst();
    const created = !user;
    if (!user) {
      user = await trx.insertInto('users').values({ email: inv.email, name: input.name ?? null }).returning(['id', 'email']).executeTakeFirstOrThrow();
      await trx.insertInto('profiles').values({ user_id: user.id, is_admin: false }).execute();
      await trx.insertInto('preferences').values({ user_id: user.id }).execute();
    }
    const member = await trx.selectFrom('account_members').select('role').where('account_id', '=', inv.account_id).where('user_id', '=', user.id).executeTakeFirst();
    if (member) throw conflict(`${user.email} is already a member of this account`);
    await trx.insertInto('account_members').values({ account_id: inv.account_id, user_id: user.id, role: inv.role, joined_at: ctx.now() }).execute();
    await trx.updateTable('account_invitations').set({ accepted_at: ctx.now() }).where('id', '=', inv.id).execute();
    return { account_id: inv.account_id, account_name: inv.account_name, user_id: user.id, email: user.email, role: inv.role as Role, created_user: created };
  });
  const session = await createSession(ctx, sessionSecret, accepted.email);
  return { ...accepted, session: { token: session.token, expires_at: session.expiresAt } };
}
