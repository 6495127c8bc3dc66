/**
 * Issue 14 over HTTP and the job mechanism: news-source CRUD, polling fixture feeds from a local
 * server (allowed through OUTBOUND_ALLOWED_HOSTS = 127.0.0.2), deduplication across polls and
 * sources, the conditional GET, backoff, malformed / huge / slow feeds, a redirect to a private
 * address (the loopback canary on 127.0.0.1 stays untouched), and the score ordering.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { intakeJobs, pollSource, POLL_SOURCE_JOB } from '../../src/domain/intake/index.js';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { feedRoute, rss, startFeedServer, type FeedServer } from './feed-server.js';

const allowedHosts = parseAllowedHosts('127.0.0.2');
let h: Harness;
let admin: TestIdentity;
let feeds: FeedServer;
let canary: FeedServer;

const story = { guid: 'a-1', title: 'Heathrow third runway wins government backing in London', link: 'https://news.example.com/heathrow-runway?utm_source=rss&utm_medium=feed', description: 'The UK government backed a third runway at London Heathrow Airport (LHR), a boost for capacity expansion.', pubDate: 'Sat, 21 Nov 2026 08:00:00 GMT' };
const other = { guid: 'a-2', title: 'Changi Terminal 5 construction contract awarded in Singapore', link: 'https://news.example.com/changi-t5', description: 'Singapore Changi Airport awarded the main contract for Terminal 5.', pubDate: 'Fri, 20 Nov 2026 08:00:00 GMT' };
const stale = { guid: 'a-3', title: 'Regional carrier adds a weekly flight', link: 'https://news.example.com/weekly-flight', description: 'A small route.', pubDate: 'Mon, 02 Nov 2026 08:00:00 GMT' };

before(async () => {
  h = await startHarness({ outboundAllowedHosts: allowedHosts });
  admin = await h.identity({ admin: true });
  canary = await startFeedServer('127.0.0.1');
  feeds = await startFeedServer('127.0.0.2', {
    '/one.xml': feedRoute(() => rss([story, other, stale])),
    // The same story from another publisher: other GUID, the link with other tracking parameters, a near-identical title.
    '/two.xml': feedRoute(() => rss([{ ...story, guid: 'b-77', link: 'https://www.news.example.com/heathrow-runway?fbclid=xyz', title: 'Heathrow third runway wins UK government backing in London' }]), 'application/rss+xml', '"two"'),
    '/atom.xml': feedRoute(() => `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><id>urn:a</id><updated>2026-11-21T00:00:00Z</updated><entry><id>urn:a:1</id><title>Incheon opens its expanded Terminal 2</title><link href="https://atom.example.org/incheon-t2"/><updated>2026-11-21T07:00:00Z</updated><summary>Incheon International Airport in South Korea expands Terminal 2.</summary></entry></feed>`, 'application/atom+xml', '"atom"'),
    '/feed.json': feedRoute(() => JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J', items: [{ id: 'j1', url: 'https://json.example.net/dubai', title: 'Dubai International passenger record', content_text: 'Dubai International Airport (DXB) handled a record number of passengers.', date_published: '2026-11-21T06:00:00Z' }] }), 'application/feed+json', '"json"'),
    '/malformed.xml': (_req, res) => { res.setHeader('content-type', 'application/rss+xml'); res.end('<rss><channel><item><title>broken'); },
    '/huge.xml': (_req, res) => { res.setHeader('content-type', 'application/rss+xml'); res.end(rss(Array.from({ length: 30_000 }, (_, i) => ({ guid: `h${i}`, title: `Huge ${i} ${'x'.repeat(40)}`, link: `https://huge.example.com/${i}` })))); },
    '/slow.xml': (_req, res) => { setTimeout(() => { res.end(rss([])); }, 3_000).unref(); },
    '/to-private.xml': (_req, res) => { res.statusCode = 302; res.setHeader('location', canary.url('/stolen')); res.end(); },
    '/to-metadata.xml': (_req, res) => { res.statusCode = 301; res.setHeader('location', 'http://169.254.169.254/latest/meta-data/'); res.end(); },
    '/loop.xml': (_req, res) => { res.statusCode = 302; res.setHeader('location', feeds.url('/loop.xml')); res.end(); },
    '/error.xml': (_req, res) => { res.statusCode = 500; res.end('down'); },
  });
});
after(async () => { await feeds?.close(); await canary?.close(); await h?.close(); });

async function createSource(body: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload: { enabled: true, ...body } });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { id: string; [k: string]: unknown };
}
const source = async (id: string) => h.database.db.selectFrom('news_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const items = async (sourceId: string) => h.database.db.selectFrom('inbox_items').selectAll().where('source_id', '=', sourceId).execute();
const disableAll = () => h.database.db.updateTable('news_sources').set({ enabled: false }).execute();

describe('news sources CRUD', () => {
  it('creates (disabled by default), lists, changes and deletes a source; refuses bad input', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload: { name: 'Crud', feed_url: 'https://crud.example.com/feed', default_topics: ['terminals'], default_region: 'europe', trust_weight: 70 } });
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json();
    assert.equal(res.headers.location, `/v1/admin/sources/${created.id}`);
    assert.equal(created.enabled, false);
    assert.equal(created.kind, 'rss');
    assert.deepEqual(created.default_topics, ['terminals']);
    const list = await h.app.inject({ method: 'GET', url: '/v1/admin/sources', headers: admin.keyAuth });
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().sources.some((s: { id: string }) => s.id === created.id));
    const patched = await h.app.inject({ method: 'PATCH', url: `/v1/admin/sources/${created.id}`, headers: admin.keyAuth, payload: { trust_weight: 90, poll_interval_minutes: 30, kind: 'atom' } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json().trust_weight, 90);
    assert.equal(patched.json().poll_interval_minutes, 30);
    const dup = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload: { name: 'Again', feed_url: 'https://crud.example.com/feed' } });
    assert.equal(dup.statusCode, 409);
    for (const payload of [
      { name: 'x', feed_url: 'file:///etc/passwd' },
      { name: 'x', feed_url: 'ftp://example.com/feed' },
      { name: 'x', feed_url: 'https://ok.example.com/', default_topics: ['no-such-topic'] },
      { name: 'x', feed_url: 'https://ok.example.com/', default_region: 'atlantis' },
      { name: 'x', feed_url: 'https://ok.example.com/', trust_weight: 101 },
      { name: 'x', feed_url: 'https://ok.example.com/', poll_interval_minutes: 1 },
    ]) {
      const bad = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload });
      assert.equal(bad.statusCode, 400, `${JSON.stringify(payload)} → ${bad.statusCode} ${bad.body}`);
      assert.match(bad.headers['content-type'] as string, /problem\+json/);
    }
    const del = await h.app.inject({ method: 'DELETE', url: `/v1/admin/sources/${created.id}`, headers: admin.keyAuth });
    assert.equal(del.statusCode, 200);
    assert.deepEqual([del.json().id, del.json().trust_weight, del.json().poll_interval_minutes], [created.id, 90, 30], 'DELETE answers 200 with the source as it was');
    const again = await h.app.inject({ method: 'DELETE', url: `/v1/admin/sources/${created.id}`, headers: admin.keyAuth });
    assert.equal(again.statusCode, 404);
    const pro = await h.identity({ plan: 'professional' });
    const hidden = await h.app.inject({ method: 'GET', url: '/v1/admin/sources', headers: pro.keyAuth });
    assert.equal(hidden.statusCode, 404);
  });
});

describe('polling', () => {
  it('adds each story once across two polls and two sources, scores it, and sends a proper conditional GET', async () => {
    await disableAll();
    const one = await createSource({ name: 'One', feed_url: feeds.url('/one.xml'), trust_weight: 80 });
    const two = await createSource({ name: 'Two', feed_url: feeds.url('/two.xml'), trust_weight: 40 });
    const first = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
    assert.equal(first.statusCode, 200, first.body);
    const results = first.json().results as { source_id: string; fetched: boolean; new_items: number; duplicates: number; error: string | null }[];
    const r1 = results.find((r) => r.source_id === one.id)!;
    const r2 = results.find((r) => r.source_id === two.id)!;
    assert.deepEqual([r1.fetched, r1.new_items, r1.duplicates, r1.error], [true, 3, 0, null]);
    assert.deepEqual([r2.fetched, r2.new_items, r2.duplicates, r2.error], [true, 0, 1, null], 'the same story from the second source is a duplicate');
    const stored = await items(one.id);
    assert.equal(stored.length, 3);
    const heathrow = stored.find((i) => i.guid === 'a-1')!;
    assert.equal(heathrow.status, 'pending');
    assert.equal(heathrow.canonical_url, 'news.example.com/heathrow-runway');
    assert.equal(heathrow.excerpt, story.description);
    assert.equal(new Date(heathrow.published_at!).toISOString(), '2026-11-21T08:00:00.000Z');
    assert.deepEqual((heathrow.detected_entities as { airports: string[] }).airports, ['LHR']);
    assert.ok(heathrow.score > 0 && heathrow.score <= 100);
    const reasons = heathrow.score_reasons as { reason: string; points: number }[];
    assert.equal(reasons.reduce((s, r) => s + r.points, 0), heathrow.score);
    assert.ok(reasons.some((r) => r.reason.includes('LHR')));
    const ua = feeds.requests.find((r) => r.path === '/one.xml')!.headers['user-agent'];
    assert.match(String(ua), /airport-intel-feeds/);

    // Second poll: the servers answer 304 to the validators they gave; nothing is added.
    const second = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
    const again = (second.json().results as { source_id: string; not_modified: boolean; new_items: number }[]).find((r) => r.source_id === one.id)!;
    assert.equal(again.not_modified, true);
    assert.equal(again.new_items, 0);
    const last = feeds.requests.filter((r) => r.path === '/one.xml').at(-1)!;
    assert.equal(last.headers['if-none-match'], '"v1"');
    assert.equal(last.headers['if-modified-since'], 'Sat, 21 Nov 2026 09:00:00 GMT');
    assert.equal((await items(one.id)).length, 3);

    // Without validators (a server that ignores them) the same items are recognised by GUID.
    await h.database.db.updateTable('news_sources').set({ etag: null, last_modified: null }).where('id', '=', one.id).execute();
    const third = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
    const r3 = (third.json().results as { source_id: string; new_items: number; duplicates: number }[]).find((r) => r.source_id === one.id)!;
    assert.deepEqual([r3.new_items, r3.duplicates], [0, 3]);
    assert.equal(canary.requests.length, 0);
  });

  it('lists the inbox highest score first: the fresh, relevant, trusted story above the stale one', async () => {
    const rows = await h.database.db.selectFrom('inbox_items').select(['title', 'score']).orderBy('score', 'desc').execute();
    const pos = (t: string) => rows.findIndex((r) => r.title === t);
    assert.ok(pos(story.title) < pos(stale.title), JSON.stringify(rows));
    assert.ok(pos(other.title) < pos(stale.title));
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/admin/inbox?status=pending', headers: admin.keyAuth });
    assert.equal(res.statusCode, 200);
    const scores = (res.json().data as { score: number }[]).map((i) => i.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  });

  it('parses Atom and JSON Feed', async () => {
    await disableAll();
    const atom = await createSource({ name: 'Atom', feed_url: feeds.url('/atom.xml'), kind: 'atom' });
    const json = await createSource({ name: 'Json', feed_url: feeds.url('/feed.json'), kind: 'json' });
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
    assert.equal(res.statusCode, 200);
    const a = await items(atom.id);
    const j = await items(json.id);
    assert.equal(a.length, 1);
    assert.equal(a[0]!.url, 'https://atom.example.org/incheon-t2');
    assert.deepEqual((a[0]!.detected_entities as { airports: string[] }).airports, ['ICN']);
    assert.equal(j.length, 1);
    assert.deepEqual((j[0]!.detected_entities as { airports: string[] }).airports, ['DXB']);
  });

  it('records malformed, huge, slow, failing and redirecting-to-private feeds as errors without stopping the others; the canary stays untouched', async () => {
    await disableAll();
    const bad = {
      malformed: await createSource({ name: 'Malformed', feed_url: feeds.url('/malformed.xml') }),
      huge: await createSource({ name: 'Huge', feed_url: feeds.url('/huge.xml') }),
      error: await createSource({ name: 'Error', feed_url: feeds.url('/error.xml') }),
      toPrivate: await createSource({ name: 'To private', feed_url: feeds.url('/to-private.xml') }),
      toMetadata: await createSource({ name: 'To metadata', feed_url: feeds.url('/to-metadata.xml') }),
      loop: await createSource({ name: 'Loop', feed_url: feeds.url('/loop.xml') }),
    };
    const good = await createSource({ name: 'Zz good', feed_url: feeds.url('/atom.xml?again=1'), kind: 'atom' });
    await h.database.db.deleteFrom('inbox_items').where('url', '=', 'https://atom.example.org/incheon-t2').execute();
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
    assert.equal(res.statusCode, 200, res.body);
    const byId = new Map((res.json().results as { source_id: string; error: string | null; new_items: number }[]).map((r) => [r.source_id, r]));
    assert.match(byId.get(bad.malformed.id)!.error!, /Not a feed/);
    assert.match(byId.get(bad.huge.id)!.error!, /OutboundError/);
    assert.match(byId.get(bad.error.id)!.error!, /HTTP 500/);
    assert.match(byId.get(bad.toPrivate.id)!.error!, /OutboundRefused/);
    assert.match(byId.get(bad.toMetadata.id)!.error!, /OutboundRefused/);
    assert.match(byId.get(bad.loop.id)!.error!, /redirects/);
    assert.equal(byId.get(good.id)!.error, null);
    assert.equal(byId.get(good.id)!.new_items, 1);
    for (const s of Object.values(bad)) {
      const row = await source(s.id);
      assert.equal(row.failure_count, 1);
      assert.ok(row.last_error);
    }
    assert.equal(canary.requests.length, 0, 'the loopback canary received no request');
  });

  it('times out a slow feed', async () => {
    await disableAll();
    const slow = await createSource({ name: 'Slow', feed_url: feeds.url('/slow.xml') });
    const report = await pollSource(h.ctx(), slow.id, { allowedHosts, timeoutMs: 300 });
    assert.match(report.error!, /OutboundError/);
    assert.equal((await source(slow.id)).failure_count, 1);
  });
});

describe('the job mechanism', () => {
  it('polls due sources on their interval and backs off after errors', async () => {
    await disableAll();
    const handlers = intakeJobs({ allowedHosts });
    const failing = await createSource({ name: 'Failing', feed_url: feeds.url('/error.xml?jobs=1'), poll_interval_minutes: 10 });
    const ok = await createSource({ name: 'Okay', feed_url: feeds.url('/feed.json?jobs=1'), kind: 'json', poll_interval_minutes: 10 });
    const polls = () => feeds.requests.filter((r) => r.path === '/error.xml').length;
    const before = polls();
    await runDueJobs(h.ctx(), { handlers }); // scheduler, then one poll job per due source
    await runDueJobs(h.ctx(), { handlers });
    assert.equal(polls(), before + 1);
    let row = await source(failing.id);
    assert.equal(row.failure_count, 1);
    assert.equal(new Date(row.next_poll_at!).getTime(), h.clock.now().getTime() + 20 * 60_000, 'backoff: interval × 2');
    assert.equal((await source(ok.id)).failure_count, 0);

    // 10 minutes on: the healthy source is due, the failing one is not.
    h.clock.advance(10 * 60_000 + 1000);
    await runDueJobs(h.ctx(), { handlers });
    await runDueJobs(h.ctx(), { handlers });
    assert.equal(polls(), before + 1);
    // 20 minutes after the failure: polled again, failing again, backing off further (× 4).
    h.clock.advance(10 * 60_000);
    await runDueJobs(h.ctx(), { handlers });
    await runDueJobs(h.ctx(), { handlers });
    assert.equal(polls(), before + 2);
    row = await source(failing.id);
    assert.equal(row.failure_count, 2);
    assert.equal(new Date(row.next_poll_at!).getTime(), h.clock.now().getTime() + 40 * 60_000);

    // One pending poll job per source however often the scheduler runs, and a leased source is skipped.
    const pending = await h.database.db.selectFrom('jobs').select('id').where('kind', '=', POLL_SOURCE_JOB).where('status', 'in', ['queued', 'failed']).execute();
    assert.ok(pending.length <= 2);
    await h.database.db.updateTable('news_sources').set({ polling_until: new Date(h.clock.now().getTime() + 60_000) }).where('id', '=', ok.id).execute();
    const skipped = await pollSource(h.ctx(), ok.id, { allowedHosts });
    assert.equal(skipped.error, 'already being polled');
    assert.equal(canary.requests.length, 0);
  });
});
