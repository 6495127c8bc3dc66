/**
 * `npm run bench:web` (issue 25): the web app in headless Chromium against the embedded database.
 * - the compressed JavaScript the sign-in page loads (bytes on the wire of every script, Brotli as
 *   served), goal under 200 KB;
 * - the time until the account page is interactive for a signed-in person: from the navigation's
 *   start (the page's time origin) until the profile form shows the person's data and its button can
 *   be pressed, a fresh browser profile (cold cache) each time, median of 7 after one warm-up, goal
 *   under 1 s; the wall time from `page.goto` (which adds starting the tab's renderer) is printed too.
 * Builds web/dist first when it is missing or stale. Prints the figures and MET/MISSED per goal.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { createSession, createUser } from '../src/domain/identity/index.js';
import { systemClock } from '../src/system-clock.js';
import { buildWeb, WEB_DIST, webBuildNeeded } from '../scripts/web-build.js';
import { CHROMIUM_ARGS, chromiumPath } from '../test/browser/chromium.js';

const JS_GOAL_KB = 200;
const INTERACTIVE_GOAL_MS = 1000;
const RUNS = 7;
const SECRET = 'bench-web-session-secret-'.padEnd(48, 'x');

const executablePath = chromiumPath();
if (!executablePath) {
  console.error('bench:web needs Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
  process.exit(1);
}
const reason = webBuildNeeded();
if (reason) {
  console.error(`building the web app (${reason})…`);
  await buildWeb({ quiet: true });
}

const database = await openDatabase({ kind: 'pglite-memory' });
await migrate(database);
const app = await buildApp({ database, sessionSecret: SECRET, logger: false, webApp: { dir: path.resolve(WEB_DIST) } });
await app.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const ctx = systemCtx(database.db, systemClock, 'bench');
const email = 'bench-web@example.test';
await createUser(ctx, { email, name: 'Bench Reader', plan: 'professional' });
const { token } = await createSession(ctx, SECRET, email);
const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });

try {
  // 1. The sign-in page's scripts, as encoded on the wire.
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => s.responseBodySize));
  });
  await page.goto('/sign-in', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  const sizes = await Promise.all(scripts);
  const jsKb = sizes.reduce((a, b) => a + b, 0) / 1024;
  await context.close();

  // 2. The account page, signed in (the session cookie of the sign-in API), cold cache each time.
  const times: number[] = [];
  const walls: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const c = await browser.newContext({ baseURL: baseUrl });
    await c.addCookies([{ name: 'ai_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const p = await c.newPage();
    const started = performance.now();
    await p.goto('/account');
    await p.getByLabel('Name').and(p.locator('[value="Bench Reader"]')).waitFor({ timeout: 10_000 });
    await p.getByRole('button', { name: 'Save profile' }).waitFor({ state: 'visible' });
    const wall = performance.now() - started;
    const inPage = await p.evaluate(() => performance.now());
    if (i > 0) {
      times.push(inPage);
      walls.push(wall);
    }
    await c.close();
  }
  times.sort((a, b) => a - b);
  walls.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const wallMedian = walls[Math.floor(walls.length / 2)]!;

  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  console.log(`sign-in page JavaScript: ${jsKb.toFixed(1)} KB compressed in ${sizes.length} files (goal < ${JS_GOAL_KB} KB): ${verdict(jsKb < JS_GOAL_KB)}`);
  console.log(`account page interactive: median ${median.toFixed(0)} ms of ${RUNS} cold loads, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (goal < ${INTERACTIVE_GOAL_MS} ms): ${verdict(median < INTERACTIVE_GOAL_MS)}; wall time from page.goto: median ${wallMedian.toFixed(0)} ms`);
  const desk = await deskInboxJs(); // issue 27
  console.log(`desk inbox JavaScript (administrator): ${desk.kb.toFixed(1)} KB compressed in ${desk.files} files (goal < ${desk.goal} KB): ${verdict(desk.kb < desk.goal)}`);
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

/** The compressed JavaScript `/desk/inbox` loads for a signed-in administrator (issue 27; goal < 350 KB). */
async function deskInboxJs(): Promise<{ kb: number; files: number; goal: number }> {
  const adminEmail = 'bench-web-admin@example.test';
  await createUser(ctx, { email: adminEmail, name: 'Bench Editor', plan: 'professional', admin: true });
  const session = await createSession(ctx, SECRET, adminEmail);
  const c = await browser.newContext({ baseURL: baseUrl });
  await c.addCookies([{ name: 'ai_session', value: session.token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  const p = await c.newPage();
  const sizes: Promise<number>[] = [];
  p.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') sizes.push(req.sizes().then((s) => s.responseBodySize));
  });
  await p.goto('/desk/inbox', { waitUntil: 'networkidle' });
  await p.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  const all = await Promise.all(sizes);
  await c.close();
  return { kb: all.reduce((a, b) => a + b, 0) / 1024, files: all.length, goal: 350 };
}
