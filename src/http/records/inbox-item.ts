/**
 * The editorial inbox item, one record for both editions (`ApiV1InboxItem`, `V1AdminInboxItem`:
 * the same properties under each edition's component name) and its presenter.
 */
import { Type, type Static } from 'typebox';
import { INBOX_STATUSES, type InboxItem as InboxItemView } from '../../domain/inbox/index.js';
import { Nullable, StringEnum } from '../schema.js';

/** The properties of an inbox item. */
export const InboxItemRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  source_id: Nullable(Type.String({ format: 'uuid' })),
  source_name: Type.String(),
  url: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  published_at: Nullable(Type.String({ format: 'date-time' })),
  detected_entities: Type.Object({
    topics: Type.Optional(Type.Array(Type.String())),
    tags: Type.Optional(Type.Array(Type.String())),
    airports: Type.Optional(Type.Array(Type.String())),
    companies: Type.Optional(Type.Array(Type.String())),
    region: Type.Optional(Nullable(Type.String())),
    country: Type.Optional(Nullable(Type.String())),
  }, { description: 'What the automated pre-screen found: topic and tag slugs, IATA codes, company names, region slug, ISO country code' }),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'Automated pre-screen score, 0..100 (higher is more relevant; docs/intake.md)' }),
  score_reasons: Type.Array(Type.Object({ reason: Type.String(), points: Type.Number() }), { description: 'What makes up the score, largest part first' }),
  status: StringEnum(INBOX_STATUSES),
  promoted_article_id: Nullable(Type.String({ format: 'uuid' })),
  decided_by: Nullable(Type.String({ format: 'uuid' })),
  decided_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
});
/** An inbox item as both editions present it. */
export type InboxItemRecord = Static<typeof InboxItemRecord>;

/** An inbox item of the domain as the record. */
export const presentInboxItem = (i: InboxItemView): InboxItemRecord => ({ ...i });
