/// <reference lib="dom" />
/**
 * The reader's web app in real Chromium (issue 26, "Done when", part A), over the sample data:
 * a professional reader opens the latest edition, opens an article, saves it and finds it in
 * /library; searches the archive with a quoted phrase and a facet, sees the terms highlighted,
 * shares the URL (a fresh page shows the same results) and creates an alert from the search; an
 * administrator changes a watched project's status over the API → the bell's count goes up and the
 * notification links to the project. axe-core on every page visited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { makeProject } from '../helpers/factories.js';
import type { TestIdentity } from '../helpers/harness.js';
import { assertAccessible, expectHeading, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
let reader: TestIdentity;
before(async () => {
  svc = await startBrowserService({ sample: true });
  reader = await svc.h.identity({ plan: 'professional' });
});
after(() => svc.close());

/** The headlines of the search results shown now. */
const resultHeadlines = (page: Page) => page.getByRole('list', { name: 'Search results' }).locator('article a').first().waitFor()
  .then(() => page.getByRole('list', { name: 'Search results' }).locator('li article > div a:first-of-type, li article a').allTextContents());

describe('a professional reader in the browser', () => {
  it('opens the latest edition, opens an article, saves it and finds it in the library', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, reader.email);
      await page.goto('/');
      await expectHeading(page, /^Latest edition: \d+$/);
      await page.getByRole('heading', { level: 2, name: 'Executive summary' }).waitFor();
      const articles = page.getByRole('list', { name: /^Articles of edition \d+$/ });
      await articles.locator('img').first().waitFor();
      await assertAccessible(page, '/ (latest edition)');

      const first = articles.locator('article a').first();
      const headline = (await first.textContent())!.trim();
      await first.click();
      await expectHeading(page, headline);
      assert.match(new URL(page.url()).pathname, /^\/articles\/[0-9a-f-]{36}\/[\w-]+$/);
      await page.getByRole('heading', { level: 2, name: 'Related articles' }).waitFor();
      // The projects it mentions: an editor links one, the page lists it as a link to the project.
      const articleId = new URL(page.url()).pathname.split('/')[2]!;
      const admin = await svc.h.identity({ admin: true });
      const [project] = (await svc.h.database.db.selectFrom('projects').select(['id', 'title']).where('published', '=', true).orderBy('title').limit(1).execute());
      const linked = await svc.call(`/v1/admin/articles/${articleId}/projects`, { method: 'PUT', headers: { ...admin.sessionAuth, 'content-type': 'application/json' }, body: JSON.stringify({ projects: [project!.id] }) });
      assert.equal(linked.status, 200, await linked.text());
      await page.reload();
      await expectHeading(page, headline);
      const mentioned = page.getByRole('list', { name: 'Projects in this article' });
      await mentioned.getByRole('link').first().waitFor();
      assert.deepEqual(await mentioned.getByRole('link').allTextContents(), [project!.title]);
      assert.equal(await mentioned.getByRole('link').getAttribute('href'), `/projects/${project!.id}`);
      await assertAccessible(page, '/articles/{id}/{slug}');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved to your library.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Saved' }).getAttribute('aria-pressed'), 'true');

      await page.getByRole('navigation', { name: 'Reader' }).getByRole('link', { name: 'Library' }).click();
      await expectHeading(page, 'Library');
      await page.getByRole('list', { name: 'Saved articles' }).getByRole('link', { name: headline }).waitFor();
      await assertAccessible(page, '/library');

      // The view was recorded: the dashboard lists it as recently viewed.
      await page.goto('/dashboard');
      await expectHeading(page, 'Dashboard');
      await page.getByRole('list', { name: 'Recently viewed' }).getByRole('link', { name: headline }).waitFor();
      await assertAccessible(page, '/dashboard');

      await page.goto('/editions');
      await expectHeading(page, 'Editions');
      await assertAccessible(page, '/editions');
      await page.getByRole('link', { name: /^Edition \d+$/ }).first().click();
      await expectHeading(page, /^Edition \d+$/);
      await page.getByRole('heading', { level: 2, name: 'Articles' }).waitFor();
      await assertAccessible(page, '/editions/{number}');
    } finally {
      await context.close();
    }
  });

  it('searches with a quoted phrase and a facet, sees the terms highlighted, shares the URL and creates an alert', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, reader.email);
      await page.goto('/search');
      await expectHeading(page, 'Search the archive');
      await page.getByLabel(/^Words or "a phrase"/).fill('"northern runway"');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === '"northern runway"');
      const marks = page.getByRole('list', { name: 'Search results' }).locator('mark');
      await marks.first().waitFor();
      for (const text of await marks.allTextContents()) assert.match(text, /^(northern runway|northern|runway)$/i, text);
      await assertAccessible(page, '/search?q=…');

      // A facet narrows the search (a link: the URL carries it).
      const region = page.getByRole('navigation', { name: 'Facets' }).getByRole('region', { name: 'Region' }).getByRole('link').first();
      await region.waitFor();
      await region.click();
      await page.waitForURL((url) => url.searchParams.has('region') && url.searchParams.get('q') === '"northern runway"');
      await marks.first().waitFor();
      const shown = await resultHeadlines(page);
      assert.ok(shown.length > 0);
      const shared = page.url();

      // A fresh page (another browser profile) with the shared URL shows the same results.
      const other = await context.browser()!.newContext({ baseURL: svc.baseUrl, viewport: { width: 360, height: 800 }, reducedMotion: 'reduce' });
      const fresh = await other.newPage();
      try {
        await signInWithEmailLink(svc, fresh, reader.email);
        await fresh.goto(shared);
        await expectHeading(fresh, 'Search the archive');
        await fresh.getByRole('list', { name: 'Search results' }).locator('mark').first().waitFor();
        assert.deepEqual(await resultHeadlines(fresh), shown);
        assert.equal(await fresh.getByLabel(/^Words or "a phrase"/).inputValue(), '"northern runway"');
        const overflow = await fresh.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `the search page scrolls sideways at 360 px by ${overflow} px`);
        await assertAccessible(fresh, '/search at 360 px');
      } finally {
        await other.close();
      }

      await page.getByRole('button', { name: 'Alert me about this search' }).click();
      await page.getByText(/Alert created: “Search: "northern runway"”/).waitFor();
      const rules = await svc.call('/v1/alert-rules', { headers: reader.keyAuth });
      const { rules: list } = await rules.json() as { rules: { name: string; subject: string; query: Record<string, unknown> }[] };
      const rule = list.find((r) => r.name === 'Search: "northern runway"');
      assert.ok(rule, JSON.stringify(list));
      assert.equal(rule.subject, 'articles');
      assert.deepEqual(rule.query, { q: '"northern runway"', region: new URL(shared).searchParams.get('region') });

      await page.getByRole('link', { name: 'Manage alerts' }).click();
      await expectHeading(page, 'Alerts');
      await page.getByRole('heading', { level: 3, name: 'Search: "northern runway"' }).waitFor();
      await assertAccessible(page, '/alerts');
    } finally {
      await context.close();
    }
  });

  it('sees the bell count go up when an administrator changes a watched project, and the notification links to it', async () => {
    const admin = await svc.h.identity({ admin: true });
    const project = await makeProject(svc.h, { title: 'Browser-watched apron works', status: 'planned' });
    const watch = await svc.call(`/v1/projects/${project.id}/watch`, { method: 'PUT', headers: reader.keyAuth });
    assert.ok(watch.ok, await watch.text());

    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, reader.email);
      await page.goto('/library');
      await expectHeading(page, 'Library');
      const bell = page.getByRole('link', { name: /^Notifications: \d+ unread$/ });
      const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label'))!)![1]);

      const patch = await svc.call(`/v1/admin/projects/${project.id}`, {
        method: 'PATCH', headers: { ...admin.keyAuth, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'ongoing' }),
      });
      assert.equal(patch.status, 200, await patch.text());
      // The bell polls while the tab is visible: the count goes up without a reload.
      await page.getByRole('link', { name: `Notifications: ${before + 1} unread` }).waitFor({ timeout: 40_000 });

      await page.getByRole('link', { name: `Notifications: ${before + 1} unread` }).click();
      await expectHeading(page, 'Notifications');
      const notice = page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: /Browser-watched apron works: status planned → ongoing/ });
      await notice.waitFor();
      assert.equal(await notice.getAttribute('href'), `/projects/${project.id}`);
      await assertAccessible(page, '/notifications');
    } finally {
      await context.close();
    }
  });
});
