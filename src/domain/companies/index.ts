/**
 * The companies domain: what faces and other domains may import.
 */
export * from './resolve-company.js';
export * from './resolve-company-refs.js';
