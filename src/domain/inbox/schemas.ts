/**
 * Input schemas of the editorial inbox (TypeBox, i.e. JSON Schema): the admin routes validate
 * against them and the operations take their `Static<>` types. Bodies are strict
 * (`additionalProperties: false`): an unknown field answers 400 naming it.
 */
import { Type, type Static } from 'typebox';
import { FilterText, Int4Id, MAX_LIST_ITEMS, StringEnum } from '../shared/input-schema.js';

/** Every state of an inbox item. */
export const INBOX_STATUSES = ['pending', 'approved', 'skipped', 'promoted'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** Statuses an editor may set directly (promotion has its own operation). */
export const SETTABLE_INBOX_STATUSES = ['pending', 'approved', 'skipped'] as const;
export type SettableInboxStatus = (typeof SETTABLE_INBOX_STATUSES)[number];

/** The status filter of the inbox list. */
export const InboxQuery = Type.Object({
  status: Type.Optional(StringEnum(INBOX_STATUSES, { description: 'Only items in this status (default: all)' })),
});
export type InboxFilter = Static<typeof InboxQuery>;

/** The body of a status change: approve, skip or reopen. */
export const InboxPatch = Type.Object({
  status: StringEnum(SETTABLE_INBOX_STATUSES, { description: 'approved (approve), skipped (skip) or pending (reopen); promotion has its own route' }),
}, { additionalProperties: false });
export type InboxPatchInput = Static<typeof InboxPatch>;

/** The body of a promotion: the draft edition, by id or by issue number (exactly one). */
export const PromoteBody = Type.Object(
  {
    edition_id: Type.Optional(Type.String({ format: 'uuid', description: 'The draft edition to add the article to' })),
    edition_number: Type.Optional(Int4Id('Or the draft edition by issue number')),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'Exactly one of edition_id, edition_number' },
);
export type PromoteInput = Static<typeof PromoteBody>;

const day = (description: string) => Type.Optional(Type.String({ format: 'date', description }));
const score = (description: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description }));

/**
 * The filters of the /v1/admin inbox list (and of a filtered bulk skip): status, source (a news
 * source's id or name), a date range on the item's published date (its arrival when the source
 * gave none), inclusive, UTC days, and a range of pre-screen scores (0..100, inclusive).
 */
export const InboxListFilter = Type.Object({
  status: Type.Optional(StringEnum(INBOX_STATUSES, { description: 'Only items in this status (default: all)' })),
  source: FilterText('A news source: its id or its name (case-insensitive)'),
  date_from: day('Published (or arrived) on or after this UTC day, YYYY-MM-DD'),
  date_to: day('Published (or arrived) on or before this UTC day, YYYY-MM-DD'),
  min_score: score('Only items whose pre-screen score (0..100) is at least this'),
  max_score: score('Only items whose pre-screen score (0..100) is at most this'),
}, { additionalProperties: false });
/** Filters over inbox items; all given members must hold. */
export type InboxListFilterInput = Static<typeof InboxListFilter>;

/** The body of a bulk skip: a list of item ids, or a filter (exactly one). */
export const BulkSkipBody = Type.Object({
  ids: Type.Optional(Type.Array(Type.String({ format: 'uuid', maxLength: 36 }), { minItems: 1, maxItems: MAX_LIST_ITEMS * 4, description: 'The items to skip (at most 200)' })),
  filter: Type.Optional(Type.Object({ ...InboxListFilter.properties }, { additionalProperties: false, minProperties: 1, description: 'Skip every pending or approved item matching this filter' })),
}, { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'Exactly one of ids, filter' });
/** What to skip. */
export type BulkSkipInput = Static<typeof BulkSkipBody>;
