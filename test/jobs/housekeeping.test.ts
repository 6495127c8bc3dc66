/**
 * Retention (issue 29, decision 0037): the daily `housekeeping.purge` job, run through the job
 * mechanism, removes exactly what is past its window and nothing else: bodies and attachments of
 * messages sent before the outbox window (the rows stay, so they are never sent again), sessions
 * expired or revoked before theirs, idempotency keys past 24 hours, webhook attempts and usage
 * counters past theirs; `/metrics` reports the counts; the next run is a day later.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { housekeepingJobs, type RetentionWindows } from '../../src/domain/housekeeping/index.js';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { buildApp } from '../../src/app.js';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const windows: RetentionWindows = { outboxDays: 30, sessionDays: 7, webhookAttemptDays: 30, usageDays: 90 };
const ago = (days: number, extraMs = 0) => new Date(h.clock.now().getTime() - days * DAY_MS - extraMs);
const HOUR = 3_600_000;

it('purges exactly what is past its window, through the job mechanism, and reports it in /metrics', async () => {
  const db = h.database.db;
  const owner = await h.identity({ plan: 'enterprise' });
  const keyRow = await db.selectFrom('api_keys').select('id').where('user_id', '=', owner.userId).executeTakeFirstOrThrow();

  // The outbox: only bodies of messages SENT before the window go.
  const mail = (key: string, status: string, sentAt: Date | null) => ({
    dedupe_key: `retention:${key}`, to_email: 'reader@example.test', subject: key, html: `<p>${key}</p>`, text_body: key, status,
    sent_at: sentAt, created_at: ago(60), next_attempt_at: ago(60), attachments: JSON.stringify([{ filename: 'a.pdf', contentType: 'application/pdf', content: 'JVBERi0=' }]),
  });
  await db.insertInto('email_outbox').values([
    mail('sent-31-days', 'sent', ago(30, HOUR)),
    mail('sent-29-days', 'sent', ago(29)),
    mail('dead-40-days', 'dead', null),
    mail('queued', 'queued', null),
  ]).execute();

  // Sessions: expired or revoked more than 7 days ago go; the rest stay.
  const session = (expiresAt: Date, revokedAt: Date | null = null) => ({ user_id: owner.userId, created_at: ago(40), expires_at: expiresAt, revoked_at: revokedAt });
  const sessions = await db.insertInto('sessions').values([
    session(ago(7, HOUR)), // expired 7 days and an hour ago: goes
    session(ago(6)), // expired 6 days ago: stays
    session(new Date(h.clock.now().getTime() + DAY_MS), ago(8)), // revoked 8 days ago: goes
    session(new Date(h.clock.now().getTime() + DAY_MS), ago(1)), // revoked yesterday: stays
  ]).returning('id').execute();

  // Idempotency keys live 24 hours.
  await db.insertInto('idempotency_keys').values([
    { user_id: owner.userId, key: 'old', fingerprint: 'f', claim: 'c1', created_at: new Date(h.clock.now().getTime() - 25 * HOUR), status: 201, headers: '{}', body: '{}' },
    { user_id: owner.userId, key: 'fresh', fingerprint: 'f', claim: 'c2', created_at: new Date(h.clock.now().getTime() - 23 * HOUR), status: 201, headers: '{}', body: '{}' },
  ]).execute();

  // Webhook attempts: 30 days.
  const rule = await db.insertInto('alert_rules').values({ user_id: owner.userId, name: 'Hook', query: '{}', channels: ['in_app'] }).returning('id').executeTakeFirstOrThrow();
  const attempt = (n: number, at: Date) => ({ rule_id: rule.id, delivery_id: '00000000-0000-4000-8000-00000000000' + n, attempt: 1, status: 500, error: 'HTTP 500', created_at: at });
  await db.insertInto('webhook_attempts').values([attempt(1, ago(30, HOUR)), attempt(2, ago(29))]).execute();

  // Usage counters: UTC days more than 90 days ago.
  const day = (d: Date) => d.toISOString().slice(0, 10);
  await db.insertInto('usage_counters').values([
    { api_key_id: keyRow.id, day: day(ago(91)), count: 5 },
    { api_key_id: keyRow.id, day: day(ago(89)), count: 7 },
  ]).execute();

  const before = await db.selectFrom('sessions').select('id').execute();
  const report = await runDueJobs(h.ctx(), { handlers: housekeepingJobs(windows) });
  assert.deepEqual(report, { done: 1, retried: 0, dead: 0 });

  const outbox = await db.selectFrom('email_outbox').select(['subject', 'status', 'html', 'text_body', 'attachments']).where('dedupe_key', 'like', 'retention:%').orderBy('subject').execute();
  const bySubject = Object.fromEntries(outbox.map((r) => [r.subject, r]));
  assert.equal(outbox.length, 4, 'no outbox row is deleted (the dedupe key stays)');
  assert.deepEqual({ ...bySubject['sent-31-days'] }, { subject: 'sent-31-days', status: 'sent', html: '', text_body: '', attachments: [] });
  for (const kept of ['sent-29-days', 'dead-40-days', 'queued']) {
    assert.equal(bySubject[kept]!.html, `<p>${kept}</p>`, kept);
    assert.equal(bySubject[kept]!.text_body, kept);
    assert.equal((bySubject[kept]!.attachments as unknown[]).length, 1);
  }

  const left = new Set((await db.selectFrom('sessions').select('id').execute()).map((r) => r.id));
  assert.equal(left.size, before.length - 2);
  assert.ok(!left.has(sessions[0]!.id) && left.has(sessions[1]!.id) && !left.has(sessions[2]!.id) && left.has(sessions[3]!.id));
  // The test identity's own session is untouched and still works.
  assert.equal((await h.app.inject({ method: 'GET', url: '/v1/me', headers: owner.sessionAuth })).statusCode, 200);

  assert.deepEqual((await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', owner.userId).execute()).map((r) => r.key), ['fresh']);
  assert.deepEqual((await db.selectFrom('webhook_attempts').select('delivery_id').where('rule_id', '=', rule.id).execute()).map((r) => r.delivery_id), ['00000000-0000-4000-8000-000000000002']);
  const days = (await db.selectFrom('usage_counters').select('day').where('api_key_id', '=', keyRow.id).execute()).map((r) => String(r.day));
  assert.ok(!days.includes(day(ago(91))) && days.includes(day(ago(89))), days.join());

  // The counts, in /metrics.
  const app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, clock: h.clock, logger: false, metrics: { token: 'metrics-test-token-0123456789' } });
  try {
    await app.ready();
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-test-token-0123456789' } })).body;
    const value = (series: string) => Number(text.split('\n').find((l) => l.startsWith(series + ' '))?.slice(series.length + 1));
    assert.equal(value('airport_intel_housekeeping_purged_total{what="outbox_bodies"}'), 1);
    assert.equal(value('airport_intel_housekeeping_purged_total{what="sessions"}'), 2);
    assert.equal(value('airport_intel_housekeeping_purged_total{what="idempotency_keys"}'), 1);
    assert.equal(value('airport_intel_housekeeping_purged_total{what="webhook_attempts"}'), 1);
    assert.equal(value('airport_intel_housekeeping_purged_total{what="usage_counters"}'), 1);
    assert.equal(value('airport_intel_housekeeping_last_run_timestamp_seconds'), h.clock.now().getTime() / 1000);
    assert.match(text, /# TYPE airport_intel_housekeeping_purged_total counter/);
  } finally {
    await app.close();
  }

  // Daily: nothing runs again before a day has passed; a day later only the key that has now
  // outlived its 24 hours goes (everything else is exactly at its window's edge, and stays).
  assert.deepEqual(await runDueJobs(h.ctx(), { handlers: housekeepingJobs(windows) }), { done: 0, retried: 0, dead: 0 });
  h.clock.advance(DAY_MS);
  assert.deepEqual(await runDueJobs(h.ctx(), { handlers: housekeepingJobs(windows) }), { done: 1, retried: 0, dead: 0 });
  const totals = await db.selectFrom('housekeeping_totals').select(['what', 'purged']).orderBy('what').execute();
  assert.deepEqual(Object.fromEntries(totals.map((t) => [t.what, Number(t.purged)])), { idempotency_keys: 2, oauth_records: 0, outbox_bodies: 1, sessions: 2, usage_counters: 1, webhook_attempts: 1 });
});
