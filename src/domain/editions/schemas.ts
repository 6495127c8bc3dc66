/**
 * Input schemas of editions (TypeBox, i.e. JSON Schema): both editions' admin routes validate
 * against them, and the operations take their `Static<>` types. Bodies are strict
 * (`additionalProperties: false`): an unknown field answers 400 naming it.
 */
import { Type, type Static } from 'typebox';
import { createOf, patchOf, StringEnum, Strings, Text } from '../shared/input-schema.js';

/** Edition states (seed 001, section 3: draft and published; archived for imported older issues). */
export const EDITION_STATUSES = ['draft', 'published', 'archived'] as const;
/** An edition's state; only `published` and `archived` editions are visible to readers. */
export type EditionStatus = (typeof EDITION_STATUSES)[number];

const strictObject = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

/** Every field an administrator may set, named as in the edition record. */
const editionFields = {
  number: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Issue number (unique)' }),
  publish_date: Type.String({ format: 'date', description: 'YYYY-MM-DD' }),
  status: StringEnum(EDITION_STATUSES, { description: 'draft (default on create), published or archived' }),
  summary: Text(20_000, 'Executive summary'),
  top_developments: Strings('Executive-summary list'),
  key_trends: Strings('Executive-summary list'),
  regional_highlights: Type.Array(strictObject({ region: Type.String({ minLength: 1, maxLength: 200 }), highlight: Type.String({ minLength: 1, maxLength: 2000 }) }), { maxItems: 20 }),
  key_metrics: Type.Array(strictObject({ label: Type.String({ minLength: 1, maxLength: 200 }), value: Type.String({ minLength: 1, maxLength: 200 }), context: Type.Optional(Type.String({ maxLength: 1000 })) }), { maxItems: 20 }),
};

/** The body of an edition create: `number` and `publish_date` required; a draft unless `status` says otherwise. */
export const EditionCreate = createOf(editionFields, { number: editionFields.number, publish_date: editionFields.publish_date });
/** An edition to create, as {@link EditionCreate} validates it. */
export type EditionCreateInput = Static<typeof EditionCreate>;

/** The body of an edition update: any field, at least one. */
export const EditionPatch = patchOf(editionFields);
/** Fields of an edition to change; absent fields stay as they are. */
export type EditionInput = Static<typeof EditionPatch>;

/** The status filter of the admin edition list. */
export const EditionStatusQuery = Type.Object({
  status: Type.Optional(StringEnum(EDITION_STATUSES, { description: 'Only editions in this status (default: all)' })),
});

/** The body of an edition import: the paste, and the issue number and date when the paste lacks them. */
export const EditionImport = Type.Object({
  content: Type.String({ minLength: 1, maxLength: 2_000_000, description: 'The JSON of an /api/v1 edition read (GET /api/v1/editions/{number}), or a plain-text or Markdown paste of a newsletter issue' }),
  number: Type.Optional(editionFields.number),
  publish_date: Type.Optional(editionFields.publish_date),
  dry_run: Type.Optional(Type.Boolean({ description: 'true: answer what the import would create (the same report) and write nothing; the report\u2019s edition id then names no stored edition' })),
}, { additionalProperties: false });
/** An import, as {@link EditionImport} validates it. */
export type EditionImportInput = Static<typeof EditionImport>;

/** At most this many articles in one order (an edition holds tens; the import caps far lower). */
const MAX_ORDERED = 10_000;

/** The body of an article order: every article of the edition, each once, first to last. */
export const ArticleOrder = Type.Object({
  article_ids: Type.Array(Type.String({ format: 'uuid' }), {
    maxItems: MAX_ORDERED, uniqueItems: true,
    description: 'Every article (and event item) of the edition, each exactly once, in the order wanted; the first gets `sort_order` 0',
  }),
}, { additionalProperties: false });
/** An order of an edition's articles, as {@link ArticleOrder} validates it. */
export type ArticleOrderInput = Static<typeof ArticleOrder>;
