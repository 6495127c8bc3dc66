import type { Ctx } from '../context.js';
import { invalidParam, unauthenticated } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import type { UpdateProfileInput } from './schemas.js';

/** The caller's profile. */
export interface Profile {
  user_id: string;
  email: string;
  name: string | null;
  job_title: string | null;
  organisation: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** IANA time zone. */
  timezone: string | null;
}

const TIMEZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);

/** True for an IANA time zone name this runtime knows. */
export const isTimeZone = (tz: string): boolean => TIMEZONES.has(tz);

async function readProfile(ctx: Ctx, userId: string): Promise<Profile> {
  const row = await ctx.db.selectFrom('users as u').leftJoin('profiles as p', 'p.user_id', 'u.id')
    .select(['u.id as user_id', 'u.email', 'u.name', 'p.job_title', 'p.organisation', 'p.country', 'p.timezone'])
    .where('u.id', '=', userId).executeTakeFirstOrThrow();
  return { ...row, country: row.country?.trim() ?? null };
}

/** The caller's profile (`GET /v1/account/profile`). @throws DomainError UNAUTHENTICATED */
export async function getProfile(ctx: Ctx): Promise<Profile> {
  if (!ctx.identity) throw unauthenticated('Authentication required');
  return readProfile(ctx, ctx.identity.userId);
}

/**
 * Changes the caller's profile (`PATCH /v1/account/profile`): only the fields sent; `null` clears.
 * The country must be in the reference countries, the time zone an IANA name.
 * @throws DomainError UNAUTHENTICATED; VALIDATION naming `country` or `timezone`
 */
export async function updateProfile(ctx: Ctx, input: UpdateProfileInput): Promise<Profile> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  const country = typeof input.country === 'string' ? input.country.toUpperCase() : input.country;
  if (typeof input.timezone === 'string' && !isTimeZone(input.timezone)) throw invalidParam('timezone', 'must be an IANA time zone such as Europe/London');
  return writeTransaction(ctx, async (trx, tctx) => {
    if (typeof country === 'string') {
      const known = await trx.selectFrom('countries').select('code').where('code', '=', country).executeTakeFirst();
      if (!known) throw invalidParam('country', `${country} is not a country of /v1/reference`);
    }
    if (input.name !== undefined) await trx.updateTable('users').set({ name: input.name }).where('id', '=', identity.userId).execute();
    const profile = {
      ...(input.job_title !== undefined ? { job_title: input.job_title } : {}),
      ...(input.organisation !== undefined ? { organisation: input.organisation } : {}),
      ...(country !== undefined ? { country } : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    };
    await trx.insertInto('profiles').values({ user_id: identity.userId, ...profile, updated_at: ctx.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profile, updated_at: ctx.now() })).execute();
    return readProfile(tctx, identity.userId);
  });
}
