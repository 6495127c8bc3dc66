import { sql } from 'kysely';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import { getUserView, type UserView } from './get-user.js';

/** Plans a user can be put on. */
export const PLAN_CODES = ['trial', 'core', 'professional', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
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
    const user = await trx
      .insertInto('users')
      .values({ email, name: input.name ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('profiles').values({ user_id: user.id, is_admin: input.admin === true }).execute();
    await trx.insertInto('preferences').values({ user_id: user.id }).execute();
    const account = await trx
      .insertInto('accounts')
      .values({ name: input.name ?? email, owner_user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('account_members').values({ account_id: account.id, user_id: user.id, role: 'owner' }).execute();
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
    return user.id;
  });
  return getUserView(ctx, userId);
}
