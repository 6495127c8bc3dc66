/**
 * The companies domain: what faces and other domains may import.
 */
export * from './resolve-company.js';
export * from './resolve-company-refs.js';
export * from './schemas.js';
export type { CompanyRef, CompanyView } from './repository.js';
export { getCompany, listCompanies, resolveCompanyRef } from './list-companies.js';
export { listCompanyArticles, listCompanyProjects, listCompanyTenders } from './list-company-records.js';
export { getAdminCompany, listAdminCompanies } from './admin-read-companies.js';
export { createCompany } from './create-company.js';
export { updateCompany } from './update-company.js';
export { deleteCompany } from './delete-company.js';
export { mergeCompanies } from './merge-companies.js';
