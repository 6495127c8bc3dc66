/** Notifications: the body of a mark-as-read. */
import { Type, type Static } from 'typebox';

/** Either `ids` (the caller's notifications to mark read) or `all: true`. */
export const MarkRead = Type.Object({
  ids: Type.Optional(Type.Array(Type.String({ format: 'uuid', maxLength: 36 }), { minItems: 1, maxItems: 200, description: 'Notification ids to mark read (others\u2019 ids are ignored)' })),
  all: Type.Optional(Type.Literal(true, { description: 'true: mark every notification of the caller read' })),
}, { additionalProperties: false, minProperties: 1 });
/** A mark-as-read, as {@link MarkRead} validates it. */
export type MarkReadInput = Static<typeof MarkRead>;
