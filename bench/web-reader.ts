/**
 * `npm run bench:web-reader` (issue 26): the reader's pages in headless Chromium against the embedded
 * database (PGlite in a temporary directory) holding the synthetic data set (`seed synthetic`:
 * WEB_READER_PROJECTS projects, default 100 000, and WEB_READER_ARTICLES articles, default 2 000).
 * For each page of {@link PAGES}, signed in as a professional reader, a fresh browser profile (cold
 * cache) each run, median of WEB_READER_RUNS (default 5) after one warm-up:
 * - compressed JavaScript: bytes on the wire of every script the page loads (Brotli as served);
 * - largest contentful paint (the last `largest-contentful-paint` entry once the page is settled);
 * - cumulative layout shift (the sum of `layout-shift` entries without recent input).
 * Prints one line per page with MET/MISSED per goal, and first the time of the projects list's
 * first, a near and its last window (offset paging) at this size. A page is one line of PAGES (the desk adds
 * `/desk/inbox` there with its own goal). Builds web/dist first when it is missing or stale.
 *
 *   WEB_READER_PROJECTS=2000 npm run bench:web-reader   # a quick check on a small data set
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { systemCtx } from '../src/domain/context.js';
import { createSession, createUser } from '../src/domain/identity/index.js';
import { seedSynthetic } from '../src/seed/synthetic.js';
import { systemClock } from '../src/system-clock.js';
import { buildWeb, WEB_DIST, webBuildNeeded } from '../scripts/web-build.js';
import { CHROMIUM_ARGS, chromiumPath } from '../test/browser/chromium.js';

/** A page to measure: its path, the reader who opens it, and its goals. */
interface BenchPage {
  path: string;
  /** `professional` (every reader page) or `admin` (the editorial desk). */
  as: 'professional' | 'admin';
  /** Compressed JavaScript, KB. */
  jsGoalKb: number;
  /** Largest contentful paint, ms. */
  lcpGoalMs: number;
  /** Cumulative layout shift. */
  clsGoal: number;
}

/** The pages measured, one line each. */
const PAGES: BenchPage[] = [
  { path: '/', as: 'professional', jsGoalKb: 250, lcpGoalMs: 1500, clsGoal: 0.05 },
  { path: '/search?q=terminal%20expansion', as: 'professional', jsGoalKb: 250, lcpGoalMs: 1500, clsGoal: 0.05 },
  { path: '/projects', as: 'professional', jsGoalKb: 250, lcpGoalMs: 1500, clsGoal: 0.05 },
];

const PROJECTS = Number(process.env.WEB_READER_PROJECTS ?? 100_000);
const ARTICLES = Number(process.env.WEB_READER_ARTICLES ?? 2_000);
const RUNS = Number(process.env.WEB_READER_RUNS ?? 5);
const SECRET = 'bench-web-reader-session-secret-'.padEnd(48, 'x');

/** Collects LCP and layout shifts from the page's first paint on (installed before any script runs). */
const OBSERVE = `
  window.__lcp = 0; window.__cls = 0; window.__lcpElement = ''; window.__shifts = [];
  const describe = (n) => !n ? '?' : n.nodeType !== 1 ? (n.parentElement ? describe(n.parentElement) + ' text' : 'text')
    : n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.getAttribute('class') ? '.' + n.getAttribute('class').trim().split(/\s+/).slice(0, 2).join('.') : '');
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__lcp = e.startTime; window.__lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.id ? '#' + e.element.id : '') : ''; } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
    window.__cls += e.value;
    window.__shifts.push(e.value.toFixed(3) + ' at ' + Math.round(e.startTime) + ' ms: ' + (e.sources || []).map((x) => describe(x.node)).join(', '));
  } }).observe({ type: 'layout-shift', buffered: true });
`;

const executablePath = chromiumPath();
if (!executablePath) {
  console.error('bench:web-reader needs Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
  process.exit(1);
}
const reason = webBuildNeeded();
if (reason) {
  console.error(`building the web app (${reason})…`);
  await buildWeb({ quiet: true });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-web-reader-'));
const database = await openDatabase({ kind: 'pglite', dataDir: dir });
let browser: Browser | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await migrate(database);
  const seeded = performance.now();
  let last = seeded;
  await seedSynthetic(database.db, {
    projects: PROJECTS, articles: ARTICLES, seed: 7,
    onProgress: (done, total, kind) => {
      if (performance.now() - last > 5000 || done === total) { console.error(`  seeded ${done} / ${total} ${kind}`); last = performance.now(); }
    },
  });
  console.error(`data set: ${PROJECTS.toLocaleString('en')} projects, ${ARTICLES.toLocaleString('en')} articles on PGlite (${((performance.now() - seeded) / 1000).toFixed(0)} s to seed)`);

  app = await buildApp({ database, sessionSecret: SECRET, logger: false, webApp: { dir: path.resolve(WEB_DIST) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ctx = systemCtx(database.db, systemClock, 'bench');
  const tokens: Record<BenchPage['as'], string> = {
    professional: (await createUser(ctx, { email: 'bench-reader@example.test', name: 'Bench Reader', plan: 'professional' }), (await createSession(ctx, SECRET, 'bench-reader@example.test')).token),
    admin: (await createUser(ctx, { email: 'bench-editor@example.test', name: 'Bench Editor', admin: true }), (await createSession(ctx, SECRET, 'bench-editor@example.test')).token),
  };
  browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

  // The list's paging (limit/offset; `Link: rel="next"`) at this size: the first, a near and the
  // last window of the page's default sort and of the value sort, median of 5 after one warm-up.
  for (const sort of ['title_asc', 'value_desc']) {
    const parts: string[] = [];
    for (const offset of [0, 1_000, Math.max(0, PROJECTS - 50)]) {
      const ms: number[] = [];
      for (let i = 0; i <= 5; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url: `/v1/projects?sort=${sort}&limit=50&offset=${offset}`, headers: { authorization: `Bearer ${tokens.professional}` } });
        if (res.statusCode !== 200) throw new Error(`/v1/projects offset ${offset}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i > 0) ms.push(performance.now() - t);
      }
      parts.push(`offset ${offset.toLocaleString('en')}: ${median(ms).toFixed(0)} ms`);
    }
    console.log(`GET /v1/projects sort=${sort} limit=50 (API, in process): ${parts.join(', ')}`);
  }
  for (const p of PAGES) {
    const js: number[] = [];
    const lcp: number[] = [];
    const cls: number[] = [];
    let heading = '';
    let element = '';
    /** The shifts (value, time, moved elements) of the run with the largest CLS, printed when it misses. */
    let worst: { cls: number; shifts: string[] } = { cls: -1, shifts: [] };
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'ai_session', value: tokens[p.as], url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (req) => { if (req.resourceType() === 'script') scripts.push(req.sizes().then((s) => s.responseBodySize)); });
      await page.goto(p.path, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(300);
      const m = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __cls: number; __lcpElement: string; __shifts: string[] };
        return { lcp: w.__lcp, cls: w.__cls, element: w.__lcpElement, shifts: w.__shifts, h1: document.querySelector('h1')?.textContent ?? '' };
      });
      if (i > 0) {
        js.push((await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024);
        lcp.push(m.lcp);
        cls.push(m.cls);
        if (m.cls > worst.cls) worst = { cls: m.cls, shifts: m.shifts };
      }
      heading = m.h1;
      element = m.element;
      await context.close();
    }
    const [kb, paint, shift] = [median(js), median(lcp), Math.max(...cls)];
    console.log(`${p.path} ("${heading}"): JavaScript ${kb.toFixed(1)} KB compressed (goal < ${p.jsGoalKb}): ${verdict(kb < p.jsGoalKb)}; `
      + `LCP median ${paint.toFixed(0)} ms of ${RUNS} cold loads, max ${Math.max(...lcp).toFixed(0)} (goal < ${p.lcpGoalMs}): ${verdict(paint < p.lcpGoalMs)} (element: ${element || 'none'}); `
      + `CLS worst ${shift.toFixed(3)} (goal < ${p.clsGoal}): ${verdict(shift < p.clsGoal)}`);
    if (shift >= p.clsGoal) for (const line of worst.shifts) console.log(`  shift ${line}`);
  }
} finally {
  await browser?.close();
  await app?.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
