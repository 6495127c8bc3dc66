/** Filter schemas of the events calendar (TypeBox, i.e. JSON Schema); the operations take their `Static<>` types. */
import { Type, type Static } from 'typebox';

/** The calendar's filter (/v1/calendar). */
export const CalendarFilter = Type.Object({
  upcoming: Type.Optional(Type.Boolean({ description: 'true (default) hides events that have ended; false lists past events too', default: true })),
});
/** The calendar's filter; `upcoming` absent means `true`. */
export type CalendarFilterInput = Static<typeof CalendarFilter>;
