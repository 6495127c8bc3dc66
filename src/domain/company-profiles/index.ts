/**
 * A company profile's records (its projects, tenders and articles): a feature over several
 * entities, kept apart from `companies/` so that the entities it reads (projects filter by company)
 * and the company vocabulary never import each other (docs/decisions/0041).
 */
export { listCompanyArticles, listCompanyProjects, listCompanyTenders } from './list-company-records.js';
