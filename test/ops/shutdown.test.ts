/**
 * Issue 29, SIGTERM (src/cli/shutdown.ts): a real `airport-intel serve` process (a child process on
 * an embedded database in a temporary DATA_DIR, or a throwaway PostgreSQL database with
 * TEST_DATABASE_URL) receives SIGTERM in the middle of a CSV export of 5 000 projects, of a write
 * whose body is still arriving, and of an upload that will never finish:
 * - the export (begun, not yet fully received) finishes, complete (every record, the final chunk);
 * - the write finishes (201, its row stored; the rest of its body is sent only once the server
 *   logged that it is shutting down);
 * - a new connection is refused (or, accepted just before the listener closed, answered 503), and a
 *   request on a kept-alive connection gets 503 in the edition's format with `Connection: close`;
 * - the upload that never finishes holds the stop until the deadline, then is cut;
 * - the process exits 0 within the deadline (plus start-up slack).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { systemCtx } from '../../src/domain/context.js';
import { createApiKey, createUser } from '../../src/domain/identity/index.js';
import { PROJECT_SORTS } from '../../src/domain/projects/index.js';
import { seedSynthetic } from '../../src/seed/synthetic.js';
import { systemClock } from '../../src/system-clock.js';
import { createPostgresDatabase } from '../helpers/harness.js';
import { pgliteTemplate } from '../helpers/template.js';

const BIN = path.resolve('bin/airport-intel.js');
const SHUTDOWN_MS = 3000;
const SECRET = 'shutdown-test-secret-0123456789-0123456789-abc';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-shutdown-'));
let databaseUrl: string | undefined;
let dropPostgres: (() => Promise<void>) | undefined;
let key: string;
let child: ChildProcess | undefined;
let port: number;
let output = '';

/** A TCP port free on 127.0.0.1 now. */
const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = s.address() as net.AddressInfo;
    s.close(() => resolve(p));
  });
});

/** A database with the schema, an enterprise user's key and enough projects for a long export. */
async function prepare(database: Database): Promise<void> {
  await migrate(database);
  const ctx = systemCtx(database.db, systemClock, 'shutdown-test');
  await createUser(ctx, { email: 'shutdown@example.test', plan: 'enterprise', admin: true });
  key = (await createApiKey(ctx, { email: 'shutdown@example.test', label: 'shutdown' })).key;
  // Editions and articles too: with an edition in the database, `serve` does not load the sample.
  await seedSynthetic(database.db, { projects: 5000, articles: 20, seed: 29 });
}

before(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = created.url;
    dropPostgres = created.drop;
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
  } else {
    // The migrated test template, written into the data folder `serve` opens (no sample to load).
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([(await pgliteTemplate('migrated')) as Uint8Array<ArrayBuffer>]) });
    await pg.close();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
  }
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SESSION_SECRET: SECRET, LOG_FORMAT: 'json', LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS), MAIL_WORKER: 'on',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  child = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`serve exited early:\n${output}`);
    if ((await get('/readyz').catch(() => undefined))?.status === 200) break;
    if (i > 1200) throw new Error(`serve did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await dropPostgres?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One GET on a connection of its own (or `agent`'s). */
function get(url: string, agent?: http.Agent): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: url, agent: agent ?? false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('SIGTERM', () => {
  it('loads the project facet index, its list orders and its word postings in the background once listening (decisions 0062 to 0064)', async () => {
    for (let i = 0; !output.includes('project list orders loaded'); i++) {
      assert.ok(i < 600, `no "project list orders loaded" in the log:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const line = output.split('\n').find((l) => l.includes('project facet index loaded'))!;
    const entry = JSON.parse(line) as { projects: number; took_ms: number };
    assert.ok(Number.isInteger(entry.projects) && entry.projects >= 0 && entry.took_ms >= 0, line);
    const orders = JSON.parse(output.split('\n').find((l) => l.includes('project list orders loaded'))!) as { list_orders: string[]; common_words: number };
    assert.deepEqual(orders.list_orders, [...PROJECT_SORTS].sort());
    // Words of the synthetic texts in at least 2 000 of the 5 000 projects: their postings loaded.
    assert.ok(orders.common_words > 0, `common words with postings (${orders.common_words})`);
  });

  it('finishes requests in flight, refuses new ones, cuts what outlasts the deadline and exits in time', async () => {
    const auth = `Bearer ${key}`;
    // A kept-alive connection that has served a request: it stays open while the server drains.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    assert.equal((await get('/livez', agent)).status, 200);

    // 1. An export: the first chunk has arrived when SIGTERM is sent; the rest is still being made.
    let gotFirstChunk: () => void = () => {};
    const firstChunk = new Promise<void>((resolve) => (gotFirstChunk = resolve));
    const exportDone = new Promise<{ status: number; text: string; complete: boolean; error?: string }>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/projects/export', headers: { authorization: auth }, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          gotFirstChunk();
        });
        res.on('end', () => resolve({ status: res.statusCode!, text, complete: res.complete }));
        res.on('error', (err) => resolve({ status: res.statusCode!, text, complete: false, error: err.message }));
      });
      req.on('error', (err) => resolve({ status: 0, text: '', complete: false, error: err.message }));
    });

    // 2. A write: its headers and the start of its body now, the rest once the server said it is shutting down.
    const body = JSON.stringify({ name: 'Sent during shutdown', subject: 'projects', query: {}, channels: ['in_app'] });
    let finishBody: () => void = () => {};
    const write = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/alert-rules', agent: false, headers: { authorization: auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      finishBody = () => req.end(body.slice(20));
    });

    // 3. An upload that never finishes (a stalled client): it must not hold the stop past the deadline.
    const stalled = net.connect(port, '127.0.0.1');
    stalled.on('error', () => {});
    stalled.write(`POST /v1/alert-rules HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`);

    const early = await Promise.race([firstChunk.then(() => undefined), exportDone]);
    assert.equal(early, undefined, `the export ended before its first chunk: ${JSON.stringify(early)}\n${output}`);
    // In the middle of the export as its client sees it: started, not ended. (The server may have
    // handed its last bytes to the kernel already: loopback buffers hold megabytes.)
    let exportEnded = false;
    void exportDone.then(() => (exportEnded = true));
    await Promise.resolve();
    assert.equal(exportEnded, false, 'the export is still arriving');
    // Both writes are in flight: the server has their headers (it logged them) before the signal.
    for (let i = 0; (output.match(/"method":"POST","url":"\/v1\/alert-rules"/g) ?? []).length < 2; i++) {
      assert.ok(i < 400, `the writes did not reach the server:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const signalled = performance.now();
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    for (let i = 0; !output.includes('shutting down'); i++) {
      assert.ok(i < 400, `no shutdown log line:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 100));

    // New requests are refused: a new connection (or 503 if the kernel accepted it just before the
    // listener closed), and a request on the kept-alive connection is 503 in the edition's format.
    const fresh = await get('/v1/editions').then((r) => `${r.status} ${r.body}`, (err: Error) => err.message);
    assert.match(fresh, /ECONNREFUSED|^503 .*shutting down/, output);
    const onKept = await get('/v1/editions', agent).catch((err: Error) => ({ status: 0, body: err.message, headers: {} as http.IncomingHttpHeaders }));
    if (onKept.status !== 0) {
      assert.equal(onKept.status, 503, onKept.body);
      assert.match(String(onKept.headers['content-type']), /^application\/problem\+json/);
      assert.equal(onKept.headers.connection, 'close');
      assert.match(onKept.body, /shutting down/);
    }
    agent.destroy();

    finishBody();
    const written = await write;
    assert.equal(written.status, 201, written.body);
    assert.equal((JSON.parse(written.body) as { name: string }).name, 'Sent during shutdown');

    const exp = await exportDone;
    assert.equal(exp.status, 200, exp.error);
    assert.equal(exp.complete, true, `the export was cut: ${exp.error}`);
    assert.equal(exp.text.trimEnd().split('\r\n').length, 5001, 'the header and every project');

    const code = await exited;
    stalled.destroy();
    const tookMs = performance.now() - signalled;
    assert.equal(code, 0, output);
    assert.ok(tookMs >= SHUTDOWN_MS - 300, `the stalled upload held the stop until the deadline (${Math.round(tookMs)} ms)`);
    assert.ok(tookMs < SHUTDOWN_MS + 4000, `exited after ${Math.round(tookMs)} ms`);

    const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const shutDown = lines.find((l) => l.msg === 'shut down');
    assert.ok(shutDown, output);
    assert.ok((shutDown.cut_connections as number) >= 1, 'the stalled upload was cut');

    // The write in flight was stored.
    const database = databaseUrl ? await openDatabase({ kind: 'postgres', url: databaseUrl }) : await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.selectFrom('alert_rules').select('name').where('name', '=', 'Sent during shutdown').execute();
      assert.equal(rows.length, 1);
    } finally {
      await database.close();
    }
  });
});
