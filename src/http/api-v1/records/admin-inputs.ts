/**
 * Request bodies of the /api/v1 admin routes, named as the records they write. Every body is
 * strict (`additionalProperties: false`): an unknown field, a wrong type or an invalid enum value
 * answers 400 naming the field. Lists replace the whole set.
 */
import { Type } from 'typebox';
import { component } from '../../schema.js';

// ------------------------------------------------------------------ editions and articles
// Declared once in the domain (src/domain/editions/schemas.ts, src/domain/articles/schemas.ts).
export { EditionCreate, EditionPatch, EditionStatusQuery } from '../../../domain/editions/index.js';
export { ArticleCreate, ArticlePatch } from '../../../domain/articles/index.js';

// ------------------------------------------------------------------ projects
// Declared once in the domain (src/domain/projects/schemas.ts).
export { ProjectCreate, ProjectPatch } from '../../../domain/projects/index.js';

// ------------------------------------------------------------------ tenders
// Declared once in the domain (src/domain/tenders/schemas.ts).
export { TenderCreate, TenderPatch } from '../../../domain/tenders/index.js';

// ------------------------------------------------------------------ inbox
// Declared once in the domain (src/domain/inbox/schemas.ts).
export { InboxPatch, InboxQuery, PromoteBody } from '../../../domain/inbox/index.js';

/** `{ data: { id, deleted: true } }` of a DELETE. */
export const Deleted = component('ApiV1Deleted', Type.Object({ id: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) }));
