/**
 * Reading and replacing the caller's delivery preferences (table `preferences`, one row per user,
 * made with the user). The newsletter and alert digests honour them.
 */
import { callerOf, type Ctx } from '../context.js';
import type { PreferencesInput } from './schemas.js';

const columns = ['digest_frequency', 'digest_format', 'email_headlines_only', 'attach_pdf'] as const;

/** The caller's preferences (the defaults when the row is missing). */
export async function getPreferences(ctx: Ctx): Promise<PreferencesInput> {
  const me = callerOf(ctx);
  const row = await ctx.db.selectFrom('preferences').select(columns).where('user_id', '=', me.userId).executeTakeFirst();
  return (row as PreferencesInput | undefined) ?? { digest_frequency: 'weekly', digest_format: 'html', email_headlines_only: false, attach_pdf: false };
}

/**
 * Replaces the caller's preferences with `input` (validated against the vocabularies by the
 * schema) and returns what is stored.
 */
export async function putPreferences(ctx: Ctx, input: PreferencesInput): Promise<PreferencesInput> {
  const me = callerOf(ctx);
  const values = {
    digest_frequency: input.digest_frequency, digest_format: input.digest_format,
    email_headlines_only: input.email_headlines_only, attach_pdf: input.attach_pdf, updated_at: ctx.now(),
  };
  await ctx.db.insertInto('preferences').values({ user_id: me.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values)).execute();
  return getPreferences(ctx);
}
