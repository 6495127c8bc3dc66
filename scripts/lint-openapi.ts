/**
 * `npm run lint:openapi`: writes the app's OpenAPI description (built from the route schemas, as
 * served at /openapi.json) to a temporary file and lints it with Redocly CLI (redocly.yaml: the
 * recommended rules) and with Spectral (.spectral.yaml: `spectral:oas` and the OWASP API Security
 * ruleset, from the project's own dev dependencies). Exits non-zero when either reports an error;
 * warnings are printed and allowed (their categories: docs/decisions/0015-openapi-lint-rules.md).
 * `--out FILE` also keeps a copy of the description (used by `npm run check:client`).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeDescription } from './openapi-description.js';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'airport-intel-openapi-'));
const file = path.join(dir, 'openapi.json');
await writeDescription(file);
const out = process.argv.indexOf('--out');
if (out > 0 && process.argv[out + 1]) copyFileSync(file, process.argv[out + 1]!);

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
console.log('== Redocly (recommended rules, redocly.yaml)');
const redocly = spawnSync(bin('redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'], { stdio: 'inherit', env });
console.log('== Spectral (spectral:oas + OWASP API Security, .spectral.yaml)');
const spectral = spawnSync(bin('spectral'), ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'error', '--display-only-failures', '--format', 'text'], { stdio: 'inherit', env });
rmSync(dir, { recursive: true, force: true });
const failed = [redocly.status === 0 ? '' : 'Redocly', spectral.status === 0 ? '' : 'Spectral'].filter(Boolean);
if (failed.length) console.error(`OpenAPI lint failed: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
