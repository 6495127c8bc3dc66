/**
 * The calendar event record of `/v1/admin` (any state, past and hidden events too): the /v1 event's
 * fields plus the region's name, whether readers see it (`published`) and the last change.
 */
import { Type, type Static } from 'typebox';
import type { AdminCalendarEventView } from '../../../domain/calendar/index.js';
import { Nullable, component } from '../../schema.js';
import { adminCalendarEventExample } from '../admin/examples.js';
import { presentEvent } from './event.js';
import { RecordVersion } from '../admin/preconditions.js';

export const AdminCalendarEvent = component('V1AdminCalendarEvent', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Nullable(Type.String({ format: 'date' })),
  city: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  country: Nullable(Type.String({ description: 'Country name' })),
  region_slug: Nullable(Type.String()),
  region: Nullable(Type.String({ description: 'Region name' })),
  venue: Nullable(Type.String()),
  organiser: Nullable(Type.String()),
  url: Nullable(Type.String({ description: "The organiser's site" })),
  description: Type.String(),
  origin: Type.Union([Type.Literal('curated'), Type.Literal('extracted')], { description: 'curated by editors, or extracted from reporting' }),
  article_id: Nullable(Type.String({ format: 'uuid', description: 'The article it was extracted from' })),
  published: Type.Boolean({ description: 'Whether readers see it on /v1/calendar' }),
  updated_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
}, { title: 'AdminCalendarEvent' }), adminCalendarEventExample);
export type AdminCalendarEvent = Static<typeof AdminCalendarEvent>;

const isoDay = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

/** The admin record of an event view (dates as `YYYY-MM-DD`, `updated_at` as ISO 8601). */
export const presentAdminEvent = (e: AdminCalendarEventView): AdminCalendarEvent => {
  const base = presentEvent(e);
  return {
    ...base,
    starts_on: isoDay(e.starts_on)!,
    ends_on: isoDay(e.ends_on),
    region: e.region_name,
    published: e.published,
    updated_at: new Date(e.updated_at).toISOString(),
    version: e.record_version,
  };
};
