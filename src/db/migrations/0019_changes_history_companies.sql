-- 0019: the change feed, project history and company redirects (issue 30, docs/decisions/0038,
-- docs/changes.md).
--
-- The change feed is recorded by triggers, in the transaction of the write, whatever wrote it (both
-- editions, the CLI, jobs, direct SQL):
-- * a row trigger on each entity table (projects, tenders, articles, calendar_events) and
--   statement triggers on their link tables upsert one `change_log` row per record per
--   transaction (`(txid, entity_type, entity_id)` unique: a write that touches a record through
--   several statements leaves one change, its fields merged);
-- * the COMMIT order comes from the content version (migration 0013): the deferred trigger that
--   bumps `content_version` at COMMIT, holding that row's lock until the commit is visible, now
--   also writes `change_commits (version, txid)` when the transaction logged changes. Versions are
--   therefore handed out in commit order and a reader that sees version V sees every version
--   below it; the feed orders by (version, seq) and needs no snapshot arithmetic.
-- * `visible_before` / `visible_after` record whether readers could see the record before and
--   after the change (published project, tender or event; article of a published edition), so a
--   record that leaves the readers' scope reads as `deleted` for them and one never published
--   never shows.
-- Time: `change_clock()` is the service clock of the writing transaction (`airport_intel.now`,
-- set by writeTransaction from ctx.now(), decision 0006), or the database clock for writes that
-- did not set it.

create function change_clock() returns timestamptz language sql stable as $$
  select coalesce(nullif(current_setting('airport_intel.now', true), '')::timestamptz, now())
$$;

create table change_log (
  seq            bigserial primary key,
  txid           bigint not null default txid_current(),
  entity_type    text not null check (entity_type in ('projects', 'tenders', 'articles', 'events')),
  entity_id      uuid not null,
  op             text not null check (op in ('created', 'updated', 'deleted')),
  visible_before boolean not null,
  visible_after  boolean not null,
  changed_fields text[] not null default '{}',
  changed_at     timestamptz not null
);
create unique index change_log_record_uq on change_log(txid, entity_type, entity_id);
create index change_log_txid_seq_idx on change_log(txid, seq);

create table change_commits (
  version      bigint primary key,              -- content_version.version given at COMMIT
  txid         bigint not null unique,
  committed_at timestamptz not null
);

-- The oldest position still answered: everything up to (version, seq) has been pruned.
create table change_feed_horizon (
  id      boolean primary key default true check (id),
  version bigint not null default 0,
  seq     bigint not null default 0
);
insert into change_feed_horizon default values;

-- One change of one record in this transaction (merged with an earlier one of the same record).
create function change_record(p_type text, p_id uuid, p_op text, p_before boolean, p_after boolean, p_fields text[]) returns void
language plpgsql as $$
begin
  insert into change_log as c (entity_type, entity_id, op, visible_before, visible_after, changed_fields, changed_at)
  values (p_type, p_id, p_op, p_before, p_after, case when p_op = 'updated' then coalesce(p_fields, '{}') else '{}' end, change_clock())
  on conflict (txid, entity_type, entity_id) do update set
    op = case when c.op = 'created' then 'created' when excluded.op = 'deleted' then 'deleted' else 'updated' end,
    visible_after = excluded.visible_after,
    changed_fields = case when c.op = 'created' or excluded.op = 'deleted' then '{}'::text[]
      else array(select distinct f from unnest(c.changed_fields || excluded.changed_fields) f order by f) end,
    changed_at = excluded.changed_at;
end $$;

-- The names of the stored fields that differ between two row images (bookkeeping columns left out).
create function change_fields(old_row jsonb, new_row jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(n.key order by n.key), '{}') from jsonb_each(new_row) n
   where n.key not in ('search_vector', 'updated_at', 'created_at') and n.value is distinct from (old_row -> n.key)
$$;

-- Whether readers see record `p_id` of `p_type` now; null when it does not exist.
create function change_visible(p_type text, p_id uuid) returns boolean language sql stable as $$
  select case p_type
    when 'projects' then (select published from projects where id = p_id)
    when 'tenders' then (select published from tenders where id = p_id)
    when 'events' then (select published from calendar_events where id = p_id)
    when 'articles' then (select e.status = 'published' from articles a join editions e on e.id = a.edition_id where a.id = p_id)
  end
$$;

-- Row trigger of an entity table with a `published` column; tg_argv[0] is the feed's type.
create function change_published_row() returns trigger language plpgsql as $$
declare
  f text[];
begin
  if tg_op = 'INSERT' then
    perform change_record(tg_argv[0], new.id, 'created', false, new.published, null);
  elsif tg_op = 'DELETE' then
    perform change_record(tg_argv[0], old.id, 'deleted', old.published, false, null);
  else
    f := change_fields(to_jsonb(old), to_jsonb(new));
    if cardinality(f) > 0 then perform change_record(tg_argv[0], new.id, 'updated', old.published, new.published, f); end if;
  end if;
  return null;
end $$;

create trigger change_log_row after insert or update or delete on projects for each row execute function change_published_row('projects');
create trigger change_log_row after insert or update or delete on tenders for each row execute function change_published_row('tenders');
create trigger change_log_row after insert or update or delete on calendar_events for each row execute function change_published_row('events');

-- Articles: visible while their edition is published.
create function change_article_row() returns trigger language plpgsql as $$
declare
  f text[];
  was boolean;
  now_visible boolean;
begin
  if tg_op <> 'INSERT' then was := coalesce((select status = 'published' from editions where id = old.edition_id), false); end if;
  if tg_op <> 'DELETE' then now_visible := coalesce((select status = 'published' from editions where id = new.edition_id), false); end if;
  if tg_op = 'INSERT' then
    perform change_record('articles', new.id, 'created', false, now_visible, null);
  elsif tg_op = 'DELETE' then
    perform change_record('articles', old.id, 'deleted', was, false, null);
  else
    f := change_fields(to_jsonb(old), to_jsonb(new));
    if cardinality(f) > 0 then perform change_record('articles', new.id, 'updated', was, now_visible, f); end if;
  end if;
  return null;
end $$;
create trigger change_log_row after insert or update or delete on articles for each row execute function change_article_row();

-- An edition's status, number or date is part of each of its articles.
create function change_edition_row() returns trigger language plpgsql as $$
declare
  a record;
begin
  if tg_op = 'DELETE' then
    -- Before the cascade removes the articles (their own trigger no longer finds the edition).
    for a in select id from articles where edition_id = old.id loop
      perform change_record('articles', a.id, 'deleted', old.status = 'published', false, null);
    end loop;
    return old;
  end if;
  if old.status is distinct from new.status or old.number is distinct from new.number or old.publish_date is distinct from new.publish_date then
    for a in select id from articles where edition_id = new.id loop
      perform change_record('articles', a.id, 'updated', old.status = 'published', new.status = 'published', array['edition']);
    end loop;
  end if;
  return null;
end $$;
create trigger change_log_edition_update after update on editions for each row execute function change_edition_row();
create trigger change_log_edition_delete before delete on editions for each row execute function change_edition_row();

-- Statement trigger of a link table: each parent named in the changed rows (column tg_argv[1])
-- gets an update of field tg_argv[2]; a parent deleted by the same statement is skipped (its own
-- trigger wrote the tombstone).
create function change_link_statement() returns trigger language plpgsql as $$
declare
  r record;
  v boolean;
begin
  for r in execute format('select distinct %I as id from changed_rows where %I is not null', tg_argv[1], tg_argv[1]) loop
    v := change_visible(tg_argv[0], r.id);
    if v is not null then perform change_record(tg_argv[0], r.id, 'updated', v, v, array[tg_argv[2]]); end if;
  end loop;
  return null;
end $$;

-- Attaches the link triggers (insert, delete, update) of `target` for parents of `entity` in `fk`.
create function change_watch_links(target regclass, entity text, fk text, field text) returns void language plpgsql as $$
declare
  base text := 'change_log_' || entity || '_' || fk;
begin
  execute format('create trigger %I after insert on %s referencing new table as changed_rows for each statement execute function change_link_statement(%L, %L, %L)',
    base || '_ins', target, entity, fk, field);
  execute format('create trigger %I after delete on %s referencing old table as changed_rows for each statement execute function change_link_statement(%L, %L, %L)',
    base || '_del', target, entity, fk, field);
  execute format('create trigger %I after update on %s referencing new table as changed_rows for each statement execute function change_link_statement(%L, %L, %L)',
    base || '_upd', target, entity, fk, field);
end $$;

select change_watch_links('project_topics', 'projects', 'project_id', 'topics');
select change_watch_links('project_tags', 'projects', 'project_id', 'tags');
select change_watch_links('project_airports', 'projects', 'project_id', 'airports');
select change_watch_links('project_companies', 'projects', 'project_id', 'companies');
select change_watch_links('article_projects', 'projects', 'project_id', 'articles');
select change_watch_links('article_projects', 'articles', 'article_id', 'projects');
select change_watch_links('tender_topics', 'tenders', 'tender_id', 'topics');
select change_watch_links('tender_tags', 'tenders', 'tender_id', 'tags');
select change_watch_links('tender_airports', 'tenders', 'tender_id', 'airports');
select change_watch_links('tender_companies', 'tenders', 'tender_id', 'companies');
select change_watch_links('tender_bidders', 'tenders', 'tender_id', 'bidders');
select change_watch_links('article_topics', 'articles', 'article_id', 'topics');
select change_watch_links('article_tags', 'articles', 'article_id', 'tags');
select change_watch_links('article_airports', 'articles', 'article_id', 'airports');
select change_watch_links('article_companies', 'articles', 'article_id', 'companies');

-- A company's new name is part of every record that lists it.
create function change_company_row() returns trigger language plpgsql as $$
declare
  r record;
begin
  if old.name is not distinct from new.name then return null; end if;
  for r in
    select 'projects' as t, project_id as id from project_companies where company_id = new.id
    union select 'tenders', tender_id from tender_companies where company_id = new.id
    union select 'articles', article_id from article_companies where company_id = new.id
  loop
    perform change_record(r.t, r.id, 'updated', coalesce(change_visible(r.t, r.id), false), coalesce(change_visible(r.t, r.id), false), array['companies']);
  end loop;
  return null;
end $$;
create trigger change_log_company after update on companies for each row execute function change_company_row();

-- The commit order: the content version bump (0013, 0015) also stamps the transaction's changes.
create or replace function content_version_bump() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  update content_version set version = version + 1 where id returning version into v;
  delete from content_version_touch where txid = new.txid;
  if exists (select 1 from change_log where txid = new.txid) then
    insert into change_commits (version, txid, committed_at) values (v, new.txid, change_clock());
  end if;
  perform pg_notify('airport_intel_versions', 'content:' || v);
  return null;
end $$;

-- `updated_since` of the project and tender lists and exports.
create index projects_updated_idx on projects(updated_at);
create index tenders_updated_idx on tenders(updated_at);

-- ---------------------------------------------------------------- project history
-- Every change of status, stated value (amount, currency, basis), expected completion year,
-- contractor and title, with the values before and after; written by the update trigger, so every
-- write path records it and a write that changes nothing records nothing. The reporting edition or
-- article is taken from `airport_intel.source_edition_id` / `airport_intel.source_article_id` when
-- the writing transaction set them.
create table project_history (
  id          bigserial primary key,
  project_id  uuid not null references projects(id) on delete cascade,
  field       text not null check (field in ('status', 'value', 'expected_completion_year', 'contractor', 'title')),
  previous    jsonb,
  current     jsonb,
  changed_at  timestamptz not null,
  edition_id  uuid references editions(id) on delete set null,
  article_id  uuid references articles(id) on delete set null
);
create index project_history_project_idx on project_history(project_id, changed_at, id);

create function project_history_row() returns trigger language plpgsql as $$
declare
  at timestamptz := change_clock();
  ed uuid := nullif(current_setting('airport_intel.source_edition_id', true), '')::uuid;
  art uuid := nullif(current_setting('airport_intel.source_article_id', true), '')::uuid;
begin
  if old.status is distinct from new.status then
    insert into project_history (project_id, field, previous, current, changed_at, edition_id, article_id)
    values (new.id, 'status', to_jsonb(old.status), to_jsonb(new.status), at, ed, art);
  end if;
  if (old.value_amount, old.value_currency, old.value_basis) is distinct from (new.value_amount, new.value_currency, new.value_basis) then
    insert into project_history (project_id, field, previous, current, changed_at, edition_id, article_id)
    values (new.id, 'value',
      jsonb_build_object('amount', old.value_amount, 'currency', old.value_currency, 'basis', old.value_basis),
      jsonb_build_object('amount', new.value_amount, 'currency', new.value_currency, 'basis', new.value_basis), at, ed, art);
  end if;
  if old.expected_completion_year is distinct from new.expected_completion_year then
    insert into project_history (project_id, field, previous, current, changed_at, edition_id, article_id)
    values (new.id, 'expected_completion_year', to_jsonb(old.expected_completion_year), to_jsonb(new.expected_completion_year), at, ed, art);
  end if;
  if old.contractor is distinct from new.contractor then
    insert into project_history (project_id, field, previous, current, changed_at, edition_id, article_id)
    values (new.id, 'contractor', to_jsonb(old.contractor), to_jsonb(new.contractor), at, ed, art);
  end if;
  if old.title is distinct from new.title then
    insert into project_history (project_id, field, previous, current, changed_at, edition_id, article_id)
    values (new.id, 'title', to_jsonb(old.title), to_jsonb(new.title), at, ed, art);
  end if;
  return null;
end $$;
create trigger project_history_row after update on projects for each row execute function project_history_row();

-- ---------------------------------------------------------------- company redirects
-- The slug of a company merged into another keeps resolving to the survivor.
create table company_redirects (
  slug        text primary key,
  company_id  uuid not null references companies(id) on delete cascade,
  created_at  timestamptz not null default now()
);
create index company_redirects_company_idx on company_redirects(company_id);
create index companies_name_lower_idx on companies(lower(name));
-- A company's tenders: listed, buying or bidding (company profiles).
create index tender_companies_company_idx on tender_companies(company_id);
create index tenders_buyer_company_idx on tenders(buyer_company_id);
create index tender_bidders_company_idx on tender_bidders(company_id);

-- Cached reads depend on these (docs/caching.md); change_commits is written by the bump itself.
select content_version_watch('change_log');
select content_version_watch('change_feed_horizon');
select content_version_watch('project_history');
select content_version_watch('company_redirects');
