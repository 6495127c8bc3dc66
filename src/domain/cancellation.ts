/**
 * Work nobody waits for any more, readable by every layer without knowing HTTP: a request runs its
 * database work inside {@link runCancellable} with an `AbortSignal` that fires when its client goes
 * away (the HTTP hook: src/http/plugins/cancel-on-disconnect.ts). The PostgreSQL pool
 * (src/db/client.ts) reads the signal of the work in progress through {@link cancellationSignal}:
 * when it fires, the statement running on each connection that work holds is cancelled on the
 * server (the protocol's CancelRequest), no further statement of that work starts, and the connection is
 * closed on release instead of going back to the pool (so a cancel that arrives late can never hit
 * another request's statement on a reused connection). PGlite runs one statement at a time in this
 * process and cannot cancel one: there the signal is not read. Decision 0060.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/** Runs `fn` (and every asynchronous step it starts) as work that `signal` cancels. */
export const runCancellable = <T>(signal: AbortSignal, fn: () => T): T => scope.run(signal, fn);

/** The cancel signal of the work in progress; `undefined` outside {@link runCancellable}. */
export const cancellationSignal = (): AbortSignal | undefined => scope.getStore();
