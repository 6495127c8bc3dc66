/**
 * A read whose client goes away stops costing the database (decision 0060): every `GET` and `HEAD`
 * request runs as cancellable work (src/domain/cancellation.ts) whose signal fires when the connection
 * closes before the response was fully written (`close` on the response without `writableFinished`:
 * the client aborted, navigated away or timed out). On PostgreSQL the statement then running for that
 * request is cancelled on the server and no further one starts; what the handler would have answered
 * goes nowhere. Writes (`POST`, `PUT`, `PATCH`, `DELETE`) are never cancelled this way: a write the
 * client stopped waiting for still completes, as its `Idempotency-Key` retry expects.
 *
 * The scope is entered in `onRequest` and re-entered in `preValidation` (after a body was read, in
 * another asynchronous context), through an `AsyncResource` bound to it, as `@fastify/request-context` does.
 */
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runCancellable } from '../../domain/cancellation.js';

const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** Installs the hooks on `app` (the root instance, before the faces, so theirs run inside the scope). */
export function installCancelOnDisconnect(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done();
      return;
    }
    const controller = new AbortController();
    const response = reply.raw;
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    runCancellable(controller.signal, () => {
      const resource = new AsyncResource('airport-intel.cancellable-request');
      scopes.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = scopes.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
