/**
 * The controlled vocabularies that write endpoints validate against: regions, countries, project
 * types and topics. They change only with a migration or the reference data, so callers cache them.
 */
import type { Ctx } from '../context.js';

/** The controlled vocabularies, each `{ slug | code, name }` (countries with their region). */
export interface Vocabularies {
  regions: { slug: string; name: string }[];
  countries: { code: string; name: string; region_slug: string }[];
  project_types: { slug: string; name: string }[];
  topics: { slug: string; name: string }[];
}

/** Every vocabulary, each in a stable order (/v1/reference). */
export async function getReference(ctx: Ctx): Promise<Vocabularies> {
  const db = ctx.db;
  const [regions, countries, project_types, topics] = await Promise.all([
    db.selectFrom('regions').select(['slug', 'name']).orderBy('sort_order').orderBy('slug').execute(),
    db.selectFrom('countries').select(['code', 'name', 'region_slug']).orderBy('code').execute(),
    db.selectFrom('project_types').select(['slug', 'name']).orderBy('slug').execute(),
    db.selectFrom('topics').select(['slug', 'name']).orderBy('slug').execute(),
  ]);
  return { regions, countries, project_types, topics };
}
