/**
 * `npm run check:openapi-compat`: compares the live OpenAPI description (what `/openapi.json`
 * serves, built in-process by ./openapi-description.ts) with the last release's, committed as
 * `docs/openapi/released.json`, using api-smart-diff (it classifies each change as breaking,
 * non-breaking, deprecated or annotation). Fails (exit 1) when a breaking change is not declared in
 * the `## [Unreleased]` section of CHANGELOG.md: each operation with a breaking change must be named
 * there, as `METHOD /path` (as in the description, e.g. `GET /v1/projects/{id}`), on a line that
 * says `BREAKING` (docs/versioning.md). A change outside any operation (a shared component) is named
 * by its place, e.g. `components/securitySchemes`.
 *
 * Options: `--baseline FILE` (default docs/openapi/released.json), `--current FILE` (default: the
 * live description), `--changelog FILE` (default CHANGELOG.md), `--write-baseline` (at a release:
 * writes the live description as the new baseline and exits).
 */
import { readFileSync, mkdtempSync, rmSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCompare } from 'api-smart-diff';
import { writeDescription } from './openapi-description.js';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback?: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const baselineFile = arg('--baseline', path.join(root, 'docs/openapi/released.json'))!;
const changelogFile = arg('--changelog', path.join(root, 'CHANGELOG.md'))!;

/** The live description, as a file (or the one given with --current). */
async function current(): Promise<string> {
  const given = arg('--current');
  if (given) return given;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'airport-intel-openapi-compat-'));
  const file = path.join(dir, 'openapi.json');
  await writeDescription(file);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return file;
}

if (process.argv.includes('--write-baseline')) {
  copyFileSync(await current(), baselineFile);
  console.log(`wrote ${path.relative(root, baselineFile)}`);
  process.exit(0);
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
/** Where a change is: `METHOD /path` for an operation, else the first two steps of its place. */
function placeOf(at: readonly (string | number)[]): string {
  if (at[0] === 'paths' && typeof at[1] === 'string') {
    const method = String(at[2] ?? '');
    return METHODS.has(method) ? `${method.toUpperCase()} ${at[1]}` : `${at[1]} (every operation)`;
  }
  return at.slice(0, 2).join('/');
}

/** The `## [Unreleased]` section of the changelog (up to the next `## `). */
function unreleased(text: string): string {
  const start = text.search(/^## \[Unreleased\]/m);
  if (start < 0) return '';
  const rest = text.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

const before = JSON.parse(readFileSync(baselineFile, 'utf8')) as object;
const after = JSON.parse(readFileSync(await current(), 'utf8')) as object;
const { diffs } = apiCompare(before, after);
const breaking = new Map<string, string[]>();
for (const d of diffs) {
  if (d.type !== 'breaking') continue;
  const place = placeOf(d.path);
  const list = breaking.get(place) ?? [];
  list.push(`${d.action} ${d.path.slice(3).join('.') || d.path.join('.')}${d.description ? `: ${d.description.trim()}` : ''}`);
  breaking.set(place, list);
}
const declared = unreleased(readFileSync(changelogFile, 'utf8')).split('\n').filter((line) => /BREAKING/.test(line));
const undeclared = [...breaking.keys()].filter((place) => !declared.some((line) => line.includes(place)));
const counts = diffs.reduce<Record<string, number>>((acc, d) => ({ ...acc, [d.type]: (acc[d.type] ?? 0) + 1 }), {});
console.log(`OpenAPI compared with ${path.relative(root, baselineFile)}: ${JSON.stringify(counts)}; breaking changes in ${breaking.size} place(s), ${breaking.size - undeclared.length} declared in ${path.basename(changelogFile)}`);
for (const place of undeclared) {
  console.error(`\nUndeclared breaking change in ${place}:`);
  for (const line of breaking.get(place)!.slice(0, 5)) console.error(`  - ${line}`);
}
if (undeclared.length) {
  console.error(`\nDeclare each under "## [Unreleased]" in ${path.basename(changelogFile)}, e.g.\n  - BREAKING: \`${undeclared[0]}\`: what changed and what to do instead.\n(and release it as a new major version; docs/versioning.md)`);
  process.exit(1);
}
