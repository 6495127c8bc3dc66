/**
 * `npm test`: every test file (test/*.test.ts, test/<folder>/*.test.ts), two files at a time, with
 * node's test runner. The browser tests (test/browser/) run when a Chromium is found
 * (test/browser/chromium.ts: CHROMIUM_PATH or /usr/bin/chromium), after building web/dist when it is
 * missing or older than its sources; without a Chromium they are left out with one line saying so
 * (under CI=true that is an error: CI always runs them). `npm test -- <files>` runs those files only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from '../test/browser/chromium.js';
import { buildWeb, webBuildNeeded } from './web-build.js';

const root = path.resolve(import.meta.dirname, '..');
const testDir = path.join(root, 'test');
const isTest = (name: string) => name.endsWith('.test.ts');
const rel = (p: string) => path.relative(root, p);

const given = process.argv.slice(2);
let files: string[];
if (given.length) {
  files = given;
} else {
  files = readdirSync(testDir).filter(isTest).map((f) => path.join(testDir, f));
  for (const folder of readdirSync(testDir).sort()) {
    const dir = path.join(testDir, folder);
    if (folder === 'browser' || !statSync(dir).isDirectory()) continue;
    files.push(...readdirSync(dir).filter(isTest).sort().map((f) => path.join(dir, f)));
  }
  const browserDir = path.join(testDir, 'browser');
  const browserFiles = existsSync(browserDir) ? readdirSync(browserDir).filter(isTest).sort().map((f) => path.join(browserDir, f)) : [];
  if (chromiumPath()) {
    files.push(...browserFiles);
  } else if (browserFiles.length) {
    if (process.env.CI === 'true') {
      console.error('CI: no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH): the browser tests must run');
      process.exit(1);
    }
    console.log(`browser tests skipped (${browserFiles.length} files): no Chromium at /usr/bin/chromium — apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  files = files.map(rel);
}

if (files.some((f) => f.split(path.sep).includes('browser'))) {
  const reason = webBuildNeeded();
  if (reason) {
    console.log(`building the web app for the browser tests (${reason})`);
    await buildWeb({ quiet: true });
  }
}

const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
