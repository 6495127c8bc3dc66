/**
 * CSV exports (docs/decisions/0028): an export is ONE SELECT that gives every CSV column as text
 * (taxonomy lists aggregated in the same statement, dates and instants formatted), and the CSV
 * records — cells neutralised against formula injection, quoted per RFC 4180, CRLF record ends —
 * are built in SQL around it and read through ONE server-side cursor, `FETCH`ed in batches of
 * {@link CSV_FETCH_ROWS}; Node only concatenates the lines of a batch into one chunk. One text
 * column per row is the cheapest thing for either driver to decode and leaves Node little garbage
 * (memory stays flat).
 *
 * - PostgreSQL server: the records come as bytes through `COPY (…) TO STDOUT` on a connection of
 *   their own (src/db/copy.ts): no string per record in Node. Ending the iteration early
 *   (`return()`, a client that disconnects) drops that connection, which ends the COPY at once.
 *   (Without the raw pool — a handle not opened by src/db/client.ts — the cursor below is used: a
 *   read-only transaction holding one pool connection, `DECLARE … NO SCROLL CURSOR`, one `FETCH`
 *   ahead; ending early closes the cursor and rolls back.)
 * - PGlite (in this process, one connection shared by every request): the cursor is declared
 *   `WITH HOLD` outside a transaction, so the result is computed once and each `FETCH` takes the
 *   connection only for its own batch (other requests run between batches); ending early
 *   `CLOSE`s it.
 *
 * Each export's own SELECT ({@link CsvExport.select}) is what the bench hands to
 * `COPY (…) TO STDOUT WITH CSV` to compare speeds (bench/export-speed.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { randomBytes } from 'node:crypto';
import { copyOutOf } from '../db/copy.js';
import type { DB } from '../db/types.js';

/** Rows per `FETCH` of an export's cursor. */
export const CSV_FETCH_ROWS = 500;

/** One column of an export: the header a face gives it and the name of the domain field it shows. */
export interface CsvColumnSpec<F extends string> {
  header: string;
  field: F;
}

/**
 * Columns from `[header, field]` pairs, or a bare field where the header is the field's own name:
 * `csvColumns<ProjectCsvField>(['id', 'title', ['country', 'country_name']])`.
 */
export function csvColumns<F extends string>(columns: readonly (F | readonly [string, F])[]): CsvColumnSpec<F>[] {
  return columns.map((c) => (typeof c === 'string' ? { header: c, field: c } : { header: c[0], field: c[1] }));
}

/**
 * A field whose text never needs quoting nor neutralising (a uuid, a non-negative number, a date,
 * an ISO instant, a fixed code): its cell is the text itself, NULL empty, which saves the database
 * the per-cell checks.
 */
export interface SafeCsvField {
  safe: RawBuilder<unknown>;
}

/** Marks `expression` as a {@link SafeCsvField}. */
export const safe = (expression: RawBuilder<unknown>): SafeCsvField => ({ safe: expression });

/** The SQL text expression of each field an export can show (over the export's FROM aliases). */
export type CsvFieldCatalog<F extends string> = Record<F, RawBuilder<string | null> | SafeCsvField>;

const expressionOf = (field: RawBuilder<unknown> | SafeCsvField): RawBuilder<unknown> => ('safe' in field ? field.safe : field);

/** A prepared export: nothing has been read yet. */
export interface CsvExport {
  /** The header row's cells, in column order. */
  header: string[];
  /**
   * The export's own SELECT: one text column per CSV column (before neutralisation and quoting),
   * the rows in export order, the row cap applied.
   */
  select: RawBuilder<unknown>;
  /**
   * The CSV records after the header (every record CRLF-terminated), as UTF-8 bytes of about 64 KB
   * per chunk through `COPY` on a PostgreSQL server, else as text chunks of up to
   * {@link CSV_FETCH_ROWS} records through a cursor. Stop iterating (or `return()`) to end early:
   * the COPY's connection is dropped, or the cursor closed. `via` forces one path (tests compare them).
   */
  chunks(via?: 'copy' | 'cursor'): AsyncGenerator<string | Buffer>;
}

/** `value` as an ISO 8601 UTC instant with milliseconds, like `Date#toISOString` (timestamptz in). */
export const isoInstant = (value: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `values` (a subquery aggregate) joined `a; b; c`, ordered by `order`; '' for none. */
export const joinedList = (value: RawBuilder<unknown>, order: RawBuilder<unknown>, from: RawBuilder<unknown>): RawBuilder<string | null> =>
  sql<string | null>`(select string_agg(${value}, '; ' order by ${order}) ${from})`;

/**
 * One CSV cell of text column `c`: empty for NULL; a leading `'` when it begins with `=`, `+`, `-`,
 * `@`, a tab or a carriage return (OWASP "CSV injection"); quoted with inner quotes doubled when it
 * holds a quote, a comma, CR or LF (RFC 4180). The same rules as src/http/csv.ts's `csvCell` and
 * csv-stringify.
 */
function cell(c: RawBuilder<unknown>): RawBuilder<string> {
  // One regular expression decides in the common case (nothing to do); NULL falls to the `else`.
  return sql<string>`(case when ${c} ~ '[",\r\n]|^[-=+@\t]'
    then (case when ${c} ~ '[",\r\n]'
      then '"' || replace((case when ${c} ~ '^[-=+@\t\r]' then '''' || ${c} else ${c} end), '"', '""') || '"'
      else '''' || ${c} end)
    else coalesce(${c}, '') end)`;
}

/**
 * Prepares an export of `columns`, each taken from `catalog`, over `from` (the FROM, WHERE and
 * ORDER BY of the export, aliases as the catalog uses them), at most `cap` rows.
 * Nothing is read until {@link CsvExport.chunks} is iterated.
 */
export function csvExport<F extends string>(
  db: Kysely<DB>,
  catalog: CsvFieldCatalog<F>,
  columns: readonly CsvColumnSpec<F>[],
  from: RawBuilder<unknown>,
  cap: number,
): CsvExport {
  const limit = Number.isFinite(cap) ? sql` limit ${Math.max(0, Math.floor(cap))}` : sql``;
  const select = sql`select ${sql.join(columns.map((c, i) => sql`${expressionOf(catalog[c.field])}::text as ${sql.ref(`c${i}`)}`))} ${from}${limit}`;
  const safeColumns = columns.map((c) => 'safe' in catalog[c.field]);
  const line = sql.join(
    safeColumns.map((isSafe, i) => (isSafe ? sql`coalesce(${sql.ref(`x.c${i}`)}, '')` : cell(sql.ref(`x.c${i}`)))),
    sql` || ',' || `,
  );
  // `offset 0` keeps the export's SELECT a subquery, so each column (an aggregate subquery for the
  // lists) is computed once per row however often the cell expression names it.
  const lines = sql<{ line: string }>`select ${line} || E'\r\n' as line from (${select} offset 0) x`;
  return {
    header: columns.map((c) => c.header),
    select,
    chunks: async function* (via) {
      const copyOut = via === 'cursor' ? undefined : copyOutOf(db);
      if (copyOut) yield* copyOut(lines);
      else if (via === 'copy') throw new Error('COPY … TO STDOUT needs a PostgreSQL server');
      else if (await isEmbedded(db)) yield* readLinesWithHold(db, lines, CSV_FETCH_ROWS);
      else yield* readLinesInTransaction(db, lines, CSV_FETCH_ROWS);
    },
  };
}

const embedded = new WeakMap<object, boolean>();

/** Whether `db` is the embedded engine (PGlite, compiled to wasm32): one session for every request. */
async function isEmbedded(db: Kysely<DB>): Promise<boolean> {
  const key = db.getExecutor();
  let known = embedded.get(key);
  if (known === undefined) {
    const { rows } = await sql<{ wasm: boolean }>`select version() like '%wasm32%' as wasm`.execute(db);
    known = rows[0]?.wasm === true;
    embedded.set(key, known);
  }
  return known;
}

const cursorName = () => sql.id(`csv_export_${randomBytes(6).toString('hex')}`);

/** PGlite: every `line` of `query`, through a `WITH HOLD` cursor, `batch` lines per chunk (see the module doc). */
async function* readLinesWithHold(db: Kysely<DB>, query: RawBuilder<{ line: string }>, batch: number): AsyncGenerator<string> {
  const name = cursorName();
  await sql`declare ${name} no scroll cursor with hold for ${query}`.execute(db);
  try {
    for (;;) {
      const { rows } = await sql<{ line: string }>`fetch ${sql.raw(String(batch))} from ${name}`.execute(db);
      yield* textChunks(rows);
      if (rows.length < batch) return;
    }
  } finally {
    await sql`close ${name}`.execute(db).catch(() => {});
  }
}

/**
 * PostgreSQL: every `line` of `query` through a cursor in a read-only transaction on one pooled
 * connection, `batch` lines per chunk, the next `FETCH` running while a chunk is written.
 */
async function* readLinesInTransaction(db: Kysely<DB>, query: RawBuilder<{ line: string }>, batch: number): AsyncGenerator<string> {
  const name = cursorName();
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  let pending: Promise<{ line: string }[]> | undefined;
  let done = false;
  try {
    // A client that stops reading without closing holds the transaction open: bound how long.
    await sql`set local idle_in_transaction_session_timeout = '5min'`.execute(trx);
    await sql`declare ${name} no scroll cursor for ${query}`.execute(trx);
    const fetch = () => sql<{ line: string }>`fetch ${sql.raw(String(batch))} from ${name}`.execute(trx).then((r) => r.rows);
    pending = fetch();
    for (;;) {
      const rows: { line: string }[] = await pending;
      pending = rows.length === batch ? fetch() : undefined;
      yield* textChunks(rows);
      if (!pending) break;
    }
    await trx.commit().execute();
    done = true;
  } finally {
    if (!done) {
      // Early end (the consumer returned) or a failure: let a FETCH in flight finish, then the
      // rollback closes the cursor and releases the connection.
      await pending?.catch(() => {});
      await trx.rollback().execute().catch(() => {});
    }
  }
}

/** Characters per chunk handed to the response, at most (plus one record). */
const CHUNK_CHARS = 32 * 1024;

/**
 * The lines of `rows` joined into chunks of about {@link CHUNK_CHARS}: small enough that V8 keeps
 * each in the young generation (a string over ~128 KB goes to the large-object space, which only a
 * full GC frees: with batch-sized chunks the server's RSS grew by ~190 MB over a million projects).
 */
function* textChunks(rows: { line: string }[]): Generator<string> {
  let out = '';
  for (const r of rows) {
    out += r.line;
    if (out.length >= CHUNK_CHARS) {
      yield out;
      out = '';
    }
  }
  if (out) yield out;
}
