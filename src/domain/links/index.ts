/**
 * Entity links of projects, tenders and articles (airports, companies, topics, tags): the one
 * reader and writer (src/domain/sql/entity-links.ts) and the audited transaction of the
 * "replace the set" operations (./write-links.ts). What other domains may import.
 */
export {
  replaceAirportLinks, replaceCompanyLinks, replaceTermLinks, selectLinks, type EntityLinks, type LinkedCompany, type LinkOwner,
} from '../sql/entity-links.js';
export { readLinks, writeLinks } from './write-links.js';
