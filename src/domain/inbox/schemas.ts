/**
 * Input schemas of the editorial inbox (TypeBox, i.e. JSON Schema): the admin routes validate
 * against them and the operations take their `Static<>` types. Bodies are strict
 * (`additionalProperties: false`): an unknown field answers 400 naming it.
 */
import { Type, type Static } from 'typebox';
import { Int4Id, StringEnum } from '../shared/input-schema.js';

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
