/** The SQL of news sources, shared by the operations of this folder. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam, notFound } from '../errors.js';
import { recordVersion } from '../sql/record-version.js';

/** A news source as the admin sees it. */
export interface NewsSource {
  id: string;
  name: string;
  feed_url: string;
  kind: string;
  poll_interval_minutes: number;
  enabled: boolean;
  default_topics: string[];
  default_region: string | null;
  trust_weight: number;
  last_polled_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  failure_count: number;
  next_poll_at: string | null;
  created_at: string;
  updated_at: string;
  /** The version of what editors set (the polling state left out): the admin faces' ETag (decision 0050). */
  record_version: string;
}

/** The columns the poller writes: kept out of a source's version, so a poll never makes an editor's save stale. */
const POLLING_STATE = ['polling_until', 'last_polled_at', 'last_success_at', 'last_error', 'failure_count', 'next_poll_at', 'etag', 'last_modified'];

/** `record_version` of a `news_sources` row: select it, or return it from a write, with the row. */
export const sourceVersion = recordVersion('news_sources', { except: POLLING_STATE }).as('record_version');

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** A row of `news_sources` with its `record_version` ({@link sourceVersion}) as a {@link NewsSource}. */
export function toSource(r: Record<string, unknown>): NewsSource {
  return {
    id: r.id as string,
    name: r.name as string,
    feed_url: r.feed_url as string,
    kind: r.kind as string,
    poll_interval_minutes: Number(r.poll_interval_minutes),
    enabled: Boolean(r.enabled),
    default_topics: (r.default_topics as string[] | null) ?? [],
    default_region: (r.default_region as string | null) ?? null,
    trust_weight: Number(r.trust_weight),
    last_polled_at: iso(r.last_polled_at),
    last_success_at: iso(r.last_success_at),
    last_error: (r.last_error as string | null) ?? null,
    failure_count: Number(r.failure_count),
    next_poll_at: iso(r.next_poll_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    record_version: r.record_version as string,
  };
}

/** Selects the rows of `news_sources` with their version. */
export const selectSources = (db: Kysely<DB>) => db.selectFrom('news_sources').selectAll().select(sourceVersion);

/** One source, locked for the transaction when `lock`. @throws DomainError NOT_FOUND */
export async function loadSource(db: Kysely<DB>, id: string, lock = false): Promise<NewsSource> {
  const q = selectSources(db).where('id', '=', id);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw notFound(`News source ${id}`);
  return toSource(row);
}

/** Checks that the topics and the region named exist. @throws DomainError VALIDATION naming the field */
export async function checkVocabulary(db: Kysely<DB>, topics: string[] | undefined, region: string | null | undefined): Promise<void> {
  if (topics?.length) {
    const known = new Set((await db.selectFrom('topics').select('slug').where('slug', 'in', topics).execute()).map((r) => r.slug));
    const unknown = topics.find((t) => !known.has(t));
    if (unknown !== undefined) throw invalidParam('default_topics', `unknown topic "${unknown}"`);
  }
  if (region) {
    const r = await db.selectFrom('regions').select('slug').where('slug', '=', region).executeTakeFirst();
    if (!r) throw invalidParam('default_region', `unknown region "${region}"`);
  }
}

/** Checks the feed URL parses as http(s). @throws DomainError VALIDATION */
export function checkFeedUrl(url: string): string {
  let u: URL;
  try { u = new URL(url); } catch { throw invalidParam('feed_url', 'must be an absolute http or https URL'); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalidParam('feed_url', 'must use http or https');
  return u.toString();
}
