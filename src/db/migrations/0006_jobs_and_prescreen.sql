-- 0006: one durable job mechanism for work that happens later (decision 0018), and the inbox
-- pre-screening score on a 0..100 scale with its reasons (issue 14).

-- A job: `kind` names its handler (src/jobs/handlers.ts), `payload` its input. States: `queued`
-- (waiting for `run_at`), `running` (claimed by `locked_by` until `locked_until`), `failed` (an
-- attempt failed; retried at `run_at`), `done`, `dead` (the last attempt failed; never retried). A
-- worker claims due jobs with FOR UPDATE SKIP LOCKED and a lease; a worker that dies leaves a
-- lease that expires, then any worker takes the job again. `dedupe_key`: at most one pending (queued or failed) job per key, so a
-- recurring job or a "poll this source" job exists once however many processes ask for it.
create table jobs (
  id            uuid primary key default gen_random_uuid(),
  kind          text not null check (length(kind) between 1 and 100),
  payload       jsonb not null default '{}',
  status        text not null default 'queued' check (status in ('queued', 'running', 'failed', 'done', 'dead')),
  run_at        timestamptz not null,
  attempts      integer not null default 0,
  locked_until  timestamptz,
  locked_by     text,
  last_error    text,
  dedupe_key    text,
  created_at    timestamptz not null default now(),
  finished_at   timestamptz
);
create index jobs_due_idx on jobs(run_at) where status in ('queued', 'failed');
create unique index jobs_pending_dedupe_idx on jobs(dedupe_key) where dedupe_key is not null and status in ('queued', 'failed');
create index jobs_running_idx on jobs(locked_until) where status = 'running';
create index jobs_kind_idx on jobs(kind, status);
create index jobs_finished_idx on jobs(finished_at) where status = 'done';

-- The pre-screening score: an integer 0..100 (was a real 0..1) with the reasons that make it up.
alter table inbox_items alter column score drop default;
alter table inbox_items alter column score type integer using round(score * 100)::integer;
alter table inbox_items alter column score set default 0;
alter table inbox_items add constraint inbox_items_score_range check (score between 0 and 100);
-- [{ "reason": "airport LHR named in the title", "points": 20 }, …]
alter table inbox_items add column score_reasons jsonb not null default '[]';
