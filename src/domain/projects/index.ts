/**
 * The projects domain: what faces (the HTTP editions, MCP, CLI), the sample loader and other
 * domains may import. Operations take `ctx` first; the repository's query builders stay inside,
 * except the few other domains share (the insert, the edition rollups, the watch flags).
 */
export * from './schemas.js';
export type { NewProject, ProjectMention, ProjectView, WatchedProjectSummary } from './repository.js';
export { findProjectView, insertProject, selectProjectViews, withWatched } from './repository.js';
export { recomputeProjectRollups } from '../sql/rollups.js';
export { listProjects, listProjectsForReader } from './list-projects.js';
export { listProjectsOfArticle } from './list-projects-of-article.js';
export { getProject, type ProjectDetail } from './get-project.js';
export { getProjectHistory, HISTORY_FIELDS, type HistoryField, type ProjectHistoryEntry, type StatedValue } from './get-project-history.js';
export { getAdminProject } from './get-admin-project.js';
export { facetIndexSettings, facetIndexSettled, facetIndexState, warmFacetIndex, type FacetIndexState } from './facet-index-store.js';
export { warmProjectIndex } from './list-window.js';
export { compactProjectFacets, COMPACT_PROJECT_FACETS_JOB, facetProjects, projectJobs, type ProjectFacets } from './facet-projects.js';
export { exportProjects, exportProjectsForReader, PROJECT_EXPORT_CAP, type ProjectCsvField } from './export-projects.js';
export { createProject } from './create-project.js';
export { updateProject } from './update-project.js';
export { deleteProject } from './delete-project.js';
export { getProjectLinks, type ProjectLinks } from './get-project-links.js';
export { setProjectAirports } from './set-project-airports.js';
export { setProjectCompanies } from './set-project-companies.js';
export { setProjectTerms } from './set-project-terms.js';
export { listAdminProjects, AdminProjectFilter, type AdminProjectFilterInput } from './list-admin-projects.js';
