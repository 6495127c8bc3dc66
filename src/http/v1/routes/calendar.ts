/**
 * /v1 calendar (seed 001, section 4):
 * | GET | /v1/calendar | { events }: upcoming (default true: hides past events), limit (200), offset |
 */
import type { FastifyInstance } from 'fastify';
import { CalendarFilter, listCalendarEvents } from '../../../domain/calendar/index.js';
import { namedListRoute } from '../named.js';
import { CalendarEvent, presentEvent } from '../records/event.js';

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  namedListRoute(app, '/calendar', {
    operationId: 'v1ListCalendarEvents', summary: 'Industry events (conferences, trade shows), by start date', tags: ['Calendar'],
    name: 'events', item: CalendarEvent, filter: CalendarFilter, defaultLimit: 200,
    list: listCalendarEvents, present: presentEvent,
  });
}
