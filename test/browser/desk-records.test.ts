/// <reference lib="dom" />
/**
 * The editorial desk's record pages in real Chromium (issue 27, part B), as an administrator:
 * create, edit and delete a project with its airport and company links; an unpublished tender shows
 * in /desk/tenders and is published from there; add a news source, poll it now, enable and disable it; upload an image in
 * /desk/media by dropping it, edit its alt text, try to delete a pinned asset and read why not; add
 * a procurement review; a stale edit shows the conflict (409, decision 0050) and reload works, for a
 * project and for two editors of one article and one edition, of one news source and one media asset;
 * the keyboard alone creates a project; the mouse reorders an edition's articles by dragging one.
 * axe-core on every desk page visited; one page again at 360 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import type { TestIdentity } from '../helpers/harness.js';
import { feedRoute, rss, startFeedServer, type FeedServer } from '../intake/feed-server.js';
import type { Page } from 'playwright-core';
import { assertAccessible, expectHeading, signInWithEmailLink, startBrowserService, type BrowserService } from './service.js';

let svc: BrowserService;
let feeds: FeedServer;
let admin: TestIdentity;
let pinnedName: string;
let pinnedId: string;
let draftTenderTitle: string;

/** A request to the service as the administrator (API key), JSON in and out. */
async function adminCall(method: string, pathname: string, body?: unknown) {
  const res = await svc.call(pathname, { method, headers: { ...admin.keyAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const png = (color: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();

before(async () => {
  svc = await startBrowserService({ outboundAllowedHosts: parseAllowedHosts('127.0.0.2') });
  feeds = await startFeedServer('127.0.0.2', {
    '/desk.xml': feedRoute(() => rss([{ guid: 'desk-b-1', title: 'Changi Terminal 5 contract awarded to builders', link: 'https://news.example.com/changi-t5-desk', description: 'Singapore Changi Airport awards the Terminal 5 contract.' }])),
    '/two-editors.xml': feedRoute(() => rss([])),
  });
  admin = await svc.h.identity({ admin: true, plan: 'enterprise' });

  assert.equal((await adminCall('POST', '/v1/admin/companies', { name: 'Desk Builders Ltd' })).status, 201);
  draftTenderTitle = `Draft lounge tender ${Date.now()}`;
  const tender = await adminCall('POST', '/v1/admin/tenders', { title: draftTenderTitle, buyer: 'Changi Airport Group', type: 'eoi', iata_code: 'SIN', published: false });
  assert.equal(tender.status, 201);

  // An asset pinned as an article's cover.
  const edition = await adminCall('POST', '/v1/admin/editions', { number: 9401, publish_date: '2026-11-20' });
  assert.equal(edition.status, 201, JSON.stringify(edition.body));
  const article = await adminCall('POST', '/v1/admin/articles', { edition_id: edition.body.id, headline: 'A pinned cover story' });
  assert.equal(article.status, 201, JSON.stringify(article.body));
  const form = new FormData();
  pinnedName = 'pinned-cover.png';
  form.append('alt_text', 'The pinned cover');
  form.append('file', new Blob([new Uint8Array(await png('#aa3322'))], { type: 'image/png' }), pinnedName);
  const upload = await svc.call('/v1/admin/media', { method: 'POST', headers: admin.keyAuth, body: form });
  assert.equal(upload.status, 201, await upload.clone().text());
  pinnedId = ((await upload.json()) as { id: string }).id;
  assert.equal((await adminCall('PUT', `/v1/admin/articles/${article.body.id}/cover`, { media_id: pinnedId })).status, 200);

  const request = await svc.call('/v1/procurement-requests', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ organisation: 'Desk Org Procurement', contact_name: 'Pat Buyer', email: 'pat@desk-org.example', country: 'GB', plan: 'enterprise', seats: 12 }) });
  assert.ok(request.status === 201 || request.status === 202, await request.text());
});
after(async () => { await feeds?.close(); await svc?.close(); });

describe('the desk record pages, as an administrator', () => {
  it('projects, tenders, calendar, sources, media and procurement', async () => {
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, admin.email);

      // ---- Projects: create, links, edit, a stale edit and its reload, delete.
      await page.goto('/desk/projects');
      await expectHeading(page, 'Projects');
      await assertAccessible(page, '/desk/projects');
      await page.getByRole('button', { name: 'New project' }).click();
      const create = page.getByRole('dialog', { name: 'New project' });
      await create.getByLabel('Title').fill('Desk journey runway');
      await create.getByLabel('Main airport (IATA code)').fill('LHR');
      await create.getByRole('button', { name: 'Create project' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Desk journey runway' });
      await edit.waitFor();
      await assertAccessible(page, '/desk/projects (editing)');
      const project = (await adminCall('GET', '/v1/admin/projects?q=Desk%20journey%20runway')).body.projects[0] as { id: string };
      assert.ok(project, 'the project was created');

      const airports = edit.getByRole('textbox', { name: 'Airports' });
      await airports.fill('SIN');
      await airports.press('Enter');
      const companies = edit.getByRole('textbox', { name: 'Companies' });
      await companies.fill('Desk Builders Ltd');
      await companies.press('Enter');
      await edit.getByRole('button', { name: 'Save links' }).click();
      await edit.getByText('Links saved.').waitFor();
      const links = (await adminCall('GET', `/v1/admin/projects/${project.id}/links`)).body as { airports: { iata_code: string }[]; companies: { name: string }[] };
      assert.deepEqual(links.airports.map((a) => a.iata_code).sort(), ['LHR', 'SIN']);
      assert.deepEqual(links.companies.map((c) => c.name), ['Desk Builders Ltd']);

      await edit.getByLabel('Title').fill('Desk journey runway two');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByText('Changes saved.').waitFor();
      assert.equal((await adminCall('GET', `/v1/admin/projects/${project.id}`)).body.title, 'Desk journey runway two');

      // Someone else changes the project while this editor still has it open.
      assert.equal((await adminCall('PATCH', `/v1/admin/projects/${project.id}`, { description: 'Changed by another editor' })).status, 200);
      await edit.getByLabel('Contractor').fill('Mine Contracting');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByRole('alert').filter({ hasText: 'Someone else changed this record' }).waitFor();
      assert.equal(await edit.getByLabel('Contractor').inputValue(), 'Mine Contracting', 'what was typed stays');
      await assertAccessible(page, '/desk/projects (stale edit)');
      assert.equal((await adminCall('GET', `/v1/admin/projects/${project.id}`)).body.contractor, null, 'the stale write changed nothing');
      await edit.getByRole('button', { name: 'Reload the latest version' }).click();
      await edit.getByText('Reloaded the latest version.').waitFor();
      assert.equal(await edit.getByLabel('Description').inputValue(), 'Changed by another editor');
      await edit.getByLabel('Contractor').fill('Mine Contracting');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByText('Changes saved.').waitFor();
      const saved = (await adminCall('GET', `/v1/admin/projects/${project.id}`)).body;
      assert.equal(saved.contractor, 'Mine Contracting');
      assert.equal(saved.description, 'Changed by another editor');
      await edit.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Delete Desk journey runway two' }).click();
      await page.getByRole('dialog', { name: 'Delete this project?' }).getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Deleted “Desk journey runway two”.' }).waitFor();
      assert.equal((await adminCall('GET', `/v1/admin/projects/${project.id}`)).status, 404);

      // ---- Tenders: an unpublished one is listed as such.
      await page.goto('/desk/tenders');
      await expectHeading(page, 'Tenders');
      const draftRow = page.getByRole('row').filter({ hasText: draftTenderTitle });
      await draftRow.getByText('Unpublished').waitFor();
      await assertAccessible(page, '/desk/tenders');
      await page.getByRole('button', { name: `Edit ${draftTenderTitle}` }).click();
      const editTender = page.getByRole('dialog', { name: `Edit ${draftTenderTitle}` });
      await editTender.getByLabel('Readers see it (unchecked: a draft)').check();
      await editTender.getByRole('button', { name: 'Save changes' }).click();
      await editTender.getByText('Changes saved.').waitFor();
      await assertAccessible(page, '/desk/tenders (editing)');
      await editTender.getByRole('button', { name: 'Close' }).click();
      await draftRow.getByText('Published').waitFor();

      // ---- Calendar: the page and a new event.
      await page.goto('/desk/calendar');
      await expectHeading(page, 'Events calendar');
      await page.getByRole('button', { name: 'New event' }).click();
      const newEvent = page.getByRole('dialog', { name: 'New event' });
      await newEvent.getByLabel('Title').fill('Desk journey expo');
      await newEvent.getByLabel('Starts on').fill('2027-04-01');
      await newEvent.getByLabel('Ends on').fill('2027-03-01');
      await newEvent.getByRole('button', { name: 'Create event' }).click();
      await newEvent.getByText(/must not be before starts_on/).first().waitFor();
      assert.equal(await newEvent.getByLabel('Title').inputValue(), 'Desk journey expo', 'the form keeps what was typed');
      await assertAccessible(page, '/desk/calendar (refused create)');
      await newEvent.getByLabel('Ends on').fill('2027-04-03');
      await newEvent.getByRole('button', { name: 'Create event' }).click();
      await page.getByRole('dialog', { name: 'Edit Desk journey expo' }).waitFor();
      await page.getByRole('dialog', { name: 'Edit Desk journey expo' }).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('row').filter({ hasText: 'Desk journey expo' }).waitFor();

      // ---- Sources: add, poll now, enable and disable.
      await page.goto('/desk/sources');
      await expectHeading(page, 'News sources');
      await assertAccessible(page, '/desk/sources');
      await page.getByRole('button', { name: 'Add a source' }).click();
      const addSource = page.getByRole('dialog', { name: 'Add a news source' });
      await addSource.getByLabel('Name').fill('Desk journey feed');
      await addSource.getByLabel('Feed address').fill(feeds.url('/desk.xml'));
      await addSource.getByRole('button', { name: 'Add source' }).click();
      await page.getByRole('status').filter({ hasText: 'Desk journey feed was added.' }).waitFor();
      await page.getByRole('button', { name: 'Poll Desk journey feed now' }).click();
      await page.getByRole('status').filter({ hasText: 'Polled Desk journey feed: 1 items in the feed, 1 new, 0 duplicates.' }).waitFor();
      await page.getByRole('button', { name: 'Enable Desk journey feed' }).click();
      await page.getByRole('status').filter({ hasText: 'Desk journey feed is enabled.' }).waitFor();
      await page.getByRole('button', { name: 'Disable Desk journey feed' }).click();
      await page.getByRole('status').filter({ hasText: 'Desk journey feed is disabled.' }).waitFor();
      const source = (await adminCall('GET', '/v1/admin/sources')).body.sources.find((s: { name: string }) => s.name === 'Desk journey feed');
      assert.equal(source.enabled, false);
      assert.ok(source.last_success_at);
      await assertAccessible(page, '/desk/sources (after a poll)');

      // ---- Media: drop an image, edit its alt text, a pinned asset cannot be deleted.
      await page.goto('/desk/media');
      await expectHeading(page, 'Media library');
      await assertAccessible(page, '/desk/media');
      const bytes = (await png('#2255aa')).toString('base64');
      const dataTransfer = await page.evaluateHandle((b64) => {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'dropped-runway.png', { type: 'image/png' }));
        return dt;
      }, bytes);
      await page.dispatchEvent('[data-testid="media-drop"]', 'drop', { dataTransfer });
      await page.getByText('Ready: dropped-runway.png').waitFor();
      await page.getByLabel('Alt text', { exact: true }).fill('A runway at dusk');
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Uploaded dropped-runway.png.' }).waitFor();
      await page.getByRole('button', { name: 'Edit dropped-runway.png' }).click();
      const editAsset = page.getByRole('dialog', { name: 'Edit dropped-runway.png' });
      await editAsset.getByLabel('Alt text').fill('A runway at dawn');
      await editAsset.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved dropped-runway.png.' }).waitFor();
      const dropped = (await adminCall('GET', '/v1/admin/media?q=dropped-runway')).body.media[0];
      assert.equal(dropped.alt_text, 'A runway at dawn');

      await page.getByRole('button', { name: `Delete ${pinnedName}` }).click();
      const del = page.getByRole('dialog', { name: 'Delete this asset?' });
      await del.getByRole('button', { name: 'Delete', exact: true }).click();
      await del.getByRole('alert').filter({ hasText: /pinned cover of 1 article/ }).waitFor();
      await assertAccessible(page, '/desk/media (pinned asset not deleted)');
      assert.equal((await adminCall('GET', `/v1/admin/media/${pinnedId}`)).status, 200, 'the pinned asset is still there');
      await del.getByRole('button', { name: 'Keep it' }).click();
      await page.getByLabel('Only unbound assets').check();
      const library = page.getByRole('list', { name: 'Media library' });
      await library.getByText(pinnedName, { exact: true }).waitFor({ state: 'detached' });
      await library.getByText('dropped-runway.png', { exact: true }).waitFor();
      await assertAccessible(page, '/desk/media (unbound only)');

      // ---- Procurement: a review joins the trail.
      await page.goto('/desk/procurement');
      await expectHeading(page, 'Procurement requests');
      await assertAccessible(page, '/desk/procurement');
      await page.getByRole('button', { name: 'Open the request of Desk Org Procurement' }).click();
      const req = page.getByRole('dialog', { name: 'Desk Org Procurement' });
      await req.getByText('No reviews yet.').waitFor();
      await req.getByLabel('Note').fill('Seats checked with the buyer');
      await req.getByRole('button', { name: 'Add review' }).click();
      await req.getByRole('status').filter({ hasText: 'Review added: the request is now in review.' }).waitFor();
      await req.getByRole('list', { name: 'Review trail' }).getByText('Seats checked with the buyer').waitFor();
      await assertAccessible(page, '/desk/procurement (reviewed)');

      // ---- The keyboard alone creates a project (Enter on the button, Tab to the title, Enter submits) and Escape closes the dialog.
      await page.goto('/desk/projects');
      await expectHeading(page, 'Projects');
      await page.getByRole('button', { name: 'New project' }).focus();
      await page.keyboard.press('Enter');
      const keyed = page.getByRole('dialog', { name: 'New project' });
      await keyed.waitFor();
      const titleField = keyed.getByLabel('Title');
      for (let i = 0; i < 6 && !(await titleField.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      assert.ok(await titleField.evaluate((el) => el === document.activeElement), 'Tab reaches the title field');
      await page.keyboard.type('Keyboard made project');
      await page.keyboard.press('Enter');
      const keyedEdit = page.getByRole('dialog', { name: 'Edit Keyboard made project' });
      await keyedEdit.waitFor();
      await page.keyboard.press('Escape');
      await keyedEdit.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: 'Keyboard made project' }).waitFor();

      // ---- 360 px: the projects page fits and stays accessible.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/desk/projects');
      await expectHeading(page, 'Projects');
      await page.getByRole('button', { name: 'New project' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no sideways scrolling of the page at 360 px (${overflow} px)`);
      await assertAccessible(page, '/desk/projects at 360 px');
    } finally {
      await context.close();
    }
  });

  it('two editors of one article and one edition: the second save from an older version gets the 409 notice, reload shows the first editor\'s change', async () => {
    const edition = await adminCall('POST', '/v1/admin/editions', { number: 9402, publish_date: '2026-11-27', summary: 'First draft of the summary.' });
    assert.equal(edition.status, 201, JSON.stringify(edition.body));
    const article = await adminCall('POST', '/v1/admin/articles', { edition_id: edition.body.id, headline: 'Two editors story' });
    assert.equal(article.status, 201, JSON.stringify(article.body));
    const context = await svc.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    try {
      await signInWithEmailLink(svc, first, admin.email);

      // ---- The article editor, open in two tabs (both loaded the same version).
      const articleUrl = `/desk/editions/${edition.body.id}/articles/${article.body.id}`;
      for (const page of [first, second]) {
        await page.goto(articleUrl);
        await page.getByLabel('Headline').waitFor();
      }
      await first.getByLabel('Headline').fill('Two editors story, retitled');
      await first.getByRole('button', { name: 'Save article' }).click();
      await first.getByText('Article saved.').waitFor();
      await first.getByLabel('Why it matters').fill('The first editor saves again from the version the save answered.');
      await first.getByRole('button', { name: 'Save article' }).click();
      await first.getByText('Article saved.').waitFor();

      await second.getByLabel('Why it matters').fill('Written from the older version.');
      await second.getByRole('button', { name: 'Save article' }).click();
      await second.getByRole('alert').filter({ hasText: 'Someone else changed this record' }).waitFor();
      assert.equal(await second.getByLabel('Why it matters').inputValue(), 'Written from the older version.', 'what was typed stays');
      await assertAccessible(second, '/desk/editions/{id}/articles/{id} (stale edit)');
      const unchanged = (await adminCall('GET', `/v1/admin/articles/${article.body.id}`)).body;
      assert.equal(unchanged.why_it_matters, 'The first editor saves again from the version the save answered.', 'the stale save changed nothing');
      await second.getByRole('button', { name: 'Reload the latest version' }).click();
      await second.getByText('Reloaded the latest version.').waitFor();
      assert.equal(await second.getByLabel('Headline').inputValue(), 'Two editors story, retitled');
      assert.equal(await second.getByLabel('Why it matters').inputValue(), 'The first editor saves again from the version the save answered.');
      await second.getByLabel('Why it matters').fill('Written from the latest version.');
      await second.getByRole('button', { name: 'Save article' }).click();
      await second.getByText('Article saved.').waitFor();
      const saved = (await adminCall('GET', `/v1/admin/articles/${article.body.id}`)).body;
      assert.equal(saved.why_it_matters, 'Written from the latest version.');
      assert.equal(saved.headline, 'Two editors story, retitled');

      // ---- The edition page, the same way: adding an article meanwhile is no conflict, a changed summary is.
      const editionUrl = `/desk/editions/${edition.body.id}`;
      for (const page of [first, second]) {
        await page.goto(editionUrl);
        await page.getByRole('textbox', { name: 'Executive summary' }).waitFor();
      }
      assert.equal((await adminCall('POST', '/v1/admin/articles', { edition_id: edition.body.id, headline: 'Added meanwhile' })).status, 201);
      await first.getByRole('textbox', { name: 'Executive summary' }).fill('The first editor\'s summary.');
      await first.getByRole('button', { name: 'Save edition' }).click();
      await first.getByText('Edition saved.').waitFor();

      await second.getByRole('textbox', { name: 'Key trends' }).fill('A trend from the older version');
      await second.getByRole('button', { name: 'Save edition' }).click();
      await second.getByRole('alert').filter({ hasText: 'Someone else changed this record' }).waitFor();
      assert.equal(await second.getByRole('textbox', { name: 'Key trends' }).inputValue(), 'A trend from the older version', 'what was typed stays');
      assert.deepEqual((await adminCall('GET', `/v1/admin/editions/${edition.body.id}`)).body.key_trends, [], 'the stale save changed nothing');
      await second.getByRole('button', { name: 'Reload the latest version' }).click();
      await second.getByText('Reloaded the latest version.').waitFor();
      assert.equal(await second.getByRole('textbox', { name: 'Executive summary' }).inputValue(), 'The first editor\'s summary.');
      await second.getByRole('textbox', { name: 'Key trends' }).fill('A trend from the latest version');
      await second.getByRole('button', { name: 'Save edition' }).click();
      await second.getByText('Edition saved.').waitFor();
      const after = (await adminCall('GET', `/v1/admin/editions/${edition.body.id}`)).body;
      assert.deepEqual(after.key_trends, ['A trend from the latest version']);
      assert.equal(after.summary, 'The first editor\'s summary.');
    } finally {
      await context.close();
    }
  });

  it('two editors of one news source and one media asset: the second save from an older version gets the 409 notice, reload shows the first editor\'s change', async () => {
    const source = await adminCall('POST', '/v1/admin/sources', { name: 'Two editors feed', feed_url: feeds.url('/two-editors.xml'), trust_weight: 50 });
    assert.equal(source.status, 201, JSON.stringify(source.body));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png('#3355aa'))], { type: 'image/png' }), 'two-editors.png');
    const upload = await svc.call('/v1/admin/media', { method: 'POST', headers: admin.keyAuth, body: form });
    assert.equal(upload.status, 201, await upload.clone().text());
    const asset = (await upload.json()) as { id: string };
    const context = await svc.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    type Field = [label: string, value: string];
    /**
     * Both tabs open the edit dialog of one record at `url`; the first saves `edit`; the second,
     * from the older version, saves `stale` and gets the 409 notice with what it typed kept and the
     * row (`stored()`) unchanged; its reload shows the first editor's `edit`, and its `retry` saves.
     */
    const twoEditors = async (r: { url: string; open: string; save: string; saved: (typed: Field) => string; edit: Field; stale: Field; retry: Field; stored: () => Promise<unknown>; before: unknown; after: unknown }) => {
      const dialogs = [];
      for (const page of [first, second]) {
        await page.goto(r.url);
        await page.getByRole('button', { name: r.open }).click();
        dialogs.push(page.getByRole('dialog'));
      }
      const [one, two] = dialogs as [ReturnType<Page['getByRole']>, ReturnType<Page['getByRole']>];
      const type = async (dialog: typeof one, [label, value]: Field) => dialog.getByLabel(label).fill(value);
      await type(one, r.edit);
      await one.getByRole('button', { name: r.save }).click();
      await first.getByText(r.saved(r.edit)).waitFor();

      await type(two, r.stale);
      await two.getByRole('button', { name: r.save }).click();
      await two.getByRole('alert').filter({ hasText: 'Someone else changed this record' }).waitFor();
      await assertAccessible(second, `${r.url} (stale edit)`);
      assert.equal(await two.getByLabel(r.stale[0]).inputValue(), r.stale[1], 'what was typed stays');
      assert.deepEqual(await r.stored(), r.before, 'the stale save changed nothing');
      await two.getByRole('button', { name: 'Reload the latest version' }).click();
      await two.getByText('Reloaded the latest version.').waitFor();
      assert.equal(await two.getByLabel(r.edit[0]).inputValue(), r.edit[1]);
      await type(two, r.retry);
      await two.getByRole('button', { name: r.save }).click();
      await second.getByText(r.saved(r.retry)).waitFor();
      assert.deepEqual(await r.stored(), r.after);
    };
    try {
      await signInWithEmailLink(svc, first, admin.email);
      const sourceRow = () => svc.h.database.db.selectFrom('news_sources').select(['name', 'trust_weight']).where('id', '=', source.body.id).executeTakeFirstOrThrow();
      await twoEditors({
        url: '/desk/sources', open: 'Edit Two editors feed', save: 'Save changes', stored: sourceRow,
        saved: ([label, value]) => `${label === 'Name' ? value : 'Two editors feed'} was saved.`,
        edit: ['Trust weight (0–100)', '80'], stale: ['Name', 'Two editors feed, renamed from an older version'], retry: ['Name', 'Two editors feed, renamed'],
        before: { name: 'Two editors feed', trust_weight: 80 }, after: { name: 'Two editors feed, renamed', trust_weight: 80 },
      });
      // ---- Enable or disable from a list loaded before another editor's change: no form behind
      // the button, so the notice asks to reload and try again; the reload shows the change.
      for (const page of [first, second]) await page.goto('/desk/sources');
      const enabledOf = async () => (await svc.h.database.db.selectFrom('news_sources').select('enabled').where('id', '=', source.body.id).executeTakeFirstOrThrow()).enabled;
      const wasEnabled = await enabledOf();
      const toggle = (page: Page, enabled: boolean) => page.getByRole('button', { name: `${enabled ? 'Disable' : 'Enable'} Two editors feed, renamed` });
      await toggle(first, wasEnabled).click();
      await first.getByRole('status').filter({ hasText: `Two editors feed, renamed is ${wasEnabled ? 'disabled' : 'enabled'}.` }).waitFor();
      await toggle(second, wasEnabled).click();
      const notice = second.getByRole('alert').filter({ hasText: 'Someone else changed this record' });
      await notice.filter({ hasText: 'Nothing was changed; reload to see the stored record, then try again.' }).waitFor();
      assert.equal(await notice.getByText('still in the form').count(), 0, 'no form behind the button');
      assert.equal(await enabledOf(), !wasEnabled, 'the stale toggle changed nothing');
      await second.getByRole('button', { name: 'Reload the latest version' }).click();
      await toggle(second, !wasEnabled).click();
      await second.getByRole('status').filter({ hasText: `Two editors feed, renamed is ${wasEnabled ? 'enabled' : 'disabled'}.` }).waitFor();
      assert.equal(await enabledOf(), wasEnabled);

      const assetRow = () => svc.h.database.db.selectFrom('media_assets').select(['alt_text', 'credit']).where('id', '=', asset.id).executeTakeFirstOrThrow();
      await twoEditors({
        url: '/desk/media', open: 'Edit two-editors.png', save: 'Save', stored: assetRow, saved: () => 'Saved two-editors.png.',
        edit: ['Alt text', 'Alt text of the first editor'], stale: ['Credit', 'Credit from an older version'], retry: ['Credit', 'Credit from the latest version'],
        before: { alt_text: 'Alt text of the first editor', credit: null }, after: { alt_text: 'Alt text of the first editor', credit: 'Credit from the latest version' },
      });
    } finally {
      await context.close();
    }
  });

  it('the mouse reorders an edition\'s articles: dragging the third onto the first saves the new sort_order', async () => {
    const edition = await adminCall('POST', '/v1/admin/editions', { number: 9403, publish_date: '2026-12-04' });
    assert.equal(edition.status, 201, JSON.stringify(edition.body));
    const ids: string[] = [];
    for (const [i, headline] of ['Dragged story one', 'Dragged story two', 'Dragged story three'].entries()) {
      const article = await adminCall('POST', '/v1/admin/articles', { edition_id: edition.body.id, headline, sort_order: i });
      assert.equal(article.status, 201, JSON.stringify(article.body));
      ids.push(article.body.id);
    }
    const stored = async () => (await svc.h.database.db.selectFrom('articles').select(['id', 'sort_order']).where('edition_id', '=', edition.body.id).orderBy('sort_order').execute());
    assert.deepEqual((await stored()).map((a) => a.id), ids);
    const context = await svc.newContext();
    const page = await context.newPage();
    try {
      await signInWithEmailLink(svc, page, admin.email);
      await page.goto(`/desk/editions/${edition.body.id}`);
      const row = (id: string) => page.locator(`li[data-article-id="${id}"]`);
      await row(ids[2]!).waitFor();
      // Grab the row by its position number, not its link (a link would drag its URL).
      await row(ids[2]!).dragTo(row(ids[0]!), { sourcePosition: { x: 12, y: 12 }, targetPosition: { x: 12, y: 12 } });
      const deadline = Date.now() + 10_000;
      while ((await stored())[0]!.id !== ids[2] && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await page.getByText('is now at position 1 of 3. Order saved.').waitFor({ state: 'attached' });
      assert.deepEqual(await stored(), [{ id: ids[2], sort_order: 0 }, { id: ids[0], sort_order: 1 }, { id: ids[1], sort_order: 2 }]);
      const headlines = await page.locator('ol[aria-label="Articles in order"] > li a').allTextContents();
      assert.deepEqual(headlines, ['Dragged story three', 'Dragged story one', 'Dragged story two']);
    } finally {
      await context.close();
    }
  });
});
