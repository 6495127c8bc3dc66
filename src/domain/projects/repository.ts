/**
 * The projects' queries: the filter as SQL, the sorts, the `ProjectView` select, the mentions,
 * the per-caller watch flags, and the writes (stored columns, insert,
 * links, edition rollups). Shared by every operation of src/domain/projects/ and by the sample loader.
 * Source: table `projects` with its taxonomy links; `value_usd` is derived at write time from the
 * dated `fx_rates` table (src/domain/shared/fx.ts), never at request time.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/types.js';
import { ancestorChain } from '../sql/ancestry.js';
import { resolveTags, resolveTopics } from '../sql/vocabulary.js';
import type { LinkedTerm as Term } from '../shared/link-refs.js';
import { invalidParam } from '../errors.js';
import { toUsd } from '../shared/fx.js';
import type { Ctx } from '../context.js';
import type { ProjectInput, ProjectSort, ProjectStatus } from './schemas.js';
import { recordVersion } from '../sql/record-version.js';

/** A project with its place, type, taxonomy and last mention. */
export interface ProjectView {
  id: string;
  title: string;
  description: string;
  airport_id: string | null;
  airport_name: string | null;
  iata_code: string | null;
  country_code: string | null;
  country_name: string | null;
  region_slug: string | null;
  region_name: string | null;
  project_type_slug: string | null;
  project_type_name: string | null;
  status: ProjectStatus;
  /** As stated, in `value_currency` units. */
  value_amount: number | null;
  value_currency: string | null;
  value_basis: string | null;
  /** Whole US dollars, from the FX rate of `value_fx_date`. */
  value_usd: number | null;
  value_fx_date: string | null;
  contractor: string | null;
  announced_on: string | null;
  expected_completion_year: number | null;
  parent_project_id: string | null;
  last_seen_edition_number: number | null;
  last_seen_edition_date: string | null;
  updated_at: Date;
  /** The stored row's version (an MD5 of the row as text): the admin faces' ETag (decision 0050). */
  record_version: string;
  topics: Term[];
  tags: Term[];
  /** Companies on the project with their role; `slug` as `/v1/companies/{ref}` takes it */
  companies: { id: string; slug: string; name: string; role: string }[];
}

/**
 * A project as the reader's lists show it (`/v1/projects`, src/http/v1/records/project.ts): the
 * view's own columns and place names, without what only a record's page or the admin faces show
 * (topics, tags, companies, the last mention, the record's version), plus whether the caller
 * watches it.
 */
export type WatchedProjectSummary = Pick<ProjectView,
  'id' | 'title' | 'description' | 'airport_name' | 'iata_code' | 'country_code' | 'region_slug' | 'region_name' |
  'project_type_slug' | 'project_type_name' | 'status' | 'value_amount' | 'value_currency' | 'value_basis' | 'announced_on' |
  'expected_completion_year' | 'parent_project_id'> & { is_watched: boolean };

/** Where a project was mentioned: an article of a published or archived edition. */
export interface ProjectMention {
  article_id: string;
  headline: string;
  /** The article's slug (its page is `/articles/{id}/{slug}`). */
  slug: string;
  edition_number: number;
  /** `YYYY-MM-DD` */
  publish_date: string;
}

// ------------------------------------------------------------------ reading

/** ORDER BY of a sort; every order ends with the id so pages are stable. */
export function projectOrder(sort: ProjectSort, q: string | undefined): RawBuilder<unknown> {
  switch (sort) {
    case 'relevance':
      return q ? sql`ts_rank(p.search_vector, websearch_to_tsquery('english', ${q})) desc, p.title, p.id` : sql`p.title, p.id`;
    case 'value_desc':
      return sql`p.value_usd desc nulls last, p.title, p.id`;
    case 'value_asc':
      return sql`p.value_usd asc nulls last, p.title, p.id`;
    case 'year_desc':
      return sql`p.expected_completion_year desc nulls last, p.title, p.id`;
    case 'year_asc':
      return sql`p.expected_completion_year asc nulls last, p.title, p.id`;
    case 'airport_asc':
      return sql`p.airport_name asc nulls last, p.title, p.id`;
    case 'updated_desc':
      return sql`p.updated_at desc, p.id`;
    default:
      return sql`p.title, p.id`;
  }
}

/**
 * The topics or tags of project `p` as `[{ slug, name }]` by name, read through `p.term_ids` (the
 * links' copy kept by migration 0028's triggers) rather than the link table: the few rows of the
 * vocabulary, not an index lookup per project in a link table of millions of rows.
 */
const linkedTermsJson = (vocabulary: 'topic' | 'tag'): RawBuilder<{ slug: string; name: string }[]> =>
  sql<{ slug: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('slug', term.slug, 'name', term.name) order by term.name)
      from ${sql.table(`${vocabulary}s`)} term where term.id = any(p.term_ids)), '[]'::json)`;

/** Selects `ProjectView` rows of the projects `p` that satisfy `where`. */
export function selectProjectViews(db: Kysely<DB>, where: RawBuilder<SqlBool>) {
  return db
    .selectFrom('projects as p')
    .leftJoin('countries as c', 'c.code', 'p.country_code')
    .leftJoin('regions as r', 'r.slug', 'p.region_slug')
    .leftJoin('project_types as pt', 'pt.slug', 'p.project_type_slug')
    .leftJoin('editions as le', 'le.id', 'p.last_seen_edition_id')
    .where(where)
    .select((eb) => [
      'p.id', 'p.title', 'p.description', 'p.airport_id', 'p.airport_name', 'p.iata_code', 'p.country_code',
      'c.name as country_name', 'p.region_slug', 'r.name as region_name', 'p.project_type_slug', 'pt.name as project_type_name',
      'p.status', 'p.value_amount', 'p.value_currency', 'p.value_basis', 'p.value_usd', 'p.value_fx_date', 'p.contractor',
      'p.announced_on', 'p.expected_completion_year', 'p.parent_project_id', 'le.number as last_seen_edition_number',
      'le.publish_date as last_seen_edition_date', 'p.updated_at', recordVersion('p').as('record_version'),
      linkedTermsJson('topic').as('topics'),
      linkedTermsJson('tag').as('tags'),
      jsonArrayFrom(
        eb.selectFrom('project_companies as x').innerJoin('companies as co', 'co.id', 'x.company_id').select(['co.id', 'co.slug', 'co.name', 'x.role'])
          .whereRef('x.project_id', '=', 'p.id').orderBy('co.name'),
      ).as('companies'),
    ])
    .$narrowType<{ status: ProjectStatus }>();
}

/**
 * Selects {@link WatchedProjectSummary} rows of the projects `p` that satisfy `where`, in one
 * statement: the reader's list reads fifty of these where a full view would run three subqueries
 * and hash the row for each (at a million projects most of the list's database time: bench/README.md,
 * "The reader's list reads what it shows").
 * @param userId the caller whose watches set `is_watched` (`null`: false for every project)
 */
export function selectProjectSummaries(db: Kysely<DB>, where: RawBuilder<SqlBool>, userId: string | null) {
  return db
    .selectFrom('projects as p')
    .leftJoin('regions as r', 'r.slug', 'p.region_slug')
    .leftJoin('project_types as pt', 'pt.slug', 'p.project_type_slug')
    .where(where)
    .select([
      'p.id', 'p.title', 'p.description', 'p.airport_name', 'p.iata_code', 'p.country_code', 'p.region_slug', 'r.name as region_name',
      'p.project_type_slug', 'pt.name as project_type_name', 'p.status', 'p.value_amount', 'p.value_currency', 'p.value_basis',
      'p.announced_on', 'p.expected_completion_year', 'p.parent_project_id',
      (userId === null ? sql<boolean>`false` : sql<boolean>`exists (select 1 from project_watches w where w.user_id = ${userId}::uuid and w.project_id = p.id)`).as('is_watched'),
    ])
    .$narrowType<{ status: ProjectStatus }>();
}

/** The project `id` as a `ProjectView`: published ones only unless `anyState`; `undefined` when there is none. */
export async function findProjectView(db: Kysely<DB>, id: string, { anyState = false } = {}): Promise<ProjectView | undefined> {
  const where = anyState ? sql<SqlBool>`p.id = ${id}::uuid` : sql<SqlBool>`p.id = ${id}::uuid and p.published`;
  return selectProjectViews(db, where).executeTakeFirst();
}

/** The articles of published and archived editions that mention project `projectId`, newest first. */
export async function selectProjectMentions(db: Kysely<DB>, projectId: string): Promise<ProjectMention[]> {
  return db
    .selectFrom('article_projects as ap')
    .innerJoin('articles as a', 'a.id', 'ap.article_id')
    .innerJoin('editions as e', 'e.id', 'a.edition_id')
    .where('ap.project_id', '=', projectId)
    .where('e.status', 'in', ['published', 'archived'])
    .select(['a.id as article_id', 'a.headline', 'a.slug', 'e.number as edition_number', 'e.publish_date'])
    .orderBy('e.publish_date', 'desc')
    .orderBy('a.sort_order')
    .execute();
}

/**
 * `views` each with `is_watched`: whether the caller watches the project (`project_watches`);
 * false for every project without a caller. One query for the whole list.
 */
export async function withWatched<T extends { id: string }>(ctx: Ctx, views: T[]): Promise<(T & { is_watched: boolean })[]> {
  const ids = views.map((v) => v.id);
  const rows = ctx.identity && ids.length
    ? await ctx.db.selectFrom('project_watches').select('project_id').where('user_id', '=', ctx.identity.userId).where('project_id', 'in', ids).execute()
    : [];
  const watched = new Set(rows.map((r) => r.project_id));
  return views.map((v) => ({ ...v, is_watched: watched.has(v.id) }));
}

// ------------------------------------------------------------------ writing

/** A project to create. Term and company ids must exist. */
export interface NewProject {
  title: string;
  description?: string | undefined;
  /** IATA code of the airport; its name, country and region fill the place fields. */
  iata?: string | null | undefined;
  projectType?: string | null | undefined;
  status: ProjectStatus;
  /** Stated amount, in `valueCurrency` units. */
  valueAmount?: number | null | undefined;
  valueCurrency?: string | null | undefined;
  valueBasis?: string | null | undefined;
  /** `YYYY-MM-DD` */
  announcedOn?: string | null | undefined;
  expectedCompletionYear?: number | null | undefined;
  contractor?: string | null | undefined;
  parentProjectId?: string | null | undefined;
  topicIds?: string[] | undefined;
  tagIds?: string[] | undefined;
  companies?: { companyId: string; role: string }[] | undefined;
}

/**
 * The stored columns of a project: place fields derived from the airport, `value_usd` from the
 * stated amount and `fx_rates` (as of `now` when the project has no announcement date). Shared by
 * insert and the admin update.
 * @throws DomainError VALIDATION for an unknown airport
 */
export async function projectColumns(trx: Kysely<DB>, input: NewProject, now: Date) {
  let place: { id: string; name: string; iata: string; country_code: string; region_slug: string } | undefined;
  if (input.iata) {
    place = await trx
      .selectFrom('airports as a')
      .innerJoin('countries as c', 'c.code', 'a.country_code')
      .select(['a.id', 'a.name', 'a.iata', 'a.country_code', 'c.region_slug'])
      .where('a.iata', '=', input.iata.toUpperCase())
      .executeTakeFirst();
    if (!place) throw invalidParam('iata_code', `unknown airport ${input.iata}`);
  }
  const usd = await toUsd(trx, input.valueAmount, input.valueCurrency, input.announcedOn, now);
  const columns = {
    title: input.title,
    description: input.description ?? '',
    airport_id: place?.id ?? null,
    airport_name: place?.name ?? null,
    iata_code: place?.iata ?? null,
    country_code: place?.country_code ?? null,
    region_slug: place?.region_slug ?? null,
    project_type_slug: input.projectType ?? null,
    status: input.status,
    value_amount: input.valueAmount ?? null,
    value_currency: input.valueCurrency?.toUpperCase() ?? null,
    value_basis: input.valueBasis ?? null,
    value_usd: usd?.usd ?? null,
    value_fx_date: usd?.rateDate ?? null,
    contractor: input.contractor ?? null,
    announced_on: input.announcedOn ?? null,
    expected_completion_year: input.expectedCompletionYear ?? null,
    parent_project_id: input.parentProjectId ?? null,
  };
  return { columns, airportId: place?.id ?? null };
}

/**
 * Inserts a project with its links; run it inside the caller's transaction.
 * @param now the current instant (`ctx.now()`); the system clock by default, for the sample loader
 * @returns the new id. @throws DomainError VALIDATION for an unknown airport
 */
export async function insertProject(trx: Kysely<DB>, input: NewProject, now: Date): Promise<string> {
  const { columns, airportId } = await projectColumns(trx, input, now);
  const row = await trx.insertInto('projects').values({ ...columns, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const id = row.id;
  if (airportId) await trx.insertInto('project_airports').values({ project_id: id, airport_id: airportId }).execute();
  if (input.topicIds?.length) await trx.insertInto('project_topics').values(input.topicIds.map((topic_id) => ({ project_id: id, topic_id }))).execute();
  if (input.tagIds?.length) await trx.insertInto('project_tags').values(input.tagIds.map((tag_id) => ({ project_id: id, tag_id }))).execute();
  if (input.companies?.length) {
    await trx
      .insertInto('project_companies')
      .values(input.companies.map((c) => ({ project_id: id, company_id: c.companyId, role: c.role })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return id;
}

/**
 * Checks the references of an admin input: the project type exists; the programme exists, is not
 * the project itself (`selfId`) and is not one of its packages at any depth (no cycle of
 * programmes). @throws DomainError VALIDATION naming the field
 */
export async function checkProjectRefs(trx: Kysely<DB>, input: ProjectInput, selfId?: string): Promise<void> {
  if (input.project_type) {
    const t = await trx.selectFrom('project_types').select('slug').where('slug', '=', input.project_type).executeTakeFirst();
    if (!t) throw invalidParam('project_type', `unknown project type "${input.project_type}"`);
  }
  if (input.parent_project_id) {
    if (input.parent_project_id === selfId) throw invalidParam('parent_project_id', 'a project cannot be its own programme');
    const p = await trx.selectFrom('projects').select('id').where('id', '=', input.parent_project_id).executeTakeFirst();
    if (!p) throw invalidParam('parent_project_id', `no project ${input.parent_project_id}`);
    // Two concurrent updates could each close half of a cycle: programme changes take turns.
    if (selfId) await sql`select pg_advisory_xact_lock(hashtext('projects.parent_project_id'))`.execute(trx);
    if (selfId && (await programmeChain(trx, input.parent_project_id)).includes(selfId)) {
      throw invalidParam('parent_project_id', `project ${input.parent_project_id} is a package of this project (directly or further down); programmes cannot form a cycle`);
    }
  }
}

/**
 * Project `id` and the programmes above it, nearest first (`parent_project_id` followed up to the
 * top; stops at a repeat, so even a stored cycle ends).
 */
export const programmeChain = (db: Kysely<DB>, id: string): Promise<string[]> => ancestorChain(db, 'projects', id);

/** The insert shape of an admin input with its title and status settled. */
export const newProjectOf = (i: ProjectInput & { title: string; status: ProjectStatus }): NewProject => ({
  title: i.title,
  description: i.description,
  iata: i.iata_code,
  projectType: i.project_type,
  status: i.status,
  valueAmount: i.value_amount,
  valueCurrency: i.value_currency,
  valueBasis: i.value_basis,
  announcedOn: i.announced_on,
  expectedCompletionYear: i.expected_completion_year,
  contractor: i.contractor,
  parentProjectId: i.parent_project_id,
});

/**
 * Replaces the topics and tags of project `id` with those `input` lists (slugs or names); a list
 * that is absent leaves its links alone. @throws DomainError VALIDATION for an unknown topic
 */
export async function replaceProjectTerms(trx: Kysely<DB>, id: string, input: ProjectInput): Promise<void> {
  if (input.topics) {
    const ids = await resolveTopics(trx, input.topics);
    await trx.deleteFrom('project_topics').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_topics').values(ids.map((topic_id) => ({ project_id: id, topic_id }))).execute();
  }
  if (input.tags) {
    const ids = await resolveTags(trx, input.tags);
    await trx.deleteFrom('project_tags').where('project_id', '=', id).execute();
    if (ids.length) await trx.insertInto('project_tags').values(ids.map((tag_id) => ({ project_id: id, tag_id }))).execute();
  }
}
