/**
 * The PDF rendering of a digest (the `attach_pdf` preference): the one place that draws a
 * PDF, for the newsletter (render.ts) and for alert mails (alerts/delivery.ts), with pdfkit.
 *
 * A digest is a title, a subtitle, optional introductory paragraphs and a list of items, each with
 * its title (a link when it has a URL), a date line, optional detail lines and bullets, and its URL
 * printed in full (so a printed copy still says where the item is). The document is A4, one
 * column, in Noto Sans embedded as subsets (pdf-fonts.ts: Latin, Greek, Cyrillic, Vietnamese, Arabic
 * and Chinese text is written as it is; a character no embedded face holds becomes `?`).
 *
 * Deterministic: the same digest at the same instant gives the same bytes (the document's
 * creation date is the digest's `createdAt`, from the service clock; pdfkit writes no random id).
 */
import PDFDocument from 'pdfkit';
import { fontRuns, openFont, readBackAsWritten, type PdfWeight } from './pdf-fonts.js';

/** One item of a digest. */
export interface PdfDigestItem {
  title: string;
  /** A line under the title, e.g. `2026-11-24 · Reuters`. */
  date: string;
  /** Absolute URL of the item: the title links to it and it is printed below. */
  url: string | null;
  /** Paragraphs under the title (e.g. why it matters). */
  lines?: string[];
  /** Bullet points (e.g. the takeaways). */
  bullets?: string[];
}

/** What a digest PDF shows. */
export interface PdfDigest {
  title: string;
  subtitle: string;
  /** Paragraphs before the items (e.g. an edition's executive summary). */
  intro?: string[];
  items: PdfDigestItem[];
  /** A closing line (e.g. where to manage the alert). */
  footer?: string;
  /** The instant the digest was made (service clock): the document's creation date. */
  createdAt: Date;
}

/** A rendered attachment, as the outbox stores it and the transport sends it. */
export interface MailAttachment {
  filename: string;
  /** `application/pdf` here. */
  contentType: string;
  content: Buffer;
}

/** How one paragraph is written. */
interface Style {
  weight?: PdfWeight;
  size: number;
  color: string;
  link?: string | undefined;
  indent?: number;
}

/** fontkit's feature switches for right-to-left runs (pdfkit's types allow only a list of names). */
const NO_KERNING = { kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** Writes `text` as one paragraph in `style`, switching face file wherever the script asks. */
function paragraph(doc: PDFKit.PDFDocument, text: string, style: Style): PDFKit.PDFDocument {
  const runs = fontRuns(text, style.weight ?? 400);
  doc.fontSize(style.size).fillColor(style.color);
  runs.forEach((run, i) => {
    doc.registerFont(run.name, openFont(run) as unknown as Buffer); // pdfkit takes a fontkit font as it is
    doc.font(run.name);
    readBackAsWritten(doc, run);
    doc.text(run.text, {
      continued: i < runs.length - 1,
      // With features, pdfkit lays a run out whole (else word by word): a right-to-left phrase is then
      // reversed by fontkit as one piece, spaces included (pdf-fonts.ts, visualOrder). fontkit takes
      // an object too: kerning off, because the kerned ر of IBM Plex Sans Arabic (an x offset) reads
      // back to pdf.js as a space inside the word (ثمريت → ثمر يت); the shaping features stay on.
      ...(run.rtl ? { features: NO_KERNING } : {}),
      ...(style.link ? { link: style.link } : {}),
      ...(i === 0 && style.indent ? { indent: style.indent } : {}),
    });
  });
  return doc;
}

/** The attachment's file name: `<prefix>-YYYY-MM-DD.pdf` by the UTC day of `at`. */
export const pdfFilename = (prefix: string, at: Date) => `${prefix}-${at.toISOString().slice(0, 10)}.pdf`;

/**
 * Renders `digest` as a PDF.
 * @returns the PDF's bytes (they start with `%PDF-`)
 */
export function renderDigestPdf(digest: PdfDigest): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 56,
    info: { Title: digest.title, Producer: 'airport-intel', Creator: 'airport-intel', CreationDate: digest.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  paragraph(doc, digest.title, { weight: 700, size: 18, color: '#111111' });
  paragraph(doc, digest.subtitle, { size: 10, color: '#555555' }).moveDown();
  for (const p of digest.intro ?? []) paragraph(doc, p, { size: 11, color: '#111111' }).moveDown(0.5);
  if (digest.intro?.length) doc.moveDown(0.5);
  for (const item of digest.items) {
    paragraph(doc, item.title, { weight: 700, size: 12, color: item.url ? '#1a4f8b' : '#111111', link: item.url ?? undefined });
    paragraph(doc, item.date, { size: 9, color: '#555555' });
    for (const line of item.lines ?? []) paragraph(doc, line, { size: 10, color: '#111111' });
    for (const b of item.bullets ?? []) paragraph(doc, `•  ${b}`, { size: 10, color: '#111111', indent: 10 });
    if (item.url) paragraph(doc, item.url, { size: 8, color: '#1a4f8b', link: item.url });
    doc.moveDown();
  }
  if (digest.footer) paragraph(doc, digest.footer, { size: 8, color: '#555555' });
  doc.end();
  return done;
}

/** The outbox's stored form of attachments (`email_outbox.attachments`, migration 0014). */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

/** `attachments` as stored in `email_outbox.attachments` (a JSON text for the insert). */
export const storeAttachments = (attachments: MailAttachment[]): string =>
  JSON.stringify(attachments.map((a): StoredAttachment => ({ filename: a.filename, content_type: a.contentType, content_base64: a.content.toString('base64') })));

/** The attachments of a stored `email_outbox.attachments` value (malformed entries are skipped). */
export function loadAttachments(stored: unknown): MailAttachment[] {
  const list = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  if (!Array.isArray(list)) return [];
  return list.flatMap((a: Partial<StoredAttachment> | null) =>
    a && typeof a.filename === 'string' && typeof a.content_type === 'string' && typeof a.content_base64 === 'string'
      ? [{ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content_base64, 'base64') }]
      : []);
}
