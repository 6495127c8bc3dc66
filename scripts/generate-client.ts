/**
 * Generates the client types from the live description, built in-process exactly as `/openapi.json`
 * serves it (openapi-typescript), for both clients:
 * - examples/typed-client/schema.d.ts (`npm run check:client` then type-checks client.ts against it);
 * - web/src/lib/api/schema.d.ts, the web app's client (`npm run typecheck`, `npm run build:web`).
 * The generated files are not committed: a change of the description that breaks a client fails CI.
 * `--web` writes the web app's file only; `--if-missing` does nothing when that file exists.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeDescription } from './openapi-description.js';

const root = path.resolve(import.meta.dirname, '..');
const webSchema = path.join(root, 'web', 'src', 'lib', 'api', 'schema.d.ts');
if (process.argv.includes('--if-missing') && existsSync(webSchema)) process.exit(0);
const dir = mkdtempSync(path.join(os.tmpdir(), 'airport-intel-client-'));
const file = path.join(dir, 'openapi.json');
const generated = path.join(dir, 'schema.d.ts');
await writeDescription(file);
const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), file, '--output', generated], { stdio: ['ignore', 'ignore', 'inherit'] });
if (run.status === 0) {
  const targets = [webSchema];
  if (!process.argv.includes('--web')) targets.push(path.join(root, 'examples', 'typed-client', 'schema.d.ts'));
  for (const target of targets) copyFileSync(generated, target);
}
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
