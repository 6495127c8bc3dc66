/**
 * The sample projects and tenders (src/seed/sample/projects.json, tenders.json): real airport
 * projects linked to the sample articles that mention them, and illustrative tenders shaped on real
 * procurement practice whose dates are relative to the day the data is loaded (so some always close
 * within 30 days, some have expired).
 */
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { ProjectStatus } from '../domain/projects/index.js';
import { insertProject, recomputeProjectRollups } from '../domain/projects/index.js';
import type { TenderType } from '../domain/tenders/index.js';
import { insertTender } from '../domain/tenders/index.js';
import { upsertTags } from './tags.js';

const require = createRequire(import.meta.url);
const DAY_MS = 86_400_000;

/** One project of the sample file. */
export interface SampleProject {
  key: string;
  title: string;
  description: string;
  /** IATA code */
  airport: string;
  project_type: string;
  status: ProjectStatus;
  value_amount: number | null;
  value_currency: string | null;
  value_basis: string | null;
  announced_on: string | null;
  expected_completion_year: number | null;
  contractor: string | null;
  /** key of the parent programme */
  parent: string | null;
  companies: { name: string; role: string }[];
  topics: string[];
  tags: string[];
  /** exact headlines of sample articles that mention the project */
  articles: string[];
}

/** One tender of the sample file; dates are relative to the load day. */
export interface SampleTender {
  title: string;
  description: string;
  reference: string;
  buyer: string;
  airport: string | null;
  country: string;
  type: TenderType;
  status: 'open' | 'closed' | 'awarded' | 'cancelled';
  published_days_ago: number;
  /** negative: already passed; null: no deadline */
  deadline_in_days: number | null;
  estimated_value: number | null;
  currency: string | null;
  categories: string[];
  tags: string[];
  source_name: string;
  source_url: string;
  awarded_to: string | null;
  bidders: { name: string; outcome: string }[];
}

export const sampleProjects = (): SampleProject[] => require('./sample/projects.json') as SampleProject[];
export const sampleTenders = (): SampleTender[] => require('./sample/tenders.json') as SampleTender[];

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Parents before their packages. @throws Error on an unknown parent key or a cycle */
function parentsFirst(projects: SampleProject[]): SampleProject[] {
  const byKey = new Map(projects.map((p) => [p.key, p]));
  const ordered: SampleProject[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: SampleProject) => {
    if (state.get(p.key) === 'done') return;
    if (state.get(p.key) === 'visiting') throw new Error(`Sample project ${p.key}: parent cycle`);
    state.set(p.key, 'visiting');
    if (p.parent) {
      const parent = byKey.get(p.parent);
      if (!parent) throw new Error(`Sample project ${p.key}: unknown parent ${p.parent}`);
      visit(parent);
    }
    state.set(p.key, 'done');
    ordered.push(p);
  };
  projects.forEach(visit);
  return ordered;
}

/**
 * Loads the sample projects (linked to companies and to the sample articles by headline) and
 * tenders. Run inside the sample loader's transaction, after the articles.
 * @throws Error naming the record that refers to an unknown company, topic, article or airport
 */
export async function loadSampleProjectsAndTenders(trx: Kysely<DB>, now: Date): Promise<{ projects: number; tenders: number }> {
  const projects = parentsFirst(sampleProjects());
  const tenders = sampleTenders();
  const topicIds = new Map((await trx.selectFrom('topics').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  const companyIds = new Map((await trx.selectFrom('companies').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const articleIds = new Map((await trx.selectFrom('articles').select(['id', 'headline']).execute()).map((r) => [r.headline, r.id]));
  const tagIds = await upsertTags(trx, [...projects.flatMap((p) => p.tags), ...tenders.flatMap((t) => t.tags)]);
  const need = (map: Map<string, string>, key: string, what: string, owner: string) => {
    const id = map.get(key);
    if (!id) throw new Error(`Sample ${owner}: unknown ${what} "${key}"`);
    return id;
  };

  const projectIds = new Map<string, string>();
  for (const p of projects) {
    const id = await insertProject(trx, {
      title: p.title,
      description: p.description,
      iata: p.airport,
      projectType: p.project_type,
      status: p.status,
      valueAmount: p.value_amount,
      valueCurrency: p.value_currency,
      valueBasis: p.value_basis,
      announcedOn: p.announced_on,
      expectedCompletionYear: p.expected_completion_year,
      contractor: p.contractor,
      parentProjectId: p.parent ? projectIds.get(p.parent)! : null,
      topicIds: [...new Set(p.topics)].map((t) => need(topicIds, t, 'topic', `project ${p.key}`)),
      tagIds: [...new Set(p.tags)].map((t) => need(tagIds, t, 'tag', `project ${p.key}`)),
      companies: p.companies.map((c) => ({ companyId: need(companyIds, c.name, 'company', `project ${p.key}`), role: c.role })),
    }, now);
    projectIds.set(p.key, id);
    const links = [...new Set(p.articles)].map((h) => ({ article_id: need(articleIds, h, 'article', `project ${p.key}`), project_id: id }));
    if (links.length) await trx.insertInto('article_projects').values(links).execute();
  }
  await recomputeProjectRollups(trx);

  for (const t of tenders) {
    const deadline = t.deadline_in_days === null ? null : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + t.deadline_in_days, 17));
    const awardedOn = t.status === 'awarded' && deadline ? day(new Date(Math.min(now.getTime(), deadline.getTime() + 21 * DAY_MS))) : null;
    await insertTender(trx, {
      title: t.title,
      description: t.description,
      reference: t.reference,
      buyerName: t.buyer,
      buyerCompanyId: companyIds.get(t.buyer) ?? null,
      iata: t.airport,
      countryCode: t.country,
      type: t.type,
      status: t.status,
      publishedOn: day(new Date(now.getTime() - t.published_days_ago * DAY_MS)),
      deadline,
      estimatedValue: t.estimated_value,
      currency: t.currency,
      sourceName: t.source_name,
      sourceUrl: t.source_url,
      awardedTo: t.awarded_to,
      awardedOn,
      topicIds: [...new Set(t.categories)].map((c) => need(topicIds, c, 'topic', `tender ${t.reference}`)),
      tagIds: [...new Set(t.tags)].map((c) => need(tagIds, c, 'tag', `tender ${t.reference}`)),
      bidders: t.bidders.map((b) => ({ name: b.name, outcome: b.outcome, companyId: companyIds.get(b.name) ?? null })),
    }, now);
  }
  return { projects: projects.length, tenders: tenders.length };
}
