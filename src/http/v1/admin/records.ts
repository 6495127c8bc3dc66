/**
 * The records of the /v1 admin API (docs/v1-admin.md): what its writes return. An admin record is
 * the reader's record plus what only an editor sets (an edition's regional highlights and key
 * metrics; an article's position and companies), in the /v1 dialect (slugs, IATA codes).
 */
import { Type, type Static } from 'typebox';
import type { AdminArticleView, ArticleLinks, ArticleProjectLink, AutoLinkResult, ProjectCandidate } from '../../../domain/articles/index.js';
import type { EditionView } from '../../../domain/editions/index.js';
import { EditionBase } from '../../records/edition-base.js';
import { Nullable, component } from '../../schema.js';
import { articleExample, editionExample, v1ArticleExample } from '../../examples.js';
import { Article, presentArticle } from '../records/article.js';
import { RecordVersion } from './preconditions.js';

/** The /v1 admin URL of a record of `collection` (`projects`, `editions` …): its GET reads it, its PATCH and DELETE act on it. */
export const v1AdminUrl = (collection: string, id: string): string => `/v1/admin/${collection}/${encodeURIComponent(id)}`;

/** An edition in any status, with the whole executive summary. */
export const AdminEdition = component('V1AdminEdition', Type.Object({ ...EditionBase.properties, version: RecordVersion }, { title: 'AdminEdition' }),
  { ...editionExample, version: '7c1d2e3f4a5b69788796a5b4c3d2e1f0' });
export type AdminEdition = Static<typeof AdminEdition>;
/** An edition view as the admin record. */
export const presentAdminEdition = (e: EditionView): AdminEdition => ({
  id: e.id, number: e.number, publish_date: e.publish_date, status: e.status, summary: e.summary, top_developments: e.top_developments,
  key_trends: e.key_trends, regional_highlights: e.regional_highlights, key_metrics: e.key_metrics, article_count: e.article_count,
  version: e.record_version,
});

const { is_saved: _saved, ...articleProps } = Article.properties;
/** An article in any edition status: the /v1 article without `is_saved`, with position, companies and the edition's status. */
export const AdminArticle = component('V1AdminArticle', Type.Object({
  ...articleProps,
  sort_order: Type.Integer({ description: 'Position inside the edition' }),
  companies: Type.Array(Type.String(), { description: 'Company names' }),
  version: RecordVersion,
}, { title: 'AdminArticle' }), (({ is_saved: _s, ...rest }) => ({ ...rest, sort_order: 1, companies: articleExample.companies, version: '5e4d3c2b1a0f9e8d7c6b5a4938271605' }))(v1ArticleExample));
export type AdminArticle = Static<typeof AdminArticle>;
/** An article view (with its version) as the admin record. */
export const presentAdminArticle = (a: AdminArticleView): AdminArticle => {
  const { is_saved: _s, ...rest } = presentArticle({ ...a, is_saved: false });
  return { ...rest, sort_order: a.sort_order, companies: a.companies.map((c) => c.name), version: a.record_version };
};

const TermRef = Type.Object({ slug: Type.String(), name: Type.String() });
/** An article's topics, tags, airports and companies. */
export const AdminArticleLinks = component('V1AdminArticleLinks', Type.Object({
  article_id: Type.String({ format: 'uuid' }),
  topics: Type.Array(TermRef),
  tags: Type.Array(TermRef),
  airports: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), iata_code: Type.String(), name: Type.String() })),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
}, { title: 'AdminArticleLinks' }));
export const presentLinks = (l: ArticleLinks) => l;

/** A project linked to an article. */
export const AdminArticleProject = component('V1AdminArticleProject', Type.Object({
  project_id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  status: Type.String(),
  link_source: Type.Union([Type.Literal('manual'), Type.Literal('auto')], { description: 'manual: an editor; auto: auto-link' }),
  confidence: Nullable(Type.Number({ description: 'Score / 100 of an auto link' })),
  linked_at: Type.String({ format: 'date-time' }),
}, { title: 'AdminArticleProject' }));
export const presentProjectLink = (l: ArticleProjectLink) => ({ ...l, link_source: l.link_source === 'auto' ? 'auto' as const : 'manual' as const });

/** A ranked candidate project. */
export const ProjectCandidateRecord = component('V1AdminProjectCandidate', Type.Object({
  project_id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  status: Type.String(),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  reasons: Type.Array(Type.Object({ reason: Type.String(), points: Type.Integer() })),
  linked: Type.Boolean({ description: 'Already linked to the article' }),
}, { title: 'ProjectCandidate' }));
export const presentCandidate = (c: ProjectCandidate) => c;

/** What auto-link did. */
export const AutoLinkRecord = Type.Object({
  threshold: Type.Integer({ description: 'Candidates at or above this score are linked' }),
  linked: Type.Array(ProjectCandidateRecord, { description: 'Linked now' }),
  already_linked: Type.Array(ProjectCandidateRecord, { description: 'Above the threshold and linked before' }),
  projects: Type.Array(AdminArticleProject, { description: 'Every link of the article afterwards' }),
});
export const presentAutoLink = (r: AutoLinkResult) => ({ ...r, projects: r.projects.map(presentProjectLink) });
