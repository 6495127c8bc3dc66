/**
 * Request bodies of the /api/v1 admin routes, named as the records they write. Every body is
 * strict (`additionalProperties: false`): an unknown field, a wrong type or an invalid enum value
 * answers 400 naming the field. Lists replace the whole set.
 */
import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { INBOX_STATUSES, SETTABLE_INBOX_STATUSES } from '../../../domain/inbox/inbox.js';
import { EDITION_STATUSES } from '../../../domain/editions/write-editions.js';
import { StringEnum } from '../../schema.js';

/** A string or null (one JSON Schema type list, so a wrong type names the field clearly). */
const NullableString = (options: { description?: string; maxLength?: number; format?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const NullableInteger = (options: { description?: string; minimum?: number; maximum?: number } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const Strings = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 100, description });

/** A strict object of optional properties; `required` lists the ones a create needs. */
const strict = <P extends TProperties>(props: P) => Type.Object(props, { additionalProperties: false });
/** The same object with every property optional and at least one present (a PATCH). */
const patchOf = <P extends TProperties>(props: P): TObject =>
  Type.Object(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as TProperties, { additionalProperties: false, minProperties: 1 });

// ------------------------------------------------------------------ editions
const editionFields = {
  number: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Issue number (unique)' }),
  publish_date: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  status: StringEnum(EDITION_STATUSES, { description: 'draft (default on create), published or archived' }),
  summary: Text(20_000, 'Executive summary'),
  top_developments: Strings('Executive-summary list'),
  key_trends: Strings('Executive-summary list'),
  regional_highlights: Type.Array(strict({ region: Type.String({ minLength: 1, maxLength: 200 }), highlight: Type.String({ minLength: 1, maxLength: 2000 }) }), { maxItems: 20 }),
  key_metrics: Type.Array(strict({ label: Type.String({ minLength: 1, maxLength: 200 }), value: Type.String({ minLength: 1, maxLength: 200 }), context: Type.Optional(Type.String({ maxLength: 1000 })) }), { maxItems: 20 }),
};
export const EditionCreate = strict({
  number: editionFields.number,
  publish_date: editionFields.publish_date,
  status: Type.Optional(editionFields.status),
  summary: Type.Optional(editionFields.summary),
  top_developments: Type.Optional(editionFields.top_developments),
  key_trends: Type.Optional(editionFields.key_trends),
  regional_highlights: Type.Optional(editionFields.regional_highlights),
  key_metrics: Type.Optional(editionFields.key_metrics),
});
export type EditionCreate = Static<typeof EditionCreate>;
export const EditionPatch = patchOf(editionFields);
export const EditionStatusQuery = Type.Object({
  status: Type.Optional(StringEnum(EDITION_STATUSES, { description: 'Only editions in this status (default: all)' })),
});

// ------------------------------------------------------------------ articles
const articleFields = {
  edition_id: Type.String({ format: 'uuid', description: 'The edition the article belongs to' }),
  headline: Type.String({ minLength: 1, maxLength: 500 }),
  content: Text(100_000),
  takeaways: Strings('Key takeaways'),
  why_it_matters: Text(10_000),
  region: NullableString({ maxLength: 100, description: 'Region slug or name; set from the country when omitted' }),
  country: NullableString({ maxLength: 100, description: 'ISO 3166-1 alpha-2 code or English name' }),
  airports: Strings('IATA codes'),
  topics: Strings('Topic slugs or names (the controlled vocabulary)'),
  tags: Strings('Tag slugs; new tags are created'),
  source_name: NullableString({ maxLength: 300 }),
  source_url: NullableString({ maxLength: 2000, format: 'uri' }),
  sort_order: Type.Integer({ minimum: 0, maximum: 100_000, description: 'Position inside the edition (default: last)' }),
  featured: Type.Boolean(),
};
export const ArticleCreate = strict({
  ...Object.fromEntries(Object.entries(articleFields).map(([k, v]) => [k, Type.Optional(v)])),
  edition_id: articleFields.edition_id,
  headline: articleFields.headline,
} as typeof articleFields);
export const ArticlePatch = patchOf(articleFields);

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
