/**
 * The worker of issue 29 (decision 0036) over a real database: fair between kinds (a 5 000-message
 * newsletter queued before an alert match: the match is delivered, in the app and by mail, within
 * one cycle, and the send budget still holds), at most JOB_CONCURRENCY pieces of work at once and at
 * most concurrency − 1 of one kind, one slow job never blocks the rest, two workers at once run each
 * job exactly once, and `/metrics` reports the jobs by kind and state with the oldest due job's age.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { defineJob, enqueueJob, OUTBOX_TURN_MESSAGES, runWorkerCycle, type JobHandler } from '../../src/domain/jobs/index.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { makeEdition, makeProject } from '../helpers/factories.js';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';
import { startSmtp, type TestSmtp } from '../helpers/mail.js';

let h: Harness;
let smtp: TestSmtp;
const apps: FastifyInstance[] = [];
before(async () => {
  h = await startHarness();
  smtp = await startSmtp();
});
after(async () => {
  for (const app of apps) await app.close();
  await smtp.close();
  await h.close();
});

const word = () => `Zq${crypto.randomBytes(4).toString('hex')}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fair between kinds', () => {
  it('a 5 000-message newsletter queued before an alert match: the match is delivered within one cycle, within the budget', async () => {
    const handlers = jobHandlers({ outboundAllowedHosts: parseAllowedHosts('127.0.0.1'), mail: undefined as never });
    const reader = await h.identity({ plan: 'enterprise' });
    const w = word();
    const created = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: reader.keyAuth, payload: { name: 'Fair', subject: 'projects', query: { q: w }, channels: ['email', 'in_app'] } });
    assert.equal(created.statusCode, 201, created.body);
    const ruleId = (created.json() as { id: string }).id;
    // The newsletter: 5 000 copies of one send, queued first.
    const edition = await makeEdition(h);
    const send = await h.database.db.insertInto('newsletter_sends').values({ edition_id: edition.id, mode: 'all', recipients: 5000, created_at: h.clock.now() }).returning('id').executeTakeFirstOrThrow();
    await sql`
      insert into email_outbox (send_id, dedupe_key, to_email, subject, html, text_body, created_at, next_attempt_at)
      select ${send.id}, 'fair-test:' || g, 'reader' || g || '@example.test', 'Edition ' || ${edition.number}, '<p>The edition</p>', 'The edition', ${h.clock.now()}, ${h.clock.now()}
        from generate_series(1, 5000) g`.execute(h.database.db);
    h.clock.advance(1_000);
    await makeProject(h, { title: `${w} runway extension` });
    h.clock.advance(61_000);

    const budget = { hourly: 200, daily: 10_000 };
    const report = await runWorkerCycle(h.ctx(), {
      handlers, concurrency: 4, workerId: 'fair',
      outbox: { transport: smtpTransport(smtp.url, 'Alerts <alerts@example.test>'), budget },
    });

    const notes = await h.database.db.selectFrom('notifications').select('payload').where('user_id', '=', reader.userId).where('kind', '=', 'alert_match').execute();
    assert.ok(notes.some((n) => (n.payload as { rule_id: string }).rule_id === ruleId), 'the in-app match is there after one cycle');
    const position = smtp.received.findIndex((m) => m.to.includes(reader.email.toLowerCase()) || m.to.includes(reader.email));
    assert.ok(position >= 0, 'the alert mail left in the same cycle');
    assert.ok(position < 3 * OUTBOX_TURN_MESSAGES, `it went out within a few turns of the outbox, not after the newsletter (position ${position})`);
    assert.equal(smtp.received.length, budget.hourly, 'the hourly budget holds');
    assert.equal(report.outbox!.sent, budget.hourly);
    assert.equal(report.outbox!.budgetExhausted, true);
    const left = await h.database.db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('send_id', '=', send.id).where('status', '=', 'queued').executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 5000 - (budget.hourly - 1), 'the rest of the newsletter waits for the next hour');
  });
});

describe('concurrency', () => {
  it('runs at most JOB_CONCURRENCY jobs at once, and at most concurrency − 1 of one kind', async () => {
    let now = 0;
    let most = 0;
    const perKind = new Map<string, { now: number; most: number }>();
    const kinds = ['test.c1', 'test.c2', 'test.c3'];
    const handlers = kinds.map((kind) => defineJob({
      kind,
      run: async () => {
        const k = perKind.get(kind) ?? { now: 0, most: 0 };
        perKind.set(kind, k);
        now++;
        k.now++;
        most = Math.max(most, now);
        k.most = Math.max(k.most, k.now);
        // Hold on until the worker has as many jobs running as it may (or a second passed), so
        // the limit is reached whatever the machine's speed, and any excess would show.
        for (let waited = 0; waited < 1_000 && now < 3; waited += 10) await pause(10);
        await pause(20);
        now--;
        k.now--;
      },
    }) as JobHandler<never>);
    for (const kind of kinds) for (let n = 0; n < 6; n++) await enqueueJob(h.ctx(), { kind, payload: { n } });
    const report = await runWorkerCycle(h.ctx(), { handlers, concurrency: 3 });
    assert.equal(report.jobs.done, 18);
    assert.equal(most, 3, 'three at once, never more');
    for (const kind of kinds) assert.ok(perKind.get(kind)!.most <= 2, `${kind}: at most two at once`);
    // A single slot runs one at a time.
    most = 0;
    for (let n = 0; n < 4; n++) await enqueueJob(h.ctx(), { kind: 'test.c1', payload: { n } });
    await enqueueJob(h.ctx(), { kind: 'test.c2' });
    assert.equal((await runWorkerCycle(h.ctx(), { handlers, concurrency: 1 })).jobs.done, 5);
    assert.equal(most, 1);
  });

  it('one slow job never blocks the rest: the other kinds finish while it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = 0;
    const slow = defineJob({ kind: 'test.slow', run: async () => { slowStarted++; await gate; } }) as JobHandler<never>;
    let fastDone = 0;
    const fast = defineJob({ kind: 'test.fast', run: async () => { await pause(2); fastDone++; } }) as JobHandler<never>;
    await enqueueJob(h.ctx(), { kind: 'test.slow' });
    await enqueueJob(h.ctx(), { kind: 'test.slow' });
    for (let n = 0; n < 10; n++) await enqueueJob(h.ctx(), { kind: 'test.fast', payload: { n } });
    const cycle = runWorkerCycle(h.ctx(), { handlers: [slow, fast], concurrency: 2 });
    for (let i = 0; i < 500 && fastDone < 10; i++) await pause(10);
    assert.equal(fastDone, 10, 'every fast job ran while the slow one held its slot');
    assert.equal(slowStarted, 1, 'the second slow job waits: a kind holds at most concurrency − 1 slots');
    release();
    const report = await cycle;
    assert.equal(report.jobs.done, 12);
    assert.equal(slowStarted, 2);
  });

  it('two workers cycling at once over one queue run each job exactly once', async () => {
    const runs = new Map<number, number>();
    const handler = defineJob<{ n: number }>({
      kind: 'test.twice',
      run: async (_ctx, { n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await pause(1);
      },
    }) as JobHandler<never>;
    for (let n = 0; n < 40; n++) await enqueueJob(h.ctx(), { kind: 'test.twice', payload: { n } });
    const [a, b] = await Promise.all([
      runWorkerCycle(h.ctx(), { handlers: [handler], concurrency: 4, workerId: 'a' }),
      runWorkerCycle(h.ctx(), { handlers: [handler], concurrency: 4, workerId: 'b' }),
    ]);
    assert.equal(a.jobs.done + b.jobs.done, 40);
    assert.equal(runs.size, 40);
    assert.ok([...runs.values()].every((count) => count === 1), 'no job ran twice');
  });
});

describe('job metrics', () => {
  it('/metrics reports jobs by kind and state and how long the oldest due job has waited', async () => {
    const app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, clock: h.clock, logger: false, metrics: { token: 'metrics-test-token-0123456789' } });
    apps.push(app);
    await app.ready();
    const kind = `test.metrics-${word()}`;
    const due = h.clock.now();
    await enqueueJob(h.ctx(), { kind });
    await enqueueJob(h.ctx(), { kind });
    await enqueueJob(h.ctx(), { kind, runAt: new Date(due.getTime() + 3_600_000) }); // not due: does not age
    const dead = await enqueueJob(h.ctx(), { kind });
    await h.database.db.updateTable('jobs').set({ status: 'dead', finished_at: due }).where('id', '=', dead!).execute();
    h.clock.advance(90_000);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-test-token-0123456789' } });
    assert.equal(res.statusCode, 200);
    const value = (series: string) => {
      const line = res.body.split('\n').find((l) => l.startsWith(series + ' '));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    assert.equal(value(`airport_intel_jobs{kind="${kind}",state="queued"}`), 3);
    assert.equal(value(`airport_intel_jobs{kind="${kind}",state="dead"}`), 1);
    assert.equal(value(`airport_intel_jobs{kind="${kind}",state="running"}`), 0);
    assert.equal(value(`airport_intel_jobs{kind="${kind}",state="failed"}`), 0);
    assert.equal(value(`airport_intel_jobs_oldest_due_age_seconds{kind="${kind}"}`), 90);
    assert.match(res.body, /# TYPE airport_intel_jobs gauge/);
    assert.ok((value('airport_intel_job_queue_depth{queue="jobs"}') ?? 0) >= 3);
    await h.database.db.deleteFrom('jobs').where('kind', '=', kind).execute();
  });
});
