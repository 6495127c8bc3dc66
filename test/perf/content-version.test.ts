/**
 * Issue 18: the content version of migration 0013 — every table is either watched by the
 * statement-level trigger or deliberately excluded (per-caller or bookkeeping data no cached body
 * reads), and the version moves exactly once per committed writing transaction, at COMMIT.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { readContentVersion, readVersions } from '../../src/domain/system/content-version.js';
import { startHarness, type Harness } from '../helpers/harness.js';

/** Tables without the trigger, on purpose (see the list in src/db/migrations/0013_content_version.sql). */
const UNWATCHED = [
  'content_version', 'content_version_touch', 'identity_version_touch', 'schema_migrations',
  'users', 'profiles', 'preferences', 'user_interests', 'sessions', 'accounts', 'account_members',
  'subscriptions', 'subscription_addons', 'checkouts', 'procurement_requests', 'procurement_reviews',
  'api_keys', 'usage_counters', 'saved_articles', 'article_views', 'project_watches', 'alert_rules',
  'notifications', 'newsletter_sends', 'email_outbox', 'audit_log', 'idempotency_keys', 'jobs',
  // written by the version bump itself, at COMMIT (migration 0019)
  'change_commits',
  // sign-in state, per person (migration 0016): no cached read depends on it
  'auth_tokens', 'rate_limit_counters', 'sso_configurations', 'sso_domains', 'sso_logins',
  // the housekeeping job's totals, read by /metrics only (migration 0018)
  'housekeeping_totals',
  // a copy of articles kept by triggers (migration 0020): every change of it is a change of
  // articles or editions, which bump the version themselves
  'article_search',
  // the search's common words and their postings (migration 0030, decision 0061): the postings are
  // kept by a trigger on article_search (so by writes of articles and editions, which bump the
  // version), and the daily refresh changes only which queries read them, never an answer
  'article_search_postings', 'search_common_words',
  // the facet counts kept by triggers (migration 0026): every change of them is a change of
  // projects or their links, which bump the version themselves
  'project_facet_deltas',
  // the authorization server's records and the OAuth quota (migration 0025): per person, no cached read depends on them
  'oauth_records', 'oauth_usage_counters',
].sort();

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

describe('content version', () => {
  it('every table of the schema is watched, except the per-caller and bookkeeping tables listed', async () => {
    const { rows } = await sql<{ name: string; watched: boolean }>`
      select c.relname as name,
             exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'content_version_touched') as watched
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = current_schema() and not c.relispartition
      order by 1`.execute(h.database.db);
    const unwatched = rows.filter((r) => !r.watched).map((r) => r.name);
    assert.deepEqual(unwatched, UNWATCHED.filter((t) => rows.some((r) => r.name === t)),
      'a new table must be watched (select content_version_watch(\'<table>\') in its migration) or, if no cached read depends on it, added to both lists');
    for (const table of ['editions', 'articles', 'article_topics', 'projects', 'project_airports', 'tenders', 'tender_bidders', 'calendar_events', 'airports', 'companies', 'regions', 'topics', 'plans', 'plan_features'])
      assert.ok(rows.some((r) => r.name === table && r.watched), `${table} is watched`);
  });

  it('moves once per committed writing transaction, at COMMIT, and not for a rolled-back one', async () => {
    const ctx = h.ctx();
    const v0 = BigInt(await readContentVersion(ctx));
    await h.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('regions').set({ name: 'Europe' }).where('slug', '=', 'europe').execute();
      await trx.updateTable('topics').set({ name: 'Runways' }).where('slug', '=', 'runways').execute();
      assert.equal(BigInt(await readContentVersion({ ...ctx, db: trx })), v0, 'not before COMMIT');
    });
    assert.equal(BigInt(await readContentVersion(ctx)), v0 + 1n);
    await h.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('regions').set({ name: 'Never' }).where('slug', '=', 'europe').execute();
      throw new Error('roll back');
    }).catch(() => {});
    assert.equal(BigInt(await readContentVersion(ctx)), v0 + 1n);
    const touched = await sql<{ n: number }>`select count(*)::int as n from content_version_touch`.execute(h.database.db);
    assert.equal(touched.rows[0]!.n, 0, 'the per-transaction notes are removed at COMMIT');
    // A write to a per-caller table leaves the version alone.
    await sql`update usage_counters set count = count`.execute(h.database.db);
    assert.equal(BigInt(await readContentVersion(ctx)), v0 + 1n);
  });

  it('the identity version moves for identity writes only, and the app sees both versions as soon as a write resolves', async () => {
    const ctx = h.ctx();
    const v0 = await readVersions(ctx);
    await sql`update plans set daily_quota = daily_quota where code = 'core'`.execute(h.database.db);
    const v1 = await readVersions(ctx);
    assert.equal(v1.identity, v0.identity + 1, 'plans feed the identity');
    assert.equal(v1.content, v0.content + 1, 'and the content (the plans page)');
    await sql`update api_keys set last_used_at = last_used_at`.execute(h.database.db);
    await sql`update usage_counters set count = count`.execute(h.database.db);
    assert.deepEqual(await readVersions(ctx), v1, 'last_used_at and the quota counters change no identity');
    await sql`update sessions set revoked_at = revoked_at`.execute(h.database.db);
    const v2 = await readVersions(ctx);
    assert.deepEqual([v2.identity, v2.content], [v1.identity + 1, v1.content], 'sessions feed the identity only');
    // What a request of the app sees right after the write resolved (memory on the embedded engine, a read on a server).
    await h.app.ready();
    assert.deepEqual(await h.app.versions.current(ctx), v2);
    await sql`update regions set name = name where slug = 'europe'`.execute(h.database.db);
    const seen = h.app.versions.current(ctx);
    if (h.database.kind === 'pglite') assert.ok(!(seen instanceof Promise), 'the embedded engine answers from memory');
    assert.deepEqual(await seen, { content: v2.content + 1, identity: v2.identity });
  });
});

