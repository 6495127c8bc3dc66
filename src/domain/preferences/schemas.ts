/**
 * Delivery preferences (seed 001, section 2: digest_frequency, digest_format,
 * email_headlines_only, attach_pdf): the vocabularies and the body of a change.
 */
import { Type, type Static } from 'typebox';
import { StringEnum } from '../shared/input-schema.js';

/** How often digests are mailed (`never`: none; the newsletter honours it too). */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
/** How a digest is mailed: `html` (an HTML part with a plain-text alternative) or `text` (plain text only). */
export const DIGEST_FORMATS = ['html', 'text'] as const;

const fields = {
  digest_frequency: StringEnum(DIGEST_FREQUENCIES, { description: 'daily, weekly or never' }),
  digest_format: StringEnum(DIGEST_FORMATS, { description: 'html (with a text alternative) or text only' }),
  email_headlines_only: Type.Boolean({ description: 'The newsletter lists headlines (with their links) only: no executive summary, why it matters or takeaways (alert mails are headlines and links already)' }),
  attach_pdf: Type.Boolean({ description: 'The newsletter and alert mails carry a PDF rendering of the digest as an attachment (`edition-<number>-<YYYY-MM-DD>.pdf`, `alerts-<YYYY-MM-DD>.pdf`): each item\u2019s title, date and link' }),
};

/** The stored preferences, as read and as a PUT replaces them (every field required). */
export const PreferencesInput = Type.Object(fields, { additionalProperties: false });
/** Preferences as {@link PreferencesInput} validates them. */
export type PreferencesInput = Static<typeof PreferencesInput>;
