/**
 * Which project filters the facet index in memory answers (src/domain/projects/facet-index.ts,
 * decisions 0062 to 0064), and a filter's values resolved into the index's slots. Used by the
 * filtered facets and by the filtered lists.
 */
import { sql } from 'kysely';
import { resolveCompanyIds } from '../companies/index.js';
import type { Ctx } from '../context.js';
import { regionSlugs, termIds } from '../shared/sql-filters.js';
import type { IndexQuery, RowMember } from './facet-index-store.js';
import type { ProjectFilter } from './schemas.js';

/** The members of a filter the facet index holds columns of. */
const INDEXED: ReadonlySet<keyof ProjectFilter> = new Set(['region', 'country', 'status', 'type', 'topic', 'terms', 'minValueUsd', 'minAmount', 'maxAmount', 'yearFrom', 'yearTo']);

/**
 * The members the index answers through the projects they allow, read in SQL by their own index
 * (decision 0064): each the same projects as its condition in src/domain/projects/project-conditions.ts.
 * A company's key is the companies it resolves to (aliases and subsidiaries change without a
 * project changing), which the index also answers from its company postings (decision 0069); the
 * statements depend on the projects' own rows and links only.
 */
const LINKED = {
  companyId: async (ctx: Ctx, id: string) => {
    const companies = [...(await resolveCompanyIds(ctx, id))].sort();
    return { key: `company:${companies.join(',')}`, ids: sql<{ id: string }>`select pc.project_id as id from project_companies pc where pc.company_id = any(${companies}::uuid[])`, companies };
  },
  parentProjectId: (_: Ctx, id: string) => ({ key: `parent:${id.toLowerCase()}`, ids: sql<{ id: string }>`select c.id from projects c where c.parent_project_id = ${id}::uuid` }),
  articleId: (_: Ctx, id: string) => ({ key: `article:${id.toLowerCase()}`, ids: sql<{ id: string }>`select ap.project_id as id from article_projects ap where ap.article_id = ${id}::uuid` }),
} satisfies Partial<Record<keyof ProjectFilter, (ctx: Ctx, id: string) => RowMember | Promise<RowMember>>>;

const isLinked = (k: keyof ProjectFilter): k is keyof typeof LINKED => k in LINKED;

/**
 * `filter` for the facet index (src/domain/projects/facet-index-store.ts), its regions and terms
 * resolved as src/domain/projects/project-conditions.ts resolves them, its company, parent and
 * article as the SQL of the projects they allow, its text query as the lexemes it requires;
 * `undefined` without a member (the caller's unfiltered reading answers) or when a member needs
 * SQL (a text query with a phrase, `or` or `-word`; airports, the `…Contains` names, `updatedSince`).
 */
export async function indexFilterOf(ctx: Ctx, filter: ProjectFilter): Promise<IndexQuery | undefined> {
  const given = (Object.keys(filter) as (keyof ProjectFilter)[])
    .filter((k) => filter[k] !== undefined && !(k === 'terms' && filter.terms!.length === 0) && !(k === 'q' && !filter.q));
  if (given.length === 0 || given.some((k) => !INDEXED.has(k) && !isLinked(k) && k !== 'q')) return undefined;
  const lexemes = filter.q ? await allWordsOf(ctx, filter.q) : undefined;
  if (lexemes === null) return undefined;
  const regions = filter.region === undefined ? undefined : await regionSlugs(ctx.db, filter.region);
  const termSets = [
    ...(filter.topic === undefined ? [] : [await termIds(ctx.db, filter.topic, ['topic'])]),
    ...(await Promise.all((filter.terms ?? []).map((t) => termIds(ctx.db, t, ['topic', 'tag'])))),
  ];
  const linked = await Promise.all(given.filter(isLinked).map((k) => LINKED[k](ctx, filter[k]!)));
  return {
    resolve: (slots) => ({
      status: filter.status === undefined ? undefined : slots.find('status', [filter.status]),
      region: regions && slots.find('region', regions),
      country: filter.country === undefined ? undefined : slots.find('country', [filter.country.toUpperCase()]),
      type: filter.type === undefined ? undefined : slots.find('type', [filter.type]),
      terms: termSets.map((ids) => slots.find('term', ids)),
      yearFrom: filter.yearFrom,
      yearTo: filter.yearTo,
      usdMin: filter.minValueUsd,
      amountMin: filter.minAmount,
      amountMax: filter.maxAmount,
    }),
    ...(linked.length === 0 ? {} : { rows: linked }),
    ...(lexemes === undefined ? {} : { text: { q: filter.q!, lexemes } }),
  };
}

/** One quoted lexeme of a tsquery's text (a quote inside doubled). */
const LEXEME = /^'((?:[^']|'')+)'$/;

/**
 * The lexemes of `websearch_to_tsquery('english', q)` when it only requires each of them (`'a' &
 * 'b'`): `[]` when it has none (only stop words: it matches nothing), `null` when it has a phrase,
 * an alternative or a negation (the index does not answer it).
 */
async function allWordsOf(ctx: Ctx, q: string): Promise<string[] | null> {
  const { rows: [parsed] } = await sql<{ query: string }>`select websearch_to_tsquery('english', ${q})::text as query`.execute(ctx.db);
  const text = parsed?.query ?? '';
  if (text.trim() === '') return [];
  if (text.includes('\\')) return null; // an escaped character: leave it to SQL
  const lexemes: string[] = [];
  for (const part of text.split(' & ')) {
    const m = LEXEME.exec(part);
    if (!m) return null;
    lexemes.push(m[1]!.replaceAll("''", "'"));
  }
  // A lexeme with " & " inside it would have been split: the parts must give the text back.
  return lexemes.map((l) => `'${l.replaceAll("'", "''")}'`).join(' & ') === text ? lexemes : null;
}
