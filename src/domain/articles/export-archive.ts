/**
 * The archive export as CSV: every article matching a filter, in the search engine's own order
 * ({@link articleOrder}, so one engine decides what matches and in which order), computed by ONE
 * SELECT and read through one cursor (src/domain/csv-export.ts, docs/decisions/0028).
 * `exportArchive` is the reader's operation (the caller's archive scope; no row cap). Which fields
 * are shown, under which headers, is the face's choice among {@link ArticleCsvField}.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { csvExport, joinedList, type CsvColumnSpec, type CsvExport, type CsvFieldCatalog } from '../csv-export.js';
import { gated, GATES } from '../entitlements.js';
import { allOf } from '../shared/sql-filters.js';
import type { ArchiveQuery } from './schemas.js';
import { archiveFilter } from './search-archive.js';
import { articleOrder, filterConditions } from './search-engine.js';

/** What an article export can show, each as CSV text. */
const ARTICLE_FIELDS = {
  headline: sql<string>`a.headline`,
  why_it_matters: sql<string | null>`a.why_it_matters`,
  /** Topic names, by name. */
  topic_names: joinedList(sql`term.name`, sql`term.name`, sql`from article_topics link join topics term on term.id = link.topic_id where link.article_id = a.id`),
  source_name: sql<string | null>`a.source_name`,
  source_url: sql<string | null>`a.source_url`,
} satisfies CsvFieldCatalog<string>;

/** A field an article export can show. */
export type ArticleCsvField = keyof typeof ARTICLE_FIELDS;

/**
 * Every article of the caller's archive that `query` matches (the CSV export; no row cap). The gate
 * is checked when called, before any row is read.
 * @throws DomainError FORBIDDEN without `archive` (full or preview) and `exports`
 */
export const exportArchive = gated(GATES.archiveExport, function exportArchive(ctx: Ctx, query: ArchiveQuery, columns: readonly CsvColumnSpec<ArticleCsvField>[]): Promise<CsvExport> {
  return (async () => {
    const filter = await archiveFilter(ctx, query);
    const from = sql`from articles a join editions e on e.id = a.edition_id
     where ${allOf(filterConditions(filter))}
     order by ${articleOrder(filter)}`;
    return csvExport(ctx.db, ARTICLE_FIELDS, columns, from, Number.POSITIVE_INFINITY);
  })();
});
