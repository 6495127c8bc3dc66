/**
 * /v1/airports (search, one by id or IATA, its articles and projects), /v1/calendar (upcoming),
 * and the token-free catalogue reads /v1/plans and /v1/billing/config.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sampleEvents } from '../../src/seed/sample-events.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, ok, problem } from './helpers.js';

interface Airport { id: string; iata: string; name: string; city: string | null; country_code: string }
interface Event { title: string; starts_on: string; ends_on: string | null; url: string | null }

let h: Harness;
let trial: TestIdentity, core: TestIdentity, pro: TestIdentity, nosub: TestIdentity;

before(async () => {
  h = await startHarness({ sample: true });
  ({ trial, core, pro, nosub } = await callers(h));
});
after(() => h.close());

describe('/v1/airports', () => {
  it('searches by IATA code (exact first), name or city, with limit and offset', async () => {
    const lhr = (await ok<{ airports: Airport[] }>(h, pro, '/v1/airports?q=lhr')).airports;
    assert.equal(lhr[0]!.iata, 'LHR');
    const london = (await ok<{ airports: Airport[] }>(h, pro, '/v1/airports?q=london&limit=200')).airports;
    assert.ok(london.length > 1 && london.every((a) => /london/i.test(a.name) || /london/i.test(a.city ?? '')));
    assert.equal((await ok<{ airports: Airport[] }>(h, pro, '/v1/airports')).airports.length, 50);
    assert.equal((await ok<{ airports: Airport[] }>(h, pro, '/v1/airports?q=london&limit=1&offset=1')).airports[0]!.id, london[1]!.id);
    assert.deepEqual(await ok(h, pro, '/v1/airports?q=zzzzzz'), { airports: [] });
    await problem(h, pro, '/v1/airports?limit=201', 422);
    await problem(h, nosub, '/v1/airports', 403);
  });

  it('reads one airport by IATA code or database id; unknown 404', async () => {
    const byCode = await ok<Airport>(h, pro, '/v1/airports/sin');
    assert.equal(byCode.iata, 'SIN');
    assert.deepEqual(await ok<Airport>(h, pro, `/v1/airports/${byCode.id}`), byCode);
    await problem(h, pro, '/v1/airports/QQQ', 404);
  });

  it('lists its articles (archive gate, trial: latest edition) and projects (projects gate, trial: five)', async () => {
    const articles = (await ok<{ articles: { airports: string[]; edition_number: number }[] }>(h, pro, '/v1/airports/LHR/articles')).articles;
    assert.ok(articles.length > 0 && articles.every((a) => a.airports.includes('LHR')));
    const latest = Math.max(...articles.map((a) => a.edition_number));
    assert.ok((await ok<{ articles: { edition_number: number }[] }>(h, trial, '/v1/airports/LHR/articles')).articles.every((a) => a.edition_number === latest));
    const projects = (await ok<{ projects: { iata_code: string }[] }>(h, pro, '/v1/airports/LHR/projects')).projects;
    assert.ok(projects.length > 0 && projects.every((p) => p.iata_code === 'LHR'));
    assert.ok((await ok<{ projects: unknown[] }>(h, trial, '/v1/airports/LHR/projects?limit=200')).projects.length <= 5);
    await problem(h, core, '/v1/airports/LHR/projects', 403, /projects/);
    await problem(h, pro, '/v1/airports/QQQ/projects', 404);
  });
});

describe('GET /v1/calendar', () => {
  it('lists upcoming events by start date by default, and past ones with upcoming=false', async () => {
    const today = h.clock.now().toISOString().slice(0, 10);
    const upcoming = (await ok<{ events: Event[] }>(h, trial, '/v1/calendar')).events;
    assert.ok(upcoming.every((e) => (e.ends_on ?? e.starts_on) >= today));
    const starts = upcoming.map((e) => e.starts_on);
    assert.deepEqual(starts, [...starts].sort());
    const everything = (await ok<{ events: Event[] }>(h, trial, '/v1/calendar?upcoming=false')).events;
    assert.equal(everything.length, sampleEvents().length);
    assert.equal(upcoming.length, sampleEvents().filter((e) => (e.ends_on ?? e.starts_on) >= today).length);
    assert.ok(everything.length > upcoming.length, 'the sample has past events');
    assert.ok(everything.every((e) => e.url && /^https:\/\/[^/]+\/$/.test(e.url)), 'links go to the organiser site root');
    assert.equal((await ok<{ events: Event[] }>(h, trial, '/v1/calendar?upcoming=false&limit=2')).events.length, 2);
    await problem(h, trial, '/v1/calendar?limit=201', 422);
    await problem(h, trial, '/v1/calendar?upcoming=maybe', 400, /upcoming/);
  });
});

describe('catalogue reads without a token', () => {
  it('GET /v1/plans lists active plans with their price book and buyable add-ons; Enterprise is not listed', async () => {
    const { plans } = await ok<{ plans: { code: string; prices: { currency: string; interval: string; amount: number }[]; addons: { code: string; prices: unknown[] }[] }[] }>(h, null, '/v1/plans');
    assert.deepEqual(plans.map((p) => p.code), ['trial', 'core', 'professional']);
    const pro = plans.find((p) => p.code === 'professional')!;
    assert.deepEqual(new Set(pro.prices.map((p) => `${p.currency}/${p.interval}`)), new Set(['EUR/month', 'EUR/year', 'GBP/month', 'GBP/year', 'USD/month', 'USD/year']));
    assert.deepEqual(pro.addons.map((a) => a.code), ['mcp', 'wat']);
    assert.ok(pro.addons.every((a) => a.prices.length === 6));
    assert.deepEqual(plans.find((p) => p.code === 'trial')!.addons, []);
  });

  it('GET /v1/billing/config: checkout disabled until a payment provider is configured', async () => {
    assert.deepEqual(await ok(h, null, '/v1/billing/config'), { checkout_enabled: false, mode: 'disabled' });
  });
});
