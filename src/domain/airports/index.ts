/** Airports and what mentions or happens at them; one operation per file. What the faces may import. */
export * from './schemas.js';
export type { AirportView } from './repository.js';
export { listAirports } from './list-airports.js';
export { getAirport } from './get-airport.js';
export { listAirportArticles } from './list-airport-articles.js';
export { listAirportProjects } from './list-airport-projects.js';
