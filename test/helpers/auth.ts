/**
 * Helpers of the sign-in tests (test/auth/): the links the outbox holds, the session cookie of an
 * answer, and a complete sign-in by email link.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from './harness.js';

/** The newest queued message to `email` (text body, subject). */
export async function lastMail(h: Harness, email: string): Promise<{ subject: string; text: string; html: string }> {
  const row = await h.database.db.selectFrom('email_outbox').select(['subject', 'text_body', 'html', 'created_at']).where('to_email', '=', email)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  assert.ok(row, `a message to ${email}`);
  return { subject: row.subject, text: row.text_body, html: row.html };
}

/**
 * The token of an unused link to `path` (`/auth/link`, `/auth/reset`) mailed to `email` (the
 * newest; the test clock stands still, so "unused" tells the last one apart).
 */
export async function lastToken(h: Harness, email: string, path = '/auth/link'): Promise<string> {
  const rows = await h.database.db.selectFrom('email_outbox').select(['text_body']).where('to_email', '=', email).orderBy('created_at', 'desc').execute();
  const found: string[] = [];
  for (const row of rows) {
    const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(row.text_body);
    if (match) found.push(match[1]!);
  }
  assert.ok(found.length, `no ${path} link mailed to ${email}`);
  const unused = await h.database.db.selectFrom('auth_tokens').select(['token_hash']).where('used_at', 'is', null).where('email', '=', email).execute();
  const hashes = new Set(unused.map((u) => u.token_hash));
  return found.find((t) => hashes.has(crypto.createHash('sha256').update(t).digest('hex'))) ?? found[0]!;
}

/** One Set-Cookie of a response, parsed: value and attributes (lower-case names). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/** The Set-Cookie headers of `res`. */
export function setCookies(res: LightMyRequestResponse): SetCookie[] {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((line) => {
    const [pair, ...attrs] = String(line).split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const a of attrs) {
      const i = a.indexOf('=');
      attributes[(i < 0 ? a : a.slice(0, i)).toLowerCase()] = i < 0 ? true : a.slice(i + 1);
    }
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  });
}

/** A browser signed in: the Cookie header to send and the session's CSRF token. */
export interface Browser {
  cookie: string;
  csrf: string;
  userId: string;
  /** `{ cookie }` for safe requests; `{ cookie, 'x-csrf-token' }` for writes. */
  headers: { cookie: string };
  writeHeaders: { cookie: string; 'x-csrf-token': string };
}

/** The browser of a sign-in answer (200 with the cookie). */
export function browserOf(res: LightMyRequestResponse, cookieName = 'ai_session'): Browser {
  assert.equal(res.statusCode, 200, res.body);
  const cookie = setCookies(res).find((c) => c.name === cookieName);
  assert.ok(cookie, `Set-Cookie ${cookieName}: ${JSON.stringify(res.headers['set-cookie'])}`);
  const body = res.json() as { csrf_token: string; user: { id: string } };
  const header = `${cookieName}=${cookie.value}`;
  return { cookie: header, csrf: body.csrf_token, userId: body.user.id, headers: { cookie: header }, writeHeaders: { cookie: header, 'x-csrf-token': body.csrf_token } };
}

/** Signs `email` in by email link (request, read the outbox, verify): the browser. */
export async function signInByLink(h: Harness, email: string, headers: Record<string, string> = {}): Promise<Browser> {
  const asked = await h.app.inject({ method: 'POST', url: '/v1/auth/email-link', payload: { email }, headers });
  assert.equal(asked.statusCode, 202, asked.body);
  const token = await lastToken(h, email);
  return browserOf(await h.app.inject({ method: 'POST', url: '/v1/auth/email-link/verify', payload: { token }, headers }));
}

/** Generous limits for files that are not about rate limits. */
export const LOOSE_LIMITS = { perClient: { max: 10_000, windowMs: 60_000 }, perAddress: { max: 10_000, windowMs: 60_000 } };
