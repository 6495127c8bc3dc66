/// <reference lib="dom" />
/**
 * Lists longer than one window, in real Chromium (web/src/lib/api/pages.ts): the desk's editions
 * list shows the first 100 and "Load more editions" (with the keyboard) reads the rest, following
 * the service's `Link: …; rel="next"`; an edition of more articles than one window (200) is read
 * whole, so the desk lists and reorders all of them (a move of the last one saves, no 409) and the
 * reader's issue page shows all of them; the reader's library and an airport page load more; the
 * desk inbox's minimum score is the service's filter (`min_score`), so "Load more" reads on through
 * the filtered list; rows added or removed ahead of the windows between two clicks neither show a
 * row twice nor skip one.
 * axe-core on the pages with a "Load more" button.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestIdentity } from '../helpers/harness.js';
import type { Page } from 'playwright-core';
import { assertAccessible, expectHeading, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
let admin: TestIdentity;
let reader: TestIdentity;
/** The edition of more articles than one window, and its articles' ids in order. */
let bigEdition: { id: string; number: number };
let bigIds: string[];

const EDITIONS = 120;
const ARTICLES = 203;
const SAVED = 105;
const AT_AIRPORT = 60;
/** Pending inbox items: many weak ones (more than one window of 200) and a few strong ones. */
const WEAK = 205;
const STRONG = 3;

/** A request to the service as `who` (API key), JSON in and out. */
async function call(who: TestIdentity, method: string, pathname: string, body?: unknown) {
  const res = await svc.call(pathname, { method, headers: { ...who.keyAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * Signs the administrator in on `page` and opens /desk/inbox at its first window: the inbox rows
 * and the ids of the 200 shown.
 */
async function openInbox(page: Page) {
  await signInWithEmailLink(svc, page, admin.email);
  await page.goto('/desk/inbox');
  await expectHeading(page, 'Inbox');
  const items = page.locator('[data-inbox-item]');
  await page.getByText('Showing the first 200 items').waitFor();
  const ids = () => items.evaluateAll((els) => els.map((el) => el.getAttribute('data-inbox-item')!));
  const firstWindow = await ids();
  assert.equal(firstWindow.length, 200);
  return { items, ids, firstWindow };
}

before(async () => {
  svc = await startBrowserService();
  admin = await svc.h.identity({ admin: true, plan: 'enterprise' });
  reader = await svc.h.identity({ plan: 'enterprise' });
  // 120 editions, one a day from 2025-01-01 (issue 7001) to 2025-04-30 (issue 7120, the newest).
  for (let n = 1; n <= EDITIONS; n++) {
    const date = new Date(Date.UTC(2025, 0, n)).toISOString().slice(0, 10);
    const edition = await call(admin, 'POST', '/v1/admin/editions', { number: 7000 + n, publish_date: date });
    assert.equal(edition.status, 201, JSON.stringify(edition.body));
    if (n === EDITIONS) bigEdition = { id: edition.body.id, number: 7000 + n };
  }
  bigIds = [];
  for (let i = 0; i < ARTICLES; i++) {
    // The first 60 name Singapore Changi: more than one window (50) of the airport page's articles.
    const article = await call(admin, 'POST', '/v1/admin/articles', { edition_id: bigEdition.id, headline: `Long issue story ${i + 1}`, sort_order: i, ...(i < AT_AIRPORT ? { airports: ['SIN'] } : {}) });
    assert.equal(article.status, 201, JSON.stringify(article.body));
    bigIds.push(article.body.id);
  }
  assert.equal((await call(admin, 'POST', `/v1/admin/editions/${bigEdition.id}/publish`)).status, 200);
  for (const id of bigIds.slice(0, SAVED)) assert.equal((await call(reader, 'PUT', `/v1/articles/${id}/save`)).status < 300, true);
  await svc.h.database.db.insertInto('inbox_items').values(Array.from({ length: WEAK + STRONG + 1 }, (_, i) => ({
    source_name: 'Long Wire', url: `https://example.com/long-${i}`, title: i < WEAK ? `Weak story ${i + 1}` : `Strong story ${i + 1 - WEAK}`,
    excerpt: 'What happened.', score: i < WEAK ? 40 : 95,
    status: i === WEAK + STRONG ? 'skipped' : 'pending', // a strong one already skipped: not in the pending list
  }))).execute();
});

after(async () => {
  await svc?.close();
});

describe('lists longer than one window', () => {
  it('/desk/editions: the first 100, then "Load more editions" with the keyboard reads the other 20 (the oldest included)', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, admin.email);
      await page.goto('/desk/editions');
      const rows = page.locator('table tbody tr');
      await page.getByText('Showing the first 100 editions').waitFor();
      assert.equal(await rows.count(), 100);
      assert.equal(await page.getByRole('link', { name: 'Issue 7001', exact: true }).count(), 0, 'the oldest edition is not in the first window');
      await assertAccessible(page, '/desk/editions with Load more');
      const more = page.getByRole('button', { name: 'Load more editions' });
      await more.focus();
      await page.keyboard.press('Enter');
      await page.getByText(`Showing all ${EDITIONS} editions`).waitFor();
      assert.equal(await rows.count(), EDITIONS);
      assert.equal(await more.count(), 0, 'no button once every edition is shown');
      const issues = (await page.locator('table tbody tr td:first-child').allTextContents()).map((t) => Number(t.replace('Issue ', '')));
      assert.deepEqual(issues, Array.from({ length: EDITIONS }, (_, i) => 7000 + EDITIONS - i), 'newest first, each once');
    } finally {
      await context.close();
    }
  });

  it(`an edition of ${ARTICLES} articles: the desk lists all of them and moving the last one up saves the whole order`, async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, admin.email);
      await page.goto(`/desk/editions/${bigEdition.id}`);
      const items = page.locator('ol[aria-label="Articles in order"] > li');
      await items.nth(ARTICLES - 1).waitFor();
      assert.equal(await items.count(), ARTICLES);
      await page.getByRole('button', { name: `Move “Long issue story ${ARTICLES}” up` }).click();
      await page.getByText(`is now at position ${ARTICLES - 1} of ${ARTICLES}. Order saved.`).waitFor({ state: 'attached' });
      const stored = await svc.h.database.db.selectFrom('articles').select('id').where('edition_id', '=', bigEdition.id).orderBy('sort_order').execute();
      assert.deepEqual(stored.map((a) => a.id), [...bigIds.slice(0, ARTICLES - 2), bigIds[ARTICLES - 1], bigIds[ARTICLES - 2]]);
    } finally {
      await context.close();
    }
  });

  it(`the reader's issue page shows all ${ARTICLES} articles; /library and an airport's articles load more than their first window`, async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, reader.email);
      await page.goto(`/editions/${bigEdition.number}`);
      const cards = page.locator(`ul[aria-label="Articles of edition ${bigEdition.number}"] > li`);
      await cards.nth(ARTICLES - 1).waitFor();
      assert.equal(await cards.count(), ARTICLES);

      await page.goto('/library');
      await expectHeading(page, 'Library');
      const saved = page.locator('ul[aria-label="Saved articles"] > li');
      await page.getByText('Showing the first 100 saved articles').waitFor();
      assert.equal(await saved.count(), 100);
      await assertAccessible(page, '/library with Load more');
      // A next window that fails (503, retried once) keeps the rows shown and says why beside the button.
      const busy = (route: import('playwright-core').Route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The database is busy; try again in a moment.' }) });
      // The next window (read from a little before offset 100: web/src/lib/api/pages.ts, OVERLAP).
      const nextWindow = (url: URL) => url.pathname === '/v1/library/saved' && Number(url.searchParams.get('offset')) > 0;
      await page.route(nextWindow, busy);
      await page.getByRole('button', { name: 'Load more saved articles' }).click();
      await page.getByRole('alert').filter({ hasText: 'The database is busy; try again in a moment.' }).waitFor();
      assert.equal(await saved.count(), 100, 'the rows already read stay');
      await page.unroute(nextWindow, busy);
      await page.getByRole('button', { name: 'Load more saved articles' }).click();
      await page.getByText(`Showing all ${SAVED} saved articles`).waitFor();
      assert.equal(await saved.count(), SAVED);
      const headlines = new Set((await saved.allTextContents()).map((t) => /Long issue story \d+/.exec(t)?.[0]));
      assert.equal(headlines.size, SAVED, 'every saved article once');

      await page.goto('/airports/SIN');
      const articles = page.getByRole('region', { name: 'Articles' }).getByRole('listitem');
      await page.getByText('Showing the first 50 articles').waitFor();
      assert.equal(await articles.count(), 50);
      await page.getByRole('button', { name: 'Load more articles' }).click();
      await page.getByText(`Showing all ${AT_AIRPORT} articles`).waitFor();
      assert.equal(await articles.count(), AT_AIRPORT);
      await assertAccessible(page, '/airports/SIN after Load more');
    } finally {
      await context.close();
    }
  });

  it('/desk/inbox: a minimum score narrows the list in the service; without it "Load more items" reads past the first 200', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      const { items } = await openInbox(page);
      await page.getByRole('button', { name: 'Load more items' }).click();
      await page.getByText(`Showing all ${WEAK + STRONG} items`).waitFor();
      assert.equal(await items.count(), WEAK + STRONG);

      const asked = page.waitForRequest((req) => new URL(req.url()).pathname === '/v1/admin/inbox' && new URL(req.url()).searchParams.get('min_score') === '90');
      await page.getByLabel('Minimum score').fill('90');
      await asked;
      await page.getByText(`Showing all ${STRONG} items`).waitFor();
      assert.equal(await items.count(), STRONG);
      assert.deepEqual(await page.locator('[data-inbox-item] [aria-label^="Score"]').allTextContents(), Array(STRONG).fill('95'));
      assert.equal(await page.getByRole('button', { name: 'Load more items' }).count(), 0);
      await assertAccessible(page, '/desk/inbox with a minimum score');
      // The field takes whole scores from 0 to 100 only, so it never asks what the API refuses.
      const field = page.getByLabel('Minimum score');
      await field.fill('');
      await field.pressSequentially('150.5');
      const typed = await field.inputValue();
      assert.ok(/^\d+$/.test(typed) && Number(typed) <= 100, `the field holds a whole score of at most 100 (${typed})`);
      await page.waitForTimeout(600); // the debounce (300 ms) and the request
      assert.equal(await page.getByRole('alert').count(), 0, 'no refused request');
    } finally {
      await context.close();
    }
  });

  it('"Load more" shows each row once when a row was added ahead of the window between two clicks', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      const { items, ids, firstWindow } = await openInbox(page);
      // A stronger item arrives: it sorts first, so the service's second window (offset 200) now
      // starts with the row that was the 200th.
      const [arrived] = await svc.h.database.db.insertInto('inbox_items')
        .values({ source_name: 'Long Wire', url: 'https://example.com/long-arrived', title: 'Arrived meanwhile', excerpt: 'What happened.', score: 99, status: 'pending' })
        .returning('id').execute();
      const second = await call(admin, 'GET', '/v1/admin/inbox?status=pending&limit=200&offset=200');
      assert.equal(second.body.items[0].id, firstWindow[199], 'the second window repeats the last row of the first');
      await page.getByRole('button', { name: 'Load more items' }).click();
      await page.getByText(`Showing all ${WEAK + STRONG} items`).waitFor();
      const shown = await ids();
      assert.equal(shown.length, WEAK + STRONG);
      assert.equal(new Set(shown).size, shown.length, 'no row is shown twice');
      assert.deepEqual(shown.slice(0, 200), firstWindow, 'the rows already shown stay in place');
      assert.ok(!shown.includes(arrived!.id), 'the new row waits for the list to be read again');
      await page.reload();
      await page.getByText('Showing the first 200 items').waitFor();
      assert.equal(await items.first().getAttribute('data-inbox-item'), arrived!.id, 'read again, the list starts with the new row');
    } finally {
      await context.close();
    }
  });

  it('"Load more" skips no row when rows shown were removed from the list between two clicks', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      const { ids, firstWindow } = await openInbox(page);
      // Another editor skips three of the rows shown: they leave the pending list, so the service's
      // window at offset 200 now starts three rows later than the page's first window ended.
      const gone = [firstWindow[5]!, firstWindow[50]!, firstWindow[150]!];
      await svc.h.database.db.updateTable('inbox_items').set({ status: 'skipped' }).where('id', 'in', gone).execute();
      const windows = await Promise.all([0, 200].map((offset) => call(admin, 'GET', `/v1/admin/inbox?status=pending&limit=200&offset=${offset}`)));
      const [first, second] = windows.map((w) => w.body.items.map((item: { id: string }) => item.id) as string[]);
      assert.ok(second!.length < 200, 'the pending list now ends in its second window');
      const pending = [...first!, ...second!];
      assert.ok(!second!.includes(pending[197]!), 'a plain offset read would skip rows');
      await page.getByRole('button', { name: 'Load more items' }).click();
      await page.getByText(`Showing all ${pending.length + gone.length} items`).waitFor();
      const shown = await ids();
      assert.equal(new Set(shown).size, shown.length, 'no row is shown twice');
      assert.deepEqual(pending.filter((id) => !shown.includes(id)), [], 'every pending row is shown');
      assert.deepEqual(shown.slice(0, 200), firstWindow, 'the rows already shown stay in place');
    } finally {
      await context.close();
    }
  });
});
