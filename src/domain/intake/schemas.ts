/** TypeBox input schemas of the intake operations (news sources, metadata suggestion). */
import { Type, type Static } from 'typebox';
import { createOf, patchOf, StringEnum } from '../shared/input-schema.js';

/** Feed formats a source may declare (the parser detects the real one). */
export const SOURCE_KINDS = ['rss', 'atom', 'json', 'rdf'] as const;

const fields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Publisher name shown with its items' }),
  feed_url: Type.String({ minLength: 1, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', description: 'Feed address (http or https). Only public addresses are polled unless OUTBOUND_ALLOWED_HOSTS lists the host' }),
  kind: StringEnum(SOURCE_KINDS, { description: 'Declared format: rss (RSS 2.0), atom, json (JSON Feed), rdf (RSS 1.0)' }),
  poll_interval_minutes: Type.Integer({ minimum: 5, maximum: 10080, description: 'Minutes between polls (5 to 10080)' }),
  enabled: Type.Boolean({ description: 'Polled on its interval when true' }),
  default_topics: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20, description: 'Topic slugs given to every item of the source' }),
  default_region: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], { description: 'Region slug given to items without a detected region' }),
  trust_weight: Type.Integer({ minimum: 0, maximum: 100, description: 'How much the source is trusted, 0 to 100 (part of the pre-screening score)' }),
};

/** A news source to create. */
export const NewsSourceCreate = createOf(fields, { name: fields.name, feed_url: fields.feed_url });
/** {@link NewsSourceCreate} as validated. */
export type NewsSourceCreateInput = Static<typeof NewsSourceCreate>;

/** Fields of a news source to change (at least one). */
export const NewsSourcePatch = patchOf(fields);
/** {@link NewsSourcePatch} as validated. */
export type NewsSourcePatchInput = Static<typeof NewsSourcePatch>;

/** Text to suggest metadata for. */
export const SuggestMetadataBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 100_000, description: 'The article or item text' }),
  headline: Type.Optional(Type.String({ maxLength: 500, description: 'Its headline (words there weigh more)' })),
}, { additionalProperties: false });
/** {@link SuggestMetadataBody} as validated. */
export type SuggestMetadataInput = Static<typeof SuggestMetadataBody>;
