/**
 * The editorial inbox: candidate stories from the news sources, pre-screened by an automated step
 * (`score`, 0..100 with `score_reasons`, and `detected_entities`), waiting for an editor. One operation per file (list-,
 * get-, update-, promote-inbox-item), the state machine in repository.ts, the
 * input schemas in schemas.ts. Every operation is for administrators only. What the faces may import.
 */
export * from './schemas.js';
export type { DetectedEntities, InboxItem, ScoreReason } from './repository.js';
export { listInboxItems } from './list-inbox-items.js';
export { getInboxItem } from './get-inbox-item.js';
export { updateInboxItem } from './update-inbox-item.js';
export { promoteInboxItem } from './promote-inbox-item.js';
