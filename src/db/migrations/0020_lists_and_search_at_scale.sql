-- 0020: indexes for the /v1/projects lists and /v1/projects/facets at 1 000 000 projects, and the
-- narrow search table of the article search (issue 31; the project indexes are
-- measured by bench/projects-scale.ts). Every reader query holds `p.published`, so the new indexes
-- are partial on it: smaller, and their rows are exactly the candidates.

-- One index per sort (src/domain/projects/repository.ts `projectOrder`), in the ORDER BY's own
-- direction and NULLS placement, ending with the id tie-breaks: a page is read off the index in
-- order and the scan stops at the page's end instead of sorting every match.
create index if not exists projects_pub_value_desc_idx on projects (value_usd desc nulls last, title, id) where published;
create index if not exists projects_pub_value_asc_idx on projects (value_usd asc nulls last, title, id) where published;
create index if not exists projects_pub_year_desc_idx on projects (expected_completion_year desc nulls last, title, id) where published;
create index if not exists projects_pub_year_asc_idx on projects (expected_completion_year asc nulls last, title, id) where published;
create index if not exists projects_pub_airport_idx on projects (airport_name asc nulls last, title, id) where published;
create index if not exists projects_pub_updated_idx on projects (updated_at desc, id) where published;
create index if not exists projects_pub_title_idx on projects (title, id) where published;

-- The equality filters with the default order (title, id): the matches of one status, country,
-- region or type come off the index already sorted, and the list's count(*) and the facets'
-- grouping read the same index. The facet columns are included so that counting the facets of one
-- filter value is an index-only scan (after VACUUM).
create index if not exists projects_pub_status_idx on projects (status, title, id) where published;
create index if not exists projects_pub_country_idx on projects (country_code, title, id) where published;
create index if not exists projects_pub_region_idx on projects (region_slug, title, id) where published;
create index if not exists projects_pub_type_idx on projects (project_type_slug, title, id) where published;
create index if not exists projects_pub_facets_idx on projects (id) include (status, region_slug, country_code, project_type_slug) where published;

-- The airport filter (`hasAirport`) goes from the airport to its projects; the primary key
-- (project_id, airport_id) only serves the other direction.
create index if not exists project_airports_airport_idx on project_airports (airport_id, project_id);
-- The year range and amount filters.
create index if not exists projects_pub_amount_idx on projects (value_amount) where published;

-- Search on distinct queries (issue 31, decision 0042): a narrow copy of what ranking reads —
-- each article's stored weighted tsvector with its edition's status and date, its order in the
-- edition and its kind — so a text search scans and ranks narrow rows (several per page, the
-- vector inline) without joining editions, instead of the wide article rows. Kept in step by
-- triggers on articles and editions; the engine (src/domain/articles/search-engine.ts) reads it
-- for a text query whose other filters it can answer, with the same rank, order and total.
create table if not exists article_search (
  article_id     uuid primary key references articles(id) on delete cascade,
  search_vector  tsvector not null,
  edition_status text not null,
  publish_date   date not null,
  sort_order     integer not null,
  kind           text not null
);
alter table article_search alter column search_vector set storage main;
create index if not exists article_search_vector_idx on article_search using gin (search_vector);

insert into article_search (article_id, search_vector, edition_status, publish_date, sort_order, kind)
select a.id, a.search_vector, e.status, e.publish_date, a.sort_order, a.kind
  from articles a join editions e on e.id = a.edition_id
on conflict (article_id) do nothing;

create or replace function article_search_sync() returns trigger language plpgsql as $$
begin
  insert into article_search (article_id, search_vector, edition_status, publish_date, sort_order, kind)
  select new.id, new.search_vector, e.status, e.publish_date, new.sort_order, new.kind from editions e where e.id = new.edition_id
  on conflict (article_id) do update
    set search_vector = excluded.search_vector, edition_status = excluded.edition_status, publish_date = excluded.publish_date,
        sort_order = excluded.sort_order, kind = excluded.kind;
  return null;
end
$$;
-- After the row is final (the search vector is set by a BEFORE trigger, so no column list here).
drop trigger if exists article_search_insert_trg on articles;
create trigger article_search_insert_trg after insert on articles
  for each row execute function article_search_sync();
drop trigger if exists article_search_update_trg on articles;
create trigger article_search_update_trg after update on articles
  for each row when (old.search_vector is distinct from new.search_vector or old.edition_id is distinct from new.edition_id
                     or old.sort_order is distinct from new.sort_order or old.kind is distinct from new.kind)
  execute function article_search_sync();

create or replace function article_search_edition_sync() returns trigger language plpgsql as $$
begin
  update article_search s set edition_status = new.status, publish_date = new.publish_date
    from articles a where a.edition_id = new.id and s.article_id = a.id;
  return null;
end
$$;
drop trigger if exists article_search_edition_trg on editions;
create trigger article_search_edition_trg after update on editions
  for each row when (old.status is distinct from new.status or old.publish_date is distinct from new.publish_date)
  execute function article_search_edition_sync();
