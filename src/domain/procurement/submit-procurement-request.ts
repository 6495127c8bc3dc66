/**
 * `POST /v1/procurement-requests` (no token; the one unauthenticated write): an organisation that
 * cannot pay by card asks for a plan. Seed 001, sections 3, 4 and 8.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { DomainError, invalidParam } from '../errors.js';
import { writeTransaction } from '../shared/database-errors.js';
import type { ProcurementRequestInput } from './schemas.js';
import { toRequest, type ProcurementRequest } from './read-procurement.js';

/** A repeat from the same email within this window returns the request already on file. */
export const RESUBMISSION_WINDOW_MS = 10 * 60 * 1000;
/** Requests accepted per client address per {@link RATE_WINDOW_MS}. */
export const RATE_LIMIT = 10;
/** The window of the per-address limit: one hour. */
export const RATE_WINDOW_MS = 60 * 60 * 1000;

/** What submitting did: the request, and whether it is new (201) or the one already on file (200). */
export interface SubmitResult {
  request: ProcurementRequest;
  created: boolean;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Records a procurement request. In one transaction, serialised per client address and per email
 * (transaction-scoped advisory locks, so it holds across processes on one PostgreSQL):
 * 1. a request from the same email (case-insensitive) within ten minutes (by `ctx.now()`) is
 *    returned unchanged (`created: false`);
 * 2. at most {@link RATE_LIMIT} new requests per client address in the last hour, counted from the
 *    stored requests (state in the database, not in memory); beyond: QUOTA_EXCEEDED (429) with
 *    the seconds until the oldest of them leaves the window;
 * 3. the country must be in the reference countries, the plan in the catalogue (not the trial);
 * 4. the request is stored and every administrator is told by email through the outbox.
 * @param clientAddress the caller's address as the HTTP layer sees it (`request.ip`)
 * @throws DomainError VALIDATION naming `country` or `plan`; QUOTA_EXCEEDED with `retryAfterSeconds`
 */
export async function submitProcurementRequest(ctx: Ctx, input: ProcurementRequestInput, clientAddress: string): Promise<SubmitResult> {
  const email = input.email.trim();
  const country = input.country.toUpperCase();
  const now = ctx.now();
  return writeTransaction(ctx, async (trx) => {
    // Same order everywhere (address, then email): no deadlock between two submissions.
    await sql`select pg_advisory_xact_lock(hashtext(${`procurement:address:${clientAddress}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${`procurement:email:${email.toLowerCase()}`}))`.execute(trx);

    const recent = await trx.selectFrom('procurement_requests').selectAll()
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('created_at', '>', new Date(now.getTime() - RESUBMISSION_WINDOW_MS)).where('created_at', '<=', now)
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (recent) return { request: toRequest(recent), created: false };

    const inWindow = await trx.selectFrom('procurement_requests')
      .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('client_address', '=', clientAddress)
      .where('created_at', '>', new Date(now.getTime() - RATE_WINDOW_MS)).where('created_at', '<=', now)
      .executeTakeFirstOrThrow();
    if (inWindow.n >= RATE_LIMIT) {
      const oldest = inWindow.oldest ? new Date(inWindow.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now.getTime()) / 1000));
      throw new DomainError('QUOTA_EXCEEDED', `Too many procurement requests from this address: at most ${RATE_LIMIT} per hour; try again in ${retryAfterSeconds} s`, { retryAfterSeconds });
    }

    const known = await trx.selectFrom('countries').select('code').where('code', '=', country).executeTakeFirst();
    if (!known) throw invalidParam('country', `${country} is not a country of /v1/reference`);
    if (input.plan !== undefined) {
      const plan = await trx.selectFrom('plans').select('code').where('code', '=', input.plan).executeTakeFirst();
      if (!plan || plan.code === 'trial') throw invalidParam('plan', `${input.plan} is not a plan of GET /v1/plans that can be bought (the trial cannot)`);
    }

    const row = await trx.insertInto('procurement_requests').values({
      organisation: input.organisation.trim(), contact_name: input.contact_name.trim(), email, country,
      plan_code: input.plan ?? null, seats: input.seats ?? null, billing_details: input.billing_details ?? null,
      message: input.message ?? null, client_address: clientAddress, created_at: now,
    }).returningAll().executeTakeFirstOrThrow();

    const admins = await trx.selectFrom('users as u').innerJoin('profiles as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.email']).where('p.is_admin', '=', true).orderBy('u.email').execute();
    const subject = `Procurement request from ${row.organisation}`;
    const lines = [
      `${row.contact_name} <${row.email}> of ${row.organisation} (${country}) sent a procurement request.`,
      `Plan: ${row.plan_code ?? 'not given'}; seats: ${row.seats ?? 'not given'}.`,
      `Billing details: ${row.billing_details ?? 'not given'}`,
      `Message: ${row.message ?? '-'}`,
      `Review it: GET /v1/admin/procurement/${row.id}`,
    ];
    for (const admin of admins) {
      await trx.insertInto('email_outbox').values({
        dedupe_key: `procurement:${row.id}:${admin.id}`, to_email: admin.email, user_id: admin.id, subject,
        text_body: `${lines.join('\n')}\n`, html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
        next_attempt_at: now, created_at: now,
      }).execute();
    }
    return { request: toRequest(row), created: true };
  });
}
