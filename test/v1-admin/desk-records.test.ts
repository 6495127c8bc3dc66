/**
 * What the editorial desk's record pages need from /v1/admin (issue 27): the lists of projects and
 * tenders in any state, conditional PATCH with `If-Match` on projects, tenders, calendar events,
 * editions, articles, news sources, media and companies (409 when someone else changed the record;
 * decision 0050) and polling one news source now.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { feedRoute, rss, startFeedServer, type FeedServer } from '../intake/feed-server.js';
import { image, uploaded } from '../v1/media-helpers.js';
import { auditCount, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
let feeds: FeedServer;
before(async () => {
  h = await startHarness({ outboundAllowedHosts: parseAllowedHosts('127.0.0.2') });
  admin = await h.identity({ admin: true });
  reader = await h.identity({ plan: 'enterprise' });
  feeds = await startFeedServer('127.0.0.2', {
    '/desk.xml': feedRoute(() => rss([{ guid: 'desk-1', title: 'Changi Terminal 5 contract awarded to builders', link: 'https://news.example.com/changi-t5', description: 'Singapore Changi Airport awards the Terminal 5 contract.', pubDate: 'Sat, 21 Nov 2026 08:00:00 GMT' }])),
    '/broken.xml': (_req, res) => { res.statusCode = 500; res.end('down'); },
    '/desk-etag.xml': feedRoute(() => rss([{ guid: 'desk-etag-1', title: 'Heathrow baggage hall contract signed', link: 'https://news.example.com/lhr-baggage', description: 'Heathrow signs the baggage hall contract.', pubDate: 'Sat, 21 Nov 2026 08:00:00 GMT' }])),
  });
});
after(async () => { await feeds?.close(); await h?.close(); });

const created = async (url: string, body: Record<string, unknown>) => {
  const res = await call(h, admin, 'POST', url, body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json();
};
const patch = (url: string, body: unknown, ifMatch?: string) =>
  h.app.inject({ method: 'PATCH', url, headers: { ...admin.keyAuth, 'content-type': 'application/json', ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) }, payload: JSON.stringify(body) });

describe('GET /v1/admin/projects', () => {
  it('lists every project, unpublished ones too, last changed first; q filters; Link pages', async () => {
    const a = await created('/v1/admin/projects', { title: 'Desk list apron one', iata_code: 'LHR' });
    const b = await created('/v1/admin/projects', { title: 'Desk list apron two', iata_code: 'SIN' });
    await h.database.db.updateTable('projects').set({ published: false }).where('id', '=', a.id).execute();
    await h.clock.advance(1000);
    await call(h, admin, 'PATCH', `/v1/admin/projects/${a.id}`, { description: 'changed last' });
    const res = await call(h, admin, 'GET', '/v1/admin/projects?q=desk%20list%20apron');
    assert.equal(res.statusCode, 200, res.body);
    const ids = res.json().projects.map((p: { id: string }) => p.id);
    assert.deepEqual(ids, [a.id, b.id]);
    assert.equal(res.json().projects[0].version.length, 32);
    const byCode = await call(h, admin, 'GET', '/v1/admin/projects?q=sin&limit=200');
    assert.ok(byCode.json().projects.some((p: { id: string }) => p.id === b.id));
    const page = await call(h, admin, 'GET', '/v1/admin/projects?q=desk%20list%20apron&limit=1');
    assert.equal(page.json().projects.length, 1);
    assert.match(page.headers.link as string, /rel="next"/);
  });

  it('answers 404 problem+json to a non-administrator and 422 for a limit above 200', async () => {
    await expectProblem(await call(h, reader, 'GET', '/v1/admin/projects'), 404);
    await expectProblem(await call(h, admin, 'GET', '/v1/admin/projects?limit=201'), 422, 'limit');
  });
});

describe('GET /v1/admin/tenders', () => {
  it('lists tenders in any state, unpublished included; published=false keeps only those', async () => {
    const open = await created('/v1/admin/tenders', { title: 'Desk tender baggage', buyer: 'Heathrow Airport Limited', type: 'rfp', iata_code: 'LHR' });
    const draft = await created('/v1/admin/tenders', { title: 'Desk tender draft lounge', buyer: 'Changi Airport Group', type: 'eoi', iata_code: 'SIN' });
    await h.database.db.updateTable('tenders').set({ published: false }).where('id', '=', draft.id).execute();
    const all = (await call(h, admin, 'GET', '/v1/admin/tenders?q=desk%20tender')).json().tenders as { id: string; published: boolean }[];
    assert.deepEqual(all.map((t) => t.id).sort(), [open.id, draft.id].sort());
    assert.equal(all.find((t) => t.id === draft.id)!.published, false);
    const hidden = (await call(h, admin, 'GET', '/v1/admin/tenders?q=desk%20tender&published=false')).json().tenders as { id: string }[];
    assert.deepEqual(hidden.map((t) => t.id), [draft.id]);
    const byBuyer = (await call(h, admin, 'GET', '/v1/admin/tenders?q=changi%20airport%20group')).json().tenders as { id: string }[];
    assert.deepEqual(byBuyer.map((t) => t.id), [draft.id]);
    await expectProblem(await call(h, reader, 'GET', '/v1/admin/tenders'), 404);
  });

  it('`published` on create and update: a draft tender readers do not see until it is published', async () => {
    const draft = await created('/v1/admin/tenders', { title: 'Desk tender written as a draft', buyer: 'Heathrow Airport Limited', type: 'rfp', published: false });
    assert.equal(draft.published, false);
    await expectProblem(await call(h, reader, 'GET', `/v1/tenders/${draft.id}`), 404);
    const res = await call(h, admin, 'PATCH', `/v1/admin/tenders/${draft.id}`, { published: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().published, true);
    assert.equal((await call(h, reader, 'GET', `/v1/tenders/${draft.id}`)).statusCode, 200);
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'tender').where('entity_id', '=', draft.id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update']);
    assert.deepEqual(audit[1]!.after, { published: true });
  });
});

describe('PATCH with If-Match (decision 0050)', () => {
  const cases = [
    { name: 'project', url: '/v1/admin/projects', body: { title: 'Desk etag project', iata_code: 'LHR' }, entity: 'project', change: { description: 'first editor' }, other: { description: 'second editor' } },
    { name: 'tender', url: '/v1/admin/tenders', body: { title: 'Desk etag tender', buyer: 'Heathrow Airport Limited', type: 'rfp' }, entity: 'tender', change: { description: 'first editor' }, other: { description: 'second editor' } },
    { name: 'calendar event', url: '/v1/admin/calendar', body: { title: 'Desk etag expo', starts_on: '2027-03-16' }, entity: 'calendar_event', change: { venue: 'Hall 1' }, other: { venue: 'Hall 2' } },
    { name: 'edition', url: '/v1/admin/editions', body: { number: 92701, publish_date: '2027-01-07' }, entity: 'edition', change: { summary: 'first editor' }, other: { summary: 'second editor' } },
    {
      name: 'article', url: '/v1/admin/articles', entity: 'article', change: { why_it_matters: 'first editor' }, other: { why_it_matters: 'second editor', tags: ['desk-etag'] },
      body: async () => ({ edition_id: (await created('/v1/admin/editions', { number: 92702, publish_date: '2027-01-14' })).id, headline: 'Desk etag article' }),
    },
    {
      name: 'news source', url: '/v1/admin/sources', body: { name: 'Desk etag source', feed_url: 'https://news.example.com/desk-etag.xml' }, entity: 'news_source',
      change: { name: 'Desk etag source (first editor)' }, other: { name: 'Desk etag source (second editor)', trust_weight: 90 },
      stored: (id: string) => h.database.db.selectFrom('news_sources').select(['name', 'trust_weight']).where('id', '=', id).executeTakeFirstOrThrow(),
      row: { name: 'Desk etag source (first editor)', trust_weight: 50 },
    },
    {
      name: 'media asset', url: '/v1/admin/media', make: async () => uploaded(h, admin, await image(40, 30), 'desk-etag.jpg'), entity: 'media',
      change: { alt_text: 'first editor' }, other: { alt_text: 'second editor', countries: ['GB'] },
      stored: async (id: string) => ({
        ...(await h.database.db.selectFrom('media_assets').select('alt_text').where('id', '=', id).executeTakeFirstOrThrow()),
        bindings: (await h.database.db.selectFrom('media_bindings').select('country_code').where('media_id', '=', id).execute()).length,
      }),
      row: { alt_text: 'first editor', bindings: 0 },
    },
    {
      name: 'company', url: '/v1/admin/companies', body: { name: 'Desk etag company' }, entity: 'company',
      change: { website: 'https://first.example.com' }, other: { website: 'https://second.example.com', aliases: ['Desk etag other name'] },
      stored: async (id: string) => ({
        ...(await h.database.db.selectFrom('companies').select('website').where('id', '=', id).executeTakeFirstOrThrow()),
        aliases: (await h.database.db.selectFrom('company_aliases').select('alias').where('company_id', '=', id).execute()).length,
      }),
      row: { website: 'https://first.example.com', aliases: 0 },
    },
  ];
  /** The record a case starts from: made by its `make` (an upload), or created from its JSON body. */
  const start = async (c: (typeof cases)[number]): Promise<{ id: string; version: string }> => {
    if ('make' in c && c.make) return c.make();
    return created(c.url, typeof c.body === 'function' ? await c.body() : c.body);
  };
  for (const c of cases) {
    it(`${c.name}: GET answers ETag = "version"; a PATCH from the current version passes, one from a stale version is 409 and changes nothing`, async () => {
      const rec = await start(c);
      const read = await call(h, admin, 'GET', `${c.url}/${rec.id}`);
      assert.equal(read.headers.etag, `"${rec.version}"`);
      assert.equal(read.json().version, rec.version);

      const first = await patch(`${c.url}/${rec.id}`, c.change, `"${rec.version}"`);
      assert.equal(first.statusCode, 200, first.body);
      const now = first.json();
      assert.notEqual(now.version, rec.version);
      assert.equal(first.headers.etag, `"${now.version}"`);
      const audits = await auditCount(h, c.entity, rec.id);

      const stale = await expectProblem(await patch(`${c.url}/${rec.id}`, c.other, `"${rec.version}"`), 409, undefined, /changed by someone else/);
      assert.equal(stale.type, 'urn:airport-intel:problem:stale-version');
      const after = (await call(h, admin, 'GET', `${c.url}/${rec.id}`)).json();
      assert.deepEqual(after, now);
      if ('stored' in c && c.stored) assert.deepEqual(await c.stored(rec.id), c.row);
      assert.equal(await auditCount(h, c.entity, rec.id), audits);

      // A list naming the current version, `*`, and no header at all pass; weak tags never match.
      assert.equal((await patch(`${c.url}/${rec.id}`, c.other, `"${rec.version}", "${now.version}"`)).statusCode, 200);
      assert.equal((await patch(`${c.url}/${rec.id}`, c.change, '*')).statusCode, 200);
      assert.equal((await patch(`${c.url}/${rec.id}`, c.other)).statusCode, 200);
      const current = (await call(h, admin, 'GET', `${c.url}/${rec.id}`)).json();
      await expectProblem(await patch(`${c.url}/${rec.id}`, c.change, `W/"${current.version}"`), 409);
      await expectProblem(await patch(`${c.url}/${rec.id}`, c.change, 'not-a-tag'), 400, 'If-Match');
      await expectProblem(await patch(`${c.url}/${NOBODY}`, c.change, `"${current.version}"`), 404);
    });
  }

  it('an edition\'s version does not move when its articles are added, reordered or removed (its own fields only)', async () => {
    const edition = await created('/v1/admin/editions', { number: 92703, publish_date: '2027-01-21' });
    const one = await created('/v1/admin/articles', { edition_id: edition.id, headline: 'Desk etag first story' });
    const two = await created('/v1/admin/articles', { edition_id: edition.id, headline: 'Desk etag second story' });
    assert.equal((await call(h, admin, 'PATCH', `/v1/admin/articles/${two.id}`, { sort_order: 0 })).statusCode, 200);
    assert.equal((await call(h, admin, 'DELETE', `/v1/admin/articles/${one.id}`)).statusCode, 200);
    const read = await call(h, admin, 'GET', `/v1/admin/editions/${edition.id}`);
    assert.equal(read.json().article_count, 1);
    assert.equal(read.json().version, edition.version);
    const saved = await patch(`/v1/admin/editions/${edition.id}`, { summary: 'Written while the list changed.' }, `"${edition.version}"`);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().summary, 'Written while the list changed.');
  });

  it('an article\'s version moves with a change of its links alone, so a stale save of the links is refused too', async () => {
    const edition = await created('/v1/admin/editions', { number: 92704, publish_date: '2027-01-28' });
    const art = await created('/v1/admin/articles', { edition_id: edition.id, headline: 'Desk etag linked story', airports: ['LHR'] });
    h.clock.advance(1000); // the version moves with the write's `updated_at` (time passes between two saves)
    const first = await patch(`/v1/admin/articles/${art.id}`, { airports: ['SIN'] }, `"${art.version}"`);
    assert.equal(first.statusCode, 200, first.body);
    assert.notEqual(first.json().version, art.version);
    await expectProblem(await patch(`/v1/admin/articles/${art.id}`, { airports: ['CDG'] }, `"${art.version}"`), 409, undefined, /changed by someone else/);
    const read = (await call(h, admin, 'GET', `/v1/admin/articles/${art.id}`)).json();
    assert.deepEqual(read.airports, ['SIN']);
    // The admin read, `version` included, is accepted back as it is (decision 0023).
    const back = await patch(`/v1/admin/articles/${art.id}`, read, `"${read.version}"`);
    assert.equal(back.statusCode, 200, back.body);
  });
});

describe('what the versions of sources, media and companies cover', () => {
  it('a news source\'s version leaves out its polling state: a poll never makes an editor\'s save stale', async () => {
    const src = await created('/v1/admin/sources', { name: 'Desk etag polled feed', feed_url: feeds.url('/desk-etag.xml') });
    assert.equal((await call(h, admin, 'POST', `/v1/admin/sources/${src.id}/poll`)).json().fetched, true);
    const read = await call(h, admin, 'GET', `/v1/admin/sources/${src.id}`);
    assert.ok(read.json().last_success_at);
    assert.equal(read.json().version, src.version);
    assert.equal(read.headers.etag, `"${src.version}"`);
    const saved = await patch(`/v1/admin/sources/${src.id}`, { trust_weight: 75 }, `"${src.version}"`);
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().trust_weight, 75);
  });

  it('a media asset\'s version moves with its bindings alone; a stale save of them is refused and leaves them', async () => {
    const asset = await uploaded(h, admin, await image(40, 30), 'desk-etag-bound.jpg');
    const first = await patch(`/v1/admin/media/${asset.id}`, { airports: ['LHR'] }, `"${asset.version}"`);
    assert.equal(first.statusCode, 200, first.body);
    assert.notEqual(first.json().version, asset.version);
    await expectProblem(await patch(`/v1/admin/media/${asset.id}`, { airports: ['SIN'] }, `"${asset.version}"`), 409, undefined, /changed by someone else/);
    const bound = await h.database.db.selectFrom('media_bindings as b').innerJoin('airports as a', 'a.id', 'b.airport_id').select('a.iata').where('b.media_id', '=', asset.id).execute();
    assert.deepEqual(bound.map((b) => b.iata), ['LHR']);
  });

  it('a company\'s version moves with its aliases alone; a stale save of them is refused and leaves them', async () => {
    const company = await created('/v1/admin/companies', { name: 'Desk etag aliased company' });
    const first = await patch(`/v1/admin/companies/${company.id}`, { aliases: ['DEAC'] }, `"${company.version}"`);
    assert.equal(first.statusCode, 200, first.body);
    assert.notEqual(first.json().version, company.version);
    assert.equal(first.headers.etag, `"${first.json().version}"`);
    await expectProblem(await patch(`/v1/admin/companies/${company.id}`, { aliases: ['Other'] }, `"${company.version}"`), 409, undefined, /changed by someone else/);
    const aliases = await h.database.db.selectFrom('company_aliases').select('alias').where('company_id', '=', company.id).execute();
    assert.deepEqual(aliases.map((a) => a.alias), ['DEAC']);
    assert.equal((await call(h, admin, 'GET', `/v1/admin/companies?q=desk%20etag%20aliased`)).json().companies[0].version, first.json().version);
  });
});

describe('POST /v1/admin/sources/{id}/poll', () => {
  it('polls one source now, even a disabled one: new items reach the inbox, the source records its poll', async () => {
    const src = await created('/v1/admin/sources', { name: 'Desk feed', feed_url: feeds.url('/desk.xml') });
    assert.equal(src.enabled, false);
    const res = await call(h, admin, 'POST', `/v1/admin/sources/${src.id}/poll`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().source_id, src.id);
    assert.equal(res.json().fetched, true);
    assert.equal(res.json().new_items, 1);
    assert.equal(res.json().error, null);
    const items = await h.database.db.selectFrom('inbox_items').select('title').where('source_id', '=', src.id).execute();
    assert.deepEqual(items.map((i) => i.title), ['Changi Terminal 5 contract awarded to builders']);
    const after = (await call(h, admin, 'GET', `/v1/admin/sources/${src.id}`)).json();
    assert.ok(after.last_success_at);
  });

  it('a failing feed is reported in `error` and recorded on the source with its backoff (200, not an error status)', async () => {
    const src = await created('/v1/admin/sources', { name: 'Desk broken feed', feed_url: feeds.url('/broken.xml'), poll_interval_minutes: 10 });
    const res = await call(h, admin, 'POST', `/v1/admin/sources/${src.id}/poll`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.json().error, /HTTP 500/);
    const after = (await call(h, admin, 'GET', `/v1/admin/sources/${src.id}`)).json();
    assert.equal(after.failure_count, 1);
    assert.match(after.last_error, /HTTP 500/);
    assert.equal(new Date(after.next_poll_at).getTime() - h.clock.now().getTime(), 20 * 60_000);
  });

  it('answers 404 for an unknown source and to a non-administrator', async () => {
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/sources/${NOBODY}/poll`), 404);
    const src = await created('/v1/admin/sources', { name: 'Desk feed hidden', feed_url: feeds.url('/hidden.xml') });
    await expectProblem(await call(h, reader, 'POST', `/v1/admin/sources/${src.id}/poll`), 404);
  });
});
