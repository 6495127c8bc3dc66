/** `POST /v1/admin/procurement/{id}/reviews`: an administrator appends a review (not idempotent). */
import { sql } from 'kysely';
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { getProcurementRequest, type ProcurementRequestDetail } from './read-procurement.js';
import type { ProcurementReviewInput } from './schemas.js';

/** Length of the first period of a subscription activated by invoice: one year. */
const INVOICE_PERIOD_DAYS = 365;

/**
 * Appends a review (decision, note; the reviewer is the caller) and sets the request's status to
 * the decision; repeating it records two reviews. With `activate_subscription` (decision approved
 * only), the requested plan is activated, paid by invoice, for the account owned by the user whose
 * email is the request's: an existing subscription (not expired) is switched to the plan and
 * status active, otherwise one is created; seats are the larger of those requested and those the
 * plan includes; the period runs a year from now. Audited (entity `procurement_review`).
 * @returns the request with its whole trail
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, VALIDATION (`activate_subscription` without approval), CONFLICT (no such user, or no plan requested)
 */
export async function reviewProcurementRequest(ctx: Ctx, id: string, input: ProcurementReviewInput): Promise<ProcurementRequestDetail> {
  if (input.activate_subscription && input.decision !== 'approved') {
    throw invalidParam('activate_subscription', 'only an approved request can activate a subscription');
  }
  await adminWrite(ctx, async (trx, tctx) => {
    const request = await trx.selectFrom('procurement_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!request) throw notFound('Procurement request');
    const now = ctx.now();
    const review = await trx.insertInto('procurement_reviews').values({
      request_id: id, reviewer_id: ctx.identity!.userId, decision: input.decision, note: input.note ?? null, created_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    await trx.updateTable('procurement_requests').set({ status: input.decision }).where('id', '=', id).execute();
    let activated: { account_id: string; plan: string; seats: number } | null = null;
    if (input.activate_subscription) {
      if (!request.plan_code) throw conflict('The request names no plan: a subscription cannot be activated from it');
      const owner = await trx.selectFrom('users as u').innerJoin('accounts as a', 'a.owner_user_id', 'u.id')
        .select(['a.id as account_id']).where(sql`lower(u.email)`, '=', request.email.toLowerCase()).orderBy('a.created_at').executeTakeFirst();
      if (!owner) throw conflict(`No user with email ${request.email} owns an account: create the user first (CLI users create), then review again`);
      const plan = await trx.selectFrom('plans').select(['code', 'included_seats']).where('code', '=', request.plan_code).executeTakeFirstOrThrow();
      const seats = Math.max(plan.included_seats, request.seats ?? 0);
      const end = new Date(now.getTime() + INVOICE_PERIOD_DAYS * 86_400_000);
      await trx.selectFrom('accounts').select('id').where('id', '=', owner.account_id).forUpdate().executeTakeFirst();
      const existing = await trx.selectFrom('subscriptions').select('id').where('account_id', '=', owner.account_id).where('status', '<>', 'expired').executeTakeFirst();
      const values = { plan_code: plan.code, status: 'active', seats, current_period_start: now, current_period_end: end, cancel_at_period_end: false, updated_at: now };
      if (existing) await trx.updateTable('subscriptions').set(values).where('id', '=', existing.id).execute();
      else await trx.insertInto('subscriptions').values({ ...values, account_id: owner.account_id, created_at: now }).execute();
      activated = { account_id: owner.account_id, plan: plan.code, seats };
    }
    await recordAudit(trx, tctx, {
      action: 'create', entity: 'procurement_review', entityId: review.id,
      after: { request_id: id, decision: review.decision, note: review.note, ...(activated ? { activated_subscription: activated } : {}) },
    });
  });
  return getProcurementRequest(ctx, id);
}
