/**
 * The graceful stop of `airport-intel serve` on SIGTERM or SIGINT (docs/deployment.md):
 * 1. `/readyz` answers 503 from now on (the caller's `closing` flag), and the listener closes: new
 *    connections are refused, idle keep-alive connections are closed, and a new request on a busy
 *    keep-alive connection is answered 503 with `Connection: close` (Fastify's `return503OnClosing`);
 * 2. requests in flight finish, up to the deadline (`SHUTDOWN_TIMEOUT_MS`); at the deadline the
 *    connections still open are cut: a long CSV export ends there, its cursor closed and its
 *    database connection released (src/http/csv.ts), and the client sees a truncated response
 *    (no final chunk), never a complete-looking file;
 * 3. at the same time the worker stops after the jobs in hand (a job it cannot finish by the
 *    deadline keeps its lease and runs again elsewhere once the lease lapses: never lost);
 * 4. the metrics listener and the database pool close.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { RunningWorker } from '../domain/newsletter/index.js';

/**
 * Makes `server.close()` spare responses still on their way. Node's `close()` first destroys the
 * connections it considers idle, and a response the route has ended (`res.end()`) counts as done
 * even while its last bytes wait in Node's buffer for a slow reader: the end of a long export would
 * be lost at once, not at the deadline. Here such a connection is spared until its bytes have left
 * (`writableFinished`); {@link gracefulShutdown} reaps it when it has gone idle. Call before listening.
 */
export function spareResponsesInFlight(server: Server): void {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    const held: ServerResponse[] = [];
    for (const socket of sockets) {
      const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (res?.writableEnded && !res.writableFinished) {
        held.push(res);
        (res as { finished: boolean }).finished = false; // what Node's closeIdleConnections reads
      }
    }
    try {
      closeIdle();
    } finally {
      for (const res of held) (res as { finished: boolean }).finished = true;
    }
  };
}

/** What a graceful stop closes, in order. */
export interface ShutdownParts {
  app: FastifyInstance;
  worker?: RunningWorker | undefined;
  metricsListener?: { close(): Promise<unknown> } | undefined;
  database: Database;
  /** The deadline of in-flight requests and the worker's current jobs, in ms. */
  timeoutMs: number;
}

/** How a graceful stop went. */
export interface ShutdownReport {
  /** Milliseconds from the start of the stop to the pool's close. */
  tookMs: number;
  /** Connections still open at the deadline, cut then (long exports, slow clients). */
  cutConnections: number;
  /** Whether the worker had not finished its jobs by the deadline. */
  workerLate: boolean;
}

/** Resolves `true` when `promise` settles within `ms`, `false` otherwise (it keeps running). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops taking requests, lets those in flight and the worker's jobs finish up to `timeoutMs`, cuts
 * what remains, then closes the metrics listener and the pool. Never throws; the caller exits.
 */
export async function gracefulShutdown(parts: ShutdownParts): Promise<ShutdownReport> {
  const started = performance.now();
  const deadline = started + parts.timeoutMs;
  const left = () => Math.max(0, deadline - performance.now());
  const server = parts.app.server;
  const closed = parts.app.close();
  const stopped = parts.worker ? parts.worker.stop() : Promise.resolve();
  let cutConnections = 0;
  // Connections whose response has now left go idle: close them as they do (keep-alive clients).
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  const drained = await within(closed, left());
  clearInterval(reaper);
  if (!drained) {
    cutConnections = await new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
    server.closeAllConnections();
    await within(closed, 2000);
  }
  const workerLate = !(await within(stopped, left()));
  await parts.metricsListener?.close().catch(() => undefined);
  await within(parts.database.close(), 5000);
  return { tookMs: Math.round(performance.now() - started), cutConnections, workerLate };
}
