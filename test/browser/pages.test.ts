/// <reference lib="dom" />
/**
 * The web app's public pages in real Chromium (issue 25): each renders with one `<h1>`, landmarks
 * and no serious or critical axe-core violation, at 360 px wide without sideways scrolling as on a
 * desktop; an unknown path shows the app's own 404 page; the scripts obey the Content-Security-Policy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessible, expectHeading, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
before(async () => { svc = await startBrowserService(); });
after(() => svc.close());

const PAGES = [
  { path: '/', heading: 'Airport-industry intelligence' },
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/sign-up', heading: 'Create your account' },
  { path: '/auth/reset?token=nothing', heading: 'Choose a new password' },
  { path: '/billing/nothing-here', heading: 'Page not found' },
];

describe('public pages', () => {
  for (const width of [360, 1280]) {
    it(`render accessibly at ${width} px`, async () => {
      const context = await svc.newContext({ width, height: 800 });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
      try {
        for (const p of PAGES) {
          const res = await page.goto(p.path);
          assert.equal(res?.status(), 200, p.path);
          await expectHeading(page, p.heading);
          assert.equal(await page.locator('h1').count(), 1, `${p.path}: one h1`);
          assert.equal(await page.locator('main').count(), 1, `${p.path}: one main landmark`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `${p.path} at ${width} px scrolls sideways by ${overflow} px`);
          await assertAccessible(page, `${p.path} at ${width} px`);
        }
        assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
      } finally {
        await context.close();
      }
    });
  }

  it('moves the focus to the new page\'s heading after an in-app navigation', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await page.goto('/sign-in');
      await expectHeading(page, 'Sign in');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expectHeading(page, 'Create your account');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      assert.equal(await page.title(), 'Create your account · airport-intel');
    } finally {
      await context.close();
    }
  });
});
