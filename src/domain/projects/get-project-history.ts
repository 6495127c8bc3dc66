/**
 * A project's history: every change of its status, stated value (amount, currency, basis),
 * expected completion year, contractor and title, oldest first, with the values before and after
 * and the edition or article that reported it when the write named one. Recorded by the database
 * on every update of the project (migration 0019), whatever wrote it; a write that changes none of
 * these fields records nothing.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { gated, GATES } from '../entitlements.js';
import { notFound } from '../errors.js';

/** The fields a history follows. */
export const HISTORY_FIELDS = ['status', 'value', 'expected_completion_year', 'contractor', 'title'] as const;
/** One field a history follows. */
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** A stated value as the history shows it (`value` entries). */
export interface StatedValue {
  amount: number | null;
  currency: string | null;
  basis: string | null;
}

/** One change of a project. */
export interface ProjectHistoryEntry {
  field: HistoryField;
  changed_at: Date;
  /** The value before: a string or number, a {@link StatedValue} for `value`, or null. */
  previous: string | number | StatedValue | null;
  /** The value after, of the same shape. */
  new: string | number | StatedValue | null;
  /** The edition that reported the change, when known. */
  edition: { id: string; number: number } | null;
  /** The article that reported the change, when known. */
  article: { id: string; headline: string } | null;
}

/**
 * The history of published project `id`, oldest first. Needs `projects` (a trial preview reads any
 * project's history, as it reads any project by id).
 * @throws DomainError FORBIDDEN without `projects` (full or preview); NOT_FOUND when there is no published project `id`
 */
export const getProjectHistory = gated(GATES.projects, async function getProjectHistory(ctx: Ctx, id: string): Promise<ProjectHistoryEntry[]> {
  const { rows } = await sql<{ found: boolean; entries: ProjectHistoryEntry[] | null }>`
    select true as found, (
      select coalesce(json_agg(json_build_object(
        'field', h.field, 'changed_at', h.changed_at, 'previous', h.previous, 'new', h.current,
        'edition', case when e.id is null then null else json_build_object('id', e.id, 'number', e.number) end,
        'article', case when a.id is null then null else json_build_object('id', a.id, 'headline', a.headline) end
      ) order by h.changed_at, h.id), '[]')
      from project_history h
      left join editions e on e.id = h.edition_id
      left join articles a on a.id = h.article_id
      where h.project_id = p.id) as entries
    from projects p where p.id = ${id}::uuid and p.published`.execute(ctx.db);
  if (!rows[0]) throw notFound(`Project ${id}`);
  return (rows[0].entries ?? []).map((e) => ({ ...e, changed_at: new Date(e.changed_at) }));
});
