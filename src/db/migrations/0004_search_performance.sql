-- 0004: indexes and storage for the archive's list and search queries (measured by npm run bench).

-- Newest-first edition order whatever the status filter (published, or published + archived):
-- lets a page of articles walk editions by date and stop early instead of sorting every match.
create index if not exists editions_date_number_idx on editions (publish_date desc, number desc);

-- Keep each article's tsvector in the row (compressed) rather than in TOAST, so ranking the matches
-- of a search does not fetch every vector out of line. Applies to rows written from now on.
alter table articles alter column search_vector set storage main;
