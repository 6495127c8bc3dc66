/**
 * Editions: reading (published for subscribers, drafts for administrators), the admin writes
 * (create, update, publish, delete; rollups recomputed) and their input schemas; one operation per
 * file. What the faces may import.
 */
export * from './schemas.js';
export type { EditionView, KeyMetric, RegionalHighlight } from './repository.js';
export type { EditionWithArticles } from './edition-articles.js';
export { findEditionByNumber, findLatestPublished, loadEdition } from './repository.js';
export { recomputeEditionRollups } from '../sql/rollups.js';
export { adminListEditions, listPublishedEditions } from './list-editions.js';
export { getEdition, getEditionOfNumber } from './get-edition.js';
export { getAdminEdition } from './get-admin-edition.js';
export { getEditionByNumber } from './get-edition-by-number.js';
export { getLatestEdition } from './get-latest-edition.js';
export { listEditionArticles } from './list-edition-articles.js';
export { createEdition } from './create-edition.js';
export { updateEdition } from './update-edition.js';
export { publishEdition } from './publish-edition.js';
export { deleteEdition } from './delete-edition.js';
export { importEdition, type ImportResult, type UnresolvedValue } from './import-edition.js';
export { parseImport, type ImportedArticle, type ImportedEdition } from './parse-import.js';
export { reorderEditionArticles, type ArticleOrderView } from './reorder-edition-articles.js';
