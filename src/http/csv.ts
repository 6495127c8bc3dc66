/**
 * CSV exports for every face. {@link sendCsvExport} streams an export the database computed
 * (src/domain/csv-export.ts: the records come built, neutralised and quoted, in chunks read through
 * one cursor; docs/decisions/0028) with backpressure: the next chunk is fetched only when the
 * socket took the previous one, and a client that disconnects ends the iteration, which closes the
 * cursor and releases its connection. {@link sendCsv} encodes records in Node: RFC 4180 (CRLF line ends, quotes doubled, fields with separators,
 * quotes or line breaks quoted), UTF-8, a header row, `Content-Disposition: attachment`, streamed
 * row by row from an async iterable of records (csv-stringify does the encoding). A client that
 * disconnects ends the iteration, so no further database batch is read. Cells that begin with
 * `=`, `+`, `-`, `@`, a tab or a carriage return are prefixed with `'` so spreadsheets do not run
 * them as formulas (OWASP "CSV injection").
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { CsvExport } from '../domain/csv-export.js';

/** One CSV column: its header and how a record gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, neutralised against formula injection. Dates become ISO 8601. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Joins list values in one cell: `a; b; c`. */
export const csvList = (values: string[]): string => values.join('; ');

/**
 * Streams `rows` as a CSV attachment named `filename`.
 * @returns the reply, for the route handler to return
 */
export function sendCsv<T>(reply: FastifyReply, filename: string, columns: CsvColumn<T>[], rows: AsyncIterable<T>): FastifyReply {
  async function* records() {
    for await (const row of rows) yield columns.map((c) => csvCell(c.value(row)));
  }
  const source = Readable.from(records());
  const body = stringify({ header: true, columns: columns.map((c) => c.header), record_delimiter: 'windows', bom: false });
  source.on('error', (err) => body.destroy(err));
  body.on('close', () => source.destroy());
  source.pipe(body);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) source.destroy();
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The header record of `cells`, encoded like every record (RFC 4180, CRLF). */
export function csvHeaderLine(cells: string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
}

/**
 * Streams `exp` (a header row, then its records) as a CSV attachment named `filename`. The first
 * chunk is read before anything is sent, so an export that fails at once (a bad statement, the
 * database unavailable) answers in the edition's error format instead of a CSV header.
 * @returns the reply, for the route handler to return
 * @throws whatever reading the first chunk throws (the cursor is closed by then)
 */
export async function sendCsvExport(reply: FastifyReply, filename: string, exp: CsvExport): Promise<FastifyReply> {
  const chunks = exp.chunks();
  const first = await chunks.next();
  if (reply.raw.destroyed || reply.request.raw.socket?.destroyed) {
    // The client left while the first chunk was read: close the cursor, send nothing.
    await chunks.return(undefined);
    return reply;
  }
  async function* body() {
    yield csvHeaderLine(exp.header);
    if (first.done) return;
    yield first.value;
    yield* chunks;
  }
  const source = Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 });
  // A generator never started ignores return(): close the cursor here if the stream is destroyed early.
  source.on('close', () => {
    void chunks.return(undefined);
  });
  reply.raw.on('close', () => {
    // The client went away before the end: stop fetching; the generator's `finally` closes the cursor.
    if (!reply.raw.writableFinished) source.destroy();
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(source);
}

/** `<name>-YYYY-MM-DD.csv` for the UTC day of `now` (the service clock). */
export const csvFilename = (name: string, now: Date): string => `${name}-${now.toISOString().slice(0, 10)}.csv`;
