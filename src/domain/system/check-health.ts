/**
 * The service's health (GET /healthz): whether the database answers a trivial query within
 * `timeoutMs`, and how fast.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/** The database's state. */
export interface DatabaseHealth {
  reachable: boolean;
  /** Round trip of `select 1` in milliseconds (two decimals); `null` when unreachable. */
  latencyMs: number | null;
}

/** Asks the database `select 1`, giving up after `timeoutMs` (default 2 000 ms); never throws. */
export async function checkDatabase(ctx: Ctx, timeoutMs = 2000): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(ctx.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return { reachable: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { reachable: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}
