/**
 * CSV exports for every face: RFC 4180 (CRLF record ends, quotes doubled, cells holding a comma, a
 * quote, CR or LF quoted), UTF-8, a header row, `Content-Disposition: attachment`; cells that begin
 * with `=`, `+`, `-`, `@`, a tab or a carriage return are prefixed with `'` so spreadsheets do not run
 * them as formulas (OWASP "CSV injection"). The records are built by the database
 * (src/domain/csv-export.ts, docs/decisions/0028) and arrive in chunks read through one cursor;
 * {@link sendCsvExport} streams them with backpressure (the next chunk is fetched only when the
 * socket took the previous one), and a client that disconnects ends the iteration, which closes the
 * cursor and releases its connection. {@link csvCell} and {@link csvList} are the same rules for a
 * value held in Node.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Static, TObject } from 'typebox';
import type { Ctx } from '../domain/context.js';
import type { CsvExport } from '../domain/csv-export.js';
import type { Feature } from '../domain/entitlements.js';
import type { OperationDoc } from './schema.js';
import { ctxOf } from './types.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, neutralised against formula injection. Dates become ISO 8601. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Joins list values in one cell: `a; b; c`. */
export const csvList = (values: string[]): string => values.join('; ');

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

/** The OpenAPI response entry of a CSV download. */
export const csvResponse = { description: 'text/csv attachment, one header row', content: { 'text/csv': { schema: { type: 'string' } } } };

/**
 * Registers the `GET` of a CSV export, in either edition: the query is `querystring` (the list's
 * filters), the route carries the export operation's `gates` (a refusal comes before validation),
 * and the handler calls ONE domain operation, `run(ctx, query)`, and streams what it answers as
 * `<file>-YYYY-MM-DD.csv` ({@link sendCsvExport}); errors are the edition's.
 */
export function csvExportRoute<Q extends TObject>(
  app: FastifyInstance,
  url: string,
  spec: OperationDoc & {
    querystring: Q;
    /** The file's name before its date (`projects` gives `projects-2026-11-27.csv`). */
    file: string;
    gates: readonly Feature[];
    run: (ctx: Ctx, query: Static<Q>) => Promise<CsvExport>;
  },
): void {
  const { querystring, file, gates, run, ...doc } = spec;
  app.get(url, {
    config: { gates },
    schema: { ...doc, querystring, produces: ['text/csv'], response: { 200: csvResponse } },
  }, async (req, reply) => {
    const ctx = ctxOf(req);
    return sendCsvExport(reply, csvFilename(file, ctx.now()), await run(ctx, req.query as Static<Q>));
  });
}
