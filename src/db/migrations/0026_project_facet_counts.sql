-- 0026: the counts of /v1/projects/facets without a filter, kept by triggers (issue 31; decision
-- 0058, bench/README.md "Facets from counts kept by triggers, measured"). At a million projects the
-- unfiltered facets aggregated every published project per dimension: 0.5-1.3 s per statement, six
-- statements per request, 13 s at p50 under load. The same counts are now summed from a small table.
--
-- How the counts stay exact without a shared row to lock (as content_version, migration 0013):
-- every statement that changes projects or their topic and tag links INSERTS signed deltas
-- (+1 a published project now carries this value, -1 it no longer does), aggregated per statement,
-- in its own transaction. No row is updated, so two writers never wait for each other here and
-- cannot deadlock; a reader's snapshot sees exactly the deltas of the writes it sees. The count of a
-- value is the sum of its deltas. The job `projects.compact-facets` (hourly, and `seed synthetic`
-- at its end) replaces the rows of each value by their sum in one statement.
--
-- Dimensions and keys: status, region (region_slug), country (country_code) and type
-- (project_type_slug) are the project's columns; topic and tag are the term's id. Only published
-- projects count, as in the live facets; labels are joined when read.

create table project_facet_deltas (
  id        bigint generated always as identity primary key,
  dimension text not null check (dimension in ('status', 'region', 'country', 'type', 'topic', 'tag')),
  key       text not null,
  delta     integer not null
);
create index project_facet_deltas_key_idx on project_facet_deltas (dimension, key) include (delta);

-- Notes the deltas of projects leaving (`gone`) and entering (`came`) a state: -1 per value of each
-- published `gone` row, +1 per value of each published `came` row, netted per value. `with_terms`
-- adds the topics and tags linked now (false for a delete: the links are already gone, or are about
-- to go, and the row trigger below has counted them).
create function project_facet_note(gone projects[], came projects[], with_terms boolean) returns void language plpgsql as $$
begin
  insert into project_facet_deltas (dimension, key, delta)
  with changed as (
    select -1 as sign, g.id, g.status, g.region_slug, g.country_code, g.project_type_slug from unnest(gone) g where g.published
    union all
    select 1, c.id, c.status, c.region_slug, c.country_code, c.project_type_slug from unnest(came) c where c.published
  )
  select d.dimension, d.key, sum(d.sign)::int from (
    select 'status' as dimension, c.status as key, c.sign from changed c
    union all select 'region', c.region_slug, c.sign from changed c
    union all select 'country', c.country_code, c.sign from changed c
    union all select 'type', c.project_type_slug, c.sign from changed c
    union all select 'topic', t.topic_id::text, c.sign from changed c join project_topics t on t.project_id = c.id where with_terms
    union all select 'tag', t.tag_id::text, c.sign from changed c join project_tags t on t.project_id = c.id where with_terms
  ) d
  where d.key is not null
  group by d.dimension, d.key
  having sum(d.sign) <> 0;
end $$;

create function project_facet_inserted() returns trigger language plpgsql as $$
begin
  perform project_facet_note('{}'::projects[], array(select n::projects from new_rows n), true);
  return null;
end $$;
-- Only the rows whose counted columns changed: an update of a title, a value or a rollup notes
-- nothing (and a bulk update of other columns builds no arrays). An update leaves the links as they
-- are, so their terms move only with `published`, which is one of the columns compared.
create function project_facet_updated() returns trigger language plpgsql as $$
begin
  perform project_facet_note(
    array(select o::projects from old_rows o join new_rows n on n.id = o.id
           where (o.published, o.status, o.region_slug, o.country_code, o.project_type_slug)
                 is distinct from (n.published, n.status, n.region_slug, n.country_code, n.project_type_slug)),
    array(select n::projects from new_rows n join old_rows o on o.id = n.id
           where (o.published, o.status, o.region_slug, o.country_code, o.project_type_slug)
                 is distinct from (n.published, n.status, n.region_slug, n.country_code, n.project_type_slug)),
    true);
  return null;
end $$;
create function project_facet_deleted() returns trigger language plpgsql as $$
begin
  perform project_facet_note(array(select o::projects from old_rows o), '{}'::projects[], false);
  return null;
end $$;
-- A deleted published project's terms, while its links still exist (they go by cascade after it).
create function project_facet_deleting() returns trigger language plpgsql as $$
begin
  if old.published then
    insert into project_facet_deltas (dimension, key, delta)
    select 'topic', t.topic_id::text, -1 from project_topics t where t.project_id = old.id
    union all
    select 'tag', t.tag_id::text, -1 from project_tags t where t.project_id = old.id;
  end if;
  return old;
end $$;

create trigger project_facet_insert_trg after insert on projects
  referencing new table as new_rows for each statement execute function project_facet_inserted();
create trigger project_facet_update_trg after update on projects
  referencing old table as old_rows new table as new_rows for each statement execute function project_facet_updated();
create trigger project_facet_delete_trg after delete on projects
  referencing old table as old_rows for each statement execute function project_facet_deleted();
create trigger project_facet_deleting_trg before delete on projects
  for each row execute function project_facet_deleting();

-- Links of topics and tags: +1 / -1 per link whose project exists and is published. The projects
-- are locked (FOR SHARE) first, so a concurrent change of `published` either commits before this
-- statement reads it or waits for this transaction and then counts the link itself. A link deleted
-- by the cascade of its project's delete finds no project and notes nothing (counted above).
create type project_facet_link as (project_id uuid, term_id uuid);

create function project_facet_links_note(dim text, gone project_facet_link[], came project_facet_link[]) returns void language plpgsql as $$
begin
  perform 1 from projects p where p.id in (select g.project_id from unnest(gone) g union select c.project_id from unnest(came) c) for share;
  insert into project_facet_deltas (dimension, key, delta)
  select dim, l.term_id::text, sum(l.sign)::int from (
    select -1 as sign, g.project_id, g.term_id from unnest(gone) g
    union all
    select 1, c.project_id, c.term_id from unnest(came) c
  ) l
  join projects p on p.id = l.project_id and p.published
  group by l.term_id
  having sum(l.sign) <> 0;
end $$;

-- The term's column is `topic_id` in project_topics and `tag_id` in project_tags.
create function project_facet_links_inserted() returns trigger language plpgsql as $$
declare
  dim text := case tg_table_name when 'project_topics' then 'topic' else 'tag' end;
begin
  perform project_facet_links_note(dim, '{}'::project_facet_link[],
    array(select row(n.project_id, (to_jsonb(n) ->> (dim || '_id'))::uuid)::project_facet_link from new_rows n));
  return null;
end $$;
create function project_facet_links_updated() returns trigger language plpgsql as $$
declare
  dim text := case tg_table_name when 'project_topics' then 'topic' else 'tag' end;
begin
  perform project_facet_links_note(dim,
    array(select row(o.project_id, (to_jsonb(o) ->> (dim || '_id'))::uuid)::project_facet_link from old_rows o),
    array(select row(n.project_id, (to_jsonb(n) ->> (dim || '_id'))::uuid)::project_facet_link from new_rows n));
  return null;
end $$;
create function project_facet_links_deleted() returns trigger language plpgsql as $$
declare
  dim text := case tg_table_name when 'project_topics' then 'topic' else 'tag' end;
begin
  perform project_facet_links_note(dim,
    array(select row(o.project_id, (to_jsonb(o) ->> (dim || '_id'))::uuid)::project_facet_link from old_rows o), '{}'::project_facet_link[]);
  return null;
end $$;

create trigger project_facet_insert_trg after insert on project_topics
  referencing new table as new_rows for each statement execute function project_facet_links_inserted();
create trigger project_facet_update_trg after update on project_topics
  referencing old table as old_rows new table as new_rows for each statement execute function project_facet_links_updated();
create trigger project_facet_delete_trg after delete on project_topics
  referencing old table as old_rows for each statement execute function project_facet_links_deleted();
create trigger project_facet_insert_trg after insert on project_tags
  referencing new table as new_rows for each statement execute function project_facet_links_inserted();
create trigger project_facet_update_trg after update on project_tags
  referencing old table as old_rows new table as new_rows for each statement execute function project_facet_links_updated();
create trigger project_facet_delete_trg after delete on project_tags
  referencing old table as old_rows for each statement execute function project_facet_links_deleted();

-- The counts of the projects already stored.
insert into project_facet_deltas (dimension, key, delta)
select d.dimension, d.key, count(*)::int from (
  select 'status' as dimension, p.status as key from projects p where p.published
  union all select 'region', p.region_slug from projects p where p.published
  union all select 'country', p.country_code from projects p where p.published
  union all select 'type', p.project_type_slug from projects p where p.published
  union all select 'topic', t.topic_id::text from project_topics t join projects p on p.id = t.project_id and p.published
  union all select 'tag', t.tag_id::text from project_tags t join projects p on p.id = t.project_id and p.published
) d
where d.key is not null
group by d.dimension, d.key;
