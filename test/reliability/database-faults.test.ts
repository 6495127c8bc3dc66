/**
 * A database that stops answering gives fast 503s with Retry-After on every face, in each
 * edition's error format, and /healthz says why; the service recovers when the database does.
 *
 * On PostgreSQL (TEST_DATABASE_URL) the app reaches the server through a TCP proxy
 * (test/helpers/tcp-proxy.ts) that the tests pause (a frozen server, as with SIGSTOP) and make refuse
 * connections (a stopped server); a lock held by another session makes statements wait until the
 * statement timeout cancels them. On the embedded PGlite (one in-process connection, no server to
 * freeze or stop) a stuck database is a transaction that holds the only connection, and a database
 * that is gone is a closed one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const SERVER = process.env.TEST_DATABASE_URL;
/** The timeouts of the app under test (small, so the file runs fast). */
const STATEMENT_MS = 800;
const ACQUIRE_MS = 300;
/** A 503 must come within the longest wait the client allows itself (statement timeout + read grace), plus slack for a loaded CI machine. */
const WITHIN_MS = STATEMENT_MS + 1000 + 4000;

let h: Harness;
let proxy: TcpProxy | undefined;
let pro: TestIdentity;
let mcp: TestIdentity;

before(async () => {
  if (SERVER) {
    const server = new URL(SERVER);
    const p = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    proxy = p;
    const via = (url: string) => {
      const u = new URL(url);
      u.host = `127.0.0.1:${p.port}`;
      return u.toString();
    };
    h = await startHarness({ open: { timeouts: { statementMs: STATEMENT_MS, acquireMs: ACQUIRE_MS }, via } });
  } else {
    h = await startHarness({ open: { timeouts: { acquireMs: ACQUIRE_MS } } });
  }
  pro = await h.identity({ plan: 'professional' });
  mcp = await h.identity({ plan: 'enterprise' });
});
after(async () => {
  await h.close();
  await proxy?.close();
});

interface Answer {
  status: number;
  ms: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Windows no earlier request asked for: a body in the response cache is rightly served without the database. */
let askedRound = 0;

/** One request on each face and /healthz, at once, timed; the reads ask for pages nobody cached. */
async function askEveryFace(): Promise<Record<'apiV1' | 'v1' | 'mcp' | 'health', Answer>> {
  const round = ++askedRound;
  const timed = async (run: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>): Promise<Answer> => {
    const started = performance.now();
    const res = await run();
    return { status: res.statusCode, ms: performance.now() - started, headers: res.headers, body: res.body };
  };
  const [apiV1, v1, mcpAnswer, health] = await Promise.all([
    timed(() => h.app.inject({ method: 'GET', url: `/api/v1/editions?page=${round}`, headers: pro.keyAuth })),
    timed(() => h.app.inject({ method: 'GET', url: `/v1/editions?offset=${round}`, headers: pro.keyAuth })),
    timed(() =>
      h.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { ...mcp.keyAuth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        // A tool call (it charges the quota and reads); tools/list needs no database once the key is known.
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_api', arguments: { method: 'GET', path: '/api/v1/editions', query: { page: round } } } },
      }),
    ),
    timed(() => h.app.inject({ method: 'GET', url: '/healthz' })),
  ]);
  return { apiV1, v1, mcp: mcpAnswer, health };
}

/** Asserts the 503s of an unavailable database on every face, and the health status `reason`. */
function assertUnavailable(answers: Awaited<ReturnType<typeof askEveryFace>>, reason: 'timeout' | 'unreachable'): void {
  // The tool server reports a database that fails DURING a tool call as a tool error (JSON-RPC
  // result with isError, the MCP way), and one that fails before the call (authentication on a
  // PostgreSQL server reads the versions first) as HTTP 503; an identity remembered by the process
  // lets an embedded engine reach the tool.
  const mcpToolError = answers.mcp.status === 200 && /"isError":true/.test(answers.mcp.body);
  if (mcpToolError) {
    const result = (JSON.parse(answers.mcp.body) as { result: { content: { text: string }[] } }).result;
    assert.match(result.content[0]!.text, /database did not answer in time/i);
    assert.ok(answers.mcp.ms < WITHIN_MS, `mcp answered after ${Math.round(answers.mcp.ms)} ms`);
  }
  for (const [face, a] of Object.entries(answers)) {
    if (face === 'mcp' && mcpToolError) continue;
    assert.equal(a.status, 503, `${face}: ${a.status} ${a.body}`);
    assert.ok(a.ms < WITHIN_MS, `${face} answered after ${Math.round(a.ms)} ms`);
    assert.match(String(a.headers['retry-after']), /^\d+$/, `${face} sends Retry-After`);
    assert.ok(a.headers['x-request-id'], `${face} sends X-Request-Id`);
  }
  const id = (a: Answer) => String(a.headers['x-request-id']);
  const apiV1 = JSON.parse(answers.apiV1.body) as { error: string };
  assert.deepEqual(Object.keys(apiV1), ['error']);
  assert.ok(apiV1.error.includes(`request id ${id(answers.apiV1)}`), apiV1.error);
  assert.match(String(answers.v1.headers['content-type']), /^application\/problem\+json/);
  const problem = JSON.parse(answers.v1.body) as { status: number; title: string; detail: string };
  assert.equal(problem.status, 503);
  assert.equal(problem.title, 'Service Unavailable');
  assert.ok(problem.detail.includes(`request id ${id(answers.v1)}`), problem.detail);
  if (!mcpToolError) {
    const mcpBody = JSON.parse(answers.mcp.body) as { error: string };
    assert.ok(mcpBody.error.includes(`request id ${id(answers.mcp)}`), mcpBody.error);
  }
  const health = JSON.parse(answers.health.body) as { status: string; database: { reachable: boolean; status: string } };
  assert.equal(health.status, 'degraded');
  assert.equal(health.database.reachable, false);
  assert.equal(health.database.status, reason);
  for (const a of Object.values(answers)) assert.ok(!/select|relation|ECONN|pg_|at .*\.ts/i.test(a.body), a.body);
}

/** Waits until every face answers 200 again (the database is back). */
async function assertRecovers(): Promise<void> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const answers = await askEveryFace();
    const statuses = Object.values(answers).map((a) => a.status);
    if (statuses.every((s) => s === 200)) {
      assert.equal(JSON.parse(answers.health.body).database.status, 'ok');
      return;
    }
    assert.ok(performance.now() < deadline, `not recovered: ${JSON.stringify(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status])))}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a database that stops answering', () => {
  it('answers every face normally to begin with', async () => {
    await assertRecovers();
  });

  it('frozen (a paused proxy on PostgreSQL; the only connection held on PGlite): 503 "timeout" within the timeout, then recovery', async () => {
    if (proxy) {
      proxy.pause();
      try {
        assertUnavailable(await askEveryFace(), 'timeout');
        // Again, now that the pool's connections were dropped: new ones cannot be established in time.
        assertUnavailable(await askEveryFace(), 'timeout');
      } finally {
        proxy.resume();
      }
    } else {
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const held = h.database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        entered();
        await holding;
      });
      await inside;
      try {
        assertUnavailable(await askEveryFace(), 'timeout');
      } finally {
        release();
        await held;
      }
    }
    await assertRecovers();
  });

  // The embedded engine has no server to stop: its database is closed under it, below.
  if (SERVER) it('stopped (a proxy refusing connections on PostgreSQL): 503 "unreachable", then recovery', async () => {
    const p = proxy!;
    await p.refuse();
    try {
      assertUnavailable(await askEveryFace(), 'unreachable');
      assertUnavailable(await askEveryFace(), 'unreachable');
    } finally {
      await p.accept();
    }
    await assertRecovers();
  });

  it('closed under the service (a request still in flight when `serve` closes its pool or engine, on both engines): 503 "unreachable", no 500', async () => {
    // A second service over its own database, closed under it, answers 503 on every face (recovery
    // is a restart). On PostgreSQL a query after Kysely's destroy failed with an error of its own,
    // a 500 logged as an error; the pool is now ended directly (src/db/client.ts).
    const gone = await startHarness({ open: { timeouts: { acquireMs: ACQUIRE_MS } } });
    const [saved, savedMcp] = [pro, mcp];
    try {
      pro = await gone.identity({ plan: 'professional' });
      mcp = await gone.identity({ plan: 'enterprise' });
      const live = h;
      h = gone;
      try {
        await gone.database.close();
        assertUnavailable(await askEveryFace(), 'unreachable');
        await gone.database.close(); // a second close (the harness's, a second signal's) does nothing
      } finally {
        h = live;
      }
    } finally {
      [pro, mcp] = [saved, savedMcp];
      await gone.close();
    }
    await assertRecovers();
  });

  it('statements that wait on a lock (PostgreSQL) are cancelled by the statement timeout: 503; PGlite queues them behind the holder until the acquire timeout', async () => {
    if (SERVER) {
      // Another session (not through the proxy) locks the table the edition lists read.
      const url = new URL(SERVER);
      const name = (await sql<{ db: string }>`select current_database() as db`.execute(h.database.db)).rows[0]!.db;
      url.pathname = `/${name}`;
      const locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table editions in access exclusive mode');
        const started = performance.now();
        // Pages no earlier request asked for: a body the response cache already holds (docs/caching.md)
        // is served without reading the locked table, as it should be, so these must be misses.
        const [apiV1, v1] = await Promise.all([
          h.app.inject({ method: 'GET', url: '/api/v1/editions?limit=17', headers: pro.keyAuth }),
          h.app.inject({ method: 'GET', url: '/v1/editions?limit=17', headers: pro.keyAuth }),
        ]);
        const ms = performance.now() - started;
        assert.equal(apiV1.statusCode, 503, apiV1.body);
        assert.equal(v1.statusCode, 503, v1.body);
        assert.ok(ms >= STATEMENT_MS - 50 && ms < WITHIN_MS, `answered after ${Math.round(ms)} ms`);
        assert.equal(apiV1.headers['retry-after'], '5');
        assert.match(apiV1.json().error, /did not answer in time/);
        // Health does not read editions: the database itself answers.
        assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
    } else {
      // PGlite runs one statement at a time on the event loop and cannot interrupt one (no
      // statement_timeout); a request queued behind a holder gives up after the acquire timeout.
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      const held = h.database.db.transaction().execute(async (trx) => {
        await sql`lock table editions in access exclusive mode`.execute(trx);
        await holding;
      });
      try {
        const started = performance.now();
        const res = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: pro.keyAuth });
        const ms = performance.now() - started;
        assert.equal(res.statusCode, 503, res.body);
        assert.ok(ms >= ACQUIRE_MS - 50 && ms < WITHIN_MS, `answered after ${Math.round(ms)} ms`);
        assert.match(res.json().error, /did not answer in time/);
      } finally {
        release();
        await held;
      }
    }
    await assertRecovers();
  });
});
