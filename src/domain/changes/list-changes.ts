/**
 * Reading the change feed: one page of changes after a cursor, in commit order, limited to the
 * records the caller's entitlements reach (docs/changes.md, docs/decisions/0038):
 * - projects need `projects`, tenders `wat`, articles `archive`, events an active subscription;
 * - a trial preview follows only the records of its preview (the first rows of the project and
 *   tender lists, the latest published edition: src/domain/previews.ts); a record that leaves that
 *   scope is reported `deleted`, one that enters it `created`;
 * - a record readers stop seeing (unpublished, deleted, its edition withdrawn) is `deleted` for
 *   them; one they never saw never shows.
 */
import type { Ctx, Identity } from '../context.js';
import { hasFeature, requireGates, requireSubscription, GATES, type Feature } from '../entitlements.js';
import { DomainError } from '../errors.js';
import { archiveScope, inPreview, PREVIEW_ROWS } from '../previews.js';
import { listProjects } from '../projects/index.js';
import { listTenders } from '../tenders/index.js';
import { decodeCursor, encodeCursor, isBefore, type FeedPosition, type PreviewScope } from './cursor.js';
import { articleIdsOf, currentHead, readChanges, type ChangeRow, type TypeReach } from './repository.js';
import { CHANGE_RETENTION_DAYS, CHANGE_TYPES, type Change, type ChangeOp, type ChangePage, type ChangeQuery, type ChangeType } from './schemas.js';

/** The content gate of each type (events: any subscription). */
const GATE_OF: Record<ChangeType, readonly Feature[]> = { projects: GATES.projects, tenders: GATES.tenders, articles: GATES.archive, events: [] };
/** The preview feature of each previewable type. */
const PREVIEW_OF: Partial<Record<ChangeType, Feature>> = { projects: 'projects', tenders: 'wat', articles: 'archive' };

/** Whether `identity` reaches records of `type` (in full or as a preview). */
function reaches(identity: Identity, type: ChangeType): boolean {
  return GATE_OF[type].every((f) => hasFeature(identity, f) || identity.previews.has(f));
}

/**
 * One page of changes after `query.since`.
 * @throws DomainError FORBIDDEN without a subscription, or for a type of `types` the caller does not reach
 * @throws DomainError VALIDATION naming `since` for a value that is not a cursor of this feed
 * @throws DomainError GONE for a cursor older than the changes kept ({@link CHANGE_RETENTION_DAYS} days at least)
 */
export async function listChanges(ctx: Ctx, query: ChangeQuery): Promise<ChangePage> {
  const identity = ctx.identity;
  if (identity) requireSubscription(identity);
  if (identity && query.types) for (const type of query.types) requireGates(identity, GATE_OF[type]);
  const types = [...new Set(query.types ?? CHANGE_TYPES.filter((t) => !identity || reaches(identity, t)))];
  const scope = await previewScope(ctx, types);

  if (query.since === 'now') return { changes: [], next_cursor: encodeCursor({ version: await currentHead(ctx.db), seq: Number.MAX_SAFE_INTEGER, scope }) };
  const from: FeedPosition = query.since === undefined ? { version: 0, seq: 0, scope } : decodeCursor(query.since);
  const reach: TypeReach[] = await Promise.all(types.map(async (type) => ({ type, ids: scope ? await scopeIds(ctx, type, scope) : undefined })));
  const { rows, head, horizon } = await readChanges(ctx.db, from, reach, query.limit);
  if (query.since !== undefined && isBefore(from, horizon)) {
    throw new DomainError('GONE', `This cursor is older than the changes kept (at least ${CHANGE_RETENTION_DAYS} days): export the records again, then follow the feed from a cursor taken just before the export (since=now).`);
  }
  const entering = scope && from.scope ? await scopeDiff(ctx, from.scope, scope, types, from) : [];
  const changes = [...entering, ...rows.map((row) => changeOf(row, scope))];
  const last = rows.length === query.limit ? rows[rows.length - 1]! : undefined;
  const next = last ? { version: last.version, seq: last.seq, scope } : { version: head, seq: Number.MAX_SAFE_INTEGER, scope };
  return { changes, next_cursor: encodeCursor(next) };
}

/** The reader's operation of a stored change, from what readers could see before and after it. */
function opOf(row: ChangeRow): ChangeOp {
  if (!row.visible_after) return 'deleted';
  return row.visible_before ? 'updated' : 'created';
}

function changeOf(row: ChangeRow, scope: PreviewScope | undefined): Change {
  const op = opOf(row);
  return {
    cursor: encodeCursor({ version: row.version, seq: row.seq, scope }),
    type: row.entity_type,
    id: row.entity_id,
    op,
    changed_at: row.changed_at,
    changed_fields: op === 'updated' ? row.changed_fields : [],
  };
}

/** The preview scope of the caller now, for the types it holds only as a preview; `undefined` when none. */
async function previewScope(ctx: Ctx, types: ChangeType[]): Promise<PreviewScope | undefined> {
  const previewed = types.filter((t) => PREVIEW_OF[t] && inPreview(ctx.identity, PREVIEW_OF[t]!));
  if (!previewed.length) return undefined;
  const scope: PreviewScope = {};
  const window = (rows: number) => ({ offset: 0, limit: rows });
  if (previewed.includes('projects')) scope.projects = (await listProjects(ctx, {}, 'title_asc', window(PREVIEW_ROWS.projects))).items.map((p) => p.id);
  if (previewed.includes('tenders')) scope.tenders = (await listTenders(ctx, {}, 'deadline_asc', window(PREVIEW_ROWS.wat))).items.map((t) => t.id);
  if (previewed.includes('articles')) {
    const edition = (await archiveScope(ctx)).editionId;
    if (edition) scope.edition = edition;
  }
  return scope;
}

/** The ids of `type` a preview follows (`undefined`: all of them). */
async function scopeIds(ctx: Ctx, type: ChangeType, scope: PreviewScope): Promise<string[] | undefined> {
  if (!PREVIEW_OF[type] || !inPreview(ctx.identity, PREVIEW_OF[type]!)) return undefined;
  if (type === 'projects') return scope.projects ?? [];
  if (type === 'tenders') return scope.tenders ?? [];
  return articleIdsOf(ctx.db, scope.edition);
}

/**
 * The records that left a preview's scope since the cursor (`deleted`) and those that entered it
 * (`created`), each carrying the cursor's position with the new scope.
 */
async function scopeDiff(ctx: Ctx, before: PreviewScope, now: PreviewScope, types: ChangeType[], from: FeedPosition): Promise<Change[]> {
  const cursor = encodeCursor({ version: from.version, seq: from.seq, scope: now });
  const at = ctx.now();
  const out: Change[] = [];
  const diff = async (type: ChangeType, was: string[], is: string[]) => {
    for (const id of was.filter((x) => !is.includes(x))) out.push({ cursor, type, id, op: 'deleted', changed_at: at, changed_fields: [] });
    for (const id of is.filter((x) => !was.includes(x))) out.push({ cursor, type, id, op: 'created', changed_at: at, changed_fields: [] });
  };
  if (types.includes('projects') && now.projects) await diff('projects', before.projects ?? [], now.projects);
  if (types.includes('tenders') && now.tenders) await diff('tenders', before.tenders ?? [], now.tenders);
  if (types.includes('articles') && now.edition !== undefined && before.edition !== now.edition) {
    await diff('articles', await articleIdsOf(ctx.db, before.edition), await articleIdsOf(ctx.db, now.edition));
  }
  return out;
}
