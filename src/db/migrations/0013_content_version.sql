-- Content version (issue 18, docs/decisions/0027, docs/caching.md): one number that every
-- committed write to content bumps in its own transaction. The response cache keys its entries on
-- it, so no reader sees a body older than an acknowledged write, on one process or several.
--
-- How a write bumps it without every write path calling anything, and without deadlocks:
-- 1. a statement-level trigger on every content table notes "this transaction touched content"
--    by inserting its transaction id into content_version_touch (no shared row is locked);
-- 2. a deferred constraint trigger on that note runs at COMMIT, increments the single row of
--    content_version and deletes the note. The row lock on content_version is thus taken last,
--    after every other lock of the transaction, so two writers cannot deadlock on it, and the new
--    version becomes visible exactly when the write does.
-- Tables are attached by name: every table of the schema when this migration runs, except the
-- per-caller and bookkeeping tables listed below (no cached body depends on them). A table created
-- by a later migration needs `select content_version_watch('<table>')`; test/perf/content-version.test.ts
-- fails for a table that has neither the trigger nor a place in the exclusion list.

create table content_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into content_version (id, version) values (true, 1);

create table content_version_touch (
  txid bigint primary key
);

create function content_version_touched() returns trigger language plpgsql as $$
begin
  insert into content_version_touch (txid) values (txid_current()) on conflict (txid) do nothing;
  return null;
end $$;

create function content_version_bump() returns trigger language plpgsql as $$
begin
  update content_version set version = version + 1 where id;
  delete from content_version_touch where txid = new.txid;
  return null;
end $$;

create constraint trigger content_version_bump
  after insert on content_version_touch
  deferrable initially deferred
  for each row execute function content_version_bump();

-- Attaches the statement-level trigger to one table (idempotent).
create function content_version_watch(target regclass) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists content_version_touched on %s', target);
  execute format(
    'create trigger content_version_touched after insert or update or delete or truncate on %s '
    'for each statement execute function content_version_touched()', target);
end $$;

do $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as rel
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
      and not c.relispartition
      and c.relname not in (
        -- the content version itself
        'content_version', 'content_version_touch', 'schema_migrations',
        -- per caller, per request or bookkeeping: no cached body reads them
        'users', 'profiles', 'preferences', 'user_interests', 'sessions', 'accounts', 'account_members',
        'subscriptions', 'subscription_addons', 'checkouts', 'procurement_requests', 'procurement_reviews',
        'api_keys', 'usage_counters', 'saved_articles', 'article_views', 'project_watches', 'alert_rules',
        'notifications', 'newsletter_sends', 'email_outbox', 'audit_log', 'idempotency_keys', 'jobs'
      )
  loop
    perform content_version_watch(t.rel);
  end loop;
end $$;
