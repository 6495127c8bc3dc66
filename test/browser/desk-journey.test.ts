/// <reference lib="dom" />
/**
 * The editorial desk in real Chromium (issue 27, "Done when"), as an administrator on the sample
 * data: triage the inbox with the keyboard (approve one, skip one, promote one onto the draft
 * edition); open the draft, edit the promoted article, accept suggested metadata, link a candidate
 * project, pin a cover by uploading an image; reorder two articles with the keyboard; publish; on the
 * newsletter page send one copy to a test address (the SMTP sink receives it with the edition's
 * headline), queue the send and watch the delivery state reach `sent` for the subscribers. A
 * non-administrator (and a signed-out visitor) who opens /desk/inbox gets the 404 page and no
 * /v1/admin request succeeds; readers' pages never load the desk's code. axe on every desk page visited.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import type { TestIdentity } from '../helpers/harness.js';
import { assertAccessible, expectHeading, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
let admin: TestIdentity;
let subscribers: TestIdentity[];
before(async () => {
  svc = await startBrowserService({ sample: true });
  admin = await svc.h.identity({ admin: true });
  subscribers = [await svc.h.identity({ plan: 'professional' }), await svc.h.identity({ plan: 'enterprise' })];
});
after(() => svc.close());

const db = () => svc.h.database.db;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of the page's polite status regions (what a screen reader announces). */
async function waitForStatus(page: Page, text: string | RegExp) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe('the editorial desk, as an administrator', () => {
  it('triages, composes, publishes and sends an edition', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, admin.email);

      // 1. The inbox, with the keyboard.
      await page.goto('/desk/inbox');
      await expectHeading(page, 'Inbox');
      const items = page.locator('[data-inbox-item]');
      await items.first().waitFor();
      await assertAccessible(page, '/desk/inbox');
      const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-inbox-item')!));
      assert.ok(ids.length >= 3, `the sample inbox has pending items (${ids.length})`);
      const scores = await items.evaluateAll((els) => els.map((e) => Number(e.querySelector('[aria-label^="Score"]')?.textContent)));
      assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'highest score first');

      await page.locator('main h1').press('a'); // the first item is the current one
      await waitForStatus(page, /^Approved “/);
      await page.keyboard.press('s');
      await waitForStatus(page, /^Skipped “/);
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard keys' }).waitFor();
      await assertAccessible(page, '/desk/inbox (keys)');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.keyboard.press('p');
      const promote = page.getByRole('dialog', { name: 'Promote to a draft article' });
      await promote.waitFor();
      await page.getByLabel('Draft edition').and(page.locator('input')).waitFor();
      await assertAccessible(page, '/desk/inbox (promote)');
      await promote.getByRole('button', { name: 'Promote', exact: true }).press('Enter');
      await waitForStatus(page, /^Promoted “/);
      const statuses = await db().selectFrom('inbox_items').select(['id', 'status', 'promoted_article_id']).where('id', 'in', ids.slice(0, 3)).execute();
      const byId = new Map(statuses.map((s) => [s.id, s]));
      assert.deepEqual(ids.slice(0, 3).map((id) => byId.get(id)!.status), ['approved', 'skipped', 'promoted']);
      const articleId = byId.get(ids[2]!)!.promoted_article_id!;
      const promoted = await db().selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id')
        .select(['a.headline', 'a.edition_id', 'e.status', 'e.number']).where('a.id', '=', articleId).executeTakeFirstOrThrow();
      assert.equal(promoted.status, 'draft');

      // 2. The draft edition and the promoted article.
      await page.getByRole('link', { name: 'Open the edition it was promoted onto' }).click();
      await expectHeading(page, 'Edition');
      await page.getByRole('link', { name: promoted.headline }).waitFor();
      await assertAccessible(page, '/desk/editions/{id}');
      await page.getByRole('link', { name: promoted.headline }).click();
      await expectHeading(page, 'Edit article');
      await page.getByLabel('Headline').waitFor();
      await assertAccessible(page, '/desk/editions/{id}/articles/{id}');
      const headline = `${promoted.headline} (edited)`;
      await page.getByLabel('Headline').fill(headline);
      const had = (await db().selectFrom('article_airports as aa').innerJoin('airports as ap', 'ap.id', 'aa.airport_id').select('ap.iata').where('aa.article_id', '=', articleId).execute()).map((a) => a.iata);
      const wanted = had.includes('LHR') ? 'LGW' : 'LHR'; // an airport the text names and the article lacks
      await page.getByLabel('Content').fill('London Heathrow (LHR) and London Gatwick (LGW) both want a new runway; the UK government backs Heathrow Airport Limited\'s third runway proposal.');
      await page.getByRole('button', { name: 'Suggest' }).click();
      const accept = page.getByRole('button', { name: new RegExp(`^Accept airport ${wanted}`) });
      await accept.waitFor();
      await accept.click();
      await waitForStatus(page, new RegExp(`^Accepted airport ${wanted}`));
      await page.getByRole('button', { name: 'Save article' }).click();
      await waitForStatus(page, 'Article saved.');
      const saved = await db().selectFrom('articles').select(['headline']).where('id', '=', articleId).executeTakeFirstOrThrow();
      assert.equal(saved.headline, headline);
      const airports = await db().selectFrom('article_airports as aa').innerJoin('airports as ap', 'ap.id', 'aa.airport_id').select('ap.iata').where('aa.article_id', '=', articleId).execute();
      assert.ok(airports.some((a) => a.iata === wanted), 'the accepted airport is saved');

      // A candidate project (the list is re-ranked after the save).
      await page.getByRole('list', { name: 'Project candidates' }).waitFor();
      const link = page.getByRole('list', { name: 'Project candidates' }).getByRole('button', { name: /^Link / }).first();
      await link.waitFor();
      const linkName = (await link.getAttribute('aria-label'))!.replace(/^Link /, '');
      await link.click();
      await waitForStatus(page, `Linked ${linkName}.`);
      const links = await db().selectFrom('article_projects').select(['project_id', 'link_source']).where('article_id', '=', articleId).execute();
      assert.equal(links.length, 1);
      assert.equal(links[0]!.link_source, 'manual');

      // The cover: upload an image (the file input of the drop zone) and pin it.
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2266aa' } }).png().toBuffer();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose an image to upload' }).click();
      await (await chooser).setFiles({ name: 'runway.png', mimeType: 'image/png', buffer: png });
      await waitForStatus(page, 'Uploaded runway.png and pinned it as the cover.');
      const cover = await db().selectFrom('article_covers').selectAll().where('article_id', '=', articleId).executeTakeFirst();
      assert.ok(cover, 'the cover is pinned');
      await assertAccessible(page, '/desk/editions/{id}/articles/{id} (after edits)');

      // 3. Reorder two articles with the keyboard, then publish.
      await page.getByRole('link', { name: /^Back to issue/ }).click();
      await expectHeading(page, 'Edition');
      const order = async () => (await db().selectFrom('articles').select(['id', 'sort_order']).where('edition_id', '=', promoted.edition_id).orderBy('sort_order').orderBy('id').execute()).map((a) => a.id);
      const rows = page.getByRole('list', { name: 'Articles in order' }).locator('[data-article-id]');
      await rows.first().waitFor();
      const before = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-article-id')!));
      assert.ok(before.length >= 2, `the draft has two articles at least (${before.length})`);
      const firstHeadline = (await rows.first().getByRole('link').textContent())!;
      await page.getByRole('button', { name: `Move “${firstHeadline}” down` }).focus();
      await page.keyboard.press('Enter');
      await waitForStatus(page, /Order saved\./);
      const after = await order();
      assert.deepEqual(after.slice(0, 2), [before[1], before[0]], 'the first two articles swapped, saved as sort_order');

      await page.getByRole('button', { name: 'Publish…' }).click();
      const confirm = page.getByRole('dialog', { name: /^Publish issue/ });
      await confirm.getByText('It does not send the newsletter', { exact: false }).waitFor();
      await assertAccessible(page, '/desk/editions/{id} (publish)');
      await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
      await waitForStatus(page, /is published\./);
      assert.equal((await db().selectFrom('editions').select('status').where('id', '=', promoted.edition_id).executeTakeFirstOrThrow()).status, 'published');

      // 4. The newsletter: one copy to a test address, then every subscriber.
      await page.getByRole('link', { name: 'Newsletter' }).click();
      await expectHeading(page, 'Newsletter');
      await page.getByText(/entitled subscriber/).waitFor();
      await page.getByRole('region', { name: 'The digest as text' }).or(page.getByLabel('The digest as text')).first().waitFor();
      await assertAccessible(page, '/desk/newsletter/{edition}');
      // The HTML part, in its sandboxed frame (axe cannot enter a frame without scripts: checked on the text tab).
      await page.getByRole('tab', { name: 'HTML' }).click();
      const srcdoc = await page.locator('iframe[title="The digest as HTML"]').getAttribute('srcdoc');
      assert.match(srcdoc ?? '', /<html/i);
      await page.getByRole('tab', { name: 'Text' }).click();
      const tester = `desk-test-${Date.now()}@example.test`;
      await page.getByLabel('Email address').fill(tester);
      await page.getByRole('button', { name: 'Send a copy' }).click();
      await waitForStatus(page, `One copy queued to ${tester}.`);
      const lead = await db().selectFrom('articles').select('headline').where('id', '=', after[0]!).executeTakeFirstOrThrow();
      await svc.mailedLink(tester, new RegExp(escape(lead.headline.slice(0, 40))));

      await page.getByRole('button', { name: 'Queue for every subscriber…' }).click();
      const sendDialog = page.getByRole('dialog', { name: /^Send issue/ });
      await sendDialog.waitFor();
      await assertAccessible(page, '/desk/newsletter/{edition} (confirm)');
      await sendDialog.getByRole('button', { name: 'Queue the send' }).click();
      await waitForStatus(page, /^Queued \d+ message/);
      for (const s of subscribers) await svc.mailedLink(s.email, new RegExp(escape(lead.headline.slice(0, 40))));
      // The page polls the delivery state until nothing is queued: every subscriber's copy and the test copy are sent.
      const total = subscribers.length + 1;
      await page.locator('[data-count="sent"]').filter({ hasText: new RegExp(`^${total}$`) }).waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('[data-count="queued"]').textContent(), '0');
      await assertAccessible(page, '/desk/newsletter/{edition} (sent)');
    } finally {
      await context.close();
    }
  });
});

describe('the desk, for everyone else', () => {
  for (const who of ['a signed-in reader', 'a signed-out visitor'] as const) {
    it(`${who} who opens /desk/inbox gets the 404 page and no admin request succeeds`, async () => {
      const context = await svc.newContext();
      const page = await context.newPage();
      const responses: Response[] = [];
      page.on('response', (r) => responses.push(r));
      try {
        if (who === 'a signed-in reader') {
          const reader = await svc.h.identity({ plan: 'enterprise' });
          await signInWithEmailLink(svc, page, reader.email);
        }
        await page.goto('/desk/inbox');
        await expectHeading(page, 'Page not found');
        await page.getByText('There is no page at /desk/inbox').waitFor();
        await page.goto('/desk/editions');
        await expectHeading(page, 'Page not found');
        await assertAccessible(page, `/desk/editions (${who})`);
        const admin = responses.filter((r) => new URL(r.url()).pathname.startsWith('/v1/admin'));
        assert.deepEqual(admin.filter((r) => r.ok()).map((r) => r.url()), [], 'no /v1/admin request succeeds');
        assert.deepEqual(admin.map((r) => r.url()), [], 'no /v1/admin request is made at all');
      } finally {
        await context.close();
      }
    });
  }

  it("readers' pages never load the desk's code", async () => {
    // The desk's chunks are the built scripts that name the admin API or the desk's own pages.
    const assets = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist', 'assets');
    const desk = new Set(readdirSync(assets).filter((f) => f.endsWith('.js'))
      .filter((f) => /\/v1\/admin\/|\/desk\/procurement/.test(readFileSync(path.join(assets, f), 'utf8'))));
    assert.ok(desk.size > 0, 'the desk has chunks of its own');
    const context = await svc.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(path.basename(new URL(r.url()).pathname)); });
    try {
      const reader = await svc.h.identity({ plan: 'professional' });
      for (const p of ['/', '/sign-in']) {
        await page.goto(p);
        await page.locator('h1').first().waitFor();
      }
      await signInWithEmailLink(svc, page, reader.email);
      for (const p of ['/account', '/account/preferences', '/no-such-page']) {
        await page.goto(p);
        await page.locator('h1').first().waitFor();
      }
      assert.ok(scripts.length > 0);
      assert.deepEqual(scripts.filter((s) => desk.has(s)), [], "a reader's pages load no desk chunk");
    } finally {
      await context.close();
    }
  });
});
