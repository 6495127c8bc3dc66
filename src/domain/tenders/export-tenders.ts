/**
 * Exporting tenders as CSV: every tender matching a filter, by deadline (none last) then id,
 * computed by ONE SELECT and read through one cursor (src/domain/csv-export.ts,
 * docs/decisions/0028). Which fields are shown, under which headers, is the face's choice among
 * {@link TenderCsvField}.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { csvExport, isoInstant, safe, joinedList, type CsvColumnSpec, type CsvExport, type CsvFieldCatalog } from '../csv-export.js';
import { gated, GATES } from '../entitlements.js';
import { previewCap } from '../previews.js';
import { allOf } from '../shared/sql-filters.js';
import { tenderConditions } from './repository.js';
import type { TenderFilter } from './schemas.js';
import { derivedTenderStatus } from './tender-status.js';

const terms = (vocabulary: 'topic' | 'tag', shown: 'name' | 'slug') =>
  joinedList(sql.ref(`term.${shown}`), sql`term.name`,
    sql`from ${sql.table(`tender_${vocabulary}s`)} link join ${sql.table(`${vocabulary}s`)} term on term.id = ${sql.ref(`link.${vocabulary}_id`)} where link.tender_id = t.id`);

/** What a tender export can show at the instant `now`, each as CSV text. */
const tenderFields = (now: Date) => ({
  id: safe(sql`t.id`),
  title: sql<string>`t.title`,
  reference: sql<string | null>`t.reference`,
  buyer_name: sql<string>`t.buyer_name`,
  airport_name: sql<string | null>`ap.name`,
  /** Checked `^[A-Z0-9]{3}$`. */
  iata_code: safe(sql`ap.iata`),
  /** References countries(code), checked `^[A-Z]{2}$`. */
  country_code: safe(sql`t.country_code`),
  country_name: sql<string | null>`c.name`,
  region_name: sql<string | null>`r.name`,
  /** Checked: rfp, tender, framework or eoi. */
  tender_type: safe(sql`t.tender_type`),
  /** Derived at `now` (src/domain/tenders/tender-status.ts). */
  status: safe(derivedTenderStatus(now)),
  published_on: safe(sql`t.published_on`),
  /** ISO 8601 instant. */
  deadline: safe(isoInstant(sql`t.deadline`)),
  estimated_value: safe(sql`t.estimated_value`),
  currency: sql<string | null>`t.currency`,
  value_usd: safe(sql`t.value_usd`),
  topic_names: terms('topic', 'name'),
  topic_slugs: terms('topic', 'slug'),
  tag_names: terms('tag', 'name'),
  tag_slugs: terms('tag', 'slug'),
  awarded_to: sql<string | null>`t.awarded_to`,
  /** `name (outcome)` of each bidder, by name. */
  bidders: joinedList(sql`b.bidder_name || ' (' || b.outcome || ')'`, sql`b.bidder_name`, sql`from tender_bidders b where b.tender_id = t.id`),
  source_name: sql<string | null>`t.source_name`,
  source_url: sql<string | null>`t.source_url`,
}) satisfies CsvFieldCatalog<string>;

/** A field a tender export can show. */
export type TenderCsvField = keyof ReturnType<typeof tenderFields>;

/**
 * Every published tender matching `filter`, statuses derived at `ctx.now()`; no row cap, except the
 * preview's rows for a caller who holds `wat` only as a trial preview. The gate (`wat` and
 * `exports`, on every face) is checked when called, before any row is read.
 * @throws DomainError FORBIDDEN without `wat` (full or preview) and `exports`
 */
export const exportTenders = gated(GATES.tendersExport, function exportTenders(ctx: Ctx, filter: TenderFilter, columns: readonly CsvColumnSpec<TenderCsvField>[]): Promise<CsvExport> {
  const now = ctx.now();
  const from = sql`from tenders t
      left join airports ap on ap.id = t.airport_id
      left join countries c on c.code = t.country_code
      left join regions r on r.slug = t.region_slug
     where ${allOf(tenderConditions(filter, now))}
     order by coalesce(t.deadline, 'infinity'::timestamptz), t.id`;
  return Promise.resolve(csvExport(ctx.db, tenderFields(now), columns, from, previewCap(ctx.identity, 'wat')));
});
