/**
 * The companies domain: what faces and other domains may import. The one company resolver of the
 * writes lives with the rest of the vocabulary (src/domain/sql/vocabulary.ts).
 */
export * from './resolve-company-ids.js';
export * from './schemas.js';
export type { CompanyRef, CompanyView } from './repository.js';
export { getCompany, listCompanies, resolveCompanyRef } from './list-companies.js';
export { getAdminCompany, listAdminCompanies } from './admin-read-companies.js';
export { createCompany } from './create-company.js';
export { updateCompany } from './update-company.js';
export { deleteCompany } from './delete-company.js';
export { mergeCompanies } from './merge-companies.js';
export { resolveCompanies } from '../sql/vocabulary.js';
