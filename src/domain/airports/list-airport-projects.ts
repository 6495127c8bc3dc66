/** The projects at an airport, as a reader sees them (/v1/airports/{ref}/projects). */
import type { Ctx } from '../context.js';
import type { Window } from '../pagination.js';
import { listProjectsForReader, type WatchedProjectSummary } from '../projects/index.js';
import { getAirport } from './get-airport.js';
import { gatedAs } from '../entitlements.js';

/**
 * One window of the projects at the airport `ref` (database id or IATA code), by title, with the
 * caller's watched flags; a trial preview of `projects` sees the first five rows only (the
 * projects engine's `listProjectsForReader`). @throws DomainError NOT_FOUND (no such airport)
 */
export const listAirportProjects = gatedAs(listProjectsForReader, async function listAirportProjects(ctx: Ctx, { ref, window }: { ref: string; window: Window }): Promise<WatchedProjectSummary[]> {
  const airport = await getAirport(ctx, ref);
  return (await listProjectsForReader(ctx, { airports: [airport.id] }, 'title_asc', window)).items;
});
