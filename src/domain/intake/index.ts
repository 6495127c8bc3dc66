/**
 * Editorial intake: news sources, their polling into the inbox (feed parsing, deduplication,
 * pre-screening score) and the metadata suggestion engine. What the faces may import.
 */
export * from './suggest-engine.js';
export { loadVocabulary } from './vocabulary.js';
