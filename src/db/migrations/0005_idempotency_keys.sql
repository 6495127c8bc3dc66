-- 0005: Idempotency-Key of POST requests (docs/conventions.md, docs/decisions/0016).
-- One row per caller and key. The primary key is the claim: the first request inserts the row,
-- any other request with the same key (from any process) finds it. `status` is null while the
-- first request is in flight; then the stored answer (status, the headers worth replaying, body).
-- Times come from the service's clock (no default): a row older than 24 h is expired.
create table if not exists idempotency_keys (
  user_id      uuid not null references users (id) on delete cascade,
  key          text not null,
  fingerprint  text not null,
  claim        text not null,
  created_at   timestamptz not null,
  status       integer,
  headers      jsonb,
  body         text,
  primary key (user_id, key)
);

create index if not exists idempotency_keys_created_at_idx on idempotency_keys (created_at);
