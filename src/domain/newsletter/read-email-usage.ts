/**
 * Email usage for administrators (`GET /v1/admin/email/usage`): the outbox's depth and dead
 * letters, the sends of the last hour and day against the configured budget, and how long the
 * oldest queued message has waited. Source: table `email_outbox` (src/domain/newsletter/outbox.ts).
 */
import { requireAdmin } from '../admin/admin.js';
import type { Ctx } from '../context.js';
import { outboxUsage, type OutboxUsage, type SendBudget } from './outbox.js';

/** What the outbox holds and has sent, against the budget. */
export interface EmailUsage extends OutboxUsage {
  /** Messages waiting (queued plus failed and due for a retry). */
  depth: number;
  /** Budget left in the current hour and day (never below 0). */
  remaining: { hourly: number; daily: number };
  /** When the oldest message still waiting (queued or failed) was queued; `null` when none waits. */
  oldest_queued_at: Date | null;
  /** Its age in whole seconds at `ctx.now()`; `null` when none waits. */
  oldest_queued_age_seconds: number | null;
}

/**
 * Outbox usage at `ctx.now()` against `budget` (SEND_BUDGET_HOURLY, SEND_BUDGET_DAILY).
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator)
 */
export async function readEmailUsage(ctx: Ctx, budget: SendBudget): Promise<EmailUsage> {
  requireAdmin(ctx.identity);
  const usage = await outboxUsage(ctx, budget);
  const oldest = await ctx.db.selectFrom('email_outbox').select((eb) => eb.fn.min('created_at').as('at')).where('status', 'in', ['queued', 'failed']).executeTakeFirst();
  const at = oldest?.at ? new Date(oldest.at as unknown as string) : null;
  return {
    ...usage,
    depth: usage.queued + usage.failed,
    remaining: { hourly: Math.max(0, budget.hourly - usage.sent_last_hour), daily: Math.max(0, budget.daily - usage.sent_last_day) },
    oldest_queued_at: at,
    oldest_queued_age_seconds: at ? Math.max(0, Math.floor((ctx.now().getTime() - at.getTime()) / 1000)) : null,
  };
}
