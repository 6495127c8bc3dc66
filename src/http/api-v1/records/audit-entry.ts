/** An audit-log entry of the /api/v1 edition: schema and presenter. */
import { Type, type Static } from 'typebox';
import type { AuditEntry as AuditView } from '../../../domain/audit/index.js';
import { Nullable, component } from '../../schema.js';

export const AuditEntry = component('ApiV1AuditEntry', Type.Object({
  id: Type.Integer(),
  actor_user_id: Nullable(Type.String({ format: 'uuid' })),
  actor_email: Nullable(Type.String()),
  action: Type.String({ description: 'create, update, delete, publish, promote, status, send' }),
  entity: Type.String({ description: 'edition, article, project, tender, inbox_item, newsletter_send' }),
  entity_id: Type.String(),
  before: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Changed fields before (updates), the whole record (deletes), null (creates)' })),
  after: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Changed fields after (updates), the whole record (creates), null (deletes)' })),
  request_id: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
}));
export type AuditEntry = Static<typeof AuditEntry>;

export const presentAuditEntry = (e: AuditView): AuditEntry => ({ ...e });
