/** Filter schemas of the events calendar (TypeBox, i.e. JSON Schema); the operations take their `Static<>` types. */
import { Type, type Static } from 'typebox';
import { COUNTRY_CODE, createOf, FilterText, NullableString, patchOf, StringEnum, Text } from '../shared/input-schema.js';

/** The calendar's filter (/v1/calendar). */
export const CalendarFilter = Type.Object({
  upcoming: Type.Optional(Type.Boolean({ description: 'true (default) hides events that have ended; false lists past events too', default: true })),
});
/** The calendar's filter; `upcoming` absent means `true`. */
export type CalendarFilterInput = Static<typeof CalendarFilter>;

/** Every field an administrator may set on an event. Dates are UTC days, `YYYY-MM-DD`. */
const eventFields = {
  title: Type.String({ minLength: 1, maxLength: 500 }),
  starts_on: Type.String({ format: 'date', description: 'First day, YYYY-MM-DD' }),
  ends_on: NullableString({ format: 'date', description: 'Last day (not before starts_on); null: a one-day event' }),
  city: NullableString({ minLength: 1, maxLength: 200, description: 'Needs a country' }),
  country: NullableString({ minLength: 2, maxLength: 200, description: 'ISO 3166-1 alpha-2 code or English name; sets the region' }),
  region: NullableString({ minLength: 1, maxLength: 200, description: "Region slug or name; must be the country's region (default: it)" }),
  venue: NullableString({ maxLength: 500 }),
  organiser: NullableString({ maxLength: 500 }),
  url: NullableString({ maxLength: 2000, format: 'uri', description: "The organiser's site" }),
  description: Text(20_000),
  origin: StringEnum(['curated', 'extracted'] as const, { description: 'curated (default) or extracted from reporting' }),
  article_id: NullableString({ format: 'uuid', description: 'The article it was extracted from' }),
  published: Type.Boolean({ description: 'Whether readers see it (default true)' }),
};

/** The body of an event create: strict; `title` and `starts_on` required. */
export const CalendarEventCreate = createOf(eventFields, { title: eventFields.title, starts_on: eventFields.starts_on });
/** An event to create. */
export type CalendarEventCreateInput = Static<typeof CalendarEventCreate>;

/** The body of an event update: strict, any field, at least one. */
export const CalendarEventPatch = patchOf(eventFields);
/** Fields of an event to change; absent fields stay as they are. */
export type CalendarEventInput = Static<typeof CalendarEventPatch>;

/** The filters of the admin calendar list (past events included). */
export const AdminCalendarFilter = Type.Object({
  from: Type.Optional(Type.String({ format: 'date', description: 'Events ending on or after this day' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'Events starting on or before this day' })),
  q: FilterText('Title, city, venue or organiser contains this'),
  country: Type.Optional(Type.String({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2' })),
  origin: Type.Optional(StringEnum(['curated', 'extracted'] as const)),
  published: Type.Optional(Type.Boolean({ description: 'Only published (true) or hidden (false) events' })),
});
/** The admin calendar's filters. */
export type AdminCalendarFilterInput = Static<typeof AdminCalendarFilter>;
