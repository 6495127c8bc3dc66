/** The calendar event record of the /v1 edition (fields not shown by the seed; ours). */
import { Type, type Static } from 'typebox';
import type { CalendarEventView } from '../../../domain/calendar/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, component } from '../../schema.js';

export const CalendarEvent = component('V1CalendarEvent', Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  starts_on: Type.String({ format: 'date' }),
  ends_on: Nullable(Type.String({ format: 'date' })),
  city: Nullable(Type.String()),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  country: Nullable(Type.String()),
  region_slug: Nullable(Type.String()),
  venue: Nullable(Type.String()),
  organiser: Nullable(Type.String()),
  url: Nullable(Type.String({ description: "The organiser's site" })),
  description: Type.String(),
  origin: Type.Union([Type.Literal('curated'), Type.Literal('extracted')], { description: 'curated by editors, or extracted from reporting' }),
  article_id: Nullable(Type.String({ format: 'uuid', description: 'The article it was extracted from' })),
}, { title: 'CalendarEvent' }));
export type CalendarEvent = Static<typeof CalendarEvent>;

export const presentEvent = (e: CalendarEventView): CalendarEvent => ({
  ...pick(e, 'id', 'title', 'starts_on', 'ends_on', 'city', 'country_code'),
  country: e.country_name,
  ...pick(e, 'region_slug', 'venue', 'organiser', 'url', 'description', 'origin', 'article_id'),
});
