/**
 * The companies domain: what faces and other domains may import. The one company resolver of the
 * writes lives with the rest of the vocabulary (src/domain/sql/vocabulary.ts).
 */
export * from './resolve-company.js';
export { resolveCompanies } from '../sql/vocabulary.js';
