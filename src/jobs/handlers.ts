/**
 * The job handlers the worker runs (decision 0018): the composition root of later work. Each
 * feature defines its handlers in its domain folder (`defineJob`, src/domain/jobs) and adds them
 * here; a job whose kind is not listed waits (it is never lost) until a worker that knows it runs.
 */
import type { Config } from '../config.js';
import type { JobHandler } from '../domain/jobs/index.js';
import { alertJobs } from '../domain/alerts/index.js';
import { intakeJobs } from '../domain/intake/index.js';
import { DEFAULT_RETENTION, housekeepingJobs } from '../domain/housekeeping/index.js';
import { changeJobs } from '../domain/changes/index.js';
import { projectJobs } from '../domain/projects/index.js';
import { articleJobs } from '../domain/articles/index.js';

/** What handlers may need from the deployment's configuration (`retention` defaults to {@link DEFAULT_RETENTION}). */
export type JobConfig = Pick<Config, 'outboundAllowedHosts' | 'mail'> & Partial<Pick<Config, 'retention'>>;

/** Every handler of the service, configured for `config`. */
export function jobHandlers(config: JobConfig): JobHandler<never>[] {
  return [
    // alert matching, delivery, webhooks; mails link to PUBLIC_BASE_URL
    ...alertJobs({ allowedHosts: config.outboundAllowedHosts, publicBaseUrl: config.mail?.publicBaseUrl }),
    ...intakeJobs({ allowedHosts: config.outboundAllowedHosts }), // news-source polling
    ...housekeepingJobs(config.retention ?? DEFAULT_RETENTION), // the daily purge (decision 0037)
    ...changeJobs(), // the change feed's retention
    ...projectJobs(), // the facet counts' compaction (migration 0026)
    ...articleJobs(), // the common words' postings of the search (migration 0030)
  ];
}
