/**
 * Exporting projects as CSV: every project matching a filter, by title then id, computed by ONE
 * SELECT and read through one cursor (src/domain/csv-export.ts, docs/decisions/0028). The caller
 * needs `projects` and `exports` on every face (docs/entitlements.md). How many rows a caller may
 * take is decided here, per edition: the /api/v1 export caps subscribers at
 * {@link PROJECT_EXPORT_CAP} rows (admins uncapped, seed 000 section 8); the reader's /v1 export is
 * uncapped; both send no more than a trial preview's rows (unreachable today: no plan previews
 * `projects` with `exports`). Which fields are shown, under which headers, is the face's choice
 * among {@link ProjectCsvField}.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { csvExport, isoInstant, safe, joinedList, type CsvColumnSpec, type CsvExport, type CsvFieldCatalog } from '../csv-export.js';
import { gated, GATES } from '../entitlements.js';
import { previewCap } from '../previews.js';
import { allOf } from '../shared/sql-filters.js';
import { projectConditions } from './project-conditions.js';
import type { ProjectFilter } from './schemas.js';

/** Rows of a subscriber's /api/v1 project export (seed 000, section 8); administrators have no cap. */
export const PROJECT_EXPORT_CAP = 1000;

const termNames = (vocabulary: 'topic' | 'tag') =>
  joinedList(sql`term.name`, sql`term.name`,
    sql`from ${sql.table(`project_${vocabulary}s`)} link join ${sql.table(`${vocabulary}s`)} term on term.id = ${sql.ref(`link.${vocabulary}_id`)} where link.project_id = p.id`);

/**
 * What a project export can show, each as CSV text (numbers as digits, dates `YYYY-MM-DD`, instants
 * ISO 8601, lists `a; b`); `safe` ones never need quoting (ids, checked numbers and statuses, dates).
 */
const PROJECT_FIELDS = {
  id: safe(sql`p.id`),
  title: sql<string>`p.title`,
  airport_name: sql<string | null>`p.airport_name`,
  iata_code: sql<string | null>`p.iata_code`,
  /** References countries(code), checked `^[A-Z]{2}$`. */
  country_code: safe(sql`p.country_code`),
  country_name: sql<string | null>`c.name`,
  region_name: sql<string | null>`r.name`,
  project_type_name: sql<string | null>`pt.name`,
  status: safe(sql`p.status`),
  value_amount: safe(sql`p.value_amount`),
  value_currency: sql<string | null>`p.value_currency`,
  value_basis: sql<string | null>`p.value_basis`,
  value_usd: safe(sql`p.value_usd`),
  contractor: sql<string | null>`p.contractor`,
  expected_completion_year: safe(sql`p.expected_completion_year`),
  announced_on: safe(sql`p.announced_on`),
  parent_project_id: safe(sql`p.parent_project_id`),
  /** Topic names, by name. */
  topic_names: termNames('topic'),
  /** Tag names, by name. */
  tag_names: termNames('tag'),
  /** Company names, by name. */
  company_names: joinedList(sql`co.name`, sql`co.name`,
    sql`from project_companies x join companies co on co.id = x.company_id where x.project_id = p.id`),
  last_seen_edition_number: safe(sql`le.number`),
  updated_at: safe(isoInstant(sql`p.updated_at`)),
} satisfies CsvFieldCatalog<string>;

/** A field a project export can show. */
export type ProjectCsvField = keyof typeof PROJECT_FIELDS;

/**
 * Every published project matching `filter`: at most {@link PROJECT_EXPORT_CAP} rows, none for admins.
 * The gate is checked when called, before any row is read (an export stream never fails halfway on it).
 * @throws DomainError FORBIDDEN without `projects` (full or preview) and `exports`
 */
export const exportProjects = gated(GATES.projectsExport, function exportProjects(ctx: Ctx, filter: ProjectFilter, columns: readonly CsvColumnSpec<ProjectCsvField>[]): Promise<CsvExport> {
  return exportProjectRows(ctx, filter, columns, ctx.identity?.isAdmin ? Number.POSITIVE_INFINITY : PROJECT_EXPORT_CAP);
});

/**
 * The reader's export: every published project matching `filter` (no cap); gate as {@link exportProjects}.
 * @throws DomainError FORBIDDEN without `projects` (full or preview) and `exports`
 */
export const exportProjectsForReader = gated(GATES.projectsExport, function exportProjectsForReader(ctx: Ctx, filter: ProjectFilter, columns: readonly CsvColumnSpec<ProjectCsvField>[]): Promise<CsvExport> {
  return exportProjectRows(ctx, filter, columns, Number.POSITIVE_INFINITY);
});

/** Prepares at most `cap` rows (and no more than a preview's); the callers apply the gate. */
function exportProjectRows(ctx: Ctx, filter: ProjectFilter, columns: readonly CsvColumnSpec<ProjectCsvField>[], cap: number): Promise<CsvExport> {
  return (async () => {
    const where = allOf(await projectConditions(ctx, filter));
    const from = sql`from projects p
      left join countries c on c.code = p.country_code
      left join regions r on r.slug = p.region_slug
      left join project_types pt on pt.slug = p.project_type_slug
      left join editions le on le.id = p.last_seen_edition_id
     where ${where}
     order by p.title, p.id`;
    return csvExport(ctx.db, PROJECT_FIELDS, columns, from, Math.min(cap, previewCap(ctx.identity, 'projects')));
  })();
}
