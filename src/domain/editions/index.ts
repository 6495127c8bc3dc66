/**
 * Editions: reading (published for subscribers, drafts for administrators), the admin writes
 * (create, update, publish, delete; rollups recomputed) and their input schemas. What the faces may import.
 */
export * from './schemas.js';
export type { EditionView, KeyMetric, RegionalHighlight } from './repository.js';
export { getEdition, getEditionArticles, getEditionByNumber, getLatestEdition, listPublishedEditions, type EditionWithArticles } from './read-editions.js';
export { adminListEditions, createEdition, deleteEdition, publishEdition, updateEdition } from './write-editions.js';
