-- 0028: a project's topic and tag ids on the project itself, indexed (issue 31; decision 0059,
-- bench/README.md "Lists that fall back to the filter first, measured"). The /v1 `terms` and
-- `topic` filters were `exists` subqueries over project_topics and project_tags, evaluated once per
-- project row: no index of `projects` could find the rows of a term, so the planner had to walk a
-- sort's index and test every row (2 s at a million projects for a term that a `q` word never
-- meets). `term_ids && '{…}'` is answered by the GIN index below, and combines with the other
-- filters' indexes in one bitmap (the lists' filter-first reading, src/domain/projects/list-window.ts).
--
-- The links stay the source of truth; `term_ids` is their copy, sorted, written by statement
-- triggers of the link tables in the writing transaction. The triggers are named to fire before the
-- facet-count triggers of migration 0026 (triggers of one event fire in name order): they take the
-- projects' row locks first, so a concurrent writer of the same project's links waits here rather
-- than deadlocking on the facet triggers' FOR SHARE locks. The column is not part of the change
-- feed (`change_fields`): a change of links is reported as `topics` or `tags` by migration 0019.

alter table projects add column term_ids uuid[] not null default '{}';

-- The ids of the topics and tags linked to project `p_id`, sorted (topic and tag ids are UUIDs and
-- never collide).
create function project_term_ids(p_id uuid) returns uuid[] language sql stable as $$
  select coalesce(array_agg(t.id order by t.id), '{}') from (
    select topic_id as id from project_topics where project_id = p_id
    union all
    select tag_id from project_tags where project_id = p_id) t
$$;

-- Rewrites `term_ids` of the projects named in `ids`, where it changed. The rows are locked in id
-- order first: two statements that change the links of many projects at once (two tags deleted,
-- each cascading to its links) then wait for each other instead of deadlocking.
create function project_term_ids_sync(ids uuid[]) returns void language plpgsql as $$
begin
  perform 1 from projects where id = any(ids) order by id for no key update;
  update projects p set term_ids = s.term_ids
    from (select c.id, project_term_ids(c.id) as term_ids from (select distinct unnest(ids) as id) c) s
   where p.id = s.id and p.term_ids is distinct from s.term_ids;
end $$;

create function project_term_ids_changed() returns trigger language plpgsql as $$
begin
  perform project_term_ids_sync(array(select project_id from changed_rows));
  return null;
end $$;
create function project_term_ids_moved() returns trigger language plpgsql as $$
begin
  perform project_term_ids_sync(array(select project_id from old_rows union select project_id from new_rows));
  return null;
end $$;

create trigger project_copy_term_ids_ins after insert on project_topics referencing new table as changed_rows for each statement execute function project_term_ids_changed();
create trigger project_copy_term_ids_del after delete on project_topics referencing old table as changed_rows for each statement execute function project_term_ids_changed();
create trigger project_copy_term_ids_upd after update on project_topics referencing old table as old_rows new table as new_rows for each statement execute function project_term_ids_moved();
create trigger project_copy_term_ids_ins after insert on project_tags referencing new table as changed_rows for each statement execute function project_term_ids_changed();
create trigger project_copy_term_ids_del after delete on project_tags referencing old table as changed_rows for each statement execute function project_term_ids_changed();
create trigger project_copy_term_ids_upd after update on project_tags referencing old table as old_rows new table as new_rows for each statement execute function project_term_ids_moved();

-- The change feed names what a reader sees change; `term_ids` repeats the links it reports.
create or replace function change_fields(old_row jsonb, new_row jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(n.key order by n.key), '{}') from jsonb_each(new_row) n
   where n.key not in ('search_vector', 'updated_at', 'created_at', 'term_ids') and n.value is distinct from (old_row -> n.key)
$$;

-- The backfill changes no state a reader sees: the projects' row triggers (change feed, history,
-- facet counts, search vector, content version) stay out of it.
alter table projects disable trigger user;
update projects p set term_ids = project_term_ids(p.id) where exists (select 1 from project_topics t where t.project_id = p.id)
   or exists (select 1 from project_tags t where t.project_id = p.id);
alter table projects enable trigger user;

create index projects_pub_terms_idx on projects using gin (term_ids) where published;
analyze projects;
