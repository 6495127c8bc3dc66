/** Input schemas of imagery (TypeBox, i.e. JSON Schema); the operations take their `Static<>` types. */
import { Type, type Static } from 'typebox';
import { CommaList, COUNTRY_CODE, FilterText, NullableString, StringEnum } from '../shared/input-schema.js';
import { WIDTH_LADDER } from './images.js';

/** Most ids in one batch of `/v1/media/covers` and `/v1/media/airports`. */
export const MAX_MEDIA_BATCH = 100;

/** The path parameter naming one asset. */
export const MediaId = Type.Object({ id: Type.String({ format: 'uuid', description: 'Media asset id (UUID)' }) });

/** `GET /v1/media/{id}`: the width of the variant, or the original without it. */
export const MediaBytesQuery = Type.Object({
  w: Type.Optional(Type.Unsafe<number>({ type: 'integer', enum: [...WIDTH_LADDER], minimum: WIDTH_LADDER[0], maximum: WIDTH_LADDER[WIDTH_LADDER.length - 1], description: `Width in pixels, one of ${WIDTH_LADDER.join(', ')} (never enlarged past the original); omit for the original` })),
});
/** The bytes query. */
export type MediaBytesInput = Static<typeof MediaBytesQuery>;

/** `GET /v1/media/covers`. */
export const CoversQuery = Type.Object({
  articles: Type.Optional(CommaList('Article ids (UUIDs)', MAX_MEDIA_BATCH)),
});
/** The covers query. */
export type CoversInput = Static<typeof CoversQuery>;

/** `GET /v1/media/airports`. */
export const AirportMediaQuery = Type.Object({
  airports: Type.Optional(CommaList('Airport ids (UUIDs) or IATA codes', MAX_MEDIA_BATCH)),
});
/** The airport imagery query. */
export type AirportMediaInput = Static<typeof AirportMediaQuery>;

/** Where an asset comes from. */
export const MEDIA_KINDS = ['upload', 'generated'] as const;

/** The filter of the admin media library. */
export const MediaFilter = Type.Object({
  unbound: Type.Optional(Type.Boolean({ description: 'true: only assets bound to no airport, country or company and pinned on no article; false: only the others' })),
  q: FilterText('Part of the file name, alt text or credit'),
  kind: Type.Optional(StringEnum(MEDIA_KINDS, { description: 'upload (an editor\'s) or generated (sample imagery)' })),
});
/** The media library filter. */
export type MediaFilterInput = Static<typeof MediaFilter>;

const Uuids = (description: string) => Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100, uniqueItems: true, description });

/** The describing fields of an asset (upload form fields and PATCH). */
export const MediaFields = {
  alt_text: Type.Optional(NullableString({ maxLength: 500, description: 'Text alternative for screen readers' })),
  credit: Type.Optional(NullableString({ maxLength: 300, description: 'Who made the image, as shown next to it' })),
  licence: Type.Optional(NullableString({ maxLength: 300, description: 'Licence of the image (e.g. "CC BY 4.0", "© Heathrow Airport Ltd, editorial use")' })),
};

/** `PATCH /v1/admin/media/{id}`: the fields given change; a binding list replaces the whole set. */
export const MediaPatch = Type.Object({
  ...MediaFields,
  airports: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100, uniqueItems: true, description: 'Airports (ids or IATA codes) the image shows; replaces the set' })),
  countries: Type.Optional(Type.Array(Type.String({ pattern: COUNTRY_CODE }), { maxItems: 100, uniqueItems: true, description: 'Countries (ISO 3166-1 alpha-2); replaces the set' })),
  companies: Type.Optional(Uuids('Company ids; replaces the set')),
}, { additionalProperties: false });
/** The PATCH body. */
export type MediaPatchInput = Static<typeof MediaPatch>;

/** An upload: the bytes and the describing fields. */
export interface UploadInput {
  /** The uploaded bytes (`null` when the request carried no file). */
  bytes: Buffer | null;
  /** The name the client gave the file (only kept as a label; never used to judge the type). */
  filename: string | null;
  alt_text?: string | null | undefined;
  credit?: string | null | undefined;
  licence?: string | null | undefined;
}

/** `DELETE /v1/admin/media/{id}`. */
export const DeleteMediaQuery = Type.Object({
  force: Type.Optional(Type.Boolean({ default: false, description: 'true: delete even while articles pin it (their derived cover applies again)' })),
});

/** `PUT /v1/admin/articles/{id}/cover`. */
export const CoverPin = Type.Object({
  media_id: Type.String({ format: 'uuid', description: 'The media asset to pin as the article\'s cover' }),
}, { additionalProperties: false });
/** The pin body. */
export type CoverPinInput = Static<typeof CoverPin>;
