/** The editorial inbox item of the /api/v1 edition: the one inbox record (../../records/inbox-item.ts) under its name. */
import type { Static } from 'typebox';
import { InboxItemRecord } from '../../records/inbox-item.js';
import { component } from '../../schema.js';

export const InboxItem = component('ApiV1InboxItem', InboxItemRecord);
export type InboxItem = Static<typeof InboxItem>;
export { presentInboxItem } from '../../records/inbox-item.js';
