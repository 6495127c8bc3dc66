/**
 * The SQL of editions: issues of the newsletter with their executive summary (table `editions`).
 * A leaf: their articles are read through the articles domain (./edition-articles.ts), the rollups
 * live in src/domain/sql/rollups.ts.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../errors.js';
import type { Page, Window } from '../pagination.js';
import { recordVersion } from '../sql/record-version.js';
import type { EditionStatus } from './schemas.js';

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
  /**
   * The stored row's version without its rollup (an MD5 of the row as JSON, `article_count` left
   * out: adding an article is not a change of the edition): the admin faces' ETag (decision 0050).
   */
  record_version: string;
}

/** The columns of an `EditionView`: the JSON columns read as the shapes their writers store. */
const columns = (eb: ExpressionBuilder<DB, 'editions'>) => [
  'id',
  'number',
  'publish_date',
  'summary',
  'article_count',
  eb.ref('status').$castTo<EditionStatus>().as('status'),
  eb.ref('top_developments').$castTo<string[]>().as('top_developments'),
  eb.ref('key_trends').$castTo<string[]>().as('key_trends'),
  eb.ref('regional_highlights').$castTo<RegionalHighlight[]>().as('regional_highlights'),
  eb.ref('key_metrics').$castTo<KeyMetric[]>().as('key_metrics'),
  recordVersion('editions', { except: ['article_count'] }).as('record_version'),
] as const;

/** The editions as `EditionView`s. */
const selectEditionViews = (db: Kysely<DB>) => db.selectFrom('editions').select(columns);

/** Newest first: by publish date, then number. */
export async function listEditions(db: Kysely<DB>, statuses: EditionStatus[], window: Window): Promise<Page<EditionView>> {
  const [items, count] = await Promise.all([
    selectEditionViews(db)
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
  return { items, total: count.n };
}

/** The edition with that `number` (or `id`) if its status is one of `statuses`. */
export async function findEdition(db: Kysely<DB>, key: { number: number } | { id: string }, statuses: EditionStatus[]): Promise<EditionView | undefined> {
  return selectEditionViews(db)
    .$if('number' in key, (qb) => qb.where('number', '=', (key as { number: number }).number))
    .$if('id' in key, (qb) => qb.where('id', '=', (key as { id: string }).id))
    .where('status', 'in', statuses)
    .executeTakeFirst();
}

/** The edition with `number` if its status is one of `statuses`. */
export const findEditionByNumber = (db: Kysely<DB>, number: number, statuses: EditionStatus[]): Promise<EditionView | undefined> =>
  findEdition(db, { number }, statuses);

/** The most recent published edition. */
export async function findLatestPublished(db: Kysely<DB>): Promise<EditionView | undefined> {
  return selectEditionViews(db)
    .where('status', '=', 'published')
    .orderBy('publish_date', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function findById(db: Kysely<DB>, id: string): Promise<EditionView | undefined> {
  return selectEditionViews(db).where('id', '=', id).executeTakeFirst();
}

/**
 * The edition with `id` in any status, without a visibility rule: the loader of the admin writes
 * (readers go through `getEdition`, which hides drafts). @throws DomainError NOT_FOUND
 */
export async function loadEdition(db: Kysely<DB>, id: string): Promise<EditionView> {
  const e = await findById(db, id);
  if (!e) throw notFound(`Edition ${id}`);
  return e;
}

/** @throws DomainError CONFLICT when another edition (not `exceptId`) has `number`. */
export async function assertNumberFree(db: Kysely<DB>, number: number, exceptId?: string): Promise<void> {
  const taken = await db.selectFrom('editions').select('id').where('number', '=', number)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!)).executeTakeFirst();
  if (taken) throw conflict(`An edition with number ${number} already exists`);
}

/** A value as the JSON text a jsonb column takes. */
export const jsonb = (v: unknown): string => JSON.stringify(v);
