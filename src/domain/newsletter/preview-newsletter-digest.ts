/**
 * The digest of an edition as a subscriber will receive it (`GET /v1/admin/editions/{id}/newsletter/digest`):
 * the same rendering as a send (render.ts), for a subscriber with the default delivery preferences
 * (HTML with its plain-text part, the full digest) and no favourites, so the articles keep the
 * edition's order. Writes and sends nothing.
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { loadEdition } from '../editions/index.js';
import type { Recipient } from './recipients.js';
import { renderDigest } from './render.js';
import { editionArticles, unsubscribeUrl, type NewsletterSettings } from './send-newsletter.js';

/** A rendered digest: its subject line, HTML part and plain-text part. */
export interface DigestPreview {
  subject: string;
  html: string;
  text: string;
}

/** The default subscriber a preview renders for (no name, no favourites, default preferences). */
const PREVIEW_READER: Recipient = {
  userId: null, email: 'subscriber@example.com', name: null, digestFormat: 'html', headlinesOnly: false, attachPdf: false, unsubscribeToken: null, interests: [],
};

/**
 * Renders edition `editionId` (any status) as a subscriber with default preferences receives it.
 * Administrators only. @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND (edition)
 */
export async function previewNewsletterDigest(ctx: Ctx, editionId: string, settings: NewsletterSettings): Promise<DigestPreview> {
  requireAdmin(ctx.identity);
  const edition = await loadEdition(ctx.db, editionId);
  const digest = renderDigest(edition, await editionArticles(ctx.db, edition.id), PREVIEW_READER, unsubscribeUrl(settings, null));
  return { subject: digest.subject, html: digest.html, text: digest.text };
}
