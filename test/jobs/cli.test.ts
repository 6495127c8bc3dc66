/**
 * `airport-intel jobs list|retry|discard` (issue 29), run as real processes: list by state and kind
 * as JSON, retry a dead job (queued, due now, attempts from zero), discard a queued one, and the
 * refusals (a running job, an unknown id, a bad state) with their exit codes; and the standalone
 * `airport-intel worker` logs JSON lines like `serve` (its start with its jobs and concurrency, its
 * stop on SIGTERM).
 * Runs on a temporary DATA_DIR, or on a throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { promisify } from 'node:util';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemCtx } from '../../src/domain/context.js';
import { enqueueJob } from '../../src/domain/jobs/index.js';
import { systemClock } from '../../src/system-clock.js';
import { createPostgresDatabase } from '../helpers/harness.js';
import { pgliteTemplate } from '../helpers/template.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/airport-intel.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-cli-jobs-'));
let env: NodeJS.ProcessEnv;
let databaseUrl: string | undefined;
let dropPostgres: (() => Promise<void>) | undefined;

before(async () => {
  env = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'cli-test-secret-0123456789-0123456789-abcdef' };
  delete env.DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = created.url;
    dropPostgres = created.drop;
    env.DATABASE_URL = databaseUrl;
  } else {
    // The migrated test template written into the data folder (test/helpers/template.ts), rather than
    // a new embedded database made and migrated here (~6 s); the test migrates it again all the same.
    const seeded = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([(await pgliteTemplate('migrated')) as Uint8Array<ArrayBuffer>]) });
    await seeded.close();
  }
});
after(async () => {
  await dropPostgres?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const open = (): Promise<Database> => (databaseUrl ? openDatabase({ kind: 'postgres', url: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir }));
const cli = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

it('lists, retries and discards jobs, and refuses what cannot be done', async () => {
  const database = await open();
  let dead: string, queued: string, running: string;
  try {
    await migrate(database);
    const ctx = systemCtx(database.db, systemClock);
    dead = (await enqueueJob(ctx, { kind: 'alerts.webhook', payload: { ruleId: 'r1' } }))!;
    queued = (await enqueueJob(ctx, { kind: 'intake.poll', payload: { sourceId: 's1' } }))!;
    running = (await enqueueJob(ctx, { kind: 'alerts.deliver', payload: { ruleId: 'r2' } }))!;
    await database.db.updateTable('jobs').set({ status: 'dead', attempts: 100, last_error: 'HTTP 500', finished_at: new Date() }).where('id', '=', dead).execute();
    await database.db.updateTable('jobs').set({ status: 'running', attempts: 1, locked_by: 'worker-x', locked_until: new Date(Date.now() + 600_000) }).where('id', '=', running).execute();
  } finally {
    await database.close();
  }

  const list = await cli('jobs', 'list', '--status', 'dead');
  assert.equal(list.code, 0, list.stderr);
  const listed = JSON.parse(list.stdout) as { id: string; kind: string; status: string; attempts: number; last_error: string; payload: unknown }[];
  assert.deepEqual(listed.map((j) => [j.id, j.kind, j.status, j.attempts, j.last_error]), [[dead, 'alerts.webhook', 'dead', 100, 'HTTP 500']]);
  assert.deepEqual(listed[0]!.payload, { ruleId: 'r1' });
  const byKind = JSON.parse((await cli('jobs', 'list', '--kind', 'intake.poll')).stdout) as { id: string }[];
  assert.deepEqual(byKind.map((j) => j.id), [queued]);

  const retried = await cli('jobs', 'retry', '--id', dead);
  assert.equal(retried.code, 0, retried.stderr);
  const job = JSON.parse(retried.stdout) as { status: string; attempts: number; finished_at: string | null };
  assert.deepEqual([job.status, job.attempts, job.finished_at], ['queued', 0, null]);

  const discarded = await cli('jobs', 'discard', '--id', queued);
  assert.equal(discarded.code, 0, discarded.stderr);
  assert.equal((JSON.parse(discarded.stdout) as { id: string }).id, queued);

  const busy = await cli('jobs', 'discard', '--id', running);
  assert.equal(busy.code, 1);
  assert.match(busy.stderr, /is running \(worker worker-x\)/);
  const again = await cli('jobs', 'retry', '--id', dead);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /is queued: only a dead or failed job can be retried/);
  const unknown = await cli('jobs', 'retry', '--id', '00000000-0000-4000-8000-000000000000');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /Job 00000000-0000-4000-8000-000000000000 not found/);
  const badState = await cli('jobs', 'list', '--status', 'sleeping');
  assert.equal(badState.code, 2);
  assert.match(badState.stderr, /--status must be one of queued, running, failed, done, dead/);

  const check = await open();
  try {
    const rows = await check.db.selectFrom('jobs').select(['id', 'status']).orderBy('id').execute();
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.status])), { [dead]: 'queued', [running]: 'running' });
  } finally {
    await check.close();
  }
});

it('the standalone worker logs JSON lines (pino) and stops on SIGTERM', async () => {
  const child = spawn(process.execPath, [BIN, 'worker'], { env: { ...env, LOG_FORMAT: 'json', JOB_CONCURRENCY: '3' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    for (let i = 0; i < 1200 && !out.includes('worker started'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(out.includes('worker started'), out);
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
  const lines = out.trim().split('\n').map((line) => JSON.parse(line) as { level: number; msg: string; process?: string; concurrency?: number; jobs?: string[] });
  const started = lines.find((l) => l.msg === 'worker started')!;
  assert.equal(started.level, 30);
  assert.equal(started.process, 'worker');
  assert.equal(started.concurrency, 3);
  assert.ok(started.jobs!.includes('housekeeping.purge') && started.jobs!.includes('alerts.match'));
  assert.ok(lines.some((l) => l.msg === 'worker stopped'));
});
