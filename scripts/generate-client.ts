/**
 * `npm run check:client` (first half): generates the types of the example client
 * (examples/typed-client/schema.d.ts) with openapi-typescript from the live description, built
 * in-process exactly as `/openapi.json` serves it. The generated file is not committed: CI
 * regenerates it, then `tsc -p examples/typed-client` type-checks client.ts against it, so a change
 * of the description that breaks clients fails CI.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeDescription } from './openapi-description.js';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'airport-intel-client-'));
const file = path.join(dir, 'openapi.json');
await writeDescription(file);
const out = path.join(root, 'examples', 'typed-client', 'schema.d.ts');
const run = spawnSync(path.join(root, 'node_modules', '.bin', 'openapi-typescript'), [file, '--output', out], { stdio: 'inherit' });
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
