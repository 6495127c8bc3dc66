/** The industry events calendar. What the faces may import. */
export * from './schemas.js';
export { listCalendarEvents, type CalendarEventView } from './list-calendar-events.js';
export type { AdminCalendarEventView } from './repository.js';
export { listAdminCalendarEvents } from './list-admin-calendar-events.js';
export { getAdminCalendarEvent } from './get-admin-calendar-event.js';
export { createCalendarEvent } from './create-calendar-event.js';
export { updateCalendarEvent } from './update-calendar-event.js';
export { deleteCalendarEvent } from './delete-calendar-event.js';
