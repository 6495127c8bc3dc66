/** The industry events calendar. What the faces may import. */
export * from './schemas.js';
export { listCalendarEvents, type CalendarEventView } from './list-calendar-events.js';
