/**
 * The version of a stored record (decision 0050): the MD5 of its row as text, selected with the
 * record's view as `record_version` and compared with an editor's `If-Match` under the write's row
 * lock (src/domain/admin/preconditions.ts). Every write of the row's own columns changes it; two
 * identical states share it. The one expression every conditional record uses (projects, tenders,
 * calendar events, articles, editions).
 */
import { sql, type RawBuilder } from 'kysely';

/**
 * `md5(<alias>::text)`: the version of the row `alias` names in the query (a table or its alias).
 * @param except rollup columns kept out of the version (written by other records' writes, e.g. an
 *   edition's `article_count`): the row is hashed as JSON without them
 */
export function recordVersion(alias: string, except: readonly string[] = []): RawBuilder<string> {
  const row = sql.table(alias);
  return except.length
    ? sql<string>`md5((to_jsonb(${row}) - ${sql.val([...except])}::text[])::text)`
    : sql<string>`md5(${row}::text)`;
}
