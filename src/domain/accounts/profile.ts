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

/**
 * The IANA spelling of time zone `tz`, or `undefined` when the runtime's IANA database does not know
 * it. Links (aliases) count: the current names `Asia/Kolkata` and `Europe/Kyiv` are links in the
 * ICU data of Node 20 and absent from `Intl.supportedValuesOf('timeZone')`, which lists `Asia/Calcutta`
 * and `Europe/Kiev` instead. Matched case-insensitively; a name that differs from its canonical
 * one only by case gets the canonical case, any other (a link) is kept as given. UTC offsets
 * (`+05:00`) are not IANA names and are refused.
 */
export function canonicalTimeZone(tz: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return resolved.toLowerCase() === tz.toLowerCase() ? resolved : tz;
}

/** True for an IANA time zone name this runtime knows (links included, case-insensitive). */
export const isTimeZone = (tz: string): boolean => canonicalTimeZone(tz) !== undefined;

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
 * The country must be in the reference countries (case-insensitive, stored upper-case), the time
 * zone an IANA name ({@link canonicalTimeZone}). Invalid input changes nothing.
 * @throws DomainError UNAUTHENTICATED; VALIDATION naming `country` or `timezone`
 */
export async function updateProfile(ctx: Ctx, input: UpdateProfileInput): Promise<Profile> {
  const identity = ctx.identity;
  if (!identity) throw unauthenticated('Authentication required');
  const country = typeof input.country === 'string' ? input.country.toUpperCase() : input.country;
  const timezone = typeof input.timezone === 'string' ? canonicalTimeZone(input.timezone) : input.timezone;
  if (timezone === undefined && input.timezone !== undefined) throw invalidParam('timezone', `${input.timezone} is not an IANA time zone (such as Europe/London)`);
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
      ...(timezone !== undefined ? { timezone } : {}),
    };
    await trx.insertInto('profiles').values({ user_id: identity.userId, ...profile, updated_at: ctx.now() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...profile, updated_at: ctx.now() })).execute();
    return readProfile(tctx, identity.userId);
  });
}
