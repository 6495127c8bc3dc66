-- 0031: postings for the common two-word phrases too (issue 31; decision 0061, "Two-word phrases";
-- bench/README.md "Common phrases too, and a faster machine"). After 0030 the search's slowest
-- queries were quoted phrases of headline words that most articles contain (`"International
-- Airport"` matches 71 % of a million articles and took 735 ms alone). The rank of a phrase query
-- (`'intern' <-> 'airport'`) is a function of the article's vector alone, like a word's, so the
-- same postings, floor and trigger serve it exactly: the phrase is listed in `search_common_words`
-- under a key of its two lexemes (`intern airport`) with its phrase as the query.
--
-- The trigger found an article's postings by its own lexemes (the key of a word, or of a compound,
-- is a lexeme of every article it matches). A phrase's key is not a lexeme, so each listed entry
-- now names its `anchor`: a lexeme that every match contains (the word itself, the compound, or
-- the phrase's first word), and the trigger finds the entries to delete and to test by the anchor.
alter table search_common_words add column if not exists anchor text;
update search_common_words set anchor = lexeme where anchor is null;
alter table search_common_words alter column anchor set not null;

create or replace function article_search_postings_sync() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from article_search_postings p
     using search_common_words c
     where c.anchor = any (tsvector_to_array(old.search_vector)) and p.lexeme = c.lexeme and p.article_id = old.article_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.edition_status = 'published' and new.kind = 'article' then
    insert into article_search_postings (lexeme, article_id, rank, publish_date, sort_order)
    select c.lexeme, new.article_id, r.rank, new.publish_date, new.sort_order
      from search_common_words c
     cross join lateral (select ts_rank(new.search_vector, c.query) as rank) r
     where c.anchor = any (tsvector_to_array(new.search_vector)) and new.search_vector @@ c.query
       and (c.floor_rank, c.floor_date, new.sort_order, new.article_id) <= (r.rank, new.publish_date, c.floor_sort_order, c.floor_article_id);
  end if;
  return null;
end
$$;
