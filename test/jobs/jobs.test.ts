/**
 * The durable job mechanism (src/domain/jobs, decision 0018) over a real database: a job exists iff
 * its transaction committed, runs once, retries with backoff, dies after its attempts, keeps one
 * pending instance per dedupe key, recurs on its interval, survives a dead worker's lease, and two
 * workers running at once never run one job twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { countJobs, defineJob, enqueueJob, runDueJobs, type JobHandler } from '../../src/domain/jobs/index.js';
import { withDb } from '../../src/domain/context.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const jobsOf = (kind: string) => h.database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('created_at').execute();

describe('enqueue and run', () => {
  it('a job enqueued in a rolled-back transaction does not exist; a committed one runs once with its payload', async () => {
    await assert.rejects(h.database.db.transaction().execute(async (trx) => {
      await enqueueJob(withDb(h.ctx(), trx), { kind: 'test.rollback', payload: { n: 1 } });
      throw new Error('the write failed');
    }), /the write failed/);
    assert.equal((await jobsOf('test.rollback')).length, 0);

    const seen: unknown[] = [];
    const handler = defineJob<{ n: number }>({ kind: 'test.once', run: async (_ctx, payload) => void seen.push(payload) });
    await h.database.db.transaction().execute((trx) => enqueueJob(withDb(h.ctx(), trx), { kind: 'test.once', payload: { n: 7 } }));
    const first = await runDueJobs(h.ctx(), { handlers: [handler as JobHandler<never>] });
    const second = await runDueJobs(h.ctx(), { handlers: [handler as JobHandler<never>] });
    assert.deepEqual(first, { done: 1, retried: 0, dead: 0 });
    assert.deepEqual(second, { done: 0, retried: 0, dead: 0 });
    assert.deepEqual(seen, [{ n: 7 }]);
    const [row] = await jobsOf('test.once');
    assert.equal(row!.status, 'done');
    assert.equal(row!.attempts, 1);
  });

  it('a job due later waits for the clock; a job of an unknown kind waits for a worker that knows it', async () => {
    let runs = 0;
    const handler = defineJob({ kind: 'test.later', run: async () => void runs++ });
    await enqueueJob(h.ctx(), { kind: 'test.later', runAt: new Date(h.clock.now().getTime() + 60_000) });
    await enqueueJob(h.ctx(), { kind: 'test.nobody-knows' });
    await runDueJobs(h.ctx(), { handlers: [handler as JobHandler<never>] });
    assert.equal(runs, 0);
    h.clock.advance(60_000);
    await runDueJobs(h.ctx(), { handlers: [handler as JobHandler<never>] });
    assert.equal(runs, 1);
    assert.equal((await jobsOf('test.nobody-knows'))[0]!.status, 'queued');
  });

  it('a second enqueue with the same dedupe key while one is pending is a no-op', async () => {
    const a = await enqueueJob(h.ctx(), { kind: 'test.dedupe', dedupeKey: 'poll-source:1' });
    const b = await enqueueJob(h.ctx(), { kind: 'test.dedupe', dedupeKey: 'poll-source:1' });
    assert.ok(a);
    assert.equal(b, null);
    assert.equal((await jobsOf('test.dedupe')).length, 1);
    await runDueJobs(h.ctx(), { handlers: [defineJob({ kind: 'test.dedupe', run: async () => undefined }) as JobHandler<never>] });
    // Done: the key is free again.
    assert.ok(await enqueueJob(h.ctx(), { kind: 'test.dedupe', dedupeKey: 'poll-source:1' }));
  });
});

describe('failures', () => {
  it('a failing job is retried after its backoff and is dead after maxAttempts, with its last error', async () => {
    let runs = 0;
    const handler = defineJob({
      kind: 'test.fails', maxAttempts: 3, backoffMs: (attempt) => attempt * 1_000,
      run: async () => {
        runs++;
        throw new Error(`attempt ${runs} failed`);
      },
    }) as JobHandler<never>;
    await enqueueJob(h.ctx(), { kind: 'test.fails' });
    assert.deepEqual(await runDueJobs(h.ctx(), { handlers: [handler] }), { done: 0, retried: 1, dead: 0 });
    let [row] = await jobsOf('test.fails');
    assert.equal(row!.status, 'failed');
    assert.equal(row!.last_error, 'attempt 1 failed');
    assert.equal(new Date(row!.run_at).getTime(), h.clock.now().getTime() + 1_000);
    // Not due yet.
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 1);
    h.clock.advance(1_000);
    assert.deepEqual(await runDueJobs(h.ctx(), { handlers: [handler] }), { done: 0, retried: 1, dead: 0 });
    h.clock.advance(2_000);
    assert.deepEqual(await runDueJobs(h.ctx(), { handlers: [handler] }), { done: 0, retried: 0, dead: 1 });
    h.clock.advance(3_600_000);
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 3);
    [row] = await jobsOf('test.fails');
    assert.equal(row!.status, 'dead');
    assert.equal(row!.last_error, 'attempt 3 failed');
    assert.equal((await countJobs(h.ctx(), 'test.fails')).dead, 1);
  });

  it('a job whose worker died (lease expired) is run again by another worker', async () => {
    const id = await enqueueJob(h.ctx(), { kind: 'test.orphan' });
    // A worker claimed it and died: running, lease until one minute from now.
    await h.database.db.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'dead-worker', locked_until: new Date(h.clock.now().getTime() + 60_000) })
      .where('id', '=', id!).execute();
    let runs = 0;
    const handler = defineJob({ kind: 'test.orphan', run: async () => void runs++ }) as JobHandler<never>;
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 0, 'a live lease is respected');
    h.clock.advance(60_000);
    await runDueJobs(h.ctx(), { handlers: [handler], workerId: 'heir' });
    assert.equal(runs, 1);
    const [row] = await jobsOf('test.orphan');
    assert.equal(row!.status, 'done');
    assert.equal(row!.locked_by, 'heir');
    assert.equal(row!.attempts, 2);
  });
});

describe('recurring and concurrent', () => {
  it('a recurring handler runs once per interval however often workers cycle', async () => {
    let runs = 0;
    const handler = defineJob({ kind: 'test.every-minute', every: 60_000, run: async () => void runs++ }) as JobHandler<never>;
    await runDueJobs(h.ctx(), { handlers: [handler] });
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 1);
    h.clock.advance(30_000);
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 1);
    h.clock.advance(30_000);
    await runDueJobs(h.ctx(), { handlers: [handler] });
    await runDueJobs(h.ctx(), { handlers: [handler] });
    assert.equal(runs, 2);
    const pending = (await jobsOf('test.every-minute')).filter((j) => j.status === 'queued');
    assert.equal(pending.length, 1, 'exactly one pending instance');
  });

  it('two workers draining 30 jobs at once run each exactly once', async () => {
    const runs = new Map<number, number>();
    const handler = defineJob<{ n: number }>({
      kind: 'test.parallel',
      run: async (_ctx, { n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    }) as JobHandler<never>;
    for (let n = 0; n < 30; n++) await enqueueJob(h.ctx(), { kind: 'test.parallel', payload: { n } });
    const [a, b] = await Promise.all([
      runDueJobs(h.ctx(), { handlers: [handler], workerId: 'a' }),
      runDueJobs(h.ctx(), { handlers: [handler], workerId: 'b' }),
    ]);
    assert.equal(a.done + b.done, 30);
    assert.equal(runs.size, 30);
    assert.ok([...runs.values()].every((count) => count === 1), 'no job ran twice');
    const rows = await jobsOf('test.parallel');
    assert.ok(rows.every((r) => r.status === 'done' && r.attempts === 1));
  });
});
