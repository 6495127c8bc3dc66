/**
 * The audit log: every admin write records who, when, which record and the changed fields, in the
 * write's own transaction (`recordAudit`, `recordUpdate` in audit-log.ts, called by the other
 * entities' writes); administrators read it back (list-audit-entries.ts). What the faces may import.
 */
export type { AuditAction, AuditEntity, AuditEntry } from './audit-log.js';
export * from './schemas.js';
export { listAuditEntries } from './list-audit-entries.js';
