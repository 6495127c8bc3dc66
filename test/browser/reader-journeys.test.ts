/// <reference lib="dom" />
/**
 * The reader's web app in real Chromium (issue 26, "Done when", part A), over the sample data:
 * a professional reader opens the latest edition, opens an article, saves it and finds it in
 * /library; searches the archive with a quoted phrase and a facet, sees the terms highlighted,
 * shares the URL (a fresh page shows the same results) and creates an alert from the search; an
 * administrator changes a watched project's status over the API → the bell's count goes up and the
 * notification links to the project; opens an article naming companies, follows a company link
 * and sees the company's page with its projects and articles (and the way back from a project).
 * axe-core on every page visited.
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
      // Year and Edition take whole numbers only (the API's are integers): a decimal point is not typed.
      for (const name of ['Year', 'Edition']) {
        const field = page.getByRole('textbox', { name, exact: true });
        await field.pressSequentially('12.5');
        assert.equal(await field.inputValue(), '125', name);
        await field.fill('');
      }

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
  it('follows a company link from an article to the company page, with its projects and articles, on a phone too', async () => {
    const admin = await svc.h.identity({ admin: true });
    const asAdmin = (url: string, method: string, body: unknown) => svc.call(url, { method, headers: { ...admin.keyAuth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const group = await asAdmin('/v1/admin/companies', 'POST', { name: 'Wallaby Aviation Group', country_code: 'AU', aliases: ['WAG'] });
    const groupBody = await group.text();
    assert.equal(group.status, 201, groupBody);
    const groupId = (JSON.parse(groupBody) as { id: string }).id;
    const sub = await asAdmin('/v1/admin/companies', 'POST', { name: 'Wallaby Apron Works', parent_id: groupId });
    assert.equal(sub.status, 201, await sub.text());
    const project = await makeProject(svc.h, { title: 'Wallaby stand expansion' });
    assert.equal((await asAdmin(`/v1/admin/projects/${project.id}/companies`, 'PUT', { companies: [{ name: 'Wallaby Apron Works', role: 'contractor' }] })).status, 200);
    // An article of the latest published edition names the group (the reader's archive reaches it).
    const article = await svc.h.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').select(['a.id', 'a.slug', 'a.headline'])
      .where('e.status', '=', 'published').orderBy('e.publish_date', 'desc').orderBy('a.sort_order').executeTakeFirstOrThrow();
    const named = await asAdmin(`/v1/admin/articles/${article.id}/companies`, 'PUT', { companies: ['WAG'] });
    assert.equal(named.status, 200, await named.text());

    for (const width of [1280, 360]) {
      const context = await svc.newContext(width === 360 ? { width: 360, height: 740 } : {});
      const page = await context.newPage();
      try {
        await signInWithEmailLink(svc, page, reader.email);
        await page.goto(`/articles/${article.id}/${article.slug}`);
        await expectHeading(page, article.headline);
        const companies = page.getByRole('navigation', { name: 'Companies' });
        assert.deepEqual(await companies.getByRole('link').allTextContents(), ['Wallaby Aviation Group']);
        await companies.getByRole('link', { name: 'Wallaby Aviation Group' }).click();
        await expectHeading(page, 'Wallaby Aviation Group');
        assert.equal(new URL(page.url()).pathname, '/companies/wallaby-aviation-group');
        await page.getByRole('heading', { level: 2, name: 'Subsidiaries' }).waitFor();
        await page.getByRole('region', { name: 'Subsidiaries' }).getByRole('link', { name: 'Wallaby Apron Works' }).waitFor();
        // Its projects include the subsidiary's; its articles the one that names it.
        const projects = page.getByRole('region', { name: 'Projects' });
        await projects.getByRole('link', { name: 'Wallaby stand expansion' }).waitFor();
        const articles = page.getByRole('region', { name: 'Articles' });
        await articles.getByRole('link', { name: article.headline }).waitFor();
        assert.equal(await articles.getByRole('link', { name: article.headline }).getAttribute('href'), `/articles/${article.id}/${article.slug}`);
        // A professional reader without `wat`: the tenders section says which plans include them.
        await page.getByRole('region', { name: 'Tenders' }).getByTestId('not-in-plan').waitFor();
        assert.match((await page.getByTestId('company-counts').textContent()) ?? '', /1 project · 0 tenders · 1 article/);
        await assertAccessible(page, `/companies/{slug} at ${width} px`);
        if (width === 360) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `no sideways scrolling of the page at 360 px (${overflow} px)`);
          continue;
        }
        // The project page links its companies to their pages too.
        await projects.getByRole('link', { name: 'Wallaby stand expansion' }).click();
        await expectHeading(page, 'Wallaby stand expansion');
        await page.getByRole('region', { name: 'Companies' }).getByRole('link', { name: 'Wallaby Apron Works' }).click();
        await expectHeading(page, 'Wallaby Apron Works');
        await page.getByRole('region', { name: 'Company facts' }).or(page.getByRole('table', { name: 'Company facts' })).getByRole('link', { name: 'Wallaby Aviation Group' }).waitFor();
        await assertAccessible(page, '/companies/{slug} (a subsidiary)');
      } finally {
        await context.close();
      }
    }
  });
});
