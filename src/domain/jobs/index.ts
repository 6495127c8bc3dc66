/**
 * Durable jobs: the one mechanism for work that happens later (decision 0018). `enqueueJob` inside a
 * write's transaction, `defineJob` for a handler (listed in src/jobs/handlers.ts), `runDueJobs` for
 * one pass (tests), `startWorker` for the loop of `serve` and `airport-intel worker`.
 */
export { countJobs, defaultJobBackoffMs, defineJob, enqueueJob, type JobCounts, type JobHandler, type JobRun, type NewJob } from './jobs.js';
export { runDueJobs, type JobRunReport, type RunJobsOptions } from './run-jobs.js';
export { startWorker, type WorkerCycleReport, type WorkerSettings } from './worker.js';
