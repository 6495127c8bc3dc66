/**
 * /v1 calendar (seed 001, section 4):
 * | GET | /v1/calendar | { events }: upcoming (default true: hides past events), limit (200), offset |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CalendarFilter, listCalendarEvents } from '../../../domain/calendar/index.js';
import { ctxOf } from '../../types.js';
import { Named, namedList, Paging } from '../named.js';
import { CalendarEvent, presentEvent } from '../records/event.js';

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/calendar', {
    schema: {
      operationId: 'v1ListCalendarEvents', summary: 'Industry events (conferences, trade shows), by start date', tags: ['Calendar'],
      querystring: Type.Object({ ...CalendarFilter.properties, ...Paging(200) }),
      response: { 200: Named('events', CalendarEvent) },
    },
  }, async (req, reply) => {
    const { limit, offset, ...filter } = req.query;
    return namedList(reply, 'events', { limit, offset }, (w) => listCalendarEvents(ctxOf(req), filter, w), presentEvent);
  });
}
