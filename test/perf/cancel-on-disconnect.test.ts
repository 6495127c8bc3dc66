/**
 * A read whose client goes away stops costing the database (decision 0060).
 *
 * - The hook (src/http/plugins/cancel-on-disconnect.ts), on a Fastify app of its own: the cancel
 *   signal reaches a GET handler's asynchronous work, fires when the client closes the connection
 *   before the answer, not when the answer was delivered, and a POST runs without one.
 * - The service on PostgreSQL (TEST_DATABASE_URL): a `GET /v1/editions` waits on a lock another
 *   session holds; once its client closes the socket, the statement is cancelled within a second and
 *   its connection closed (not reused), while the same request from a client that stays keeps
 *   waiting and is answered when the lock goes; a `PATCH` whose client left still commits.
 * - The service on PGlite (one in-process connection, nothing to cancel): the abandoned request's
 *   work ends normally and the next request is served.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { cancellationSignal } from '../../src/domain/cancellation.js';
import { installCancelOnDisconnect } from '../../src/http/plugins/cancel-on-disconnect.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`timed out waiting until ${what}`);
}

/** Sends a request and keeps it; `answer` settles with the status and body (or the error, once destroyed). */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
  answer.catch(() => {}); // a destroyed request rejects; the tests that destroy do not read it
  return { req, answer };
}

describe('the cancel-on-disconnect hook', () => {
  const seen: { route: string; signal: boolean; aborted: boolean }[] = [];
  const app = Fastify();
  let base = '';
  before(async () => {
    installCancelOnDisconnect(app);
    app.get('/wait', async () => {
      const signal = cancellationSignal();
      const entry = { route: 'wait', signal: !!signal, aborted: false };
      seen.push(entry);
      // Asynchronous work of the handler: the signal of its scope reaches it across awaits.
      await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise<void>((resolve) => {
        if (!signal) return resolve();
        // The client may have left during the await above: an abort that already happened counts.
        if (signal.aborted) {
          entry.aborted = true;
          return resolve();
        }
        signal.addEventListener('abort', () => { entry.aborted = true; resolve(); });
        setTimeout(resolve, 3000);
      });
      return { ok: true };
    });
    app.get('/quick', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const signal = cancellationSignal();
      seen.push({ route: 'quick', signal: !!signal, aborted: !!signal?.aborted });
      return { ok: true };
    });
    app.post('/write', async (req) => {
      seen.push({ route: 'write', signal: !!cancellationSignal(), aborted: false });
      return req.body;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  it('a GET whose client closes the socket sees its signal fire; one answered in full does not; a POST has none', async () => {
    const { req } = send(`${base}/wait`);
    await until(() => seen.some((s) => s.route === 'wait'), 'the handler runs');
    req.destroy();
    await until(() => seen.find((s) => s.route === 'wait')!.aborted, 'the signal fires');
    assert.deepEqual(seen.find((s) => s.route === 'wait'), { route: 'wait', signal: true, aborted: true });

    const quick = await send(`${base}/quick`).answer;
    assert.equal(quick.status, 200);
    const write = await send(`${base}/write`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }).answer;
    assert.deepEqual([write.status, JSON.parse(write.body)], [200, { a: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the answered GET's connection closes after its answer
    assert.deepEqual(seen.filter((s) => s.route !== 'wait'), [
      { route: 'quick', signal: true, aborted: false },
      { route: 'write', signal: false, aborted: false },
    ]);
  });
});

describe('the service: a read whose client left', () => {
  let h: Harness;
  let admin: TestIdentity;
  let base = '';
  before(async () => {
    // Room for the lock's session, two reads of two statements each, a write and the test's own queries.
    h = await startHarness({ open: { poolMax: 10 } });
    admin = await h.identity({ plan: 'enterprise', admin: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  after(async () => { await h?.close(); });

  /** Backends of the app waiting on a lock, with their process ids (PostgreSQL). */
  const lockWaiters = async (): Promise<number[]> =>
    (await sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike '%editions%'`.execute(h.database.db)).rows.map((r) => r.pid);
  const alive = async (pid: number): Promise<boolean> =>
    (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(h.database.db)).rows[0]!.n > 0;

  /** Holds an exclusive lock on `editions` in another session until `release` is called. */
  async function lockEditions(): Promise<{ release: () => Promise<void> }> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const ready = new Promise<void>((resolve) => { locked = resolve; });
    const done = h.database.db.transaction().execute(async (trx) => {
      await sql`lock table editions in access exclusive mode`.execute(trx);
      locked();
      await held;
    });
    await ready;
    return { release: async () => { release(); await done; } };
  }

  it('PostgreSQL cancels the abandoned statement at once and closes its connection; a client that stays is answered; a write whose client left commits', async (t) => {
    if (h.database.kind !== 'postgres') {
      // PGlite: one in-process connection and nothing to cancel. The abandoned read runs to its end
      // and the next request is served.
      const { req } = send(`${base}/v1/editions?offset=7`, { headers: admin.keyAuth });
      await new Promise((resolve) => setTimeout(resolve, 5));
      req.destroy();
      const next = await send(`${base}/v1/editions`, { headers: admin.keyAuth }).answer;
      assert.equal(next.status, 200, next.body);
      t.diagnostic('PGlite: nothing to cancel; the next request was served');
      return;
    }
    const edition = (await h.database.db.insertInto('editions').values({ number: 93901, publish_date: '2027-03-04', status: 'published' }).returning(['id']).executeTakeFirstOrThrow()).id;
    const lock = await lockEditions();
    let released = false;
    try {
      const leaving = send(`${base}/v1/editions?offset=1`, { headers: admin.keyAuth });
      // A list reads its page and its count concurrently: two statements, on two connections.
      await until(async () => (await lockWaiters()).length === 2, 'the first read\'s two statements wait on the lock');
      const pids = await lockWaiters();
      const staying = send(`${base}/v1/editions?offset=2`, { headers: admin.keyAuth });
      await until(async () => (await lockWaiters()).length === 4, 'the second read\'s statements wait on the lock');

      const left = performance.now();
      leaving.req.destroy();
      await until(async () => !(await lockWaiters()).some((pid) => pids.includes(pid)), 'the abandoned statements are cancelled', 1000);
      const cancelledMs = performance.now() - left;
      await until(async () => !(await alive(pids[0]!)) && !(await alive(pids[1]!)), 'their connections are closed, not reused', 2000);
      t.diagnostic(`cancelled ${cancelledMs.toFixed(0)} ms after the client left`);
      // The client that stays keeps waiting: its statements are not cancelled.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal((await lockWaiters()).length, 2, 'the staying read still waits');

      // A write whose client leaves is not cancelled: it commits once the lock goes.
      const patch = send(`${base}/v1/admin/editions/${edition}`, { method: 'PATCH', headers: { ...admin.keyAuth, 'content-type': 'application/json' }, body: JSON.stringify({ summary: 'Written after its client left.' }) });
      await until(async () => (await lockWaiters()).length === 3, 'the write waits on the lock');
      patch.req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal((await lockWaiters()).length, 3, 'the write still waits after its client left');

      await lock.release();
      released = true;
      const answer = await staying.answer;
      assert.equal(answer.status, 200, answer.body);
      assert.ok(Array.isArray(JSON.parse(answer.body).editions), answer.body);
      await until(async () => (await h.database.db.selectFrom('editions').select('summary').where('id', '=', edition).executeTakeFirstOrThrow()).summary === 'Written after its client left.', 'the abandoned write commits');
      const next = await send(`${base}/v1/editions`, { headers: admin.keyAuth }).answer;
      assert.equal(next.status, 200, next.body);
    } finally {
      if (!released) await lock.release();
    }
  });
});
