/**
 * The worker: ONE mechanism per process for all later work (decision 0018, concurrency and fairness:
 * decision 0036). It runs up to `concurrency` pieces of work at once in "slots". A piece of work is
 * taken from a *lane*, round robin: one lane per job kind, plus the email outbox lane (a batch of
 * messages within the send budget, ../newsletter/outbox.ts).
 *
 * - Fair between kinds: each slot that comes free takes the next lane that has work, so a kind with
 *   a thousand due jobs (or a 5 000-message newsletter in the outbox) gets one turn in each round
 *   and every other kind gets its own: alert matching and feed polls never wait for the mail.
 * - One slow job never blocks the rest: a kind holds at most `concurrency − 1` slots (the outbox
 *   one), so there is always a slot for the other kinds; a slow job holds only its own slot.
 * - The send budget still holds: the outbox lane claims only what the hourly and daily budgets allow.
 * - Across processes nothing is lost or run twice: every claim is `FOR UPDATE SKIP LOCKED` with a
 *   lease (./run-jobs.ts, the outbox's claim).
 *
 * `serve` runs it in-process unless `MAIL_WORKER=off`; `airport-intel worker` runs it alone. Any
 * number of processes may run it over one PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../context.js';
import { processOutbox, type OutboxRunReport, type OutboxWorkerOptions, type RunningWorker } from '../newsletter/index.js';
import { DEFAULT_JOB_CONCURRENCY, type JobHandler } from './jobs.js';
import { dueJobKinds, prepareJobs, runOneJob, type JobRunReport } from './run-jobs.js';

/** Messages the outbox lane sends per turn before the other lanes get theirs. */
export const OUTBOX_TURN_MESSAGES = 25;

/** What the worker runs. */
export interface WorkerSettings {
  /** The job handlers (src/jobs/handlers.ts). */
  handlers: readonly JobHandler<never>[];
  /** The outbox lane; omitted: this worker sends no mail. */
  outbox?: Omit<OutboxWorkerOptions, 'db' | 'now'>;
  /** Names the worker in leases (default: a random id). */
  workerId?: string;
  /** Pieces of work run at once (default {@link DEFAULT_JOB_CONCURRENCY}, at least 1). */
  concurrency?: number;
}

/** What a cycle (or, for {@link startWorker}, a slot's busy spell) did. */
export interface WorkerCycleReport {
  outbox: OutboxRunReport | null;
  jobs: JobRunReport;
}

const OUTBOX_LANE = '(outbox)';

/**
 * The lanes of one worker and the round robin over them. A lane that came back without work is
 * "empty" until some work is done (a finished job may have enqueued another) and a refresh finds it
 * due again, or until {@link Lanes.wake}.
 */
class Lanes {
  private readonly order: string[];
  private cursor = 0;
  private readonly busy = new Map<string, number>();
  /** Lane → the work count when it was found empty. */
  private readonly empty = new Map<string, number>();
  private work = 0;

  constructor(kinds: readonly string[], withOutbox: boolean, private readonly concurrency: number) {
    this.order = withOutbox ? [OUTBOX_LANE, ...kinds] : [...kinds];
  }

  private cap(lane: string): number {
    return lane === OUTBOX_LANE ? 1 : Math.max(1, this.concurrency - 1);
  }

  /** The next lane (round robin) that is not empty and has a free place; `null` when none. */
  take(): string | null {
    for (let i = 0; i < this.order.length; i++) {
      const lane = this.order[(this.cursor + i) % this.order.length]!;
      if (this.empty.has(lane) || (this.busy.get(lane) ?? 0) >= this.cap(lane)) continue;
      this.cursor = (this.cursor + i + 1) % this.order.length;
      this.busy.set(lane, (this.busy.get(lane) ?? 0) + 1);
      return lane;
    }
    return null;
  }

  /** Gives `lane` back; `worked`: it did something (else it is empty for now). */
  release(lane: string, worked: boolean): void {
    this.busy.set(lane, (this.busy.get(lane) ?? 1) - 1);
    if (worked) this.work++;
    else this.empty.set(lane, this.work);
  }

  /**
   * Marks empty lanes that may have work again: those found empty before the last piece of work,
   * when `due` has them (the outbox lane: whenever work was done since).
   * @returns whether any lane was marked
   */
  refresh(due: Set<string>): boolean {
    let any = false;
    for (const [lane, mark] of this.empty) {
      if (mark < this.work && (lane === OUTBOX_LANE || due.has(lane))) {
        this.empty.delete(lane);
        any = true;
      }
    }
    return any;
  }

  /** Every lane is worth a look again (after a pause). */
  wake(): void {
    this.empty.clear();
  }

  get kinds(): string[] {
    return this.order.filter((l) => l !== OUTBOX_LANE);
  }
}

/** The shared state of the slots of one worker. */
function workerParts(ctx: Ctx, settings: WorkerSettings) {
  const workerId = settings.workerId ?? `worker-${Math.random().toString(36).slice(2, 10)}`;
  const concurrency = Math.max(1, Math.floor(settings.concurrency ?? DEFAULT_JOB_CONCURRENCY));
  const byKind = new Map(settings.handlers.map((h) => [h.kind, h]));
  const outbox: OutboxWorkerOptions | null = settings.outbox ? { workerId, ...settings.outbox, db: ctx.db, now: () => ctx.now() } : null;
  const lanes = new Lanes([...byKind.keys()], outbox !== null, concurrency);
  const emptyReport = (): WorkerCycleReport => ({ outbox: outbox ? { sent: 0, retried: 0, dead: 0, budgetExhausted: false } : null, jobs: { done: 0, retried: 0, dead: 0 } });

  /** One turn of `lane`, counted into `report`. @returns whether it did anything */
  async function turn(lane: string, signal: AbortSignal, report: WorkerCycleReport): Promise<boolean> {
    if (lane === OUTBOX_LANE) {
      const r = await processOutbox(outbox!, { signal, maxMessages: OUTBOX_TURN_MESSAGES });
      const o = report.outbox!;
      o.sent += r.sent;
      o.retried += r.retried;
      o.dead += r.dead;
      o.budgetExhausted ||= r.budgetExhausted;
      return r.sent + r.retried + r.dead > 0 && !r.budgetExhausted;
    }
    const outcome = await runOneJob(ctx, byKind, workerId, signal, lane);
    if (outcome === null || outcome === 'stopped') return false;
    report.jobs[outcome]++;
    return true;
  }

  /**
   * One slot: takes lanes until none has work (after a refresh of the due kinds), then resolves.
   * A lane that throws is given back as empty and the error rethrown after the slot's lane is free.
   */
  async function slot(signal: AbortSignal, report: WorkerCycleReport): Promise<void> {
    while (!signal.aborted) {
      let lane = lanes.take();
      if (lane === null) {
        if (!lanes.refresh(await dueJobKinds(ctx, lanes.kinds))) return;
        lane = lanes.take();
        if (lane === null) return;
      }
      let worked = false;
      try {
        worked = await turn(lane, signal, report);
      } finally {
        lanes.release(lane, worked);
      }
    }
  }

  return { workerId, concurrency, lanes, emptyReport, slot };
}

/**
 * One cycle of the worker: `concurrency` slots take turns on every lane until no job is due and the
 * outbox has nothing to send or its budget is spent (jobs enqueued during the cycle and due now run
 * in it too). Tests call it for "one worker cycle".
 */
export async function runWorkerCycle(ctx: Ctx, settings: WorkerSettings, options: { signal?: AbortSignal } = {}): Promise<WorkerCycleReport> {
  const parts = workerParts(ctx, settings);
  const signal = options.signal ?? new AbortController().signal;
  const report = parts.emptyReport();
  await prepareJobs(ctx, settings.handlers);
  await Promise.all(Array.from({ length: parts.concurrency }, () => parts.slot(signal, report)));
  return report;
}

/**
 * Starts the worker with the database and clock of `ctx` (a system context): `concurrency` slots,
 * each working while there is work and pausing `intervalMs` (default 5 s) when there is none; a slot
 * busy with a slow job leaves the others running. Errors (a database restart) go to `onError` and
 * the slot pauses; `onReport` gets what a slot did in each busy spell. `stop()` aborts the pauses and
 * the jobs in hand (their leases expire and they run again) and resolves when every slot ended.
 */
export function startWorker(
  ctx: Ctx,
  settings: WorkerSettings,
  loop: { intervalMs?: number; onError?: (err: unknown) => void; onReport?: (r: WorkerCycleReport) => void } = {},
): RunningWorker {
  const parts = workerParts(ctx, settings);
  const controller = new AbortController();
  const interval = loop.intervalMs ?? 5_000;
  // Idle slots share one pause: one timer and one abort listener at a time, however many slots.
  let pause: Promise<void> | null = null;
  const idle = () =>
    (pause ??= sleep(interval, undefined, { signal: controller.signal }).catch(() => undefined).finally(() => {
      pause = null;
      parts.lanes.wake();
    }));
  const runSlot = async (n: number) => {
    while (!controller.signal.aborted) {
      const report = parts.emptyReport();
      try {
        if (n === 0) await prepareJobs(ctx, settings.handlers);
        await parts.slot(controller.signal, report);
      } catch (err) {
        if (!controller.signal.aborted) loop.onError?.(err);
      }
      const o = report.outbox;
      if ((o && (o.sent || o.retried || o.dead)) || report.jobs.done || report.jobs.retried || report.jobs.dead) loop.onReport?.(report);
      await idle();
    }
  };
  const done = Promise.all(Array.from({ length: parts.concurrency }, (_, n) => runSlot(n)));
  return {
    signal: controller.signal,
    async stop() {
      controller.abort();
      await done;
    },
  };
}
