/** The controlled vocabularies (regions, countries, project types, topics). What the faces may import. */
export { getReference, type Vocabularies } from './get-reference.js';
