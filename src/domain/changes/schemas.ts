/**
 * The change feed's vocabulary (TypeBox, i.e. JSON Schema; not HTTP): the record types it follows,
 * the operations it reports and the query every face translates its parameters into.
 */
import { Type, type Static } from 'typebox';
import { StringEnum } from '../shared/input-schema.js';

/** The record types the feed follows (the `types` parameter and each change's `type`). */
export const CHANGE_TYPES = ['projects', 'tenders', 'articles', 'events'] as const;
/** One record type of the feed. */
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** What happened to a record, as the reader sees it: it appeared, changed, or left their scope. */
export const CHANGE_OPS = ['created', 'updated', 'deleted'] as const;
/** One operation of a change. */
export type ChangeOp = (typeof CHANGE_OPS)[number];

/** Changes per page: default and largest. */
export const CHANGE_PAGE = { default: 100, max: 200 } as const;

/** Days a change (a tombstone included) is kept at least; a cursor older than that is refused (GONE). */
export const CHANGE_RETENTION_DAYS = 90;

/** The query of one page of the feed. */
export const ChangeQuery = Type.Object({
  since: Type.Optional(Type.String({
    minLength: 1, maxLength: 2000,
    description: 'The `next_cursor` (or a change\'s `cursor`) of an earlier page; `now` for the current end of the feed (no changes, just the cursor); absent: from the oldest change kept',
  })),
  types: Type.Optional(Type.Array(StringEnum(CHANGE_TYPES), { description: 'Record types to follow (default: every type the caller reaches)' })),
  limit: Type.Integer({ minimum: 1, maximum: CHANGE_PAGE.max, default: CHANGE_PAGE.default }),
});
/** The query of one page of the feed. */
export type ChangeQuery = Static<typeof ChangeQuery>;

/** One change as a reader sees it. */
export interface Change {
  /** Opaque: the position just after this change (resume with `since=<cursor>`). */
  cursor: string;
  type: ChangeType;
  id: string;
  op: ChangeOp;
  changed_at: Date;
  /** The stored fields an update changed (`[]` for created and deleted). */
  changed_fields: string[];
}

/** One page of the feed. */
export interface ChangePage {
  changes: Change[];
  /** Where the next page starts; always present (the end of the feed when this page was short). */
  next_cursor: string;
}
