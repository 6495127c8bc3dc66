/**
 * The change feed (docs/changes.md): what faces and the job runner may import.
 */
export * from './schemas.js';
export { listChanges } from './list-changes.js';
export { pruneChanges, changeJobs, PRUNE_CHANGES_JOB } from './prune-changes.js';
