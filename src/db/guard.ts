/**
 * A Kysely dialect wrapper that bounds the wait for a connection and turns the driver's
 * unavailability errors into {@link DatabaseUnavailableError} (./errors.ts), for both engines:
 * - `acquireMs`: a query (or transaction) that waits longer than this for a connection — the
 *   PostgreSQL pool is exhausted, the server does not accept connections in time, or PGlite's single
 *   connection is held by another request — fails with `UNAVAILABLE` (reason `timeout`) instead of
 *   queueing forever. A connection that arrives after its waiter gave up is released at once.
 * - every error of acquiring, querying, streaming and transaction control passes through
 *   {@link toUnavailable}; other errors (a bad statement, a constraint violation) are untouched.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { DatabaseUnavailableError, toUnavailable } from './errors.js';

/** What {@link guardDialect} enforces. */
export interface GuardOptions {
  /** Longest wait for a connection in milliseconds; `undefined` or 0: unbounded. */
  acquireMs?: number | undefined;
}

const mapped = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (err) {
    throw toUnavailable(err);
  }
};

/** A connection whose errors are mapped; `inner` is what the wrapped driver handed out. */
class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return mapped(this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (err) {
      throw toUnavailable(err);
    }
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof GuardedConnection ? connection.inner : connection;

/** The wrapped driver: an acquire deadline and mapped errors around `inner`. */
class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: GuardOptions,
  ) {}

  init(): Promise<void> {
    return mapped(this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const pending = this.inner.acquireConnection();
    const limit = this.options.acquireMs;
    if (!limit) return new GuardedConnection(await mapped(pending));
    let timer: NodeJS.Timeout | undefined;
    let gaveUp = false;
    try {
      const connection = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            gaveUp = true;
            reject(new DatabaseUnavailableError('timeout'));
          }, limit);
        }),
      ]);
      return new GuardedConnection(connection);
    } catch (err) {
      // The connection may still come (PGlite's queue, the pool's): hand it straight back.
      if (gaveUp) pending.then((connection) => this.inner.releaseConnection(connection), () => {}).catch(() => {});
      throw toUnavailable(err);
    } finally {
      clearTimeout(timer);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return mapped(this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return mapped(this.inner.rollbackTransaction(unwrap(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    return mapped(this.inner.savepoint(unwrap(connection), name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2]): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    return mapped(this.inner.rollbackToSavepoint(unwrap(connection), name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2]): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    return mapped(this.inner.releaseSavepoint(unwrap(connection), name, compile));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `inner` with a bounded connection wait and unavailability errors mapped (see the module comment). */
export function guardDialect(inner: Dialect, options: GuardOptions): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => new GuardedDriver(inner.createDriver(), options),
  };
}
