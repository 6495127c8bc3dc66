/**
 * The PDF rendering of a digest (the `attach_pdf` preference, issue 10): the one place that draws a
 * PDF, for the newsletter (render.ts) and for alert mails (alerts/delivery.ts), with pdfkit.
 *
 * A digest is a title, a subtitle, optional introductory paragraphs and a list of items, each with
 * its title (a link when it has a URL), a date line, optional detail lines and bullets, and its URL
 * printed in full (so a printed copy still says where the item is). The document is A4, one
 * column, the PDF standard font Helvetica (no font file to ship).
 *
 * Deterministic: the same digest at the same instant gives the same bytes (the document's
 * creation date is the digest's `createdAt`, from the service clock; pdfkit writes no random id).
 * Helvetica's encoding (WinAnsi) holds Western European text; other characters are written
 * without their accents where that makes them WinAnsi (`ą` → `a`), else as `?`. The HTML and text
 * parts of the mail keep the full text.
 */
import PDFDocument from 'pdfkit';

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

/** Characters of WinAnsiEncoding above 0x7E that are not Latin-1 (pdfkit maps them). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `s` in what Helvetica can show: accents dropped where that helps, other characters `?`. */
export function toWinAnsi(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n' || ch === '\t') out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += base && [...base].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? base : '?';
    }
  }
  return out;
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
    info: { Title: toWinAnsi(digest.title), Producer: 'airport-intel', Creator: 'airport-intel', CreationDate: digest.createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = toWinAnsi;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111').text(t(digest.title));
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(t(digest.subtitle)).moveDown();
  for (const p of digest.intro ?? []) doc.fontSize(11).fillColor('#111111').text(t(p)).moveDown(0.5);
  if (digest.intro?.length) doc.moveDown(0.5);
  for (const item of digest.items) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(item.url ? '#1a4f8b' : '#111111')
      .text(t(item.title), item.url ? { link: item.url } : {});
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(t(item.date));
    for (const line of item.lines ?? []) doc.fontSize(10).fillColor('#111111').text(t(line));
    for (const b of item.bullets ?? []) doc.fontSize(10).fillColor('#111111').text(`•  ${t(b)}`, { indent: 10 });
    if (item.url) doc.fontSize(8).fillColor('#1a4f8b').text(t(item.url), { link: item.url });
    doc.moveDown();
  }
  if (digest.footer) doc.font('Helvetica').fontSize(8).fillColor('#555555').text(t(digest.footer));
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
