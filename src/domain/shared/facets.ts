/**
 * Facets: the filter vocabulary of a list with the number of matching records per value, shared by
 * the article, project and tender facets. Each dimension joins the matching records `x` (a
 * subquery with at least an `id` column, one row per record) to its vocabulary and counts distinct
 * records per value: `count(*)` where the dimension's join cannot meet a record twice under one value
 * (a column, a key, a link table keyed by record and term), `count(distinct x.id)` otherwise; the
 * distinct count sorts every joined row, which spilled to disk at a million projects (bench/README.md,
 * "Lists at a million").
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Linkable, Vocabulary } from './sql-filters.js';

/** One facet entry: the value to filter by, how to show it, and how many records have it. */
export interface Facet {
  value: string;
  label: string;
  count: number;
}

/** How one dimension is reached from the matching records `x`. */
export interface Dimension {
  /** Joins after `from (<matching>) x`. */
  join: RawBuilder<unknown>;
  /** The filter value (text). */
  value: RawBuilder<unknown>;
  /** Its label (text). */
  label: RawBuilder<unknown>;
  /**
   * `true` when the join can reach one record twice under the same value and label (then the
   * records are counted distinct); absent: each record counts once per value as joined.
   */
  repeats?: boolean;
}

/** Entries of one dimension, most frequent first, then by label. */
export async function facetCounts(db: Kysely<DB>, matching: RawBuilder<unknown>, d: Dimension): Promise<Facet[]> {
  const { rows } = await sql<Facet>`
    select (${d.value})::text as value, (${d.label})::text as label, ${d.repeats ? sql`count(distinct x.id)` : sql`count(*)`}::int as count
      from (${matching}) x ${d.join}
     group by 1, 2
     order by count desc, label, value`.execute(db);
  return rows;
}

/**
 * Entries of several dimensions from counts kept elsewhere, in one statement: each part's `sums`
 * yields `(key, n)` rows, one per value, and its `d` joins, names and labels them from `s`
 * (`s.key`); values with `n` of 0 or less are left out. Each part's entries come in the order of
 * {@link facetCounts} over the records those counts describe (count descending, label, value).
 * @returns the entries of each part, in the order of `parts`
 */
export async function facetSums(db: Kysely<DB>, parts: readonly { sums: RawBuilder<unknown>; d: Dimension }[]): Promise<Facet[][]> {
  const selects = parts.map(({ sums, d }, part) => sql`
    select ${sql.lit(part)} as part, (${d.value})::text as value, (${d.label})::text as label, s.n::int as count,
           row_number() over (order by s.n::int desc, (${d.label})::text, (${d.value})::text) as rank
      from (${sums}) s ${d.join}
     where s.n > 0`);
  const { rows } = await sql<Facet & { part: number }>`
    select part, value, label, count from (${sql.join(selects, sql` union all `)}) e order by part, rank`.execute(db);
  const out: Facet[][] = parts.map(() => []);
  for (const { part, value, label, count } of rows) out[part]!.push({ value, label, count });
  return out;
}

/** The topics or tags of the records `x` of `kind`: value slug, label name. */
export const termDimension = (kind: Linkable, vocabulary: Vocabulary): Dimension => ({
  join: sql`join ${sql.table(`${kind}_${vocabulary}s`)} link on ${sql.ref(`link.${kind}_id`)} = x.id
            join ${sql.table(`${vocabulary}s`)} term on term.id = ${sql.ref(`link.${vocabulary}_id`)}`,
  value: sql`term.slug`,
  label: sql`term.name`,
});

/** The region of the records `x` (column `region_slug`): value slug, label name. */
export const regionDimension: Dimension = {
  join: sql`join regions r on r.slug = x.region_slug`,
  value: sql`r.slug`,
  label: sql`r.name`,
};

/** The country of the records `x` (column `country_code`): value ISO code, label name. */
export const countryDimension: Dimension = {
  join: sql`join countries c on c.code = x.country_code`,
  value: sql`c.code`,
  label: sql`c.name`,
};

/** The airports linked to the records `x` of `kind`: value IATA code, label name. */
export const airportDimension = (kind: Linkable): Dimension => ({
  join: sql`join ${sql.table(`${kind}_airports`)} link on ${sql.ref(`link.${kind}_id`)} = x.id join airports ap on ap.id = link.airport_id`,
  value: sql`ap.iata`,
  label: sql`ap.name`,
  // Two airports without an IATA code may share a name: a record linked to both counts once.
  repeats: true,
});

/** A column of the records `x` whose value is its own label (status, type, year). */
export const columnDimension = (column: string): Dimension => ({
  join: sql``,
  value: sql.ref(`x.${column}`),
  label: sql.ref(`x.${column}`),
});
