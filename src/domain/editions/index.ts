/**
 * Editions: reading (published for subscribers, drafts for administrators), the admin writes
 * (create, update, publish, delete; rollups recomputed) and their input schemas. What the faces may import.
 */
export * from './schemas.js';
export type { EditionView, KeyMetric, RegionalHighlight } from './repository.js';
export { adminListEditions, listPublishedEditions } from './list-editions.js';
export { getEdition, getEditionArticles, getEditionByNumber, getLatestEdition, type EditionWithArticles } from './get-edition.js';
export { createEdition } from './create-edition.js';
export { updateEdition } from './update-edition.js';
export { publishEdition } from './publish-edition.js';
export { deleteEdition } from './delete-edition.js';
