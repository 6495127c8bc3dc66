/**
 * `npm run lint:openapi`: writes the app's OpenAPI description (built from the route schemas, as
 * served at /openapi.json) to a temporary file and lints it with Redocly CLI (redocly.yaml).
 * Exits with Redocly's status: non-zero on any error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';

const database = await openDatabase({ kind: 'pglite-memory' });
const app = await buildApp({ database, sessionSecret: 'openapi-lint-'.padEnd(40, 'x'), logger: false });
await app.ready();
const dir = mkdtempSync(path.join(os.tmpdir(), 'airport-intel-openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'node_modules', '.bin', 'redocly');
const run = spawnSync(bin, ['lint', file, '--config', path.join(root, 'redocly.yaml')], { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
