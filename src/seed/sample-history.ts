/**
 * A believable history for a few sample projects, so `npm start` shows
 * `GET /v1/projects/{id}/history` with content: for the projects the most articles mention, the
 * status they moved to, a revised stated value and a completion year that slipped, each dated and
 * sourced by an article of a published edition that mentions the project. Written straight into
 * `project_history` (it describes the past; the trigger of migration 0019 records what happens from
 * now on). Run inside the sample loader's transaction, after the projects.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** Projects given a history. */
const PROJECTS_WITH_HISTORY = 4;

/** Writes the sample history. @returns how many entries */
export async function loadSampleHistory(trx: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{
    id: string; status: string; value_amount: number | null; value_currency: string | null; value_basis: string | null;
    expected_completion_year: number | null; mentions: { article_id: string; edition_id: string; publish_date: string }[];
  }>`
    select p.id, p.status, p.value_amount, p.value_currency, p.value_basis, p.expected_completion_year,
      json_agg(json_build_object('article_id', a.id, 'edition_id', e.id, 'publish_date', e.publish_date) order by e.publish_date, a.sort_order) as mentions
    from projects p
    join article_projects ap on ap.project_id = p.id
    join articles a on a.id = ap.article_id
    join editions e on e.id = a.edition_id and e.status = 'published'
    group by p.id
    order by count(*) desc, p.title
    limit ${PROJECTS_WITH_HISTORY}`.execute(trx);
  const entries: Insertable<DB['project_history']>[] = [];
  for (const p of rows) {
    const first = p.mentions[0]!;
    const last = p.mentions[p.mentions.length - 1]!;
    const at = (m: typeof first, hours: number) => new Date(Date.parse(`${m.publish_date}T08:00:00Z`) + hours * 3_600_000);
    const source = (m: typeof first) => ({ edition_id: m.edition_id, article_id: m.article_id });
    if (p.status !== 'planned') {
      entries.push({ project_id: p.id, field: 'status', previous: JSON.stringify('planned'), current: JSON.stringify(p.status), changed_at: at(first, 0), ...source(first) });
    }
    if (p.value_amount !== null) {
      const earlier = Math.round((p.value_amount * 0.8) / 1_000_000) * 1_000_000 || Math.round(p.value_amount * 0.8);
      const value = (amount: number, basis: string | null) => JSON.stringify({ amount, currency: p.value_currency, basis });
      entries.push({ project_id: p.id, field: 'value', previous: value(earlier, 'estimated'), current: value(p.value_amount, p.value_basis), changed_at: at(last, 1), ...source(last) });
    }
    if (p.expected_completion_year !== null) {
      entries.push({
        project_id: p.id, field: 'expected_completion_year', previous: JSON.stringify(p.expected_completion_year - 2),
        current: JSON.stringify(p.expected_completion_year), changed_at: at(last, 2), ...source(last),
      });
    }
  }
  if (entries.length) await trx.insertInto('project_history').values(entries).execute();
  return entries.length;
}
