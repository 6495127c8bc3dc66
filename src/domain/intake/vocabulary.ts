/**
 * Loads the reference data the suggestion engine matches against, from the database: airports,
 * countries, regions, topics, tags, companies and their aliases (one query per table).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Vocabulary } from './suggest-engine.js';

/** The engine's {@link Vocabulary} read from `db` (call once per request or per poll, not per item). */
export async function loadVocabulary(db: Kysely<DB>): Promise<Vocabulary> {
  const [airports, countries, regions, topics, tags, companies, aliases] = await Promise.all([
    db.selectFrom('airports').select(['iata', 'icao', 'name', 'city', 'country_code', 'kind']).orderBy('iata').execute(),
    db.selectFrom('countries').select(['code', 'name', 'region_slug']).orderBy('code').execute(),
    db.selectFrom('regions').select(['slug', 'name']).orderBy('sort_order').execute(),
    db.selectFrom('topics').select(['slug', 'name']).orderBy('slug').execute(),
    db.selectFrom('tags').select(['slug', 'name']).orderBy('slug').execute(),
    db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('company_aliases').select(['company_id', 'alias']).execute(),
  ]);
  const aliasesOf = new Map<string, string[]>();
  for (const a of aliases) aliasesOf.set(a.company_id, [...(aliasesOf.get(a.company_id) ?? []), a.alias]);
  return {
    airports: airports.map((a) => ({ ...a, iata: a.iata.trim(), country_code: a.country_code.trim() })),
    countries: countries.map((c) => ({ ...c, code: c.code.trim() })),
    regions,
    topics,
    tags,
    companies: companies.map((c) => ({ name: c.name, aliases: aliasesOf.get(c.id) ?? [] })),
  };
}
