/**
 * Edition-neutral TypeBox helpers used by the route schemas of every face.
 */
import { Type, type TSchema } from 'typebox';

/** `T` or `null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string that is one of `values` (JSON Schema `enum`: one clear error naming the allowed values). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
