/**
 * `COPY (<query>) TO STDOUT` on PostgreSQL, read as bytes (docs/decisions/0028): the CSV
 * exports build each record in SQL as one text column; this runs that query through
 * `COPY … WITH (FORMAT binary)` on a connection of its own, checked out of the pool, and hands out
 * the columns' bytes back to back in Buffers of about {@link COPY_CHUNK_BYTES}. No string and no
 * row object is made per record in Node, so the server's heap (and RSS) stays flat however large
 * the export. The binary format is used because it carries each value as-is with its length in front
 * (the text and CSV formats would escape or re-quote the records the query already encoded).
 *
 * Only PostgreSQL servers have it (PGlite's COPY writes to its own virtual files): {@link copyOutOf}
 * answers `undefined` for any other database handle.
 */
import type { Kysely, RawBuilder } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { toUnavailable } from './errors.js';
import type { DB } from './types.js';

/** Bytes per Buffer handed out, at most. */
export const COPY_CHUNK_BYTES = 64 * 1024;

/**
 * A client that takes no chunk for this long loses its export: the connection is dropped (the COPY
 * ends on the server), as `idle_in_transaction_session_timeout` did for the cursor (milliseconds).
 */
export const COPY_IDLE_MS = 5 * 60 * 1000;

/** Streams the single text column of every row of `query` as bytes (see the module doc). */
export type CopyOut = (query: RawBuilder<unknown>) => AsyncGenerator<Buffer>;

/** The raw pool behind each PostgreSQL Kysely handle (keyed by its adapter, which transactions and plugins share). */
const pools = new WeakMap<object, pg.Pool>();

/** Remembers that `db` runs over `pool` (src/db/client.ts, when it opens a PostgreSQL server). */
export function registerPool(db: Kysely<DB>, pool: pg.Pool): void {
  pools.set(db.getExecutor().adapter, pool);
}

/** `COPY … TO STDOUT` for `db`, or `undefined` when `db` is not a PostgreSQL server opened by src/db/client.ts. */
export function copyOutOf(db: Kysely<DB>): CopyOut | undefined {
  const pool = pools.get(db.getExecutor().adapter);
  if (!pool) return undefined;
  return (query) => copyColumnBytes(pool, db, query);
}

const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }).utils;

/**
 * `sqlText` with each `$n` replaced by parameter n as an SQL literal (COPY takes no parameters).
 * A literal written `'…'` has the type "unknown" until context decides, exactly as node-postgres's
 * untyped text parameters, and holds the text node-postgres would have sent ({@link prepareValue}),
 * so the statement means the same. `$` inside quoted literals or identifiers is left alone.
 * @throws Error for a binary parameter (none of the exports has one)
 */
export function inlineParameters(sqlText: string, parameters: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sqlText.length) {
    const ch = sqlText[i]!;
    if (ch === "'" || ch === '"') {
      const end = closingQuote(sqlText, i);
      out += sqlText.slice(i, end);
      i = end;
    } else if (ch === '$' && /[0-9]/.test(sqlText[i + 1] ?? '') && !/[A-Za-z0-9_]/.test(sqlText[i - 1] ?? '')) {
      let j = i + 1;
      while (j < sqlText.length && /[0-9]/.test(sqlText[j]!)) j++;
      const index = Number(sqlText.slice(i + 1, j)) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`no parameter $${index + 1}`);
      const value = prepareValue(parameters[index]);
      if (value === null) out += 'NULL';
      else if (typeof value === 'string') out += pg.escapeLiteral(value);
      else throw new Error('binary parameters cannot be inlined');
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The index just after the quote that closes the one at `start` (a doubled quote is part of the text). */
function closingQuote(text: string, start: number): number {
  const quote = text[start]!;
  let i = start + 1;
  for (;;) {
    const at = text.indexOf(quote, i);
    if (at < 0) return text.length;
    if (text[at + 1] === quote) i = at + 2;
    else return at + 1;
  }
}

/**
 * Runs `query` (one text column, never NULL) as `COPY (…) TO STDOUT WITH (FORMAT binary)` in a
 * read-only transaction without statement timeout on a connection of its own; yields the values'
 * bytes back to back. Ending early (`return()`, a client that disconnects), a failure, or a
 * consumer idle past {@link COPY_IDLE_MS} releases the connection as broken: its socket is closed,
 * the server ends the COPY and the pool opens a fresh connection for the next query.
 * @throws DatabaseUnavailableError when no connection comes in time; the server's errors otherwise
 */
async function* copyColumnBytes(pool: pg.Pool, db: Kysely<DB>, query: RawBuilder<unknown>): AsyncGenerator<Buffer> {
  const compiled = query.compile(db);
  const text = `copy (${inlineParameters(compiled.sql, compiled.parameters)}) to stdout with (format binary)`;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw toUnavailable(err);
  }
  let clean = false;
  let stream: ReturnType<typeof copyTo> | undefined;
  let lastPull = Date.now();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  const watchdog = setInterval(() => {
    if (Date.now() - lastPull > COPY_IDLE_MS) {
      stream?.destroy(new Error('export client idle'));
      release(new Error('export client idle'));
    }
  }, Math.min(COPY_IDLE_MS, 30_000));
  watchdog.unref();
  const onError = () => {};
  client.on('error', onError);
  try {
    await client.query('begin read only');
    await client.query('set local statement_timeout = 0');
    stream = client.query(copyTo(text));
    const decoder = new BinaryColumnDecoder();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const out of decoder.push(chunk)) {
        yield out;
        lastPull = Date.now();
      }
    }
    const rest = decoder.end();
    if (rest) yield rest;
    await client.query('commit');
    clean = true;
  } catch (err) {
    throw toUnavailable(err);
  } finally {
    clearInterval(watchdog);
    if (!clean) stream?.destroy();
    // A COPY ended early is still sending: drop the connection (the server ends the COPY when its
    // socket closes) instead of waiting for the rest of the data.
    release(clean ? undefined : new Error('COPY ended early'));
    // A healthy connection goes back to the pool without this export's listener; a dropped one keeps
    // it, so a late socket error of the closed connection cannot crash the process.
    if (clean) client.off('error', onError);
  }
}

/** Length of the binary COPY header before its extension area: signature (11), flags (4), extension length (4). */
const HEADER_BYTES = 19;

/**
 * Decodes PostgreSQL's binary COPY stream of one-column rows into the columns' bytes, back to back,
 * in Buffers of about {@link COPY_CHUNK_BYTES}. Input chunks may split a header or a value anywhere.
 */
export class BinaryColumnDecoder {
  /** Small fixed-size fields being assembled across chunks (header, field count, length). */
  private scratch = Buffer.alloc(HEADER_BYTES);
  private have = 0;
  private state: 'header' | 'extension' | 'count' | 'length' | 'value' | 'done' = 'header';
  /** Bytes still to skip (extension) or copy (value). */
  private remaining = 0;
  private out = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
  private used = 0;

  /** Feeds `chunk`; returns the output Buffers completed by it. */
  push(chunk: Buffer): Buffer[] {
    const ready: Buffer[] = [];
    let at = 0;
    while (at < chunk.length && this.state !== 'done') {
      if (this.state === 'extension' || this.state === 'value') {
        const n = Math.min(this.remaining, chunk.length - at);
        if (this.state === 'value') this.write(chunk, at, n, ready);
        at += n;
        this.remaining -= n;
        if (this.remaining === 0) this.state = 'count';
        continue;
      }
      const need = this.state === 'header' ? HEADER_BYTES : this.state === 'count' ? 2 : 4;
      const n = Math.min(need - this.have, chunk.length - at);
      chunk.copy(this.scratch, this.have, at, at + n);
      this.have += n;
      at += n;
      if (this.have < need) break;
      this.have = 0;
      if (this.state === 'header') {
        if (this.scratch.toString('latin1', 0, 11) !== 'PGCOPY\n\xff\r\n\0') throw new Error('not a binary COPY stream');
        this.remaining = this.scratch.readUInt32BE(15);
        this.state = this.remaining > 0 ? 'extension' : 'count';
      } else if (this.state === 'count') {
        const fields = this.scratch.readInt16BE(0);
        if (fields === -1) this.state = 'done';
        else if (fields === 1) this.state = 'length';
        else throw new Error(`expected one column, got ${fields}`);
      } else {
        const length = this.scratch.readInt32BE(0);
        if (length < 0) throw new Error('a NULL value in a COPY of records');
        this.remaining = length;
        this.state = length > 0 ? 'value' : 'count';
      }
    }
    return ready;
  }

  /** What is left after the last chunk, if anything. @throws Error when the stream ended inside a row */
  end(): Buffer | undefined {
    if (this.state !== 'done') throw new Error('the COPY stream ended early');
    const rest = this.used > 0 ? this.out.subarray(0, this.used) : undefined;
    this.used = 0;
    return rest;
  }

  private write(source: Buffer, from: number, length: number, ready: Buffer[]): void {
    let at = from;
    let left = length;
    while (left > 0) {
      const n = Math.min(left, this.out.length - this.used);
      source.copy(this.out, this.used, at, at + n);
      this.used += n;
      at += n;
      left -= n;
      if (this.used === this.out.length) {
        ready.push(this.out);
        this.out = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
        this.used = 0;
      }
    }
  }
}
