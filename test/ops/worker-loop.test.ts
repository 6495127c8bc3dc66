/**
 * The worker's loop (outbox and jobs) over a real database: it pauses between runs without leaking abort
 * listeners (one removable timer per pause), so a long-running `serve` or `worker` never logs a
 * MaxListenersExceededWarning; `stop()` ends a pause at once.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { after, before, it } from 'node:test';
import { systemCtx } from '../../src/domain/context.js';
import { startWorker } from '../../src/domain/jobs/index.js';
import type { MailTransport } from '../../src/domain/newsletter/index.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const nobody: MailTransport = { send: async () => undefined };

it('runs many iterations with a bounded number of abort listeners and no warning', async () => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  // Every run reads the clock once when it claims; counting the reads counts the iterations.
  let runs = 0;
  const clock = { now: () => (runs++, h.clock.now()) };
  const worker = startWorker(systemCtx(h.database.db, clock, 'loop-test'), { handlers: [], outbox: { transport: nobody, budget: { hourly: 10, daily: 10 } } }, { intervalMs: 1 });
  const signal = worker.signal!;
  let most = 0;
  try {
    assert.ok(signal, 'the worker exposes its signal');
    while (runs < 60) {
      most = Math.max(most, getEventListeners(signal, 'abort').length);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await worker.stop();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
  }
  assert.ok(runs >= 60, `ran ${runs} times`);
  assert.ok(most <= 1, `at most one abort listener at a time (saw ${most})`);
  assert.equal(getEventListeners(signal, 'abort').length, 0);
  assert.deepEqual(warnings.map((w) => w.name), []);
});

it('stop() ends a long pause at once', async () => {
  const worker = startWorker(h.ctx(), { handlers: [], outbox: { transport: nobody, budget: { hourly: 10, daily: 10 } } }, { intervalMs: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  await worker.stop();
  assert.ok(performance.now() - started < 5_000);
  assert.equal(getEventListeners(worker.signal!, 'abort').length, 0);
});
