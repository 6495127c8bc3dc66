import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { getUserView, type UserView } from './get-user-view.js';
import { PLAN_CODES, type PlanCode } from './plans.js';

export { PLAN_CODES, type PlanCode };
/** Length of a trial, in days. */
export const TRIAL_DAYS = 14;

/** What `createUser` needs. */
export interface NewUser {
  email: string;
  name?: string | undefined;
  admin?: boolean | undefined;
  /** Without a plan the user has no subscription (and so no features). */
  plan?: PlanCode | undefined;
  /** Add-on codes (`wat`, `mcp`); each must be buyable on the plan. */
  addons?: string[] | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for something shaped like an email address (`local@domain.tld`, no spaces). */
export const isEmailAddress = (email: string): boolean => EMAIL.test(email);

/**
 * Inserts a person: the user, their profile and default delivery preferences and, with
 * `ownAccount`, an account they own (named after them) with their owner membership. No
 * subscription. Call it inside a transaction; the caller has checked that the address is free.
 * @returns the new user's id and, with `ownAccount`, their account's id
 */
export async function insertPerson(
  trx: Kysely<DB>,
  person: { email: string; name?: string | null | undefined; admin?: boolean | undefined; ownAccount: boolean; verifiedAt?: Date | null | undefined },
): Promise<{ userId: string; accountId: string | null }> {
  const user = await trx.insertInto('users').values({ email: person.email, name: person.name ?? null, email_verified_at: person.verifiedAt ?? null })
    .returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('profiles').values({ user_id: user.id, is_admin: person.admin === true }).execute();
  await trx.insertInto('preferences').values({ user_id: user.id }).execute();
  if (!person.ownAccount) return { userId: user.id, accountId: null };
  const account = await trx.insertInto('accounts').values({ name: person.name ?? person.email, owner_user_id: user.id }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('account_members').values({ account_id: account.id, user_id: user.id, role: 'owner' }).execute();
  return { userId: user.id, accountId: account.id };
}

/**
 * Creates a user with a profile, default delivery preferences, an account they own and, when
 * `plan` is given, a subscription (trialing for 14 days on `trial`, active otherwise) with add-ons.
 * Everything happens in one transaction; two creates of one email at once end in one CONFLICT.
 * @throws DomainError VALIDATION (bad email, unknown plan, add-on not buyable on the plan), CONFLICT (email taken)
 */
export async function createUser(ctx: Ctx, input: NewUser): Promise<UserView> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw invalidParam('email', 'must be an email address');
  if (input.plan && !PLAN_CODES.includes(input.plan)) throw invalidParam('plan', `must be one of ${PLAN_CODES.join(', ')}`);
  const addons = [...new Set(input.addons ?? [])];

  const userId = await writeTransaction(ctx, async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    if (taken) throw conflict(`A user with email ${email} already exists`);
    const { userId, accountId } = await insertPerson(trx, { email, name: input.name, admin: input.admin, ownAccount: true });
    const account = { id: accountId! };
    if (input.plan) {
      if (addons.length > 0) {
        const buyable = (
          await trx.selectFrom('plan_addons').select('addon_code').where('plan_code', '=', input.plan).execute()
        ).map((r) => r.addon_code);
        const refused = addons.filter((a) => !buyable.includes(a));
        if (refused.length > 0) {
          throw invalidParam(
            'addon',
            `${refused.join(', ')} cannot be added to the ${input.plan} plan (buyable add-ons: ${buyable.join(', ') || 'none'})`,
          );
        }
      }
      const trial = input.plan === 'trial';
      const sub = await trx
        .insertInto('subscriptions')
        .values({
          account_id: account.id,
          plan_code: input.plan,
          status: trial ? 'trialing' : 'active',
          current_period_end: trial ? new Date(ctx.now().getTime() + TRIAL_DAYS * DAY_MS) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (addons.length > 0) {
        await trx
          .insertInto('subscription_addons')
          .values(addons.map((a) => ({ subscription_id: sub.id, addon_code: a })))
          .execute();
      }
    } else if (addons.length > 0) {
      throw invalidParam('addon', 'add-ons need a plan (--plan)');
    }
    return userId;
  });
  return getUserView(ctx, userId);
}
