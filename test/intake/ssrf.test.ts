/**
 * Issue 14, server-side request forgery with the DEFAULT settings (OUTBOUND_ALLOWED_HOSTS empty): a
 * source may only reach public addresses. A canary server on 127.0.0.1 must receive zero requests
 * whatever the source URL: the loopback address, a DNS name resolving to loopback (`localhost`),
 * other spellings of loopback, private, link-local/metadata and unspecified addresses, and schemes
 * other than http(s). (A redirect to a private address: test/intake/sources.test.ts, where the feed
 * server is allowed and the canary is not.)
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { intakeJobs } from '../../src/domain/intake/index.js';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { NO_ALLOWED_HOSTS } from '../../src/net/outbound.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { feedRoute, rss, startFeedServer, type FeedServer } from './feed-server.js';

let h: Harness;
let admin: TestIdentity;
let canary: FeedServer;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  canary = await startFeedServer('127.0.0.1', { '/feed.xml': feedRoute(() => rss([{ guid: 'c', title: 'Canary story at Heathrow', link: 'https://canary.example/1' }])) });
});
after(async () => { await canary?.close(); await h?.close(); });

it('refuses every source URL that reaches a non-public address, over HTTP and through the jobs; the canary sees nothing', async () => {
  const port = canary.port;
  const cases: Record<string, string> = {
    'loopback address': `http://127.0.0.1:${port}/feed.xml`,
    'DNS name resolving to loopback': `http://localhost:${port}/feed.xml`,
    'IPv6 loopback': `http://[::1]:${port}/feed.xml`,
    'IPv4-mapped IPv6 loopback': `http://[::ffff:127.0.0.1]:${port}/feed.xml`,
    'decimal loopback': `http://2130706433:${port}/feed.xml?decimal`,
    'unspecified address': `http://0.0.0.0:${port}/feed.xml`,
    'private address (RFC 1918)': 'http://10.1.2.3/feed.xml',
    'private address 192.168': 'http://192.168.1.1/feed.xml',
    'cloud metadata (link-local)': 'http://169.254.169.254/latest/meta-data/',
  };
  const ids = new Map<string, string>();
  for (const [name, url] of Object.entries(cases)) {
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload: { name, feed_url: url, enabled: true } });
    assert.equal(res.statusCode, 201, `${name}: ${res.body}`);
    ids.set(res.json().id, name);
  }
  const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  const results = res.json().results as { source_id: string; fetched: boolean; error: string | null }[];
  assert.equal(results.length, ids.size);
  for (const r of results) {
    assert.equal(r.fetched, false, ids.get(r.source_id));
    assert.match(r.error ?? '', /OutboundRefused/, `${ids.get(r.source_id)}: ${r.error}`);
  }
  // The same through the job mechanism (after the backoff has passed).
  h.clock.advance(48 * 3_600_000);
  await runDueJobs(h.ctx(), { handlers: intakeJobs({ allowedHosts: NO_ALLOWED_HOSTS }) });
  await runDueJobs(h.ctx(), { handlers: intakeJobs({ allowedHosts: NO_ALLOWED_HOSTS }) });
  const rows = await h.database.db.selectFrom('news_sources').select(['name', 'failure_count', 'last_error']).execute();
  for (const row of rows) {
    assert.equal(row.failure_count, 2, row.name);
    assert.match(row.last_error ?? '', /OutboundRefused/);
  }
  assert.equal(await h.database.db.selectFrom('inbox_items').select('id').execute().then((r) => r.length), 0);
  assert.equal(canary.requests.length, 0, 'the loopback canary received no request');
});

it('refuses schemes other than http and https: at creation (400) and at poll time for a stored one', async () => {
  for (const feed_url of ['file:///etc/passwd', 'ftp://example.com/feed', 'gopher://127.0.0.1:70/', 'javascript:alert(1)', `data:text/xml,<rss/>`]) {
    const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources', headers: admin.keyAuth, payload: { name: 'scheme', feed_url, enabled: true } });
    assert.equal(res.statusCode, 400, `${feed_url}: ${res.body}`);
  }
  await h.database.db.updateTable('news_sources').set({ enabled: false }).execute();
  await h.database.db.insertInto('news_sources').values({ name: 'Stored file URL', feed_url: `file:///etc/passwd`, enabled: true }).execute();
  const res = await h.app.inject({ method: 'POST', url: '/v1/admin/sources/poll', headers: admin.keyAuth });
  const [r] = res.json().results as { error: string | null }[];
  assert.match(r!.error ?? '', /OutboundRefused/);
  assert.equal(canary.requests.length, 0);
});
