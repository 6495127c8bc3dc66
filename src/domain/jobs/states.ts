/**
 * The states a job can be in (migration 0006). A leaf (it imports nothing), so that the command
 * line's help can name them without loading the database modules (src/cli/main.ts).
 */
export const JOB_STATES = ['queued', 'running', 'failed', 'done', 'dead'] as const;
/** One of {@link JOB_STATES}. */
export type JobState = (typeof JOB_STATES)[number];
