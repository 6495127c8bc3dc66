/** Notifications: what faces may import. */
export * from './schemas.js';
export { countUnreadNotifications, listNotifications, markNotificationsRead, type NotificationView } from './notifications.js';
export { notifyProjectWatchers, type WatchedFields } from './notify-project-watchers.js';
