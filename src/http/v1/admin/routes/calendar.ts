/**
 * /v1/admin calendar (docs/v1-admin.md): the industry events calendar as editors keep it, past and hidden
 * events included (src/domain/calendar: dates and places checked there).
 * | GET    | /v1/admin/calendar      | q, from, to, country, origin, published, limit, offset | { events }, by start date |
 * | POST   | /v1/admin/calendar      | CalendarEventCreate | 201, the event as stored   |
 * | GET    | /v1/admin/calendar/{id} |                     | the event, any state       |
 * | PATCH  | /v1/admin/calendar/{id} | CalendarEventPatch, If-Match | the event as stored; 409 when stale |
 * | DELETE | /v1/admin/calendar/{id} |                     | the event as it was        |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminCalendarFilter, CalendarEventCreate, CalendarEventPatch, createCalendarEvent, deleteCalendarEvent, getAdminCalendarEvent, listAdminCalendarEvents, updateCalendarEvent,
} from '../../../../domain/calendar/index.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedList, Paging, UuidParam } from '../../named.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../preconditions.js';
import { problemResponses } from '../../problem.js';
import { AdminCalendarEvent, presentAdminEvent } from '../../records/admin-event.js';
import { calendarEventCreateExample, calendarEventPatchExample } from '../examples.js';
import { created, deletedAnswer } from '../../../respond.js';
import { v1AdminUrl } from '../records.js';

const tags = ['Admin: calendar'];
const params = UuidParam('Calendar event');
const writeErrors = problemResponses(409);
/** A body write can also meet a body that is too large (413) or not JSON (415). */
const bodyErrors = { ...writeErrors };
const PLACE = '`country` is an ISO 3166-1 alpha-2 code or an English name and sets the region (a given `region`, slug or name, must be the country\u2019s); a `city` needs a country; `ends_on` must not be before `starts_on`. A value that cannot be resolved is 400 naming the field.';

export default async function adminCalendarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/calendar', {
    schema: {
      operationId: 'v1AdminListCalendarEvents', summary: 'List calendar events, past and hidden ones included', tags,
      description: 'Every event by start date, then title, including past and unpublished ones. Filters: `from` (events ending on or after that UTC day), `to` (starting on or before it; not before `from`), `q` (title, city, venue or organiser contains), `country` (ISO code), `origin`, `published`.',
      querystring: Type.Object({ ...AdminCalendarFilter.properties, ...Paging(50) }),
      response: { 200: Named('events', AdminCalendarEvent) },
    },
  }, async (req, reply) => {
    const { limit, offset, ...filter } = req.query;
    return namedList(reply, 'events', { limit, offset }, (w) => listAdminCalendarEvents(ctxOf(req), filter, w), presentAdminEvent);
  });

  r.post('/calendar', {
    schema: {
      operationId: 'v1AdminCreateCalendarEvent', summary: 'Add an event to the calendar', tags,
      description: `Creates an event (curated and published unless given); readers see it on \`/v1/calendar\` while it has not ended. ${PLACE} Audited.`,
      body: component('V1AdminCalendarEventCreate', CalendarEventCreate, calendarEventCreateExample),
      response: { 201: AdminCalendarEvent, ...bodyErrors },
    },
  }, async (req, reply) => {
    const event = presentAdminEvent(await createCalendarEvent(ctxOf(req), req.body));
    return created(reply, event, v1AdminUrl('calendar', event.id));
  });

  r.get('/calendar/:id', {
    schema: {
      operationId: 'v1AdminGetCalendarEvent', summary: 'Read a calendar event, past or hidden', tags, params,
      description: 'The event in any state: what `Location` of its creation points at. `ETag` is its `version`.',
      response: { 200: AdminCalendarEvent },
    },
  }, async (req, reply) => withETag(reply, presentAdminEvent(await getAdminCalendarEvent(ctxOf(req), req.params.id))));

  r.patch('/calendar/:id', {
    schema: {
      operationId: 'v1AdminUpdateCalendarEvent', summary: 'Update a calendar event (only the fields sent)', tags, params,
      description: `Changes the fields sent of an event in any state, past or hidden; the checks apply to the event as it would be stored (a new \`starts_on\` after the stored \`ends_on\` is 400). ${PLACE} \`published: false\` hides it from readers. Audited; a change that changes nothing records nothing. With \`If-Match\` (the \`version\` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written.`,
      headers: IfMatchHeaders,
      body: component('V1AdminCalendarEventPatch', CalendarEventPatch, calendarEventPatchExample),
      response: { 200: AdminCalendarEvent, ...bodyErrors },
    },
  }, async (req, reply) => withETag(reply, presentAdminEvent(await updateCalendarEvent(ctxOf(req), req.params.id, req.body, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete('/calendar/:id', {
    schema: {
      operationId: 'v1AdminDeleteCalendarEvent', summary: 'Delete a calendar event', tags, params,
      description: 'Deletes the event in any state and answers it as it was. Audited.',
      response: { ...deletedAnswer(AdminCalendarEvent), ...writeErrors },
    },
  }, async (req) => presentAdminEvent(await deleteCalendarEvent(ctxOf(req), req.params.id)));
}
