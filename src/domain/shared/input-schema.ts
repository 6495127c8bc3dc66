/**
 * TypeBox building blocks of the domain's input schemas (JSON Schema, not HTTP): every face
 * validates a write body against the entity's schema (src/domain/<entity>/schemas.ts) and the
 * operation takes its `Static<>` type.
 */
import { Type, type TOptional, type TProperties } from 'typebox';

/** A string that is one of `values` (JSON Schema `enum`: one clear error naming the allowed values). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

// ------------------------------------------------------------------ validation limits
// Every integer carries the bounds of its column, every text and list a cap (docs/decisions/0011,
// "Validation limits" in docs/api-v1.md and docs/v1.md). Text control characters are refused for
// every field at once by the validator (src/http/validator.ts).

/** Largest PostgreSQL `integer` (int4): ids and numbers stored as int4 (edition number, sort order). */
export const INT4_MAX = 2_147_483_647;
/**
 * Largest money amount (value_amount, estimated_value, min_value, max_value): 10^15 whole units. The
 * columns are `bigint`, but an amount is also converted to US dollars (`value_usd`, amount × rate)
 * and read as a JavaScript number, so the bound keeps both exact (below 2^53) and inside `bigint`.
 */
export const MAX_AMOUNT = 1_000_000_000_000_000;
/** Largest `page` of a page/limit list: with `limit` at most 200, the offset stays below 2·10^7. */
export const MAX_PAGE = 100_000;
/** Largest `offset` of a limit/offset list. */
export const MAX_OFFSET = 10_000_000;
/** Most items in one list parameter (a comma list or a JSON array filter). */
export const MAX_LIST_ITEMS = 50;
/** Longest free-text filter value (`q`, `region`, …). */
export const MAX_FILTER_TEXT = 500;

const PATTERN_HINTS = new Map<string, string>();

/** The sentence that explains `pattern` to a caller (registered by {@link hintedPattern}), if any. */
export const patternHint = (pattern: string): string | undefined => PATTERN_HINTS.get(pattern);

/** Registers `hint` for `pattern` and returns the pattern (for schemas built by hand). */
export function hintedPattern(pattern: string, hint: string): string {
  PATTERN_HINTS.set(pattern, hint);
  return pattern;
}

/** Pattern of a comma list of at most `max` items. */
export const commaListPattern = (max = MAX_LIST_ITEMS): string =>
  hintedPattern(`^[^,]*(,[^,]*){0,${max - 1}}$`, `must have at most ${max} comma-separated items`);

/** A comma-separated list parameter: at most 2000 characters and {@link MAX_LIST_ITEMS} items. */
export const CommaList = (description: string, max = MAX_LIST_ITEMS) =>
  Type.String({ minLength: 1, maxLength: 2000, pattern: commaListPattern(max), description: `${description}; comma-separated, at most ${max} items` });

/** An optional {@link CommaList} query parameter. */
export const OptionalCommaList = (description: string) => Type.Optional(CommaList(description));

/** ISO 3166-1 alpha-2 country code pattern. */
export const COUNTRY_CODE = hintedPattern('^[A-Za-z]{2}$', 'must be an ISO 3166-1 alpha-2 code (two letters)');
/** ISO 4217 currency code pattern. */
export const CURRENCY_CODE = hintedPattern('^[A-Za-z]{3}$', 'must be an ISO 4217 code (three letters)');
/** IATA airport code pattern. */
export const IATA_CODE = hintedPattern('^[A-Za-z0-9]{3}$', 'must be an IATA code (three letters or digits)');

/** An integer 1 to {@link INT4_MAX}: an issue number or another int4 key. */
export const Int4Id = (description: string) => Type.Integer({ minimum: 1, maximum: INT4_MAX, description });

/** A whole money amount, 0 to {@link MAX_AMOUNT}. */
export const Amount = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_AMOUNT, description });

/** A string or null (one JSON Schema type list, so a wrong type names the field clearly). */
export const NullableString = (options: { description?: string; minLength?: number; maxLength?: number; format?: string; pattern?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** An integer or null. */
export const NullableInteger = (options: { description?: string; minimum?: number; maximum?: number } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });

/** A string of at most `maxLength` characters. */
export const Text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });

/** A list of at most 100 non-empty strings (slugs, names, codes). */
export const Strings = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 100, description });

/** The properties `P`, each optional. */
export type OptionalAll<P extends TProperties> = { [K in keyof P]: TOptional<P[K]> };

/** `props`, each made optional (the schemas themselves are unchanged). */
export const optionalAll = <P extends TProperties>(props: P): OptionalAll<P> =>
  Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as OptionalAll<P>;

/**
 * A create body: strict (`additionalProperties: false`), every property of `props` optional except
 * those of `required` (given again with their schema).
 */
export const createOf = <P extends TProperties, R extends TProperties>(props: P, required: R) =>
  Type.Object({ ...optionalAll(props), ...required } as { [K in keyof P | keyof R]: K extends keyof R ? R[K] : OptionalAll<P>[K & keyof P] }, { additionalProperties: false });

/** A PATCH body: strict, every property optional, at least one present. */
export const patchOf = <P extends TProperties>(props: P) =>
  Type.Object(optionalAll(props), { additionalProperties: false, minProperties: 1 });

/** The `updated_since` parameter of the project and tender lists and exports: RFC 3339. */
export const UpdatedSince = Type.Optional(Type.String({ format: 'date-time', maxLength: 40, description: 'Only records changed (updated_at) after this instant, RFC 3339 (e.g. 2026-11-20T00:00:00Z)' }));

/** An optional free-text filter value: 1 to {@link MAX_FILTER_TEXT} characters. */
export const FilterText = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT, description }));

/** An optional list of filter values (at most {@link MAX_LIST_ITEMS}, each 1 to 500 characters). */
export const FilterList = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT }), { maxItems: MAX_LIST_ITEMS, description }));

/** `a,b, c` → `['a', 'b', 'c']`; `undefined` when nothing is left. */
export function splitCommaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  return items.length ? items : undefined;
}
