/**
 * /v1/admin email usage:
 * | GET | /v1/admin/email/usage | outbox depth, dead letters, sent last hour and day vs the budget, oldest queued age |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { readEmailUsage, type EmailUsage as Usage } from '../../../../domain/newsletter/index.js';
import { component, Nullable } from '../../../schema.js';
import { ctxOf } from '../../../types.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });

const EmailUsage = component('V1AdminEmailUsage', Type.Object({
  depth: count('Messages waiting to be sent: queued plus failed (retried later)'),
  queued: count('Messages queued'),
  failed: count('Messages whose last attempt failed, to be retried'),
  dead: count('Dead letters: messages given up after the last attempt'),
  sent: count('Messages sent, ever'),
  sent_last_hour: count('Messages sent in the last 60 minutes'),
  sent_last_day: count('Messages sent in the last 24 hours'),
  budget: Type.Object({ hourly: count('Sends allowed per hour (SEND_BUDGET_HOURLY)'), daily: count('Sends allowed per day (SEND_BUDGET_DAILY)') }),
  remaining: Type.Object({ hourly: count('Sends left this hour'), daily: count('Sends left today') }),
  oldest_queued_at: Nullable(Type.String({ format: 'date-time', description: 'When the oldest waiting message was queued' })),
  oldest_queued_age_seconds: Nullable(Type.Integer({ minimum: 0, description: 'How long it has waited, in seconds' })),
}, { title: 'EmailUsage' }), {
  depth: 12, queued: 10, failed: 2, dead: 1, sent: 4210, sent_last_hour: 380, sent_last_day: 2950,
  budget: { hourly: 1000, daily: 10_000 }, remaining: { hourly: 620, daily: 7050 }, oldest_queued_at: '2026-11-21T09:52:00.000Z', oldest_queued_age_seconds: 480,
});

const present = (u: Usage) => ({
  depth: u.depth, queued: u.queued, failed: u.failed, dead: u.dead, sent: u.sent, sent_last_hour: u.sent_last_hour, sent_last_day: u.sent_last_day,
  budget: u.budget, remaining: u.remaining, oldest_queued_at: u.oldest_queued_at?.toISOString() ?? null, oldest_queued_age_seconds: u.oldest_queued_age_seconds,
});

export default async function adminEmailRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/email/usage', {
    schema: {
      operationId: 'v1AdminGetEmailUsage', summary: 'Email usage: outbox depth, dead letters, sends against the budget', tags: ['Admin: email'],
      description: 'The outbox now: messages waiting (queued, failed), dead letters, sends of the last hour and day against the configured send budget (the same budget the outbox worker keeps), and the age of the oldest waiting message.',
      response: { 200: EmailUsage },
    },
  }, async (req) => present(await readEmailUsage(ctxOf(req), req.server.sendBudget)));
}
