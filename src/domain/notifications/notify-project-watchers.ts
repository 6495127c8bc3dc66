/**
 * The status-change feed of watched projects: when an administrator's write changes a project's
 * status, expected completion year or stated value, every watcher gets one notification, written
 * in the transaction of that write (the caller passes its transaction), so the feed and the change
 * commit together or not at all.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The project fields the feed reports. */
export interface WatchedFields {
  status: string;
  expected_completion_year: number | null;
  value_amount: number | null;
  value_currency: string | null;
  title: string;
}

/**
 * Notifies every watcher of project `projectId` of what changed between `before` and `after`
 * (nothing when none of the reported fields changed). Kind `project_status_changed` when the status
 * changed, else `project_changed`; the payload carries the old and new value of each changed field.
 * @param trx the transaction of the write that changed the project
 * @returns how many notifications were written
 */
export async function notifyProjectWatchers(trx: Kysely<DB>, projectId: string, before: WatchedFields, after: WatchedFields, now: Date): Promise<number> {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  if (before.status !== after.status) changes.status = { old: before.status, new: after.status };
  if (before.expected_completion_year !== after.expected_completion_year) {
    changes.expected_completion_year = { old: before.expected_completion_year, new: after.expected_completion_year };
  }
  if (before.value_amount !== after.value_amount || before.value_currency !== after.value_currency) {
    changes.value = { old: { amount: before.value_amount, currency: before.value_currency }, new: { amount: after.value_amount, currency: after.value_currency } };
  }
  if (!Object.keys(changes).length) return 0;
  const kind = changes.status ? 'project_status_changed' : 'project_changed';
  const payload = JSON.stringify({
    project_title: after.title,
    ...(changes.status ? { old_status: before.status, new_status: after.status } : {}),
    changes,
  });
  const watchers = await trx.selectFrom('project_watches').select('user_id').where('project_id', '=', projectId).execute();
  if (!watchers.length) return 0;
  await trx.insertInto('notifications').values(watchers.map((w) => ({ user_id: w.user_id, kind, project_id: projectId, payload, created_at: now }))).execute();
  return watchers.length;
}
