/**
 * Whether this process should take traffic (GET /readyz): the database answers, its schema is at
 * the migrations this code ships (none pending), and the background worker runs when this process
 * is meant to run it. A load balancer sends requests only to ready processes; liveness (GET /livez)
 * is a separate, cheaper question: does the process answer at all.
 */
import { sql } from 'kysely';
import { migrationFiles } from '../../db/migrate.js';
import type { Ctx } from '../context.js';
import { checkDatabase, type DatabaseHealth } from './check-database.js';

/**
 * The worker of this process: `off` (not run here: `MAIL_WORKER=off`, or a test), `running`, or
 * `stopped` (it ended: the process is shutting down).
 */
export type WorkerState = 'off' | 'running' | 'stopped';

/** The readiness of this process and why. */
export interface Readiness {
  ready: boolean;
  database: DatabaseHealth;
  /** Migrations this code ships that the database has not applied; `null` when the database did not answer. */
  pendingMigrations: string[] | null;
  worker: WorkerState;
  /** Seconds a caller should wait before asking again, when not ready. */
  retryAfterSeconds?: number;
}

/** What readiness reads besides the database. */
export interface ReadinessProbe {
  /** The worker's state in this process (src/cli/worker.ts `workerState`); unset: `off`. */
  worker?: (() => WorkerState) | undefined;
  /** Whether the process is shutting down (SIGTERM received): then it is not ready, whatever else. */
  closing?: (() => boolean) | undefined;
}

/** Checks the database, the applied migrations and the worker; never throws. */
export async function checkReadiness(ctx: Ctx, probe: ReadinessProbe = {}): Promise<Readiness> {
  const database = await checkDatabase(ctx);
  let pendingMigrations: string[] | null = null;
  if (database.reachable) {
    try {
      const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(ctx.db);
      const done = new Set(applied.rows.map((r) => r.name));
      pendingMigrations = migrationFiles().filter((f) => !done.has(f));
    } catch {
      pendingMigrations = migrationFiles(); // no schema_migrations table: nothing applied yet
    }
  }
  const worker = probe.worker?.() ?? 'off';
  const ready = database.reachable && pendingMigrations?.length === 0 && worker !== 'stopped' && !probe.closing?.();
  return { ready, database, pendingMigrations, worker, ...(ready ? {} : { retryAfterSeconds: database.retryAfterSeconds ?? 5 }) };
}
