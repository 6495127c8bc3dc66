/**
 * Reading the JSON Schemas of the app's OpenAPI 3.1 description (as @fastify/swagger generates
 * them from the TypeBox route schemas): types, allowed values and the members of a record.
 */

/** A JSON Schema node, as loose as the OpenAPI document hands it over. */
export type SchemaNode = Record<string, unknown>;

const nodes = (value: unknown): SchemaNode[] => (Array.isArray(value) ? (value as SchemaNode[]) : []);
const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** A short type for a person or a model: `string`, `integer`, `array of string`, `string | integer`. */
export function typeOf(schema: SchemaNode | undefined): string {
  if (!schema) return 'any';
  const variants = [...nodes(schema.anyOf), ...nodes(schema.oneOf)];
  if (variants.length) return unique(variants.map(typeOf)).join(' | ');
  if (schema.type === 'array') return `array of ${typeOf(schema.items as SchemaNode | undefined)}`;
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).join(' | ');
  if ('const' in schema) return typeof schema.const;
  return 'any';
}

/** The values a schema allows when it is an enumeration (`enum`, `const`, or a union of them). */
export function allowedValues(schema: SchemaNode | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if ('const' in schema) return [schema.const];
  const variants = [...nodes(schema.anyOf), ...nodes(schema.oneOf)];
  if (!variants.length) return undefined;
  const parts = variants.map(allowedValues);
  return parts.every((p) => p !== undefined) ? unique(parts.flat()) : undefined;
}

/** The properties of an object schema, merging `allOf` parts (TypeBox intersections). */
export function propertiesOf(schema: SchemaNode | undefined): Record<string, SchemaNode> {
  if (!schema) return {};
  const merged: Record<string, SchemaNode> = { ...((schema.properties as Record<string, SchemaNode> | undefined) ?? {}) };
  for (const part of nodes(schema.allOf)) Object.assign(merged, propertiesOf(part));
  return merged;
}

/** The members of `required` of an object schema, merging `allOf` parts. */
export function requiredOf(schema: SchemaNode | undefined): string[] {
  if (!schema) return [];
  const own = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return unique([...own, ...nodes(schema.allOf).flatMap(requiredOf)]);
}

/**
 * The members of one record of a `{ data }` response: of each item when `data` is a list, else of
 * `data` itself.
 */
export function recordFields(responseSchema: SchemaNode | undefined): string[] {
  const data = propertiesOf(responseSchema).data;
  if (!data) return [];
  const record = data.type === 'array' ? (data.items as SchemaNode | undefined) : data;
  return Object.keys(propertiesOf(record));
}

/**
 * `document` with every local `$ref` (`#/components/schemas/<name>`) replaced by the schema it
 * names, so the readers above see whole schemas. The description names its records once, as
 * components (src/http/openapi.ts); it has no recursive schemas. Unknown references are left as
 * they are. Returns a new value; `document` is not changed.
 */
export function dereference<T>(document: T): T {
  const schemas = ((document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas) ?? {};
  const resolve = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as SchemaNode).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (name in schemas && !seen.includes(name)) return resolve(schemas[name], [...seen, name]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, seen)]));
  };
  return resolve(document, []) as T;
}
