-- 0020: indexes for the /v1/projects lists and /v1/projects/facets at 1 000 000 projects (issue 31,
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
