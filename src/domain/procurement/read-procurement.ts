/** Reading procurement requests (administrators): the filtered list and one request with its review trail. */
import type { Selectable } from 'kysely';
import type { ProcurementRequests } from '../../db/types.js';
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import type { Window } from '../pagination.js';
import type { ProcurementListFilter, ProcurementStatus } from './schemas.js';

/** A procurement request as stored. */
export interface ProcurementRequest {
  id: string;
  organisation: string;
  contact_name: string;
  email: string;
  /** ISO alpha-2 */
  country: string | null;
  plan: string | null;
  seats: number | null;
  billing_details: string | null;
  message: string | null;
  status: ProcurementStatus;
  created_at: Date;
}

/** One review of the trail. */
export interface ProcurementReview {
  id: string;
  decision: string;
  note: string | null;
  reviewer: { id: string; email: string | null };
  created_at: Date;
}

/** A request with its review trail, oldest review first. */
export interface ProcurementRequestDetail extends ProcurementRequest {
  reviews: ProcurementReview[];
}

/** A stored row as a {@link ProcurementRequest} (the client address is not shown). */
export const toRequest = (r: Selectable<ProcurementRequests>): ProcurementRequest => ({
  id: r.id, organisation: r.organisation, contact_name: r.contact_name, email: r.email, country: r.country?.trim() ?? null,
  plan: r.plan_code, seats: r.seats, billing_details: r.billing_details, message: r.message,
  status: r.status as ProcurementStatus, created_at: r.created_at,
});

/**
 * Procurement requests, newest first (`GET /v1/admin/procurement`): filtered by status,
 * organisation (contains, case-insensitive) and the UTC day received (inclusive).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function listProcurementRequests(ctx: Ctx, filter: ProcurementListFilter, window: Window): Promise<ProcurementRequest[]> {
  requireAdmin(ctx.identity);
  let q = ctx.db.selectFrom('procurement_requests').selectAll();
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.organisation) q = q.where('organisation', 'ilike', `%${filter.organisation.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.date_from) q = q.where('created_at', '>=', new Date(`${filter.date_from}T00:00:00Z`));
  if (filter.date_to) q = q.where('created_at', '<', new Date(new Date(`${filter.date_to}T00:00:00Z`).getTime() + 86_400_000));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').limit(window.limit).offset(window.offset).execute();
  return rows.map(toRequest);
}

/**
 * One procurement request with its review trail (`GET /v1/admin/procurement/{id}`).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND
 */
export async function getProcurementRequest(ctx: Ctx, id: string): Promise<ProcurementRequestDetail> {
  requireAdmin(ctx.identity);
  const row = await ctx.db.selectFrom('procurement_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Procurement request');
  const reviews = await ctx.db.selectFrom('procurement_reviews as r').leftJoin('users as u', 'u.id', 'r.reviewer_id')
    .select(['r.id', 'r.decision', 'r.note', 'r.reviewer_id', 'u.email', 'r.created_at'])
    .where('r.request_id', '=', id).orderBy('r.created_at').orderBy('r.id').execute();
  return {
    ...toRequest(row),
    reviews: reviews.map((r) => ({ id: r.id, decision: r.decision, note: r.note, reviewer: { id: r.reviewer_id, email: r.email ?? null }, created_at: r.created_at })),
  };
}
