/**
 * The airport-intel command line, run as a real process: users create, keys create,
 * sessions create, migrate, usage errors, `--help` of every command, `--version`, and the one-line
 * messages when the embedded database or the port is in use.
 * Runs on a temporary DATA_DIR, or on a throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createPostgresDatabase } from './helpers/harness.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/airport-intel.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-cli-'));
let env: NodeJS.ProcessEnv;
let dropPostgres: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;

before(async () => {
  env = { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'cli-test-secret-0123456789-0123456789-abcdef' };
  delete env.DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    databaseUrl = created.url;
    dropPostgres = created.drop;
    env.DATABASE_URL = databaseUrl;
  }
});
after(async () => {
  await dropPostgres?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cli = async (...args: string[]) => cliWith({}, ...args);
const cliWith = async (extra: NodeJS.ProcessEnv, ...args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...env, ...extra } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const open = (): Promise<Database> =>
  databaseUrl ? openDatabase({ kind: 'postgres', url: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir });

describe('airport-intel CLI', () => {
  it('migrate, users create, keys create and sessions create give a working key and session', async () => {
    const migrated = await cli('migrate');
    assert.equal(migrated.code, 0, migrated.stderr);

    const created = await cli('users', 'create', '--email', 'Analyst@Example.test', '--name', 'Ana Lyst', '--plan', 'professional', '--addon', 'wat', '--addon', 'mcp');
    assert.equal(created.code, 0, created.stderr);
    const user = JSON.parse(created.stdout);
    assert.equal(user.email, 'Analyst@Example.test');
    assert.equal(user.name, 'Ana Lyst');
    assert.equal(user.is_admin, false);
    assert.equal(user.subscription.plan, 'professional');
    assert.deepEqual(user.subscription.addons, ['mcp', 'wat']);
    assert.ok(user.features.includes('wat') && user.features.includes('mcp') && user.features.includes('api'));

    const key = await cli('keys', 'create', '--email', 'analyst@example.test', '--label', 'ci');
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.stdout, /^svc_live_[0-9A-Za-z]{43}\n$/);

    const session = await cli('sessions', 'create', '--email', 'analyst@example.test');
    assert.equal(session.code, 0, session.stderr);
    assert.match(session.stdout, /^[\w-]+\.[\w-]+\.[\w-]+\n$/);

    const database = await open();
    try {
      const app = await buildApp({ database, sessionSecret: env.SESSION_SECRET!, logger: false });
      for (const token of [key.stdout.trim(), session.stdout.trim()]) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/editions', headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.statusCode, 200, res.body);
      }
      await app.close();
    } finally {
      await database.close();
    }
  });

  it('creates admins, refuses a duplicate email and an unknown user with exit code 1', async () => {
    const admin = await cli('users', 'create', '--email', 'editor@example.test', '--admin');
    assert.equal(admin.code, 0, admin.stderr);
    assert.equal(JSON.parse(admin.stdout).is_admin, true);
    assert.equal(JSON.parse(admin.stdout).features.length, 8);

    const again = await cli('users', 'create', '--email', 'EDITOR@example.test');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already exists/);
    assert.equal(again.stdout, '');

    const nobody = await cli('keys', 'create', '--email', 'nobody@example.test');
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /User nobody@example.test not found/);
  });

  it('answers usage mistakes with exit code 2 and the usage text', async () => {
    for (const args of [['frobnicate'], ['users', 'create'], ['users', 'create', '--email', 'a@b.test', '--plan', 'gold'], ['seed', 'synthetic', '--articles', 'lots'], ['search', 'refresh-common-words', '--min-articles', 'lots'], ['keys', 'create', '--email', 'a@b.test', '--colour', 'red']]) {
      const res = await cli(...args);
      assert.equal(res.code, 2, args.join(' '));
      assert.match(res.stderr, /Usage: airport-intel/);
    }
  });

  it('search refresh-common-words chooses the common words with progress on stderr, nothing on stdout', async () => {
    const res = await cli('search', 'refresh-common-words', '--min-articles', '2');
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.stdout, '');
    assert.match(res.stderr, /^Common words of the search: \d+ \(\d+ added, \d+ rebuilt, \d+ dropped\), [\d,]+ postings, in [\d.]+ s$/m);
    const bad = await cli('search', 'refresh-common-words', '--min-articles', '0');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--min-articles must be a positive integer/);
  });

  it('seed synthetic vacuums and analyzes the tables before it refreshes the common words, with a line for each on stderr', async () => {
    const seeded = await cli('seed', 'synthetic', '--articles', '120', '--seed', '12');
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.equal(seeded.stdout, '');
    const lines = seeded.stderr.split('\n');
    const analyzed = lines.findIndex((l) => /^Vacuumed and analyzed the tables in [\d.]+ s$/.test(l));
    const common = lines.findIndex((l) => l.startsWith('Common words of the search: '));
    assert.ok(analyzed > 0 && common > analyzed, seeded.stderr);
    const database = await open();
    try {
      // The planner's statistics of the table just written: only ANALYZE fills pg_stats (the embedded
      // engine has no autovacuum; a test database is too new for PostgreSQL's).
      const stats = await sql<{ n: number }>`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'articles'`.execute(database.db);
      assert.ok(stats.rows[0]!.n >= 5, JSON.stringify(stats.rows));
      // And its pages marked all-visible: only VACUUM sets the visibility map (index-only scans read it).
      const visible = await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where oid = 'articles'::regclass`.execute(database.db);
      assert.ok(visible.rows[0]!.visible > 0 && visible.rows[0]!.visible === visible.rows[0]!.pages, JSON.stringify(visible.rows));
    } finally {
      await database.close();
    }
  });

  // Only the embedded database has a single owner; a PostgreSQL server takes many processes.
  if (!process.env.TEST_DATABASE_URL) it('says clearly when the embedded database is in use by another process', async () => {
    const holder = await open(); // this test process now holds DATA_DIR, like a running server
    try {
      const res = await cli('keys', 'create', '--email', 'analyst@example.test');
      assert.equal(res.code, 1);
      assert.match(res.stderr, new RegExp(`in use by process ${process.pid}`));
      assert.match(res.stderr, /Stop that process first/);
    } finally {
      await holder.close();
    }
  });

  const COMMANDS: Array<{ args: string[]; flags: string[]; example: RegExp }> = [
    { args: ['serve'], flags: [], example: /\$ PORT=8080 airport-intel serve/ },
    { args: ['worker'], flags: [], example: /\$ .*airport-intel worker/ },
    { args: ['migrate'], flags: [], example: /\$ .*airport-intel migrate/ },
    { args: ['seed', 'sample'], flags: ['--force'], example: /\$ airport-intel seed sample/ },
    { args: ['seed', 'synthetic'], flags: ['--articles <N>', '--projects <N>', '--tenders <N>', '--seed <S>'], example: /\$ airport-intel seed synthetic --articles/ },
    { args: ['users', 'create'], flags: ['--email <E>', '--name <N>', '--admin', '--plan <plan>', '--addon <addon>'], example: /\$ airport-intel users create --email/ },
    { args: ['keys', 'create'], flags: ['--email <E>', '--label <L>'], example: /\$ airport-intel keys create --email/ },
    { args: ['sessions', 'create'], flags: ['--email <E>'], example: /\$ airport-intel sessions create --email/ },
    { args: ['search', 'refresh-common-words'], flags: ['--min-articles <N>'], example: /\$ airport-intel search refresh-common-words/ },
    { args: ['media', 'migrate'], flags: ['--to <store>'], example: /\$ MEDIA_STORE=s3 .*airport-intel media migrate --to s3/ },
    { args: ['jobs', 'list'], flags: ['--status <S>', '--kind <K>', '--limit <N>'], example: /\$ airport-intel jobs list --status dead/ },
    { args: ['jobs', 'retry'], flags: ['--id <ID>'], example: /\$ airport-intel jobs retry --id/ },
    { args: ['backup'], flags: ['--out <FILE>'], example: /\$ airport-intel backup --out/ },
    { args: ['restore'], flags: ['--force'], example: /\$ .*airport-intel restore / },
  ];

  it('gives every command --help with its flags and an example, on stdout with exit code 0', async () => {
    for (const { args, flags, example } of COMMANDS) {
      // `-h` is the short form: tried on one command, each process start costs a second or more.
      for (const help of args[0] === 'keys' ? ['--help', '-h'] : ['--help']) {
        const res = await cli(...args, help);
        assert.equal(res.code, 0, `${args.join(' ')} ${help}: ${res.stderr}`);
        assert.match(res.stdout, new RegExp(`^Usage: airport-intel ${args.join(' ')} \\[options\\]`), args.join(' '));
        for (const flag of [...flags, '-h, --help']) assert.ok(res.stdout.includes(flag), `${args.join(' ')} --help names ${flag}`);
        assert.match(res.stdout, /Example:/);
        assert.match(res.stdout, example);
      }
    }
    const top = await cli('--help');
    assert.equal(top.code, 0);
    for (const name of ['serve', 'worker', 'migrate', 'media', 'search', 'seed', 'users', 'keys', 'sessions', 'jobs', 'backup', 'restore', '--version']) assert.ok(top.stdout.includes(name), name);
    const bare = await cli();
    assert.equal(bare.code, 0);
    assert.equal(bare.stdout, top.stdout);
    const viaHelp = await cli('keys', 'help', 'create');
    assert.equal(viaHelp.code, 0);
    assert.match(viaHelp.stdout, /--label <L>/);
  });

  it('prints the package version with --version', async () => {
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const res = await cli(flag);
      assert.equal(res.code, 0);
      assert.equal(res.stdout, `${version}\n`);
    }
  });

  it('names the command\'s flags after an unknown flag, with exit code 2 and nothing on stdout', async () => {
    const res = await cli('keys', 'create', '--email', 'a@b.test', '--colour', 'red');
    assert.equal(res.code, 2);
    assert.equal(res.stdout, '');
    assert.match(res.stderr, /^airport-intel: unknown option '--colour'/);
    assert.match(res.stderr, /Usage: airport-intel keys create \[options\]/);
    assert.match(res.stderr, /--email <E>/);
    assert.match(res.stderr, /--label <L>/);
    const extra = await cli('migrate', 'now');
    assert.equal(extra.code, 2);
    assert.match(extra.stderr, /too many arguments/);
    const bad = await cli('seed', 'synthetic', '--articles', 'lots');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^airport-intel: --articles must be a positive integer\n/);
    assert.match(bad.stderr, /--tenders <N>/);
  });

  // PGlite cannot enforce a statement timeout (docs/decisions/0013): PostgreSQL only.
  if (process.env.TEST_DATABASE_URL) it('seed synthetic runs its long batches past DB_STATEMENT_TIMEOUT_MS (a 3 000-row batch cannot finish in 1 ms; the serving processes keep the bound: test/reliability)', async () => {
    const bound = { DB_STATEMENT_TIMEOUT_MS: '1' };
    const seeded = await cliWith(bound, 'seed', 'synthetic', '--projects', '3000', '--seed', '11');
    assert.equal(seeded.code, 0, seeded.stderr);
    assert.match(seeded.stderr, /Generated \d+ editions, 0 articles, 3000 projects and 0 tenders/);
    const database = await open();
    try {
      const row = await database.db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.ok(Number(row.n) >= 3000, `${row.n} projects`);
      // The facet counts' deltas were summed at the end: one row per value (migration 0026).
      assert.match(seeded.stderr, /Compacted the project facet counts: [\d,]+ rows to [\d,]+/);
      const deltas = await sql<{ rows: number; values: number }>`select count(*)::int as rows, count(distinct (dimension, key))::int as values from project_facet_deltas`.execute(database.db);
      assert.equal(deltas.rows[0]!.rows, deltas.rows[0]!.values);
    } finally {
      await database.close();
    }
  });

  it('says in one line that the port is in use, with exit code 1 and no stack', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const res = await cliWith({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, 'serve');
      assert.equal(res.code, 1, res.stderr);
      assert.equal(res.stderr, `airport-intel: port ${port} on 127.0.0.1 is already in use (set PORT to another port)\n`);
      const metrics = await cliWith({ PORT: '0', METRICS_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, 'serve');
      assert.equal(metrics.code, 1, metrics.stderr);
      assert.equal(metrics.stderr, `airport-intel: port ${port} on 127.0.0.1 is already in use (set METRICS_PORT to another port)\n`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const token = await cliWith({ METRICS_TOKEN: 'short' }, 'serve');
    assert.equal(token.code, 1);
    assert.equal(token.stderr, 'airport-intel: METRICS_TOKEN must be at least 16 characters long, without spaces\n');
  });
});
