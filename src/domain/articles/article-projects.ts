/**
 * Links between articles and projects (table `article_projects`; administrators): read, replace,
 * ranked candidates and auto-link. Every write locks the article, recomputes the rollups of the
 * projects whose set of mentions changed (`last_seen_edition`) and writes one audit entry (an
 * `update` of the article whose `projects` changed); a write that changes nothing audits nothing.
 *
 * Candidate score (0–100, {@link CANDIDATE_WEIGHTS}), from what the article and the project share:
 * - 30 per shared airport (article airports against the project's airport and its airport links),
 * - 20 per shared company (article companies against the project's companies),
 * - 40 when the project's title appears in the article's headline or text (case-insensitive; the
 *   words "airport" and "international" are ignored on both sides),
 * - up to 24 for the distinctive words of the title (4+ letters or digits with a letter, not a
 *   stop word) found in the headline or text: 24 × the share of them found,
 * - 4 per shared topic or tag, at most 12,
 * - 5 for the same country,
 * - a programme (a project with packages, `parent_project_id`) 5 per package that is itself a
 *   candidate, at most 15: an article about several packages is about the programme.
 * A project scoring nothing is no candidate. Candidates are ranked by the sum (ties: title); the
 * score shown is the sum capped at 100. Auto-link links every candidate at or above
 * {@link AUTO_LINK_THRESHOLD} (60), with `link_source = 'auto'` and `confidence = score / 100`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { adminWrite, lockRecord, requireAdmin } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { recomputeProjectRollups } from '../sql/rollups.js';
import { loadArticle } from './repository.js';

/** Points of each kind of evidence (see the file comment). */
export const CANDIDATE_WEIGHTS = {
  airport: 30, company: 20, title: 40, keywordCap: 24, term: 4, termCap: 12, country: 5, package: 5, packageCap: 15,
} as const;
/** Candidates at or above this score are linked by auto-link. */
export const AUTO_LINK_THRESHOLD = 60;

/** A project linked to an article. */
export interface ArticleProjectLink {
  project_id: string;
  title: string;
  status: string;
  /** `manual` (an editor) or `auto` (auto-link) */
  link_source: string;
  /** 0–1 for auto links; `null` for manual ones */
  confidence: number | null;
  /** ISO instant */
  linked_at: string;
}

/** One reason a project is a candidate, with its points. */
export interface CandidateReason {
  reason: string;
  points: number;
}

/** A ranked candidate project of an article. */
export interface ProjectCandidate {
  project_id: string;
  title: string;
  status: string;
  /** 0–100 */
  score: number;
  reasons: CandidateReason[];
  /** Already linked to the article (the score ignores links) */
  linked: boolean;
}

const STOP = new Set(['airport', 'airports', 'international', 'project', 'programme', 'program', 'phase', 'new', 'the', 'and', 'for', 'with', 'from',
  'terminal', 'expansion', 'development', 'upgrade', 'construction', 'redevelopment', 'works', 'stage', 'package', 'city', 'into', 'over']);

/** Distinctive words of a title (lower case, 4+ letters, no stop words). */
export const titleKeywords = (title: string): string[] =>
  [...new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && /\p{L}/u.test(w) && !STOP.has(w)))];

async function linksOfArticle(db: Kysely<DB>, articleId: string): Promise<ArticleProjectLink[]> {
  const rows = await db.selectFrom('article_projects as ap').innerJoin('projects as p', 'p.id', 'ap.project_id')
    .select(['ap.project_id', 'p.title', 'p.status', 'ap.link_source', 'ap.confidence', 'ap.created_at'])
    .where('ap.article_id', '=', articleId).orderBy('p.title').orderBy('ap.project_id').execute();
  return rows.map((r) => ({ project_id: r.project_id, title: r.title, status: r.status, link_source: r.link_source, confidence: r.confidence === null ? null : Number(r.confidence), linked_at: new Date(r.created_at as unknown as string).toISOString() }));
}

/** The projects linked to article `id`, by title. @throws DomainError FORBIDDEN, NOT_FOUND */
export async function listArticleProjects(ctx: Ctx, id: string): Promise<ArticleProjectLink[]> {
  requireAdmin(ctx.identity);
  await loadArticle(ctx.db, id);
  return linksOfArticle(ctx.db, id);
}

/** Writes the change of an article's project links: rollups of the projects touched and one audit entry. */
async function afterLinkChange(trx: Kysely<DB>, ctx: Ctx, articleId: string, before: ArticleProjectLink[]): Promise<ArticleProjectLink[]> {
  const after = await linksOfArticle(trx, articleId);
  const ids = (l: ArticleProjectLink[]) => l.map((x) => x.project_id);
  const touched = [...new Set([...ids(before), ...ids(after)])].filter((p) => ids(before).includes(p) !== ids(after).includes(p));
  if (touched.length) {
    await recomputeProjectRollups(trx, touched);
    const view = (l: ArticleProjectLink[]) => ({ projects: l.map((x) => ({ id: x.project_id, title: x.title, link_source: x.link_source })) });
    await recordAudit(trx, ctx, { action: 'update', entity: 'article', entityId: articleId, before: view(before), after: view(after) });
  }
  return after;
}

/**
 * Replaces the projects linked to article `id` with `projects` (project ids); links that stay keep
 * their source and confidence, new ones are `manual`. @throws DomainError NOT_FOUND, VALIDATION
 * naming `projects` and the id that names no project
 */
export async function replaceArticleProjects(ctx: Ctx, id: string, projects: string[]): Promise<ArticleProjectLink[]> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'articles', id);
    await loadArticle(trx, id);
    const wanted = [...new Set(projects.map((p) => p.toLowerCase()))];
    const known = wanted.length ? (await trx.selectFrom('projects').select('id').where('id', 'in', wanted).execute()).map((r) => r.id) : [];
    const unknown = wanted.find((p) => !known.includes(p));
    if (unknown) throw invalidParam('projects', `unknown project "${unknown}"`);
    const before = await linksOfArticle(trx, id);
    const keep = before.filter((l) => wanted.includes(l.project_id)).map((l) => l.project_id);
    await trx.deleteFrom('article_projects').where('article_id', '=', id)
      .$if(keep.length > 0, (q) => q.where('project_id', 'not in', keep)).execute();
    const add = wanted.filter((p) => !keep.includes(p));
    if (add.length) {
      await trx.insertInto('article_projects').values(add.map((project_id) => ({ article_id: id, project_id, link_source: 'manual', created_at: tctx.now() }))).execute();
    }
    return afterLinkChange(trx, tctx, id, before);
  });
}

interface ProjectFacts { id: string; title: string; status: string; country_code: string | null; parent_project_id: string | null; airports: string[]; companies: string[]; terms: string[] }

/** Lower case, without the words "airport" and "international", single-spaced: for the title match. */
const normal = (text: string) => ` ${text.toLowerCase().replace(/\b(airport|international)\b/g, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').replace(/\s+/g, ' ').trim()} `;

/** Ranks every project for an article (scores above 0, best first). */
async function rank(db: Kysely<DB>, articleId: string): Promise<ProjectCandidate[]> {
  const a = await loadArticle(db, articleId);
  const terms = new Set([
    ...(await db.selectFrom('article_topics').select('topic_id as t').where('article_id', '=', articleId).execute()).map((r) => `topic:${r.t}`),
    ...(await db.selectFrom('article_tags').select('tag_id as t').where('article_id', '=', articleId).execute()).map((r) => `tag:${r.t}`),
  ]);
  const airports = new Map(a.airports.map((x) => [x.id, x.iata]));
  const companies = new Map(a.companies.map((x) => [x.id, x.name]));
  const text = normal(`${a.headline} . ${a.content} . ${a.why_it_matters}`);
  const words = new Set(text.split(' '));
  const { rows } = await sql<ProjectFacts>`
    select p.id, p.title, p.status, p.country_code, p.parent_project_id,
      array(select pa.airport_id::text from project_airports pa where pa.project_id = p.id
            union select p.airport_id::text where p.airport_id is not null) as airports,
      array(select pc.company_id::text from project_companies pc where pc.project_id = p.id) as companies,
      array(select 'topic:' || pt.topic_id from project_topics pt where pt.project_id = p.id
            union all select 'tag:' || pg.tag_id from project_tags pg where pg.project_id = p.id) as terms
    from projects p`.execute(db);
  const linked = new Set((await db.selectFrom('article_projects').select('project_id').where('article_id', '=', articleId).execute()).map((r) => r.project_id));
  const W = CANDIDATE_WEIGHTS;
  const out: (ProjectCandidate & { raw: number; parent: string | null })[] = [];
  for (const p of rows) {
    const reasons: CandidateReason[] = [];
    for (const ap of new Set(p.airports)) if (airports.has(ap)) reasons.push({ reason: `shared airport ${airports.get(ap)}`, points: W.airport });
    for (const c of new Set(p.companies)) if (companies.has(c)) reasons.push({ reason: `shared company ${companies.get(c)}`, points: W.company });
    const title = normal(p.title);
    if (title.trim() && text.includes(title)) reasons.push({ reason: 'project title in the article', points: W.title });
    const keywords = titleKeywords(p.title);
    const hits = keywords.filter((w) => words.has(w));
    if (hits.length) reasons.push({ reason: `title words in the article: ${hits.join(', ')}`, points: Math.round((W.keywordCap * hits.length) / keywords.length) });
    const shared = new Set(p.terms.filter((t) => terms.has(t))).size;
    if (shared) reasons.push({ reason: `${shared} shared topic(s) or tag(s)`, points: Math.min(W.termCap, W.term * shared) });
    if (a.country_code && p.country_code === a.country_code) reasons.push({ reason: `same country ${a.country_code}`, points: W.country });
    if (!reasons.length) continue;
    out.push({ project_id: p.id, title: p.title, status: p.status, score: 0, raw: 0, reasons, linked: linked.has(p.id), parent: p.parent_project_id });
  }
  const packages = new Map<string, number>();
  for (const c of out) if (c.parent) packages.set(c.parent, (packages.get(c.parent) ?? 0) + 1);
  for (const c of out) {
    const n = packages.get(c.project_id);
    if (n) c.reasons.push({ reason: `programme: ${n} of its packages are candidates`, points: Math.min(W.packageCap, W.package * n) });
    c.raw = c.reasons.reduce((sum, r) => sum + r.points, 0);
    c.score = Math.min(100, c.raw);
  }
  return out.sort((x, y) => y.raw - x.raw || x.title.localeCompare(y.title) || x.project_id.localeCompare(y.project_id))
    .map(({ raw: _r, parent: _p, ...c }) => c);
}

/**
 * Projects that article `id` may be about, best first, each with its score and reasons (see the
 * file comment). `min_score` drops weaker ones. @throws DomainError FORBIDDEN, NOT_FOUND
 */
export async function rankProjectCandidates(ctx: Ctx, id: string, options: { min_score?: number | undefined; limit: number; offset: number }): Promise<ProjectCandidate[]> {
  requireAdmin(ctx.identity);
  const all = await rank(ctx.db, id);
  return all.filter((c) => c.score >= (options.min_score ?? 0)).slice(options.offset, options.offset + options.limit);
}

/** What auto-link did. */
export interface AutoLinkResult {
  /** Candidates linked now */
  linked: ProjectCandidate[];
  /** Candidates above the threshold that were linked before */
  already_linked: ProjectCandidate[];
  threshold: number;
  /** Every link of the article afterwards */
  projects: ArticleProjectLink[];
}

/**
 * Links article `id` to every candidate scoring at least `threshold` (default
 * {@link AUTO_LINK_THRESHOLD}) that is not linked yet (`auto`, confidence = score / 100).
 * Idempotent: a repeat links nothing and audits nothing. @throws DomainError NOT_FOUND
 */
export async function autoLinkArticleProjects(ctx: Ctx, id: string, threshold = AUTO_LINK_THRESHOLD): Promise<AutoLinkResult> {
  return adminWrite(ctx, async (trx, tctx) => {
    await lockRecord(trx, 'articles', id);
    const before = await linksOfArticle(trx, id);
    const strong = (await rank(trx, id)).filter((c) => c.score >= threshold);
    const add = strong.filter((c) => !c.linked);
    if (add.length) {
      await trx.insertInto('article_projects')
        .values(add.map((c) => ({ article_id: id, project_id: c.project_id, link_source: 'auto', confidence: c.score / 100, created_at: tctx.now() })))
        .onConflict((oc) => oc.columns(['article_id', 'project_id']).doNothing()).execute();
    }
    const projects = await afterLinkChange(trx, tctx, id, before);
    return { linked: add, already_linked: strong.filter((c) => c.linked), threshold, projects };
  });
}
