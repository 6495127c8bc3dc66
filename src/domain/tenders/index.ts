/**
 * The tenders domain: what faces (the HTTP editions, MCP, CLI), the sample loader and other
 * domains may import. Operations take `ctx` first and read the time from `ctx.now()`.
 */
export * from './schemas.js';
export * from './tender-status.js';
export type { NewTender, TenderView } from './repository.js';
export { insertTender } from './repository.js';
export { listTenders } from './list-tenders.js';
export { getTender } from './get-tender.js';
export { facetTenders, type TenderFacets } from './facet-tenders.js';
export { exportTenders, type TenderCsvField } from './export-tenders.js';
export { createTender } from './create-tender.js';
export { updateTender } from './update-tender.js';
export { deleteTender } from './delete-tender.js';
export { getAdminTender } from './get-admin-tender.js';
export { getTenderLinks, type TenderLinks } from './get-tender-links.js';
export { setTenderAirports } from './set-tender-airports.js';
export { setTenderCompanies } from './set-tender-companies.js';
export { setTenderTerms } from './set-tender-terms.js';
export { listAdminTenders, AdminTenderFilter, type AdminTenderFilterInput } from './list-admin-tenders.js';
