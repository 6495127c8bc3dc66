/**
 * Emailed one-time links (sign-up, email-link sign-in, password reset): 32 random bytes in
 * base64url, of which only the SHA-256 is stored (`auth_tokens`); single use, valid
 * {@link LINK_TTL_MS}. A presented token is looked up by its hash and the stored hash is compared
 * again in constant time. The mail goes through the outbox (`email_outbox`), in the transaction
 * that issued the token.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';

/** A link lives 15 minutes. */
export const LINK_TTL_MS = 15 * 60 * 1000;

/** What a link is for. */
export type LinkPurpose = 'sign_up' | 'sign_in' | 'password_reset';

/** SHA-256 of a token, hex. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** A fresh random token: 32 bytes, base64url (43 characters). */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/**
 * Stores a new link for `email` and returns its token (plaintext, for the mail only).
 * @param trx the transaction that also queues the mail
 */
export async function issueLink(
  trx: Kysely<DB>,
  ctx: Ctx,
  link: { purpose: LinkPurpose; email: string; userId: string | null; name?: string | null | undefined; returnTo?: string | null | undefined },
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const now = ctx.now();
  const row = await trx.insertInto('auth_tokens').values({
    purpose: link.purpose, token_hash: hashToken(token), email: link.email, user_id: link.userId, name: link.name ?? null,
    return_to: link.returnTo ?? null, created_at: now, expires_at: new Date(now.getTime() + LINK_TTL_MS),
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** A link as consumed. */
export interface ConsumedLink {
  id: string;
  purpose: LinkPurpose;
  email: string;
  userId: string | null;
  name: string | null;
  returnTo: string | null;
}

/** The one answer to every unusable link: unknown, expired, used or for another purpose alike. */
const unusable = () => invalidParam('token', 'this link is invalid, has expired or has already been used; ask for a new one');

/**
 * Marks the link of `token` used (once: a second use, even at the same instant, is refused) and
 * returns what it was issued for. Call it in the transaction of what the link does.
 * @param purposes the purposes acceptable here
 * @throws DomainError VALIDATION (param `token`) for an unknown, expired, used or other-purpose link
 */
export async function consumeLink(trx: Kysely<DB>, ctx: Ctx, token: string, purposes: readonly LinkPurpose[]): Promise<ConsumedLink> {
  const hash = hashToken(token);
  const row = await trx.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) throw unusable();
  if (row.used_at || row.expires_at.getTime() <= ctx.now().getTime() || !purposes.includes(row.purpose as LinkPurpose)) throw unusable();
  const done = await trx.updateTable('auth_tokens').set({ used_at: ctx.now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw unusable();
  return { id: row.id, purpose: row.purpose as LinkPurpose, email: row.email, userId: row.user_id, name: row.name, returnTo: row.return_to };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message of the sign-in flows. */
export interface AuthMail {
  to: string;
  userId: string | null;
  subject: string;
  /** Paragraphs of plain text; the link goes after them. */
  paragraphs: string[];
  link?: { url: string; label: string } | undefined;
}

/**
 * Queues `mail` in the outbox (delivered by the worker: docs/newsletter.md), deduplicated by `key`.
 * @param trx the transaction of the change the mail belongs to
 */
export async function queueAuthMail(trx: Kysely<DB>, ctx: Ctx, key: string, mail: AuthMail): Promise<void> {
  const text = [...mail.paragraphs, ...(mail.link ? [`${mail.link.label}: ${mail.link.url}`] : [])].join('\n\n') + '\n';
  const html = mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')
    + (mail.link ? `<p><a href="${escapeHtml(mail.link.url)}">${escapeHtml(mail.link.label)}</a></p>` : '');
  await trx.insertInto('email_outbox').values({
    dedupe_key: key, to_email: mail.to, user_id: mail.userId, subject: mail.subject, text_body: text, html,
    next_attempt_at: ctx.now(), created_at: ctx.now(),
  }).execute();
}
