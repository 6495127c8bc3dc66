/**
 * Request bodies of the /api/v1 admin routes, named as the records they write. Every body is
 * strict (`additionalProperties: false`): an unknown field, a wrong type or an invalid enum value
 * answers 400 naming the field. Lists replace the whole set.
 */
import { Type, type TProperties } from 'typebox';
import { INBOX_STATUSES, SETTABLE_INBOX_STATUSES } from '../../../domain/inbox/inbox.js';
import { StringEnum } from '../../schema.js';

/** A strict object (`additionalProperties: false`). */
const strict = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });

// ------------------------------------------------------------------ editions and articles
// Declared once in the domain (src/domain/editions/schemas.ts, src/domain/articles/schemas.ts).
export { EditionCreate, EditionPatch, EditionStatusQuery } from '../../../domain/editions/schemas.js';
export { ArticleCreate, ArticlePatch } from '../../../domain/articles/schemas.js';

// ------------------------------------------------------------------ projects
// Declared once in the domain (src/domain/projects/schemas.ts).
export { ProjectCreate, ProjectPatch } from '../../../domain/projects/index.js';

// ------------------------------------------------------------------ tenders
// Declared once in the domain (src/domain/tenders/schemas.ts).
export { TenderCreate, TenderPatch } from '../../../domain/tenders/index.js';

// ------------------------------------------------------------------ inbox
export const InboxQuery = Type.Object({
  status: Type.Optional(StringEnum(INBOX_STATUSES, { description: 'Only items in this status (default: all)' })),
});
export const InboxPatch = strict({
  status: StringEnum(SETTABLE_INBOX_STATUSES, { description: 'approved (approve), skipped (skip) or pending (reopen); promotion has its own route' }),
});
export const PromoteBody = Type.Object(
  {
    edition_id: Type.Optional(Type.String({ format: 'uuid', description: 'The draft edition to add the article to' })),
    edition_number: Type.Optional(Type.Integer({ minimum: 1, description: 'Or the draft edition by issue number' })),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1, description: 'Exactly one of edition_id, edition_number' },
);

/** `{ data: { id, deleted: true } }` of a DELETE. */
export const Deleted = Type.Object({ id: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) });
