-- 0027: statistics over a project's country and region together (issue 31, decision 0058,
-- bench/README.md "Facets from counts kept by triggers, measured"). A country lies in one region,
-- but the planner multiplies the selectivities of `country_code = …` and `region_slug = …` as if
-- they were independent: for a country and a region that never go together (Brazil in
-- Asia-Pacific) it expected thousands of matches, walked a sort's index for the first fifty and
-- read all million entries of it (3.7 s) to find none. The most-common-values list of the pair (up
-- to 1 000 entries, enough for every country of the reference data) tells it the pair is empty;
-- the filters write the region as an equality on its slug for these statistics to apply
-- (`regionEquals`, src/domain/shared/sql-filters.ts).
create statistics if not exists projects_place_stats (dependencies, mcv) on country_code, region_slug from projects;
alter statistics projects_place_stats set statistics 1000;
analyze projects;
