-- 0030: impact-ordered postings for the common words of the archive (issue 31; decision 0061,
-- bench/README.md "Common words read from their postings"). A one-word search for a word most
-- articles contain (`move`, `operator`, `procurement` in the synthetic archive: 50 000–100 000
-- matches at 100 000 articles) ranked every match through the GIN index and the stored vector,
-- about 1 µs a match (50–116 ms alone), and those few queries were the search's p99 under load.
-- The rank of a query of ONE lexeme depends on that lexeme's positions and weights in the article
-- only, so it can be computed when the article is written and kept in an index in the search's own
-- order. Only the first matches of each word in the search's order are kept: every published
-- article that sorts at or before the word's floor (the key — rank, edition date, order in the
-- edition, id — of its thousandth match when the floor was chosen). Every other match sorts after
-- the floor, so when the postings fill a window (the first page, the next ones up to about the
-- thousandth match) that window is exactly the ranked matches' window; past them, or where deletes
-- have thinned them, the search ranks the matches as before.
--
-- A hyphenated compound (`net-zero`) is a lexeme too, whose query is the phrase of the compound
-- and its parts (`'net-zero' <-> 'net' <-> 'zero'`): every match contains the compound, and the
-- rank is still a function of the article alone, so it is kept the same way.
--
-- `search_common_words` names the lexemes that have postings, chosen and given their floor by the
-- recurring job `search.refresh-common-words` (src/domain/articles/common-words.ts) from `ts_stat`
-- (over a sample on a large archive): the lexeme, its query (what `websearch_to_tsquery('english',
-- q)` gives for a query of that word alone, compared with `=`), the floor's four parts, and how
-- many articles held the word when it was chosen (estimated from the sample).
create table if not exists search_common_words (
  lexeme     text primary key,
  query      tsquery not null,
  floor_rank       real not null,
  floor_date       date not null,
  floor_sort_order integer not null,
  floor_article_id uuid not null,
  articles   integer not null,
  chosen_at  timestamptz not null
);

-- One row per published article (kind `article`, the reader's default scope) and common lexeme
-- it contains that sorts at or before the lexeme's floor: its `ts_rank` for that lexeme alone and
-- the search's tie-breaks, indexed in the search's order (rank desc, edition date desc, order in
-- the edition, id).
create table if not exists article_search_postings (
  lexeme       text not null,
  article_id   uuid not null,
  rank         real not null,
  publish_date date not null,
  sort_order   integer not null,
  primary key (lexeme, article_id)
);
create index if not exists article_search_postings_order_idx
  on article_search_postings (lexeme, rank desc, publish_date desc, sort_order, article_id);

-- Kept in step with `article_search` (itself kept by triggers on articles and editions, migration
-- 0020): a row's postings are deleted (by the lexemes of its old vector, through the primary key)
-- and written again from its new vector for the common words it contains where it sorts at or
-- before their floor (the row comparison puts each descending part's floor on the left).
-- The refresh job adds, rebuilds and drops common words under a SHARE lock on `article_search`, so
-- no write can slip between a word's floor being chosen and its postings being read.
create or replace function article_search_postings_sync() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from article_search_postings p
     where p.lexeme = any (tsvector_to_array(old.search_vector)) and p.article_id = old.article_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.edition_status = 'published' and new.kind = 'article' then
    insert into article_search_postings (lexeme, article_id, rank, publish_date, sort_order)
    select c.lexeme, new.article_id, r.rank, new.publish_date, new.sort_order
      from search_common_words c
     cross join lateral (select ts_rank(new.search_vector, c.query) as rank) r
     where c.lexeme = any (tsvector_to_array(new.search_vector)) and new.search_vector @@ c.query
       and (c.floor_rank, c.floor_date, new.sort_order, new.article_id) <= (r.rank, new.publish_date, c.floor_sort_order, c.floor_article_id);
  end if;
  return null;
end
$$;
drop trigger if exists article_search_postings_trg on article_search;
create trigger article_search_postings_trg after insert or update or delete on article_search
  for each row execute function article_search_postings_sync();

-- Neither table bumps the content version (migration 0013): the postings change only with
-- article_search, whose writes come from articles and editions, which bump it; the refresh changes
-- which queries read the postings, never an answer (test/perf/content-version.test.ts).
