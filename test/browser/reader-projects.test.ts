/// <reference lib="dom" />
/**
 * The reader's data pages in real Chromium (issue 26, part B), over the sample data set:
 * - a professional reader filters /projects by region, status and minimum value, sorts by value
 *   (every choice lands in the URL, and a fresh page at that URL shows the same rows), watches one
 *   (stored), exports CSV (the downloaded file's rows are exactly the matching projects), opens the
 *   project (its companies and the articles that mention it, each linking to /articles/{id}/{slug});
 * - the same reader narrows by a topic (the topics-and-tags control) and a company (type-ahead), both
 *   in the URL (a fresh page at it shows the same rows and the chosen values), then by a value of the
 *   facets panel (marked as chosen, and cleared from the panel); a programme's packages carry a
 *   removable "Packages of …" chip; a facets request the page no longer needs (the filter changed)
 *   is aborted, so the server cancels its statement (decision 0060);
 * - a trial reader sees the five-project preview with its explanation and the upgrade path;
 * - a reader without `wat` sees on /tenders which plans include tenders and the upgrade path; a
 *   reader with it sees open tenders first with the days to each deadline, and a tender's page;
 * - /airports, /airports/{iata} and /calendar (upcoming, then past events on request) render;
 * - at 360 px the page itself never scrolls sideways (the table scrolls in its own box).
 * axe-core finds no serious or critical violation on any page visited.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { BrowserContext, Page } from 'playwright-core';
import { makeTender } from '../helpers/factories.js';
import type { TestIdentity } from '../helpers/harness.js';
import { assertAccessible, expectHeading, startBrowserService, type BrowserService } from './service.js';

interface Project { id: string; title: string; parent_project_id: string | null; region: string | null; region_slug: string | null; status: string; value_amount: number | null; value_currency: string | null; iata_code: string | null }

let svc: BrowserService;
let pro: TestIdentity;
before(async () => {
  svc = await startBrowserService({ sample: true });
  pro = await svc.h.identity({ plan: 'professional' });
});
after(() => svc.close());

/** A browser profile signed in as `who` (the session cookie the sign-in API sets). */
async function signedIn(who: TestIdentity, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await svc.newContext({ width });
  await context.addCookies([{ name: 'ai_session', value: who.session, url: svc.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page: await context.newPage() };
}

/** `GET` over the API as `who`, JSON. */
async function apiGet<T>(who: TestIdentity, path: string): Promise<T> {
  const res = await svc.call(path, { headers: who.keyAuth });
  const body = await res.text();
  assert.equal(res.status, 200, `${path}: ${body}`);
  return JSON.parse(body) as T;
}

/** Chooses `option` (a regular expression over its label) in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The project titles of the table as shown, in order. */
const shownTitles = (page: Page) => page.locator('table tbody tr td:first-child a').allTextContents();

interface Facet { value: string; label: string; count: number }
interface Facets { statuses: Facet[]; regions: Facet[]; countries: Facet[]; types: Facet[]; topics: Facet[]; tags: Facet[] }
interface Company { id: string; name: string; project_count: number }

const STATUS_LABELS: Record<string, string> = { planned: 'Planned', ongoing: 'Ongoing', complete: 'Complete', cancelled: 'Cancelled', on_hold: 'On hold' };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a professional reader and the projects database', () => {
  it('filters by region, status and minimum value, sorts by value, watches one, exports CSV and opens the project', async () => {
    // The combination the journey takes: the region and status with the most valued projects, and a
    // minimum value that keeps some of them and drops others.
    const all = (await apiGet<{ projects: Project[] }>(pro, '/v1/projects?limit=200')).projects;
    const groups = new Map<string, Project[]>();
    for (const p of all) if (p.region_slug && p.value_amount !== null) groups.set(`${p.region_slug}|${p.status}`, [...(groups.get(`${p.region_slug}|${p.status}`) ?? []), p]);
    const [, group] = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    assert.ok(group.length >= 3, 'the sample has a region and status with three valued projects');
    const amounts = group.map((p) => p.value_amount!).sort((a, b) => a - b);
    const minValue = amounts[1]!;
    const { region_slug: region, region: regionName, status } = group[0]!;
    const query = `region=${region}&status=${status}&min_value=${minValue}&sort=value_desc`;
    const expected = (await apiGet<{ projects: Project[] }>(pro, `/v1/projects?${query}&limit=50`)).projects;
    assert.ok(expected.length >= 2 && expected.length < group.length, 'the minimum value keeps some and drops some');

    const { context, page } = await signedIn(pro);
    try {
      await page.goto('/projects');
      await expectHeading(page, 'Projects');
      await page.locator('table tbody tr').first().waitFor();
      await assertAccessible(page, '/projects');

      await choose(page, 'Region', new RegExp(`^${escape(regionName!)} \\(\\d+\\)$`));
      await page.waitForURL((u) => u.searchParams.get('region') === region);
      await choose(page, 'Status', new RegExp(`^${STATUS_LABELS[status]} \\(\\d+\\)$`));
      await page.waitForURL((u) => u.searchParams.get('status') === status);
      const min = page.getByRole('textbox', { name: 'Minimum value (as stated)' });
      await min.fill(String(minValue));
      await min.press('Enter');
      await page.waitForURL((u) => u.searchParams.get('min_value') === String(minValue));
      await choose(page, 'Sort by', /^Value \(highest first\)$/);
      await page.waitForURL((u) => u.searchParams.get('sort') === 'value_desc');
      const url = new URL(page.url());
      for (const [k, v] of new URLSearchParams(query)) assert.equal(url.searchParams.get(k), v, `${k} in the URL`);
      // The table of the previous sort has as many rows: wait for the rows in the new order (or time out and fail below).
      await page.waitForFunction((titles) => JSON.stringify([...document.querySelectorAll('table tbody tr td:first-child a')].map((a) => a.textContent)) === JSON.stringify(titles), expected.map((p) => p.title)).catch(() => undefined);
      assert.deepEqual(await shownTitles(page), expected.map((p) => p.title), 'the rows the API answers for those filters, by value');
      await assertAccessible(page, `/projects?${query}`);

      // The URL is the list: a fresh page at it shows the same rows.
      const again = await context.newPage();
      await again.goto(`/projects?${query}`);
      await expectHeading(again, 'Projects');
      await again.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, expected.length);
      assert.deepEqual(await shownTitles(again), expected.map((p) => p.title));
      await again.close();

      // Watch the first one.
      const target = expected[0]!;
      const watch = page.getByRole('button', { name: `Watch ${target.title}`, exact: true });
      await watch.click();
      await page.getByRole('button', { name: `Watching ${target.title}`, exact: true }).and(page.locator('[aria-pressed="true"]')).waitFor();
      const stored = await svc.h.database.db.selectFrom('project_watches').select('project_id').where('user_id', '=', pro.userId).execute();
      assert.deepEqual(stored.map((r) => r.project_id), [target.id]);

      // Export CSV: the downloaded file's rows are the matching projects.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
      assert.match(download.suggestedFilename(), /^projects-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = parse(await readFile((await download.path())!, 'utf8'), { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
      assert.deepEqual(csv.map((r) => r.id).sort(), expected.map((p) => p.id).sort(), 'the CSV rows are the filtered projects');
      for (const row of csv) {
        assert.equal(row.status, status);
        assert.ok(Number(row.value_amount) >= minValue, `${row.title}: ${row.value_amount} >= ${minValue}`);
      }

      // The project's page: facts, companies, the articles that mention it.
      await page.getByRole('link', { name: target.title, exact: true }).click();
      await expectHeading(page, target.title);
      await page.getByRole('button', { name: `Watching ${target.title}`, exact: true }).waitFor();
      const detail = await apiGet<{ companies: { name: string }[]; articles: { id: string; slug: string; headline: string }[] }>(pro, `/v1/projects/${target.id}`);
      for (const c of detail.companies) await page.getByRole('region', { name: 'Companies' }).getByText(c.name).first().waitFor();
      for (const a of detail.articles) {
        assert.equal(await page.getByRole('link', { name: a.headline, exact: true }).getAttribute('href'), `/articles/${a.id}/${a.slug}`);
      }
      await assertAccessible(page, `/projects/${target.id}`);
    } finally {
      await context.close();
    }
  });

  it('narrows by a topic and a company (kept in the URL), then by a value of the facets panel', async () => {
    // A company and a topic or tag of its projects that narrow the list, and a facet value (status,
    // region or type) that narrows it further: the first the sample holds.
    const everything = (await apiGet<{ projects: Project[] }>(pro, '/v1/projects?limit=200')).projects;
    const unfiltered = await apiGet<Facets>(pro, '/v1/projects/facets');
    const companies = (await apiGet<{ companies: Company[] }>(pro, '/v1/companies?limit=200')).companies.filter((c) => c.project_count > 0);
    let pick: { company: Company; term: Facet; total: number; panel: { label: string; param: string; value: Facet } } | undefined;
    for (const company of companies) {
      for (const term of [...unfiltered.topics, ...unfiltered.tags]) {
        const f = await apiGet<Facets>(pro, `/v1/projects/facets?terms=${term.value}&company_id=${company.id}`);
        const total = f.statuses.reduce((n, s) => n + s.count, 0);
        if (total === 0 || total >= everything.length) continue;
        const dims = [['Status', 'status', f.statuses], ['Region', 'region', f.regions], ['Type', 'type', f.types]] as const;
        const narrower = dims.flatMap(([label, param, values]) => values.filter((v) => v.count < total).map((value) => ({ label, param, value })))[0];
        if (narrower) { pick = { company, term, total, panel: narrower }; break; }
      }
      if (pick) break;
    }
    assert.ok(pick, 'the sample has a company and a topic that narrow the list, and a facet value that narrows it further');
    const { company, term, panel } = pick;
    const expected = (await apiGet<{ projects: Project[] }>(pro, `/v1/projects?terms=${term.value}&company_id=${company.id}&limit=50`)).projects;
    assert.equal(expected.length, pick.total, 'the list answers the rows the facets count');
    const titles = (ps: Project[]) => ps.map((p) => p.title);
    const rowsShown = (page: Page, want: string[]) =>
      page.waitForFunction((t) => JSON.stringify([...document.querySelectorAll('table tbody tr td:first-child a')].map((a) => a.textContent)) === JSON.stringify(t), want).catch(() => undefined);

    const { context, page } = await signedIn(pro);
    try {
      await page.goto('/projects');
      await expectHeading(page, 'Projects');
      await page.locator('table tbody tr').first().waitFor();
      const nav = page.getByRole('navigation', { name: 'Narrow the projects' });
      await nav.getByRole('region', { name: 'Status' }).getByRole('link').first().waitFor();
      await assertAccessible(page, '/projects with the facets panel');

      // The topics-and-tags control: its choices are the facets' topics and tags, with counts.
      await page.getByRole('textbox', { name: 'Topics or tags', exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${escape(term.label)} \\(${term.count}\\)$`) }).click();
      await page.keyboard.press('Escape');
      await page.waitForURL((u) => u.searchParams.get('terms') === term.value);

      // The company control: a type-ahead over the companies by name.
      const companyBox = page.getByRole('textbox', { name: 'Company', exact: true });
      await companyBox.fill(company.name);
      await page.getByRole('option', { name: company.name, exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('company_id') === company.id && u.searchParams.get('terms') === term.value);
      await rowsShown(page, titles(expected));
      assert.deepEqual(await shownTitles(page), titles(expected), 'the rows the API answers for that topic and company');
      assert.equal(await companyBox.inputValue(), company.name);
      await assertAccessible(page, `/projects?terms=${term.value}&company_id=…`);

      // The URL is the list: a fresh page at it shows the same rows and the chosen topic and company.
      const url = page.url();
      const again = await context.newPage();
      await again.goto(url);
      await expectHeading(again, 'Projects');
      await rowsShown(again, titles(expected));
      assert.deepEqual(await shownTitles(again), titles(expected));
      // The company is named from its id, the topic with its count in the list as filtered.
      await again.waitForFunction((name) => [...document.querySelectorAll('input')].some((i) => i.value === name), company.name).catch(() => undefined);
      assert.equal(await again.getByRole('textbox', { name: 'Company', exact: true }).inputValue(), company.name, 'the company opened from its id shows its name');
      const pill = `${term.label} (${pick.total})`;
      await again.waitForFunction((text) => [...document.querySelectorAll('.mantine-Pill-label')].some((p) => p.textContent === text), pill).catch(() => undefined);
      assert.deepEqual(await again.getByRole('search', { name: 'Filter projects' }).locator('.mantine-Pill-label').allTextContents(), [pill], 'the chosen topic');
      await again.close();

      // A value of the facets panel sets its filter; the chosen one is marked and can be cleared.
      const section = nav.getByRole('region', { name: panel.label });
      const link = section.getByRole('link', { name: new RegExp(`^${escape(panel.param === 'status' ? STATUS_LABELS[panel.value.value]! : panel.value.label)}: ${panel.value.count} projects?$`) });
      await link.click();
      await page.waitForURL((u) => u.searchParams.get(panel.param) === panel.value.value && u.searchParams.get('company_id') === company.id && u.searchParams.get('terms') === term.value);
      const narrowed = (await apiGet<{ projects: Project[] }>(pro, `/v1/projects?terms=${term.value}&company_id=${company.id}&${panel.param}=${panel.value.value}&limit=50`)).projects;
      assert.equal(narrowed.length, panel.value.count);
      await rowsShown(page, titles(narrowed));
      assert.deepEqual(await shownTitles(page), titles(narrowed), 'the rows of that facet value');
      const current = section.locator('a[aria-current="true"]');
      await current.waitFor();
      assert.equal(await current.count(), 1);
      assert.match(await current.innerText(), new RegExp(escape(panel.param === 'status' ? STATUS_LABELS[panel.value.value]! : panel.value.label)));
      await assertAccessible(page, `/projects with ${panel.param} chosen in the panel`);
      await section.getByRole('link', { name: `Clear ${panel.label.toLowerCase()}` }).click();
      await page.waitForURL((u) => !u.searchParams.has(panel.param) && u.searchParams.get('company_id') === company.id);
      await rowsShown(page, titles(expected));
      assert.deepEqual(await shownTitles(page), titles(expected));
    } finally {
      await context.close();
    }
  });

  it('a programme\'s packages are marked with a removable "Packages of …" chip', async () => {
    const everything = (await apiGet<{ projects: Project[] }>(pro, '/v1/projects?limit=200')).projects;
    const programme = everything.find((p) => everything.some((q) => q.parent_project_id === p.id));
    assert.ok(programme, 'the sample has a programme with packages');
    const packages = (await apiGet<{ projects: Project[] }>(pro, `/v1/projects?parent_project_id=${programme.id}&limit=50`)).projects;
    assert.ok(packages.length > 0 && packages.length < everything.length);
    const { context, page } = await signedIn(pro);
    try {
      await page.goto(`/projects?parent_project_id=${programme.id}`);
      await expectHeading(page, 'Projects');
      await page.getByTestId('programme-filter').getByText(`Packages of ${programme.title}`).waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, packages.length);
      assert.deepEqual(await shownTitles(page), packages.map((p) => p.title));
      await assertAccessible(page, '/projects?parent_project_id=…');
      await page.getByRole('button', { name: `Remove the filter: packages of ${programme.title}` }).click();
      await page.waitForURL((u) => !u.searchParams.has('parent_project_id'));
      // The URL changes before React commits the re-render: wait for the chip to go (or time out and fail).
      await page.getByTestId('programme-filter').waitFor({ state: 'detached' });
      await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, Math.min(everything.length, 50));
    } finally {
      await context.close();
    }
  });

  it('a facets request the page no longer needs is aborted when the filter changes (its statement is then cancelled: decision 0060)', async () => {
    const everything = (await apiGet<{ projects: Project[] }>(pro, '/v1/projects?limit=200')).projects;
    const programme = everything.find((p) => everything.some((q) => q.parent_project_id === p.id))!;
    const { context, page } = await signedIn(pro);
    try {
      // The facets of the programme's packages never get an answer: the request stays in flight.
      const held: string[] = [];
      await page.route((url) => url.pathname === '/v1/projects/facets' && url.searchParams.has('parent_project_id'), (route) => {
        held.push(route.request().url());
      });
      const aborted = new Promise<string>((resolve) => page.on('requestfailed', (request) => {
        if (request.url().includes('/v1/projects/facets') && request.url().includes('parent_project_id')) resolve(request.failure()?.errorText ?? '');
      }));
      await page.goto(`/projects?parent_project_id=${programme.id}`);
      await page.getByTestId('programme-filter').getByText(`Packages of ${programme.title}`).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length > 0);
      assert.equal(held.length, 1, 'the facets of the packages were asked for once and are in flight');
      const fresh = page.waitForResponse((r) => r.url().includes('/v1/projects/facets') && !r.url().includes('parent_project_id'));
      await page.getByRole('button', { name: `Remove the filter: packages of ${programme.title}` }).click();
      await page.waitForURL((u) => !u.searchParams.has('parent_project_id'));
      const outcome = await Promise.race([aborted, new Promise<string>((resolve) => setTimeout(() => resolve('still in flight after 10 s'), 10_000))]);
      assert.match(outcome, /ABORTED|abort/i, 'the page aborted the facets request it no longer needs');
      // The facets of the new filter are asked for and answered.
      assert.equal((await fresh).status(), 200);
    } finally {
      await context.close();
    }
  });

  it('at 360 px the table scrolls in its own box, never the page', async () => {
    const { context, page } = await signedIn(pro, 360);
    try {
      await page.goto('/projects');
      await expectHeading(page, 'Projects');
      await page.locator('table tbody tr').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `/projects at 360 px scrolls sideways by ${overflow} px`);
      // The facets panel is folded above the table behind a button; opened, it lists the statuses.
      const nav = page.getByRole('navigation', { name: 'Narrow the projects' });
      const toggle = nav.getByRole('button', { name: /^Narrow by/ });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.getByRole('region', { name: 'Status' }).count(), 0, 'folded');
      await toggle.click();
      await nav.getByRole('region', { name: 'Status' }).getByRole('link').first().waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await assertAccessible(page, '/projects at 360 px');
    } finally {
      await context.close();
    }
  });
});

describe('a trial reader', () => {
  it('sees the five-project preview with its explanation and the upgrade path', async () => {
    const trial = await svc.h.identity({ plan: 'trial' });
    const { context, page } = await signedIn(trial);
    try {
      await page.goto('/projects');
      await expectHeading(page, 'Projects');
      const notice = page.getByTestId('preview-notice');
      await notice.waitFor();
      assert.match(await notice.innerText(), /Your trial shows the first 5 projects of the list only/);
      assert.equal(await notice.getByRole('link', { name: 'Upgrade your subscription' }).getAttribute('href'), '/account/subscription');
      await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 5);
      assert.equal(await page.getByRole('button', { name: 'Next page' }).count(), 0, 'no page after the preview');
      assert.equal(await page.getByRole('link', { name: 'Export CSV' }).count(), 0, 'no export in a trial');
      await assertAccessible(page, '/projects (trial)');
    } finally {
      await context.close();
    }
  });
});

describe('tenders', () => {
  it('a reader without wat is told which plans include tenders and how to upgrade', async () => {
    const { context, page } = await signedIn(pro);
    try {
      await page.goto('/tenders');
      await expectHeading(page, 'Tenders');
      const notice = page.getByTestId('not-in-plan');
      await notice.waitFor();
      const text = await notice.innerText();
      assert.match(text, /Not in your plan/);
      assert.match(text, /Worldwide Airport Tenders add-on to the .*Professional.* plans?/);
      assert.match(text, /Enterprise plan/);
      assert.equal(await notice.getByRole('link', { name: /upgrade your subscription/i }).getAttribute('href'), '/account/subscription');
      await assertAccessible(page, '/tenders (no wat)');
    } finally {
      await context.close();
    }
  });

  it('a reader with wat sees open tenders first with the days to the deadline, and a tender', async () => {
    const now = svc.h.clock.now().getTime();
    const soon = await makeTender(svc.h, { title: 'Baggage system replacement, browser test', iata_code: 'LHR', deadline: new Date(now + 10 * 86_400_000 + 3_600_000).toISOString(), estimated_value: 12_500_000, currency: 'EUR' });
    const proWat = await svc.h.identity({ plan: 'professional', addons: ['wat'] });
    const expected = (await apiGet<{ tenders: { id: string; title: string; status: string }[] }>(proWat, '/v1/tenders?limit=50')).tenders;
    assert.ok(expected.some((t) => t.id === soon.id));
    const { context, page } = await signedIn(proWat);
    try {
      await page.goto('/tenders');
      await expectHeading(page, 'Tenders');
      await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, expected.length);
      assert.deepEqual(await page.locator('table tbody tr td:first-child a').allTextContents(), expected.map((t) => t.title), 'open tenders, nearest deadline first');
      assert.ok(expected.every((t) => t.status === 'open' || t.status === 'closing_soon'));
      const row = page.locator('table tbody tr', { hasText: soon.title });
      await row.getByText('10 days left').waitFor();
      await row.getByText(/€12,500,000|12[.,\s ]500[.,\s ]000/).waitFor();
      await page.getByRole('link', { name: 'Export CSV' }).waitFor();
      await assertAccessible(page, '/tenders');
      await page.getByRole('link', { name: soon.title }).click();
      await expectHeading(page, soon.title);
      await page.getByText('10 days left').waitFor();
      await assertAccessible(page, `/tenders/${soon.id}`);
    } finally {
      await context.close();
    }
  });
});

describe('airports and the calendar', () => {
  it('finds an airport, shows its projects and articles; the calendar lists upcoming events, past ones on request', async () => {
    const { context, page } = await signedIn(pro);
    try {
      await page.goto('/airports');
      await expectHeading(page, 'Airports');
      await page.getByRole('searchbox', { name: 'Name, IATA code or city' }).fill('LHR');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === 'LHR');
      const airport = await apiGet<{ name: string }>(pro, '/v1/airports/LHR');
      await page.getByRole('link', { name: airport.name }).first().waitFor();
      await assertAccessible(page, '/airports?q=LHR');
      await page.getByRole('link', { name: airport.name }).first().click();
      await expectHeading(page, `${airport.name} (LHR)`);
      const projects = (await apiGet<{ projects: Project[] }>(pro, '/v1/airports/LHR/projects?limit=200')).projects;
      assert.ok(projects.length > 0);
      await page.getByRole('region', { name: 'Projects' }).getByRole('link', { name: projects[0]!.title, exact: true }).waitFor();
      await assertAccessible(page, '/airports/LHR');

      await page.goto('/calendar');
      await expectHeading(page, 'Calendar');
      const upcoming = (await apiGet<{ events: { title: string }[] }>(pro, '/v1/calendar?limit=200')).events;
      const everything = (await apiGet<{ events: { title: string }[] }>(pro, '/v1/calendar?upcoming=false&limit=200')).events;
      await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label="Events"] > li').length === n, upcoming.length);
      await assertAccessible(page, '/calendar');
      await page.getByRole('switch', { name: 'Include past events' }).click();
      await page.waitForURL((u) => u.searchParams.get('past') === '1');
      // The URL changes before React commits the re-render: wait for the switch, then read it.
      await page.getByRole('switch', { name: 'Include past events', checked: true }).waitFor();
      assert.equal(await page.getByRole('switch', { name: 'Include past events' }).isChecked(), true);
      await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label="Events"] > li').length === n, everything.length);
      assert.deepEqual(await page.locator('ul[aria-label="Events"] > li h2').allTextContents(), everything.map((e) => e.title));
      await assertAccessible(page, '/calendar?past=1');
    } finally {
      await context.close();
    }
  });
});
