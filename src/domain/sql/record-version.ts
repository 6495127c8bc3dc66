/**
 * The version of a stored record (decision 0050): the MD5 of its row as text, selected with the
 * record's view as `record_version` and compared with an editor's `If-Match` under the write's row
 * lock (src/domain/admin/preconditions.ts). Every write of the row's own columns changes it; two
 * identical states share it. The one expression every conditional record uses (projects, tenders,
 * calendar events, articles, editions, news sources, media, companies).
 */
import { sql, type RawBuilder } from 'kysely';

/** A table of rows that belong to the record and are edited with it (a media asset's bindings). */
export interface VersionedLinks {
  /** The table (`media_bindings`). */
  table: string;
  /** Its column naming the record's id (`media_id`). */
  key: string;
}

/**
 * `md5(<alias>::text)`: the version of the row `alias` names in the query (a table or its alias).
 * @param options.except columns kept out of the version (a rollup written by other records' writes,
 *   e.g. an edition's `article_count`; state a background job writes, e.g. a news source's polling
 *   state): the row is hashed as JSON without them
 * @param options.links rows of other tables that the record's own PATCH replaces (a company's
 *   aliases, a media asset's bindings) and whose record has no `updated_at` to stamp: hashed with
 *   the row (as text, sorted), so a change of them alone moves the version too
 */
export function recordVersion(alias: string, options: { except?: readonly string[]; links?: readonly VersionedLinks[] } = {}): RawBuilder<string> {
  const row = sql.table(alias);
  const except = options.except ?? [];
  const text = except.length ? sql`(to_jsonb(${row}) - ${sql.val([...except])}::text[])::text` : sql`${row}::text`;
  if (!options.links?.length) return sql<string>`md5(${text})`;
  const links = options.links.map(({ table, key }) =>
    sql`coalesce((select string_agg(l::text, ',' order by l::text) from ${sql.table(table)} l where l.${sql.ref(key)} = ${sql.ref(`${alias}.id`)}), '')`);
  return sql<string>`md5(concat_ws('|', ${text}, ${sql.join(links, sql`, `)}))`;
}
