/**
 * Renders one reader's digest as HTML and plain text with Handlebars templates
 * (`templates/digest.html.hbs`, `templates/digest.txt.hbs`): the edition's executive summary first,
 * then the articles in the reader's order, honouring the delivery preferences:
 * - `digest_format` `html`: an HTML part and its plain-text alternative; `text`: plain text only
 *   (the HTML part is empty and the transport leaves it out); both carry why it matters and the takeaways;
 * - `email_headlines_only`: headlines (with their source links) only, no executive summary.
 * - `attach_pdf`: the same digest as a {@link PdfDigest} (`pdf`), which send-newsletter.ts renders
 *   (digest-pdf.ts) and queues with the message as `edition-<number>-<publish date>.pdf`.
 * HTML output escapes every value; the text part is not escaped (it is not HTML).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { ArticleView } from '../articles/index.js';
import type { EditionView } from '../editions/index.js';
import type { PdfDigest } from './digest-pdf.js';
import { orderForReader } from './personalise.js';
import type { Recipient } from './recipients.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');
const hb = Handlebars.create();
hb.registerHelper('join', (list: unknown) => (Array.isArray(list) ? list.join(', ') : ''));
hb.registerHelper('bullets', (list: unknown, indent: unknown) =>
  Array.isArray(list) ? list.map((x) => `${typeof indent === 'string' ? indent : ''}- ${String(x)}`).join('\n') : '');
hb.registerHelper('blank', () => '');
const htmlTemplate = hb.compile(fs.readFileSync(path.join(dir, 'digest.html.hbs'), 'utf8'), { strict: false });
const textTemplate = hb.compile(fs.readFileSync(path.join(dir, 'digest.txt.hbs'), 'utf8'), { noEscape: true, strict: false });

/** A rendered message. */
export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
  /** Article ids in the order the reader sees them. */
  order: string[];
  /** The digest for its PDF rendering (`attach_pdf`), with the same preferences applied; `createdAt` is the edition's day. */
  pdf: PdfDigest;
}

/** The file name of an edition's PDF: `edition-<number>-<publish date>.pdf`. */
export const editionPdfFilename = (edition: EditionView) => `edition-${edition.number}-${edition.publish_date}.pdf`;

/** The subject line of an edition's digest. */
export const digestSubject = (edition: EditionView, test = false) =>
  `${test ? '[TEST] ' : ''}Airport Intelligence — Edition ${edition.number} (${edition.publish_date})`;

/** Renders the digest of `edition` for `recipient`, with `unsubscribeUrl` in the footer. */
export function renderDigest(edition: EditionView, articles: ArticleView[], recipient: Recipient, unsubscribeUrl: string, test = false): RenderedDigest {
  const ranked = orderForReader(articles, recipient.interests);
  const full = true;
  const textOnly = recipient.digestFormat === 'text';
  const context = {
    subject: digestSubject(edition, test),
    test,
    greeting: recipient.name ? `Hello ${recipient.name},` : '',
    edition: { number: edition.number, publish_date: edition.publish_date, summary: edition.summary, top_developments: edition.top_developments },
    personalised: ranked.some((r) => r.score > 0),
    headlinesOnly: recipient.headlinesOnly,
    full,
    formatLabel: `${recipient.headlinesOnly ? 'headlines only' : 'full digest'}${textOnly ? ', plain text' : ''}`,
    unsubscribeUrl,
    articles: ranked.map((r) => ({
      headline: r.article.headline,
      why_it_matters: r.article.why_it_matters,
      takeaways: r.article.takeaways,
      source_name: r.article.source_name,
      source_url: r.article.source_url,
      matched: r.matched,
    })),
  };
  const pdf: PdfDigest = {
    title: `${test ? '[TEST] ' : ''}Airport Intelligence \u2014 Edition ${edition.number}`,
    subtitle: `${edition.publish_date} \u00b7 ${context.formatLabel.replace(', plain text', '')}`,
    intro: recipient.headlinesOnly ? [] : [edition.summary, ...(edition.top_developments ?? []).map((d) => `\u2022 ${d}`)].filter(Boolean),
    items: context.articles.map((a) => ({
      title: a.headline,
      date: [edition.publish_date, a.source_name].filter(Boolean).join(' \u00b7 '),
      url: a.source_url,
      lines: recipient.headlinesOnly || !a.why_it_matters ? [] : [`Why it matters: ${a.why_it_matters}`],
      bullets: recipient.headlinesOnly ? [] : a.takeaways ?? [],
    })),
    footer: `Unsubscribe: ${unsubscribeUrl}`,
    createdAt: new Date(`${edition.publish_date}T00:00:00Z`),
  };
  return { subject: context.subject, html: textOnly ? '' : htmlTemplate(context), text: textTemplate(context), order: ranked.map((r) => r.article.id), pdf };
}
