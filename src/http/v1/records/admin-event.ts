/**
 * The calendar event record of `/v1/admin` (any state, past and hidden events too): the /v1 event
 * (its presenter) plus the region's name, whether readers see it (`published`) and the last change.
 */
import { Type, type Static } from 'typebox';
import type { AdminCalendarEventView } from '../../../domain/calendar/index.js';
import { Nullable, component } from '../../schema.js';
import { adminCalendarEventExample } from '../admin/examples.js';
import { CalendarEvent, presentEvent } from './event.js';
import { RecordVersion } from '../admin/preconditions.js';

export const AdminCalendarEvent = component('V1AdminCalendarEvent', Type.Object({
  ...CalendarEvent.properties,
  region: Nullable(Type.String({ description: 'Region name' })),
  published: Type.Boolean({ description: 'Whether readers see it on /v1/calendar' }),
  updated_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
}, { title: 'AdminCalendarEvent' }), adminCalendarEventExample);
export type AdminCalendarEvent = Static<typeof AdminCalendarEvent>;

/** The admin record of an event view: the reader's record plus the editor's fields. */
export const presentAdminEvent = (e: AdminCalendarEventView): AdminCalendarEvent => ({
  ...presentEvent(e),
  region: e.region_name,
  published: e.published,
  updated_at: e.updated_at.toISOString(),
  version: e.record_version,
});
