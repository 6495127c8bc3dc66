/**
 * Durable jobs: the one mechanism for work that happens later (decision 0018). `enqueueJob` inside a
 * write's transaction, `defineJob` for a handler (listed in src/jobs/handlers.ts), `runDueJobs` for
 * one pass of the jobs alone and `runWorkerCycle` for one cycle of the whole worker (tests),
 * `startWorker` for the concurrent, fair worker of `serve` and `airport-intel worker` (decision 0036),
 * and the operator's view: `jobMetrics`, `listJobs`, `retryJob`, `discardJob` (./operator.ts).
 */
export { countJobs, DEFAULT_JOB_CONCURRENCY, defaultJobBackoffMs, defineJob, enqueueJob, type JobCounts, type JobHandler, type JobRun, type NewJob } from './jobs.js';
export { dueJobKinds, prepareJobs, runDueJobs, runOneJob, type JobOutcome, type JobRunReport, type RunJobsOptions } from './run-jobs.js';
export { OUTBOX_TURN_MESSAGES, runWorkerCycle, startWorker, type WorkerCycleReport, type WorkerSettings } from './worker.js';
export { discardJob, JOB_STATES, jobMetrics, listJobs, retryJob, type JobKindMetrics, type JobListFilter, type JobState, type JobView } from './operator.js';
