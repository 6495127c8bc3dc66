/**
 * Mail transports for the outbox worker, through nodemailer:
 * - `SMTP_URL` set (`smtp://user:pass@host:587`, `smtps://…:465`): SMTP with a connection pool,
 *   which works with every mainstream email delivery provider;
 * - unset: each message is written as an `.eml` file under `DATA_DIR/outbox`, so a newcomer can
 *   open what would have been sent.
 * Every message has an HTML and a plain-text part, `List-Unsubscribe` (with one-click
 * `List-Unsubscribe-Post`, RFC 8058) and a Message-ID fixed per outbox row, and the files the
 * outbox row carries (a digest's PDF, `attach_pdf`) as attachments.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../domain/newsletter/outbox.js';

const message = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  ...(mail.html ? { html: mail.html } : {}),
  text: mail.text,
  messageId: mail.messageId,
  ...(mail.attachments?.length
    ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
    : {}),
  ...(mail.unsubscribeUrl
    ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
    : {}),
});

/** SMTP through nodemailer's pool. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 3 } as unknown as string);
  return {
    async send(mail) {
      await transporter.sendMail(message(from, mail));
    },
    close() {
      transporter.close();
    },
  };
}

/** Writes `<dir>/<timestamp>-<outbox id>.eml`. */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = (await transporter.sendMail(message(from, mail))) as unknown as { message: Buffer };
      await fs.promises.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.promises.writeFile(path.join(dir, `${stamp}-${mail.id}.eml`), info.message);
    },
  };
}

/** The transport of a configuration: SMTP with `smtpUrl`, else `.eml` files under `dataDir/outbox`. */
export function mailTransportFor(config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string }): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fileTransport(path.join(config.dataDir, 'outbox'), config.mailFrom);
}
