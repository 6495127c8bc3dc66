/**
 * The OpenAPI breaking-change check of CI (scripts/openapi-compat.ts, docs/versioning.md), run as a
 * real process: a description that lost a response field fails against the released baseline and
 * names each operation it breaks; the same description passes once the changelog's Unreleased
 * section declares them as BREAKING; an added optional field alone passes without any entry.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-compat-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const baseline = JSON.parse(fs.readFileSync('docs/openapi/released.json', 'utf8')) as { components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } };
const CHANGELOG = '# Changelog\n\n## [Unreleased]\n\n### Added\n- Something new.\n\n## [0.1.0] - 2026-11-26\n';

async function check(description: unknown, changelog: string) {
  const current = path.join(dir, 'current.json');
  const log = path.join(dir, 'CHANGELOG.md');
  fs.writeFileSync(current, JSON.stringify(description));
  fs.writeFileSync(log, changelog);
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/openapi-compat.ts', '--current', current, '--changelog', log], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

it('fails on a removed response field until the changelog declares it, and passes on an added optional field', async () => {
  const removed = structuredClone(baseline);
  const project = removed.components.schemas.V1Project!;
  assert.ok(project.properties.airport, 'the baseline has V1Project.airport');
  delete project.properties.airport;
  project.required = (project.required ?? []).filter((name) => name !== 'airport');

  const failed = await check(removed, CHANGELOG);
  assert.equal(failed.code, 1, failed.stdout + failed.stderr);
  const places = [...failed.stderr.matchAll(/^Undeclared breaking change in (.+):$/gm)].map((m) => m[1]!);
  assert.ok(places.includes('GET /v1/projects/{id}'), failed.stderr);
  assert.match(failed.stderr, /airport/);
  assert.match(failed.stderr, /- BREAKING: `GET /);

  const declared = CHANGELOG.replace('### Added', `### Removed\n${places.map((p) => `- BREAKING: \`${p}\`: the \`airport\` field is gone; read \`airports\`.`).join('\n')}\n\n### Added`);
  const passed = await check(removed, declared);
  assert.equal(passed.code, 0, passed.stderr);
  assert.match(passed.stdout, new RegExp(`breaking changes in ${places.length} place\\(s\\), ${places.length} declared`));

  // Declared in an older release's section does not count.
  const misplaced = CHANGELOG.replace('## [0.1.0] - 2026-11-26', `## [0.1.0] - 2026-11-26\n${places.map((p) => `- BREAKING: \`${p}\``).join('\n')}`);
  assert.equal((await check(removed, misplaced)).code, 1);

  const added = structuredClone(baseline);
  added.components.schemas.V1Project!.properties.nickname = { type: 'string', description: 'A new optional field' };
  const addition = await check(added, CHANGELOG);
  assert.equal(addition.code, 0, addition.stderr);
});
