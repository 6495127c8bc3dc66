/**
 * Edition-neutral TypeBox helpers used by the route schemas of every face.
 */
import { Type, type TSchema } from 'typebox';

/** `T` or `null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A string that is one of `values` (JSON Schema `enum`: one clear error naming the allowed values). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * Key under which a route schema carries the name of its OpenAPI component. src/http/openapi.ts
 * moves every schema that has it to `#/components/schemas/<name>` and removes the key.
 */
export const COMPONENT_NAME = 'x-component-name';

/**
 * `schema` published as the named component `name` of the OpenAPI description, with `example`
 * (a realistic value, from the sample data) as its JSON Schema `examples`. At run time nothing
 * changes: validation and serialization use the schema inline as before; only the description
 * (`/openapi.json`) refers to it with `$ref`. Returns a copy (TypeBox's hidden kind kept);
 * `schema` itself is untouched, so a domain input schema can be named at the route.
 */
export function component<T extends TSchema>(name: string, schema: T, example?: unknown): T {
  const copy = Object.create(Object.getPrototypeOf(schema) as object, Object.getOwnPropertyDescriptors(schema)) as Record<string, unknown>;
  copy[COMPONENT_NAME] = name;
  if (example !== undefined) copy.examples = [example];
  return copy as T;
}

/** What a route declared by a shared helper documents: its literal operationId (with the edition's prefix), summary, tags and description. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  tags: string[];
  description?: string;
}
