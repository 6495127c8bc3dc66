/** The filter schema of the audit list (TypeBox); the operation takes its `Static<>` type. */
import { Type, type Static } from 'typebox';

/** Filters of the audit list; every one optional. */
export const AuditQuery = Type.Object({
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'edition, article, project, tender, inbox_item, newsletter_send' })),
  entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
/** Filters of the audit list, plus the acting user (not offered over HTTP). */
export type AuditFilter = Static<typeof AuditQuery> & { actor_user_id?: string | undefined };
