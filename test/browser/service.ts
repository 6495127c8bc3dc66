/**
 * What the browser tests run against: the real service (buildApp over the test harness's database,
 * listening on a free port of 127.0.0.1, serving the real build of web/dist), an SMTP sink that the
 * outbox delivers to, and headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) driven
 * by playwright-core, with axe-core checks. The test runner (scripts/test.ts) builds web/dist first
 * when it is missing or stale and runs these files only when a Chromium is found.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { processOutbox } from '../../src/domain/newsletter/outbox.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { startHarness, TestClock, type Harness, type HarnessOptions } from '../helpers/harness.js';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
import { parseMessage, startSmtp, type TestSmtp } from '../helpers/mail.js';

/** Starts headless Chromium. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  assert.ok(executablePath, 'no Chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** A TCP port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A running service with its browser. */
export interface BrowserService {
  h: Harness;
  /** `http://127.0.0.1:<port>` (also the public base URL of emailed links). */
  baseUrl: string;
  smtp: TestSmtp;
  browser: Browser;
  /** A fresh browser profile (its own cookies) with clipboard access, at 1280×800 unless told. */
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  /** Delivers the outbox to the SMTP sink until a message to `to` whose text matches `link` arrives; answers the first match of `link`. */
  mailedLink(to: string, link: RegExp): Promise<string>;
  /** `fetch` against the service. */
  call(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the service (real build), the SMTP sink and Chromium. */
export async function startBrowserService(options: Omit<HarnessOptions, 'publicBaseUrl' | 'webApp'> & { publicPort?: number } = {}): Promise<BrowserService> {
  const port = options.publicPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dist = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist');
  assert.ok(existsSync(path.join(dist, 'index.html')), 'web/dist is not built: run the tests with npm test (it builds it) or npm run build:web');
  const smtp = await startSmtp();
  // The browser's clock is the wall clock: the service's starts there too (and stays, unless a test moves it).
  const h = await startHarness({ clock: new TestClock(new Date().toISOString()), ...options, publicBaseUrl: baseUrl, webApp: { dir: dist } });
  await h.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchChromium();
  const transport = smtpTransport(smtp.url, 'airport-intel <noreply@example.test>');
  const seen = new Set<string>();
  return {
    h, baseUrl, smtp, browser,
    async newContext({ width = 1280, height = 800 } = {}) {
      // Reduced motion (the app honours it): axe then reads a dialog's final colours, never a frame of
      // its fade-in over the dimmed page.
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, reducedMotion: 'reduce' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      return context;
    },
    async mailedLink(to, link) {
      for (let i = 0; i < 100; i++) {
        await processOutbox({ db: h.database.db, transport, budget: { hourly: 10_000, daily: 100_000 }, workerId: 'browser-tests', now: () => h.clock.now() });
        for (const [n, message] of smtp.received.entries()) {
          const key = `${n}`;
          if (seen.has(key) || !message.to.includes(to)) continue;
          const parsed = parseMessage(message.raw);
          const found = link.exec(parsed.text ?? parsed.html ?? '');
          if (found) {
            seen.add(key);
            return found[0];
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no message to ${to} with a link like ${link}`);
    },
    call: (pathname, init) => fetch(new URL(pathname, baseUrl), init),
    async close() {
      await browser.close();
      await transport.close?.();
      await h.close();
      await smtp.close();
    },
  };
}

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function assertAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')} (${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''})`),
    [],
    `accessibility of ${where}`,
  );
}

/** Waits for the page's `<h1>` to read `title`. */
export async function expectHeading(page: Page, title: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ state: 'visible', timeout: 15_000 });
}

/** Signs `email` in through the emailed link (the default way), ending on `/account` or the page asked for. */
export async function signInWithEmailLink(svc: BrowserService, page: Page, email: string): Promise<void> {
  await page.goto('/sign-in');
  await expectHeading(page, 'Sign in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByText('Check your email').waitFor();
  const link = await svc.mailedLink(email, /https?:\/\/\S+\/auth\/link\?token=[\w.~-]+/);
  await page.goto(link);
  await page.waitForURL((url) => url.pathname !== '/auth/link', { timeout: 15_000 });
}
