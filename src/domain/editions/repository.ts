/**
 * Editions: issues of the newsletter with their executive summary. Source: table `editions`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Page, Window } from '../pagination.js';
import type { EditionStatus } from '../articles/article-query.js';

/** A key metric of an executive summary. */
export interface KeyMetric {
  label: string;
  value: string;
  context?: string;
}

/** A regional highlight of an executive summary. */
export interface RegionalHighlight {
  region: string;
  highlight: string;
}

/** An edition without its articles. */
export interface EditionView {
  id: string;
  number: number;
  /** `YYYY-MM-DD` */
  publish_date: string;
  status: EditionStatus;
  summary: string;
  top_developments: string[];
  key_trends: string[];
  regional_highlights: RegionalHighlight[];
  key_metrics: KeyMetric[];
  /** Articles in the edition (rollup). */
  article_count: number;
}

const columns = [
  'id',
  'number',
  'publish_date',
  'status',
  'summary',
  'top_developments',
  'key_trends',
  'regional_highlights',
  'key_metrics',
  'article_count',
] as const;

/** Newest first: by publish date, then number. */
export async function listEditions(db: Kysely<DB>, statuses: EditionStatus[], window: Window): Promise<Page<EditionView>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('editions')
      .select(columns)
      .where('status', 'in', statuses)
      .orderBy('publish_date', 'desc')
      .orderBy('number', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('editions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', 'in', statuses)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items as unknown as EditionView[], total: count.n };
}

/** The edition with that `number` (or `id`) if its status is one of `statuses`. */
export async function findEdition(db: Kysely<DB>, key: { number: number } | { id: string }, statuses: EditionStatus[]): Promise<EditionView | undefined> {
  return (await db
    .selectFrom('editions')
    .select(columns)
    .$if('number' in key, (qb) => qb.where('number', '=', (key as { number: number }).number))
    .$if('id' in key, (qb) => qb.where('id', '=', (key as { id: string }).id))
    .where('status', 'in', statuses)
    .executeTakeFirst()) as unknown as EditionView | undefined;
}

/** The edition with `number` if its status is one of `statuses`. */
export const findEditionByNumber = (db: Kysely<DB>, number: number, statuses: EditionStatus[]): Promise<EditionView | undefined> =>
  findEdition(db, { number }, statuses);

/** The most recent published edition. */
export async function findLatestPublished(db: Kysely<DB>): Promise<EditionView | undefined> {
  return (await db
    .selectFrom('editions')
    .select(columns)
    .where('status', '=', 'published')
    .orderBy('publish_date', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()) as unknown as EditionView | undefined;
}

/** Recomputes the `article_count` rollup of one edition (or of all when `editionId` is omitted). */
export async function recomputeEditionRollups(db: Kysely<DB>, editionId?: string): Promise<void> {
  await sql`update editions e set article_count = (select count(*) from articles a where a.edition_id = e.id)
             where ${editionId ? sql`e.id = ${editionId}::uuid` : sql`true`}`.execute(db);
}
