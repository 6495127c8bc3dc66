/**
 * The companies' input schemas (TypeBox, i.e. JSON Schema; not HTTP): the list filter and the
 * bodies an administrator writes (create, update, merge).
 */
import { Type, type Static } from 'typebox';
import { COUNTRY_CODE, createOf, MAX_FILTER_TEXT, NullableString, patchOf } from '../shared/input-schema.js';

/** Filters of the company list (readers' and administrators'). */
export const CompanyFilter = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT, description: 'Part of the name or an alias, or the slug' })),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2 of the head office' })),
});
/** Filters of the company list; all given members must hold. */
export type CompanyFilter = Static<typeof CompanyFilter>;

const companyFields = {
  name: Type.String({ minLength: 1, maxLength: 300 }),
  slug: Type.String({ minLength: 1, maxLength: 120, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', description: 'Lower-case words joined by hyphens (default: from the name)' }),
  country_code: NullableString({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2 of the head office' }),
  website: NullableString({ maxLength: 500, format: 'uri' }),
  parent_id: NullableString({ format: 'uuid', description: 'The parent company (a group this one belongs to)' }),
  aliases: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 100, description: 'Other names of the company; replaces the set' }),
};

/** The body of a company create: strict, `name` required. */
export const CompanyCreate = createOf(companyFields, { name: companyFields.name });
/** A company to create. */
export type CompanyCreateInput = Static<typeof CompanyCreate>;

/** The body of a company update: strict, any field, at least one. */
export const CompanyPatch = patchOf(companyFields);
/** Fields of a company to change; absent fields stay as they are. */
export type CompanyInput = Static<typeof CompanyPatch>;

/** The body of a merge: the company absorbed into the one named by the path. */
export const CompanyMerge = Type.Object({
  absorbed_id: Type.String({ format: 'uuid', description: 'The company merged into this one: its links, aliases and subsidiaries move here, its name becomes an alias, its slug keeps resolving here, and it is deleted' }),
}, { additionalProperties: false });
/** A merge to perform. */
export type CompanyMergeInput = Static<typeof CompanyMerge>;
