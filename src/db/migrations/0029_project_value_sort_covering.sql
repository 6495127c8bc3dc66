-- 0029: the value sorts' indexes carry the stated amount and the other column filters (issue 31; decision 0059, bench/README.md
-- "Lists that fall back to the filter first, measured"). `min_value` and `max_value` bound
-- `value_amount` (as stated, in its currency: seed 001), while `sort=value_desc` and `value_asc`
-- order by `value_usd`. A bounded list sorted by value walks the sort's index and skips every
-- project outside the bound; each skipped entry was a heap fetch (`max_value=141000000&sort=value_desc`:
-- 575 000 skipped, 1.2 s). With `value_amount` in the index the walk reads the index alone
-- (Index Only Scan, 81 ms for the same list; 4 ms for `min_value=1767000000&sort=value_asc`, was 190 ms).
-- The columns of the other equality and range filters ride along, so that a bound combined with a
-- year, a status or a place stays in the index too (`max_value=1955000000&year_from=2025`: 72 640
-- entries skipped before the first fifty).
-- The indexes are rebuilt in the migration's transaction: writes to projects wait for them (4.7 s
-- for both at a million projects).

drop index if exists projects_pub_value_desc_idx;
drop index if exists projects_pub_value_asc_idx;
create index projects_pub_value_desc_idx on projects (value_usd desc nulls last, title, id) include (value_amount, expected_completion_year, status, country_code, region_slug, project_type_slug) where published;
create index projects_pub_value_asc_idx on projects (value_usd asc nulls last, title, id) include (value_amount, expected_completion_year, status, country_code, region_slug, project_type_slug) where published;
