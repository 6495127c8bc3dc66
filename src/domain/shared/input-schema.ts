/**
 * TypeBox building blocks of the domain's input schemas (JSON Schema, not HTTP): every face
 * validates a write body against the entity's schema (src/domain/<entity>/schemas.ts) and the
 * operation takes its `Static<>` type.
 */
import { Type, type TOptional, type TProperties } from 'typebox';

/** A string that is one of `values` (JSON Schema `enum`: one clear error naming the allowed values). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A string or null (one JSON Schema type list, so a wrong type names the field clearly). */
export const NullableString = (options: { description?: string; maxLength?: number; format?: string } = {}) =>
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

/** An optional free-text filter value: 1 to 500 characters. */
export const FilterText = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 500, description }));

/** An optional list of filter values (at most 50, each 1 to 500 characters). */
export const FilterList = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 50, description }));
