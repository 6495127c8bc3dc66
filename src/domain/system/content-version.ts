/**
 * The content version (migration 0013, docs/caching.md): a number that grows at the COMMIT of every
 * transaction that wrote a content table (statement-level triggers), so a reader that has seen
 * version N knows that no acknowledged write is missing from a body read after it.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';

/**
 * The current content version: one primary-key read of the single row of `content_version`.
 * @returns the version, a decimal string (a bigint in the database)
 */
export async function readContentVersion(ctx: Ctx): Promise<string> {
  const { rows } = await sql<{ version: string | number }>`select version from content_version where id`.execute(ctx.db);
  return String(rows[0]?.version ?? '0');
}
