/**
 * An export (docs/decisions/0028) leaves nothing running in the database when the client stops the
 * download midway: while the client holds the download paused the export is open (PGlite: its
 * cursor in `pg_cursors` of its one session; PostgreSQL: a backend running the export's
 * `COPY … TO STDOUT`, blocked on the paused socket), and once the client closes the socket the
 * cursor is closed or the COPY's connection dropped, and the pool is idle again; the next request
 * is served at once — also with a pool of ONE connection (DB_POOL_MAX=1), which the export held.
 * A complete download closes the export too.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

/** Enough rows of about 1 KB that the CSV (about 15 MB) outgrows the loopback socket's buffers. */
const PROJECTS = 15_000;

let h: Harness;
let admin: TestIdentity;
let base: string;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ plan: 'enterprise', admin: true });
  await sql`insert into projects (title, description, contractor, status)
    select 'Project ' || lpad(g::text, 6, '0') || ' ' || repeat('t', 1000), 'd', 'c', 'planned' from generate_series(1, ${PROJECTS}) g`.execute(h.database.db);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await h.close();
});

/** Whether an export is open somewhere: a cursor in PGlite's session, or a PostgreSQL backend running an export's COPY. */
async function exportCursorOpen(): Promise<boolean> {
  const db = h.database.db;
  if (h.database.kind === 'pglite') {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_cursors where name like 'csv_export_%'`.execute(db);
    return rows[0]!.n > 0;
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and ((state = 'active' and query ilike 'copy (%') or (state like 'idle in transaction%' and query ilike '%csv_export_%'))`.execute(db);
  return rows[0]!.n > 0;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`timed out waiting until ${what}`);
}

/** Starts the download and pauses it after its first bytes; resolves with the request and the response. */
function startPausedDownload(url: string, from: { base: string; auth: Record<string, string> } = { base, auth: admin.keyAuth }): Promise<{ req: http.ClientRequest; res: http.IncomingMessage; received: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${from.base}${url}`, { headers: from.auth }, (res) => {
      res.once('data', (chunk: Buffer) => {
        res.pause();
        resolve({ req, res, received: chunk.length });
      });
    });
    req.on('error', reject);
  });
}

describe('stopping an export download midway', () => {
  for (const url of ['/api/v1/projects/export', '/v1/projects/export']) {
    it(`${url}: the cursor is open while the client pauses, and gone with its transaction once the client leaves`, async () => {
      const { req, res } = await startPausedDownload(url);
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      // The server filled the socket and waits on backpressure: the cursor is still open.
      await until(exportCursorOpen, 'the export cursor is open');
      req.destroy();
      await until(async () => !(await exportCursorOpen()), 'the export cursor is closed');
      const stats = h.database.poolStats?.();
      if (stats) await until(async () => h.database.poolStats!().idle === h.database.poolStats!().total, 'every pooled connection is idle');
      // The next request is served (PGlite's one connection and the pool's are free).
      const next = await h.app.inject({ method: 'GET', url: '/api/v1/projects?limit=1', headers: admin.keyAuth });
      assert.equal(next.statusCode, 200);
      assert.equal(next.json().data.length, 1);
    });
  }

  it('a complete download closes its cursor and gives every row once', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/projects/export', headers: admin.keyAuth });
    assert.equal(res.statusCode, 200);
    const records = res.body.split('\r\n').filter((line) => /^[0-9a-f]{8}-/.test(line));
    assert.equal(records.length, PROJECTS);
    assert.equal(new Set(records.map((line) => line.slice(0, 36))).size, PROJECTS);
    assert.equal(await exportCursorOpen(), false);
  });
});

describe('stopping an export download midway with a pool of one connection (DB_POOL_MAX=1)', () => {
  let one: Harness;
  let oneAdmin: TestIdentity;
  let oneBase: string;

  before(async () => {
    // The export holds the only connection; a 2 s wait for it answers 503 instead of hanging.
    one = await startHarness({ open: { poolMax: 1, timeouts: { acquireMs: 2000 } } });
    oneAdmin = await one.identity({ plan: 'enterprise', admin: true });
    await sql`insert into projects (title, description, contractor, status)
      select 'Project ' || lpad(g::text, 6, '0') || ' ' || repeat('t', 1000), 'd', 'c', 'planned' from generate_series(1, ${PROJECTS}) g`.execute(one.database.db);
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    oneBase = `http://127.0.0.1:${(one.app.server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await one.close();
  });

  it('the connection the export held serves the next query as soon as the client leaves', async () => {
    const { req, res } = await startPausedDownload('/api/v1/projects/export', { base: oneBase, auth: oneAdmin.keyAuth });
    assert.equal(res.statusCode, 200);
    if (one.database.kind === 'postgres') {
      // The export holds the pool's one connection while the client pauses.
      await until(async () => one.database.poolStats!().idle === 0, 'the export holds the connection');
      assert.equal(one.database.poolStats!().total, 1);
    }
    req.destroy();
    const started = Date.now();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from projects`.execute(one.database.db);
    assert.equal(rows[0]!.n, PROJECTS);
    // "At once": well within the 2 s acquire timeout, with no server-side timeout involved.
    assert.ok(Date.now() - started < 1500, `the query waited ${Date.now() - started} ms`);
    const next = await one.app.inject({ method: 'GET', url: '/api/v1/projects?limit=1', headers: oneAdmin.keyAuth });
    assert.equal(next.statusCode, 200);
    if (one.database.kind === 'postgres') {
      await until(async () => one.database.poolStats!().idle === one.database.poolStats!().total, 'the pool is idle');
      assert.ok(one.database.poolStats!().total <= 1);
    }
  });
});
