/** Airports: what the faces may import. */
export { getAirport, listAirports, type AirportView } from './repository.js';
export { listAirportArticles, listAirportProjects } from './list-airport-content.js';
