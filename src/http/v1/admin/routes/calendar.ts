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
import {
  AdminCalendarFilter, CalendarEventCreate, CalendarEventPatch, createCalendarEvent, deleteCalendarEvent, getAdminCalendarEvent, listAdminCalendarEvents, updateCalendarEvent,
} from '../../../../domain/calendar/index.js';
import { component } from '../../../schema.js';
import { AdminCalendarEvent, presentAdminEvent } from '../../records/admin-event.js';
import { calendarEventCreateExample, calendarEventPatchExample } from '../examples.js';
import { recordRoutes } from '../record-routes.js';

const tags = ['Admin: calendar'];
const PLACE = '`country` is an ISO 3166-1 alpha-2 code or an English name and sets the region (a given `region`, slug or name, must be the country\u2019s); a `city` needs a country; `ends_on` must not be before `starts_on`. A value that cannot be resolved is 400 naming the field.';

export default async function adminCalendarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  recordRoutes(r, 'calendar', {
    tags, what: 'Calendar event', record: AdminCalendarEvent, present: presentAdminEvent,
    list: { doc: ['v1AdminListCalendarEvents', 'List calendar events, past and hidden ones included', 'Every event by start date, then title, including past and unpublished ones. Filters: `from` (events ending on or after that UTC day), `to` (starting on or before it; not before `from`), `q` (title, city, venue or organiser contains), `country` (ISO code), `origin`, `published`.'], name: 'events', filter: AdminCalendarFilter, run: listAdminCalendarEvents },
    create: { doc: ['v1AdminCreateCalendarEvent', 'Add an event to the calendar', `Creates an event (curated and published unless given); readers see it on \`/v1/calendar\` while it has not ended. ${PLACE} Audited.`], body: component('V1AdminCalendarEventCreate', CalendarEventCreate, calendarEventCreateExample), run: createCalendarEvent },
    read: { doc: ['v1AdminGetCalendarEvent', 'Read a calendar event, past or hidden', 'The event in any state: what `Location` of its creation points at. `ETag` is its `version`.'], run: getAdminCalendarEvent },
    update: { doc: ['v1AdminUpdateCalendarEvent', 'Update a calendar event (only the fields sent)', `Changes the fields sent of an event in any state, past or hidden; the checks apply to the event as it would be stored (a new \`starts_on\` after the stored \`ends_on\` is 400). ${PLACE} \`published: false\` hides it from readers. Audited; a change that changes nothing records nothing. With \`If-Match\` (the \`version\` it was edited from) a change made meanwhile by someone else is refused with 409 and nothing is written.`], body: component('V1AdminCalendarEventPatch', CalendarEventPatch, calendarEventPatchExample), run: updateCalendarEvent },
    remove: { doc: ['v1AdminDeleteCalendarEvent', 'Delete a calendar event', 'Deletes the event in any state and answers it as it was. Audited.'], run: deleteCalendarEvent },
  });
}
