/**
 * `airport-intel backup --out FILE` and `airport-intel restore FILE [--force]`: a backup of the
 * embedded database (PGlite) and what else lives in DATA_DIR that the data needs (docs/operations.md
 * "Backups"). On PostgreSQL both refuse and point at `pg_dump`/`pg_restore`.
 *
 * A backup file is a gzipped tar of:
 * - `airport-intel-backup.json`: the manifest (format, when, the service and PostgreSQL versions, the
 *   migrations applied, whether the session secret is included);
 * - `pglite.tar`: the data directory after a checkpoint (PGlite `dumpDataDir`);
 * - `session-secret`: `DATA_DIR/session-secret` when there is one (sessions stay valid after a
 *   restore; when SESSION_SECRET is set instead, keep that value with the backup).
 * Media (images) live in the database (decision 0022), so they are in `pglite.tar`.
 *
 * The embedded database belongs to one process: `backup` takes the data folder's lock like any
 * command, so while `serve` runs it refuses with the running process's id (stop it, back up, start
 * it: a copy taken under the lock is consistent). The file is written beside its target and renamed
 * into place, readable by its owner only (it holds the session secret).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { createTar, parseTar } from 'nanotar';
import { loadConfig, type Config } from '../config.js';
import { DatabaseInUseError, lockDataDir, openDatabase } from '../db/client.js';
import { CliFailure, say } from './runtime.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

/** The manifest of a backup file. */
export interface BackupManifest {
  format: 'airport-intel-backup';
  formatVersion: 1;
  createdAt: string;
  serviceVersion: string;
  /** The embedded PostgreSQL's `server_version`. */
  postgresVersion: string;
  migrations: string[];
  sessionSecret: boolean;
}

const MANIFEST = 'airport-intel-backup.json';
const DATA = 'pglite.tar';
const SECRET = 'session-secret';

function embeddedOnly(config: Config, command: 'backup' | 'restore'): void {
  if (config.databaseUrl) {
    throw new CliFailure(`${command} is for the embedded database (DATA_DIR); with DATABASE_URL use ${command === 'backup' ? 'pg_dump --format=custom' : 'pg_restore'} and keep SESSION_SECRET with it (docs/operations.md "Backups")`);
  }
}

const inUse = (err: unknown): unknown =>
  err instanceof DatabaseInUseError
    ? new CliFailure(`${err.message} The embedded database can be copied only while no other process holds it: stop the server, run the command, start the server again.`)
    : err;

/**
 * Writes a backup of DATA_DIR's database and session secret to `out`.
 * @returns the manifest written
 * @throws CliFailure on PostgreSQL, when no embedded database exists, or when a server holds it
 */
export async function backup(out: string): Promise<BackupManifest> {
  const config = loadConfig();
  embeddedOnly(config, 'backup');
  if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) throw new CliFailure(`No embedded database in ${config.dataDir} (DATA_DIR): nothing to back up`);
  const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir }).catch((err: unknown) => {
    throw inUse(err);
  });
  let data: Uint8Array;
  let migrations: string[];
  let postgresVersion: string;
  try {
    migrations = (await database.withExclusiveSession(0, (s) => s.rows<{ name: string }>('select name from schema_migrations order by name'))).map((r) => r.name);
    postgresVersion = (await database.withExclusiveSession(0, (s) => s.rows<{ server_version: string }>('show server_version')))[0]!.server_version;
    await database.exec('checkpoint');
    data = new Uint8Array(await (await database.dumpDataDir!()).arrayBuffer());
  } finally {
    await database.close();
  }
  const secretFile = path.join(config.dataDir, SECRET);
  const secret = fs.existsSync(secretFile) ? fs.readFileSync(secretFile) : undefined;
  const manifest: BackupManifest = {
    format: 'airport-intel-backup', formatVersion: 1, createdAt: new Date().toISOString(), serviceVersion: version, postgresVersion,
    migrations, sessionSecret: secret !== undefined,
  };
  const tar = createTar([
    { name: MANIFEST, data: new TextEncoder().encode(JSON.stringify(manifest, null, 2) + '\n') },
    { name: DATA, data },
    ...(secret ? [{ name: SECRET, data: new Uint8Array(secret), attrs: { mode: '600' } }] : []),
  ]);
  const target = path.resolve(out);
  const temporary = `${target}.${process.pid}.partial`;
  fs.writeFileSync(temporary, zlib.gzipSync(tar), { mode: 0o600 });
  fs.renameSync(temporary, target);
  if (!secret && !config.sessionSecret) say('note: DATA_DIR holds no session-secret yet; sessions will be signed with a new one after a restore');
  if (config.sessionSecret) say('note: SESSION_SECRET is set: keep its value with the backup (it is not in the file)');
  return manifest;
}

/** Reads and checks a backup file. @throws CliFailure when it is not one */
function readBackup(file: string): { manifest: BackupManifest; data: Uint8Array; secret: Uint8Array | undefined } {
  let entries: { name: string; data?: Uint8Array }[];
  try {
    entries = parseTar(zlib.gunzipSync(fs.readFileSync(file)));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliFailure(`No such file: ${file}`);
    throw new CliFailure(`${file} is not an airport-intel backup (not a gzipped tar)`);
  }
  const get = (name: string) => entries.find((e) => e.name === name)?.data;
  const manifestBytes = get(MANIFEST);
  const data = get(DATA);
  let manifest: BackupManifest | undefined;
  try {
    manifest = manifestBytes ? (JSON.parse(new TextDecoder().decode(manifestBytes)) as BackupManifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== 'airport-intel-backup' || !data) throw new CliFailure(`${file} is not an airport-intel backup (no manifest or no database)`);
  if (manifest.formatVersion !== 1) throw new CliFailure(`${file} has backup format ${manifest.formatVersion}; this version reads format 1`);
  return { manifest, data, secret: get(SECRET) };
}

/** Moves `p` aside as `<p>.before-restore-<stamp>` when it exists. @returns the new path, or undefined */
function moveAside(p: string, stamp: string): string | undefined {
  if (!fs.existsSync(p)) return undefined;
  const aside = `${p}.before-restore-${stamp}`;
  fs.renameSync(p, aside);
  return aside;
}

/**
 * Restores a backup file into DATA_DIR: the database (opened once to check it) and the session
 * secret. A data folder that already holds a database is refused unless `force`; with `force` the
 * existing database and secret are moved aside (`…before-restore-<time>`), never deleted.
 * @returns the backup's manifest
 * @throws CliFailure on PostgreSQL, for a file that is not a backup, an existing database without `force`, or a data folder in use
 */
export async function restore(file: string, force: boolean): Promise<BackupManifest> {
  const config = loadConfig();
  embeddedOnly(config, 'restore');
  const { manifest, data, secret } = readBackup(file);
  const pgDir = path.join(config.dataDir, 'pglite');
  const secretFile = path.join(config.dataDir, SECRET);
  const occupied = fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0;
  if (occupied && !force) throw new CliFailure(`${config.dataDir} (DATA_DIR) already holds a database: restore into an empty data folder, or pass --force to move the current one aside`);
  // Take the folder's lock before touching anything: a running server refuses the restore.
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (err) {
    throw inUse(err);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedDb = force ? moveAside(pgDir, stamp) : undefined;
  const movedSecret = force && secret ? moveAside(secretFile, stamp) : undefined;
  try {
    // The same process re-takes the lock it holds; closing releases it.
    const database = await openDatabase({ kind: 'pglite', dataDir: config.dataDir, loadDataDir: new Blob([Buffer.from(data)]) });
    try {
      await database.withExclusiveSession(0, (s) => s.rows('select 1 from schema_migrations limit 1'));
    } finally {
      await database.close();
    }
    if (secret) fs.writeFileSync(secretFile, secret, { mode: 0o600 });
  } finally {
    release();
  }
  if (movedDb) say(`the previous database was moved to ${movedDb}`);
  if (movedSecret) say(`the previous session secret was moved to ${movedSecret}`);
  if (!secret) say('note: the backup holds no session secret: set SESSION_SECRET to the value used when it was taken, or sessions issued before are refused');
  return manifest;
}
