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

/** A message's headers (unfolded, lower-case names) and its text and HTML parts, decoded. */
export function parseMessage(raw: string): { headers: Map<string, string>; text: string | undefined; html: string | undefined; contentType: string } {
  const [head = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
  const body = bodyParts.join('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const contentType = headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const parts: { type: string; content: string }[] = [];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const [ph = '', ...pb] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const content = pb.join('\r\n\r\n').replace(/\r?\n$/, '');
      const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(ph)?.[1]?.toLowerCase();
      const decoded = enc === 'quoted-printable' ? decodeQp(content) : enc === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
      parts.push({ type: /content-type:\s*([\w/]+)/i.exec(ph)?.[1]?.toLowerCase() ?? '', content: decoded });
    }
  }
  else {
    // A single-part message (a plain-text-only digest): the body is the one part.
    const enc = headers.get('content-transfer-encoding')?.toLowerCase();
    const content = body.replace(/\r?\n$/, '');
    const decoded = enc === 'quoted-printable' ? decodeQp(content) : enc === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : content;
    parts.push({ type: /^([\w/]+)/.exec(contentType)?.[1]?.toLowerCase() ?? 'text/plain', content: decoded });
  }
  return { headers, contentType, text: parts.find((p) => p.type === 'text/plain')?.content, html: parts.find((p) => p.type === 'text/html')?.content };
}
