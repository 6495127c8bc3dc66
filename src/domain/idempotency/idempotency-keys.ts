/**
 * Idempotency keys (Stripe's rule, docs/conventions.md, docs/decisions/0016): a caller sends the
 * same `Idempotency-Key` with a retried request and gets the first answer again instead of a second
 * write. Rows of `idempotency_keys`, one per caller (user) and key, shared by every process:
 *
 * - **claim** — one `insert … on conflict` statement: the first request with a key inserts the row
 *   (`status` null: in flight); the database's primary key decides which of two concurrent requests
 *   wins, whatever process each runs in. The statement also takes over a row that expired (older
 *   than {@link IDEMPOTENCY_TTL_MS}) or was abandoned in flight (no answer after
 *   {@link IN_FLIGHT_TTL_MS}: a process died).
 * - **a row found instead** — another request (method, path and body: the fingerprint) is
 *   `UNPROCESSABLE`; the same request still in flight is `CONFLICT`; the same request answered is
 *   replayed from the stored answer.
 * - **save** or **release** — the claimer stores the answer, or deletes the row (an answer not worth
 *   keeping: 5xx, a race, a spent quota) so that a retry does the work. Both act only while the row
 *   still holds the claimer's own token.
 *
 * Times come from `ctx.now()`; expired rows are taken over, and deleted for the caller at each claim
 * and by {@link purgeIdempotencyKeys}.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { DAY_MS } from '../clock.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam, unauthenticated } from '../errors.js';

/** How long a key is remembered: 24 hours (ms). */
export const IDEMPOTENCY_TTL_MS = DAY_MS;
/** A claim without an answer for this long was abandoned (its process died) and may be taken over (ms). */
export const IN_FLIGHT_TTL_MS = 5 * 60_000;
/** A key: 1 to 255 visible ASCII characters (a UUID v4 is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]{1,255}$';
const KEY = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** What a key is bound to: the operation (`POST /api/v1/admin/projects`) and its input (the body). */
export interface IdempotentRequest {
  operation: string;
  input: unknown;
}

/** A stored answer: status, the headers worth replaying (lower-case names), the body as sent. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The claimer's hold on a key: pass it to {@link saveIdempotentResponse} or {@link releaseIdempotencyKey}. */
export interface IdempotencyHold {
  key: string;
  claim: string;
}

/** The outcome of {@link claimIdempotencyKey}: do the work (`claimed`), or answer as before (`replay`). */
export type IdempotencyClaim = ({ kind: 'claimed' } & IdempotencyHold) | { kind: 'replay'; response: StoredResponse };

/** JSON with object keys sorted, so that `{a,b}` and `{b,a}` are the same input. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the operation and its canonical input. */
export const fingerprintOf = (request: IdempotentRequest): string =>
  crypto.createHash('sha256').update(`${request.operation}\n${canonical(request.input)}`).digest('hex');

const userOf = (ctx: Ctx): string => {
  if (!ctx.identity) throw unauthenticated('An Idempotency-Key needs an authenticated caller');
  return ctx.identity.userId;
};

/**
 * Claims `key` for `request` on behalf of the caller (`ctx.identity`), or finds the answer to replay.
 * @throws DomainError VALIDATION (a malformed key), UNPROCESSABLE (the key was used with another
 *   request in the last 24 hours), CONFLICT (the same request with this key is still in flight),
 *   UNAUTHENTICATED (no caller)
 */
export async function claimIdempotencyKey(ctx: Ctx, key: string, request: IdempotentRequest): Promise<IdempotencyClaim> {
  if (!KEY.test(key)) throw invalidParam('Idempotency-Key', 'must be 1 to 255 visible ASCII characters (a UUID is a good choice)');
  const userId = userOf(ctx);
  const fingerprint = fingerprintOf(request);
  const now = ctx.now().getTime();
  const expired = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  const abandoned = new Date(now - IN_FLIGHT_TTL_MS).toISOString();
  // Two attempts: a row found may be released (deleted) by its claimer before it is read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const claim = crypto.randomUUID();
    const won = await sql<{ claim: string }>`
      insert into idempotency_keys as k (user_id, key, fingerprint, claim, created_at)
      values (${userId}, ${key}, ${fingerprint}, ${claim}, ${new Date(now).toISOString()}::timestamptz)
      on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, claim = excluded.claim, created_at = excluded.created_at,
            status = null, headers = null, body = null
        where k.created_at <= ${expired}::timestamptz or (k.status is null and k.created_at <= ${abandoned}::timestamptz)
      returning k.claim`.execute(ctx.db);
    if (won.rows[0]?.claim === claim) {
      await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created_at', '<=', new Date(expired)).execute();
      return { kind: 'claimed', key, claim };
    }
    const row = await ctx.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'headers', 'body'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    if (row.fingerprint !== fingerprint) {
      throw new DomainError('UNPROCESSABLE', 'This Idempotency-Key was already used with another request (method, path or body) in the last 24 hours: use a new key for a new request');
    }
    if (row.status === null) throw conflict('A request with this Idempotency-Key is still in progress: retry after it has finished');
    return { kind: 'replay', response: { status: row.status, headers: (row.headers ?? {}) as Record<string, string>, body: row.body ?? '' } };
  }
  throw conflict('A request with this Idempotency-Key is still in progress: retry after it has finished');
}

/** Stores the answer of a claimed key, for replays; nothing when the hold was lost (taken over). */
export async function saveIdempotentResponse(ctx: Ctx, hold: IdempotencyHold, response: StoredResponse): Promise<void> {
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ status: response.status, headers: JSON.stringify(response.headers), body: response.body })
    .where('user_id', '=', userOf(ctx))
    .where('key', '=', hold.key)
    .where('claim', '=', hold.claim)
    .execute();
}

/** Gives a claimed key up without an answer (the next request with it does the work). */
export async function releaseIdempotencyKey(ctx: Ctx, hold: IdempotencyHold): Promise<void> {
  await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userOf(ctx)).where('key', '=', hold.key).where('claim', '=', hold.claim).execute();
}

/** Deletes every expired key (older than 24 hours by `ctx.now()`), for a periodic job. @returns rows deleted */
export async function purgeIdempotencyKeys(ctx: Ctx): Promise<number> {
  const result = await ctx.db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', new Date(ctx.now().getTime() - IDEMPOTENCY_TTL_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
