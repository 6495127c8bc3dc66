/**
 * Sample editorial inbox (src/seed/sample/inbox.json): pending candidate stories built from real,
 * public airport-industry news. Each item carries the real headline (in our words where needed),
 * our own excerpt, the publisher's name and the publisher's site root only: `url` is that root plus
 * a `#sample-inbox-N` fragment, because `inbox_items.url` is unique and we do not invent article
 * paths. Their publishers are also added as (disabled) news sources: a feed poller is not part of
 * this release. Loaded by `loadSample` in the same transaction.
 */
import { createRequire } from 'node:module';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';

const require = createRequire(import.meta.url);

/** One inbox item of the sample file. */
export interface SampleInboxItem {
  source_name: string;
  /** The publisher's site root. */
  site: string;
  url: string;
  title: string;
  excerpt: string;
  /** `YYYY-MM-DD` */
  published_at: string;
  detected_entities: Record<string, unknown>;
  score: number;
}

export const sampleInbox = (): SampleInboxItem[] => require('./sample/inbox.json') as SampleInboxItem[];

/** Inserts the sample news sources and pending inbox items (existing URLs are left alone); returns the items inserted. */
export async function loadSampleInbox(trx: Transaction<DB> | Kysely<DB>): Promise<number> {
  const items = sampleInbox();
  const sources = [...new Map(items.map((i) => [i.site, i.source_name])).entries()];
  await trx.insertInto('news_sources')
    .values(sources.map(([site, name]) => ({ name, feed_url: site, kind: 'rss', enabled: false })))
    .onConflict((oc) => oc.column('feed_url').doNothing())
    .execute();
  const ids = new Map((await trx.selectFrom('news_sources').select(['id', 'feed_url']).execute()).map((r) => [r.feed_url, r.id]));
  const inserted = await trx.insertInto('inbox_items')
    .values(items.map((i) => ({
      source_id: ids.get(i.site) ?? null,
      source_name: i.source_name,
      url: i.url,
      title: i.title,
      excerpt: i.excerpt,
      published_at: new Date(`${i.published_at}T08:00:00Z`),
      detected_entities: JSON.stringify(i.detected_entities),
      score: Math.round(i.score * 100), // the file keeps 0..1; the column is 0..100 (migration 0006)
      status: 'pending',
    })))
    .onConflict((oc) => oc.column('url').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
