/**
 * The inbox's filters as SQL over `inbox_items`, shared by the list and the filtered bulk skip.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { invalidParam } from '../errors.js';
import type { InboxListFilterInput } from './schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The conditions of `filter` (all must hold); an item's date is its published instant, else its
 * arrival, as a UTC day; a score range is inclusive.
 * @throws DomainError VALIDATION naming `date_to` when it comes before `date_from`, or `max_score` when it is below `min_score`
 */
export function inboxConditions(filter: InboxListFilterInput): RawBuilder<SqlBool>[] {
  if (filter.date_from && filter.date_to && filter.date_to < filter.date_from) throw invalidParam('date_to', 'must not be before date_from');
  if (filter.min_score !== undefined && filter.max_score !== undefined && filter.max_score < filter.min_score) throw invalidParam('max_score', 'must not be below min_score');
  const where: RawBuilder<SqlBool>[] = [];
  const dayOf = sql`(coalesce(published_at, created_at) at time zone 'UTC')::date`;
  if (filter.status) where.push(sql<SqlBool>`status = ${filter.status}`);
  if (filter.source) {
    const name = sql<SqlBool>`lower(source_name) = ${filter.source.trim().toLowerCase()}`;
    where.push(UUID.test(filter.source.trim()) ? sql<SqlBool>`(source_id = ${filter.source.trim()}::uuid or ${name})` : name);
  }
  if (filter.date_from) where.push(sql<SqlBool>`${dayOf} >= ${filter.date_from}::date`);
  if (filter.date_to) where.push(sql<SqlBool>`${dayOf} <= ${filter.date_to}::date`);
  if (filter.min_score !== undefined) where.push(sql<SqlBool>`score >= ${filter.min_score}`);
  if (filter.max_score !== undefined) where.push(sql<SqlBool>`score <= ${filter.max_score}`);
  return where;
}
