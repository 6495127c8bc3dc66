/**
 * The service's health (GET /healthz): whether the database answers a trivial query within
 * `timeoutMs`, how fast, and if not, why.
 */
import { sql } from 'kysely';
import { RETRY_AFTER_SECONDS, unavailableReason } from '../../db/errors.js';
import type { Ctx } from '../context.js';

/**
 * The database's state: `ok`; `timeout` (it did not answer in time: frozen, overloaded, every
 * connection busy); `unreachable` (refused, closed, shut down, or any other failure).
 */
export type DatabaseStatus = 'ok' | 'timeout' | 'unreachable';

/** The database's state. */
export interface DatabaseHealth {
  reachable: boolean;
  status: DatabaseStatus;
  /** Round trip of `select 1` in milliseconds (two decimals); `null` when unreachable. */
  latencyMs: number | null;
  /** When not reachable: seconds a client should wait before asking again (`Retry-After`). */
  retryAfterSeconds?: number;
}

/** Asks the database `select 1`, giving up after `timeoutMs` (default 2 000 ms); never throws. */
export async function checkDatabase(ctx: Ctx, timeoutMs = 2000): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Error('health check timed out');
  try {
    await Promise.race([
      sql`select 1`.execute(ctx.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(gaveUp), timeoutMs);
      }),
    ]);
    return { reachable: true, status: 'ok', latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch (err) {
    const status: DatabaseStatus = err === gaveUp || unavailableReason(err) === 'timeout' ? 'timeout' : 'unreachable';
    return { reachable: false, status, latencyMs: null, retryAfterSeconds: RETRY_AFTER_SECONDS };
  } finally {
    clearTimeout(timer);
  }
}
