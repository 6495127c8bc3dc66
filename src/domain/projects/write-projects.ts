/**
 * Writing projects: the insert used by the sample loader and (later) the admin API.
 * Place fields are derived from the airport; `value_usd` from the stated amount and `fx_rates`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidParam } from '../errors.js';
import { toUsd } from '../fx.js';
import type { ProjectStatus } from './project-query.js';

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
 * stated amount and `fx_rates`. Shared by insert and the admin update.
 * @throws DomainError VALIDATION for an unknown airport
 */
export async function projectColumns(trx: Kysely<DB>, input: NewProject) {
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
  const usd = await toUsd(trx, input.valueAmount, input.valueCurrency, input.announcedOn);
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
 * @returns the new id. @throws DomainError VALIDATION for an unknown airport
 */
export async function insertProject(trx: Kysely<DB>, input: NewProject): Promise<string> {
  const { columns, airportId } = await projectColumns(trx, input);
  const row = await trx.insertInto('projects').values(columns).returning('id').executeTakeFirstOrThrow();
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
 * Recomputes each project's `last_seen_edition`: the newest published or archived edition with an
 * article that mentions it (drafts do not count until published), for all projects or the given ones.
 */
export async function recomputeProjectRollups(db: Kysely<DB>, projectIds?: string[]): Promise<void> {
  await db
    .updateTable('projects as p')
    .set((eb) => ({
      last_seen_edition_id: eb
        .selectFrom('article_projects as ap')
        .innerJoin('articles as a', 'a.id', 'ap.article_id')
        .innerJoin('editions as e', 'e.id', 'a.edition_id')
        .whereRef('ap.project_id', '=', 'p.id')
        .where('e.status', 'in', ['published', 'archived'])
        .select('e.id')
        .orderBy('e.publish_date', 'desc')
        .orderBy('e.number', 'desc')
        .limit(1),
    }))
    .$if(projectIds !== undefined, (qb) => qb.where('p.id', 'in', projectIds!.length ? projectIds! : ['00000000-0000-0000-0000-000000000000']))
    .execute();
}
