/** The editorial inbox item of `/v1/admin` (the one inbox record, ../../records/inbox-item.ts, with an example), and the bulk-skip report. */
import { Type, type Static } from 'typebox';
import { InboxItemRecord } from '../../records/inbox-item.js';
import { component } from '../../schema.js';

export const InboxItem = component('V1AdminInboxItem', Type.Object({ ...InboxItemRecord.properties }, { title: 'AdminInboxItem' }), {
  id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', source_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', source_name: 'Airport World',
  url: 'https://www.airport-world.com/news/heathrow-runway', title: 'Heathrow submits third runway plans', excerpt: 'Heathrow has submitted its plans…',
  published_at: '2026-11-20T08:00:00.000Z', detected_entities: { topics: ['runways'], airports: ['LHR'], country: 'GB' },
  score: 82, score_reasons: [{ reason: 'airport LHR named in the title', points: 20 }], status: 'pending', promoted_article_id: null,
  decided_by: null, decided_at: null, created_at: '2026-11-20T08:05:00.000Z',
});
export type InboxItem = Static<typeof InboxItem>;

export { presentInboxItem } from '../../records/inbox-item.js';

export const BulkSkipReport = component('V1AdminBulkSkipReport', Type.Object({
  skipped: Type.Integer({ minimum: 0, description: 'Items moved to skipped' }),
  ids: Type.Array(Type.String({ format: 'uuid' }), { description: 'Their ids' }),
  unchanged: Type.Integer({ minimum: 0, description: 'Items named by id that stayed as they were (already skipped, or promoted)' }),
}, { title: 'BulkSkipReport' }), { skipped: 2, ids: ['7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', '8d2e3f4a-5b6c-4d7e-9f0a-1b2c3d4e5f6a'], unchanged: 0 });
