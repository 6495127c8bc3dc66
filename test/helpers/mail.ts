/**
 * A real SMTP server in-process (the `smtp-server` package on 127.0.0.1, a free port) that keeps
 * every message it accepts, and a small MIME reader for the assertions.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** One message the server accepted. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Starts the server; `reject` makes it refuse every recipient with a 550. */
export async function startSmtp(options: { reject?: boolean } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.reject) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const decodeQp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; adjacent words joined. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_, _cs: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')));

/** A file attached to a message. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

interface Part {
  type: string;
  content: string;
  attachment?: ReceivedAttachment;
}

const headerMap = (head: string) => {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  return headers;
};

/** The leaf parts of an entity (nested multiparts, e.g. mixed > alternative + attachment, walked). */
function leaves(headers: Map<string, string>, body: string): Part[] {
  const contentType = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (boundary) {
    const parts: Part[] = [];
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const [ph = '', ...pb] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      parts.push(...leaves(headerMap(ph), pb.join('\r\n\r\n').replace(/\r?\n$/, '')));
    }
    return parts;
  }
  // A single part (also a plain-text-only message: the body is the one part).
  const enc = headers.get('content-transfer-encoding')?.toLowerCase();
  const content = body.replace(/\r?\n$/, '');
  const type = /^([\w/.+-]+)/.exec(contentType)?.[1]?.toLowerCase() ?? 'text/plain';
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? /name="?([^";]+)"?/.exec(contentType)?.[1];
  if (/^attachment/i.test(disposition) || (filename && !type.startsWith('text/'))) {
    const bytes = enc === 'base64' ? Buffer.from(content.replace(/\s+/g, ''), 'base64') : Buffer.from(enc === 'quoted-printable' ? decodeQp(content) : content, 'latin1');
    return [{ type, content: '', attachment: { filename: filename ?? '', contentType: type, content: bytes } }];
  }
  const decoded = enc === 'quoted-printable' ? decodeQp(content) : enc === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
  return [{ type, content: decoded }];
}

/** A message's headers (unfolded, lower-case names), its text and HTML parts decoded, and its attachments. */
export function parseMessage(raw: string): {
  headers: Map<string, string>; text: string | undefined; html: string | undefined; contentType: string; attachments: ReceivedAttachment[];
} {
  const [head = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const headers = headerMap(head);
  const parts = leaves(headers, bodyParts.join('\r\n\r\n'));
  const body = parts.filter((p) => !p.attachment);
  return {
    headers, contentType: headers.get('content-type') ?? '',
    text: body.find((p) => p.type === 'text/plain')?.content, html: body.find((p) => p.type === 'text/html')?.content,
    attachments: parts.flatMap((p) => (p.attachment ? [p.attachment] : [])),
  };
}

/**
 * The text a PDF shows, as a reader extracts it (Mozilla's pdf.js, the engine of Firefox's viewer):
 * each page's text items in order, a newline where pdf.js sees the end of a line. Works on the
 * embedded subset fonts of the digests (their ToUnicode maps), whatever the script.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}
