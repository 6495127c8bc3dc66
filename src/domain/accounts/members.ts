import crypto from 'node:crypto';
import { sql } from 'kysely';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, notFound } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { accountOf, accountToLeave, accountWithRole } from './account-of.js';
import type { InviteMemberInput, Role } from './schemas.js';
import { seatsOf } from './subscription.js';

/** A member of an account, or an open invitation (`user_id` null, `status` invited). */
export interface Member {
  user_id: string | null;
  email: string;
  name: string | null;
  role: Role;
  status: 'active' | 'invited';
  joined_at: Date;
}

/** Days an invitation stays open. */
export const INVITATION_DAYS = 14;
/** Roles that may invite and remove members. */
export const MANAGERS: readonly Role[] = ['owner', 'admin'];

/**
 * The members of the caller's account, owner first, then open invitations (`GET /v1/account/members`).
 * @throws DomainError UNAUTHENTICATED, NOT_FOUND (no account)
 */
export async function listMembers(ctx: Ctx): Promise<Member[]> {
  const { accountId } = await accountOf(ctx);
  const members = await ctx.db.selectFrom('account_members as m').innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.joined_at'])
    .where('m.account_id', '=', accountId)
    .orderBy(sql`case m.role when 'owner' then 0 when 'admin' then 1 else 2 end`).orderBy('m.joined_at').orderBy('u.email').execute();
  const invited = await ctx.db.selectFrom('account_invitations').select(['email', 'role', 'created_at'])
    .where('account_id', '=', accountId).where('accepted_at', 'is', null).where('expires_at', '>', ctx.now())
    .orderBy('created_at').orderBy('email').execute();
  return [
    ...members.map((m) => ({ user_id: m.user_id, email: m.email, name: m.name, role: m.role as Role, status: 'active' as const, joined_at: m.joined_at })),
    ...invited.map((i) => ({ user_id: null, email: i.email, name: null, role: i.role as Role, status: 'invited' as const, joined_at: i.created_at })),
  ];
}

/** What inviting did: the member added, or the invitation sent. */
export interface InviteResult {
  member: Member;
  /** `joined`: an existing user was added; `invited`: an invitation was emailed. */
  outcome: 'joined' | 'invited';
}

/**
 * Invites `email` into the caller's account (`POST /v1/account/members`; owner or admin member): an
 * existing user joins at once, a new address gets an invitation by email (through the outbox) whose
 * link creates the user. A seat must be free (members plus open invitations below the seats bought).
 * An expired invitation to the same address is replaced.
 * @param invitationUrl builds the link of an invitation from its token
 * @throws DomainError FORBIDDEN (a plain member), CONFLICT (no free seat, naming the seat count; already a member or invited)
 */
export async function inviteMember(ctx: Ctx, input: InviteMemberInput, invitationUrl: (token: string) => string): Promise<InviteResult> {
  const { accountId, identity } = await accountWithRole(ctx, MANAGERS, 'invite members');
  const email = input.email.trim();
  const role = input.role ?? 'member';
  return writeTransaction(ctx, async (trx) => {
    // One invitation at a time per account: the seat count read below stays true until commit.
    await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
    const seats = await seatsOf(trx, accountId, ctx.now());
    const user = await trx.selectFrom('users').select(['id', 'email', 'name']).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    if (user) {
      const already = await trx.selectFrom('account_members').select('role').where('account_id', '=', accountId).where('user_id', '=', user.id).executeTakeFirst();
      if (already) throw conflict(`${user.email} is already a member of this account`);
    }
    // An expired invitation is dead (not listed, holds no seat, its link is 404): it gives way to a
    // new one (the open-invitation index allows one unaccepted row per address).
    await trx.deleteFrom('account_invitations').where('account_id', '=', accountId).where(sql`lower(email)`, '=', email.toLowerCase())
      .where('accepted_at', 'is', null).where('expires_at', '<=', ctx.now()).execute();
    const open = await trx.selectFrom('account_invitations').select('id').where('account_id', '=', accountId)
      .where(sql`lower(email)`, '=', email.toLowerCase()).where('accepted_at', 'is', null).executeTakeFirst();
    if (open) throw conflict(`${email} has already been invited to this account`);
    if (seats.used >= seats.bought) {
      throw conflict(`The account has no free seat: all ${seats.bought} seat${seats.bought === 1 ? ' is' : 's are'} taken (members and open invitations); buy more seats or remove a member`);
    }
    if (user) {
      const row = await trx.insertInto('account_members').values({ account_id: accountId, user_id: user.id, role, joined_at: ctx.now() })
        .returning('joined_at').executeTakeFirstOrThrow();
      return { outcome: 'joined', member: { user_id: user.id, email: user.email, name: user.name, role, status: 'active', joined_at: row.joined_at } };
    }
    const token = crypto.randomBytes(32).toString('base64url');
    const created = await trx.insertInto('account_invitations').values({
      account_id: accountId, email, role, invited_by: identity.userId, created_at: ctx.now(),
      token_hash: crypto.createHash('sha256').update(token).digest('hex'),
      expires_at: new Date(ctx.now().getTime() + INVITATION_DAYS * DAY_MS),
    }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    const link = invitationUrl(token);
    const account = await trx.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow();
    await trx.insertInto('email_outbox').values({
      dedupe_key: `invitation:${created.id}`, to_email: email, subject: `You are invited to join ${account.name} on Airport Intelligence`,
      text_body: `${identity.email} invited you to join the account "${account.name}" on Airport Intelligence.\n\nAccept the invitation (valid ${INVITATION_DAYS} days): ${link}\n`,
      html: `<p>${escapeHtml(identity.email)} invited you to join the account &ldquo;${escapeHtml(account.name)}&rdquo; on Airport Intelligence.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (valid ${INVITATION_DAYS} days).</p>`,
      next_attempt_at: ctx.now(), created_at: ctx.now(),
    }).execute();
    return { outcome: 'invited', member: { user_id: null, email, name: null, role, status: 'invited', joined_at: created.created_at } };
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Removes a member from the caller's account (`DELETE /v1/account/members/{user_id}`; owner or admin
 * member), or lets a member leave it (their own user id; any role but the owner). The member loses
 * the account's entitlements at once (identity is resolved from membership on every request) and
 * the API keys they minted under this account are revoked.
 * @throws DomainError FORBIDDEN (a plain member removing someone else), NOT_FOUND (not a member of the caller's account), CONFLICT (the owner cannot be removed, nor leave)
 */
export async function removeMember(ctx: Ctx, userId: string): Promise<void> {
  const leaving = ctx.identity?.userId === userId;
  const { accountId } = leaving ? await accountToLeave(ctx) : await accountWithRole(ctx, MANAGERS, 'remove members');
  await writeTransaction(ctx, async (trx) => {
    const member = await trx.selectFrom('account_members').select('role').where('account_id', '=', accountId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!member) throw notFound('Member');
    if (member.role === 'owner') {
      throw new DomainError('CONFLICT', leaving ? 'The owner cannot leave the account (it is theirs); cancel the subscription instead' : 'The owner cannot be removed from the account');
    }
    await trx.deleteFrom('account_members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
    await trx.updateTable('api_keys').set({ revoked_at: ctx.now() })
      .where('user_id', '=', userId).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
  });
}
