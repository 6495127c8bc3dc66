/**
 * Polling news sources: one poll of one source ({@link pollSource}), every enabled source now
 * ({@link pollNewsSources}, the admin operation), and the jobs that poll each source on its interval
 * ({@link intakeJobs}).
 *
 * A poll claims the source with a lease (`polling_until`), so two processes never poll one source at
 * once; fetches through the outbound guard (src/net/outbound.ts: public addresses only unless
 * `OUTBOUND_ALLOWED_HOSTS`, every redirect checked, at most 3 redirects, a timeout and a size cap)
 * with a conditional GET (`If-None-Match`, `If-Modified-Since`); a 304 adds nothing. A failure is
 * recorded on the source (`last_error`, `failure_count`) and the next poll backs off
 * (interval × 2^failures, at most 24 h); it never stops the other sources.
 */
import type { AllowedHosts } from '../../net/outbound.js';
import { outboundRequest } from '../../net/outbound.js';
import type { Ctx } from '../context.js';
import { requireAdmin } from '../admin/admin.js';
import { notFound } from '../errors.js';
import { defineJob, enqueueJob, type JobHandler } from '../jobs/index.js';
import { parseFeedItems } from './feed.js';
import { ingestItems } from './ingest.js';
import { sourceVersion, toSource, type NewsSource } from './sources-repository.js';
import { loadVocabulary } from './vocabulary.js';
import type { Vocabulary } from './suggest-engine.js';

/** How feeds are fetched. */
export interface PollSettings {
  /** `OUTBOUND_ALLOWED_HOSTS`, parsed. */
  allowedHosts: AllowedHosts;
  /** Whole exchange, ms (default 10 000). */
  timeoutMs?: number;
  /** Largest feed document, bytes (default 2 MB). */
  maxBytes?: number;
}

/** The outcome of one source's poll. */
export interface SourcePollReport {
  source_id: string;
  name: string;
  /** A response was received (200 or 304). */
  fetched: boolean;
  /** The server answered 304 Not Modified. */
  not_modified: boolean;
  items_in_feed: number;
  new_items: number;
  duplicates: number;
  /** Why the poll failed (`null` when it did not). */
  error: string | null;
}

/** The User-Agent of feed requests. */
export const FEED_USER_AGENT = 'airport-intel-feeds/0.1 (+https://github.com/airport-intel; editorial intake)';
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 24 * 3_600_000;

/** Delay before the next poll after `failures` failures in a row (interval × 2^failures, at most 24 h). */
export const backoffMs = (intervalMinutes: number, failures: number): number =>
  Math.min(intervalMinutes * 60_000 * 2 ** Math.min(failures, 20), MAX_BACKOFF_MS);

/**
 * Polls one source now (system work: no admin check). Never throws for the source's own failure
 * (it is recorded and reported); a source being polled elsewhere is reported as such.
 * @throws DomainError NOT_FOUND when the source does not exist
 */
export async function pollSource(ctx: Ctx, sourceId: string, settings: PollSettings, vocab?: Vocabulary): Promise<SourcePollReport> {
  const now = ctx.now();
  const claimed = await ctx.db.updateTable('news_sources')
    .set({ polling_until: new Date(now.getTime() + LEASE_MS), last_polled_at: now })
    .where('id', '=', sourceId)
    .where((eb) => eb.or([eb('polling_until', 'is', null), eb('polling_until', '<', now)]))
    .returningAll().returning(sourceVersion).executeTakeFirst();
  if (!claimed) {
    const exists = await ctx.db.selectFrom('news_sources').select(['id', 'name']).where('id', '=', sourceId).executeTakeFirst();
    return { source_id: sourceId, name: exists?.name ?? '', fetched: false, not_modified: false, items_in_feed: 0, new_items: 0, duplicates: 0, error: exists ? 'already being polled' : 'no such source' };
  }
  const source = toSource(claimed);
  const report: SourcePollReport = { source_id: source.id, name: source.name, fetched: false, not_modified: false, items_in_feed: 0, new_items: 0, duplicates: 0, error: null };
  try {
    const headers: Record<string, string> = { accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' };
    if (claimed.etag) headers['if-none-match'] = claimed.etag;
    if (claimed.last_modified) headers['if-modified-since'] = claimed.last_modified;
    const res = await outboundRequest(source.feed_url, {
      headers, allowedHosts: settings.allowedHosts, timeoutMs: settings.timeoutMs ?? 10_000, maxBytes: settings.maxBytes ?? 2_000_000,
      maxRedirects: 3, userAgent: FEED_USER_AGENT,
    });
    if (res.status === 304) {
      report.fetched = true;
      report.not_modified = true;
    } else if (res.status >= 200 && res.status < 300) {
      report.fetched = true;
      const items = parseFeedItems(res.body.toString('utf8'), res.url);
      report.items_in_feed = items.length;
      const result = await ingestItems(ctx, source, items, vocab ?? await loadVocabulary(ctx.db));
      report.new_items = result.added;
      report.duplicates = result.duplicates;
      await ctx.db.updateTable('news_sources').set({ etag: res.headers.etag ?? null, last_modified: res.headers['last-modified'] ?? null }).where('id', '=', source.id).execute();
    } else {
      throw new Error(`HTTP ${res.status}`);
    }
    await ctx.db.updateTable('news_sources').set({
      polling_until: null, failure_count: 0, last_error: null, last_success_at: now,
      next_poll_at: new Date(now.getTime() + source.poll_interval_minutes * 60_000),
    }).where('id', '=', source.id).execute();
  } catch (e) {
    const message = `${(e as Error).name === 'Error' ? '' : `${(e as Error).name}: `}${(e as Error).message}`.slice(0, 500);
    report.error = message;
    const failures = source.failure_count + 1;
    await ctx.db.updateTable('news_sources').set({
      polling_until: null, failure_count: failures, last_error: message,
      next_poll_at: new Date(now.getTime() + backoffMs(source.poll_interval_minutes, failures)),
    }).where('id', '=', source.id).execute();
  }
  return report;
}

/**
 * Polls every enabled source now, one after the other (administrators only); one failing source
 * never stops the others.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function pollNewsSources(ctx: Ctx, settings: PollSettings): Promise<SourcePollReport[]> {
  requireAdmin(ctx.identity);
  const sources = await ctx.db.selectFrom('news_sources').select('id').where('enabled', '=', true).orderBy('name').orderBy('id').execute();
  if (!sources.length) return [];
  const vocab = await loadVocabulary(ctx.db);
  const reports: SourcePollReport[] = [];
  for (const s of sources) reports.push(await pollSource(ctx, s.id, settings, vocab));
  return reports;
}

/**
 * Polls source `id` now, enabled or not (administrators only: an editor checks a feed address
 * before enabling it, or fetches a source before its turn). Its failure is recorded and reported
 * like a scheduled poll's (`error`, backoff), never thrown.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN, NOT_FOUND (no such source)
 */
export async function pollNewsSourceNow(ctx: Ctx, id: string, settings: PollSettings): Promise<SourcePollReport> {
  requireAdmin(ctx.identity);
  const source = await ctx.db.selectFrom('news_sources').select('id').where('id', '=', id).executeTakeFirst();
  if (!source) throw notFound(`News source ${id}`);
  return pollSource(ctx, id, settings);
}

/** Job kinds of the intake. */
export const POLL_SOURCE_JOB = 'intake.poll-source';
export const SCHEDULE_POLLS_JOB = 'intake.schedule-polls';

/**
 * Enqueues a poll job for every enabled source whose next poll is due (one pending job per source:
 * dedupe key `intake.poll-source:<id>`). @returns how many jobs were added
 */
export async function schedulePolls(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.selectFrom('news_sources').select('id').where('enabled', '=', true)
    .where((eb) => eb.or([eb('next_poll_at', 'is', null), eb('next_poll_at', '<=', now)])).execute();
  let added = 0;
  for (const s of due) {
    if (await enqueueJob(ctx, { kind: POLL_SOURCE_JOB, payload: { sourceId: s.id }, dedupeKey: `${POLL_SOURCE_JOB}:${s.id}` })) added++;
  }
  return added;
}

/**
 * The intake's job handlers: a recurring scheduler (every minute) and the poll of one source.
 * `settings` come from the deployment's configuration (src/jobs/handlers.ts).
 */
export function intakeJobs(settings: PollSettings): JobHandler<never>[] {
  const schedule = defineJob<Record<string, never>>({ kind: SCHEDULE_POLLS_JOB, every: 60_000, maxAttempts: 3, run: async (ctx) => { await schedulePolls(ctx); } });
  const poll = defineJob<{ sourceId: string }>({
    kind: POLL_SOURCE_JOB,
    maxAttempts: 3,
    leaseMs: LEASE_MS,
    run: async (ctx, payload) => {
      if (typeof payload?.sourceId !== 'string') return;
      const exists = await ctx.db.selectFrom('news_sources').select('id').where('id', '=', payload.sourceId).where('enabled', '=', true).executeTakeFirst();
      if (exists) await pollSource(ctx, payload.sourceId, settings);
    },
  });
  return [schedule, poll] as unknown as JobHandler<never>[];
}

export type { NewsSource };
