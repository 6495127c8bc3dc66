-- 0012: news sources as the editor configures them and the poller keeps them (issue 14), and the
-- keys the poller deduplicates inbox items by.

-- kind 'rdf' (RSS 1.0) joins rss, atom and json; the parser detects the format either way.
alter table news_sources drop constraint if exists news_sources_kind_check;
alter table news_sources add constraint news_sources_kind_check check (kind in ('rss', 'atom', 'json', 'rdf'));
-- Sources are disabled until an operator enables them (sample sources name a site root, not a feed).
alter table news_sources alter column enabled set default false;
alter table news_sources
  add column poll_interval_minutes integer not null default 60 check (poll_interval_minutes between 5 and 10080),
  add column default_topics        text[]  not null default '{}',
  add column default_region        text references regions(slug) on delete set null,
  add column trust_weight          integer not null default 50 check (trust_weight between 0 and 100),
  add column etag                  text,
  add column last_modified         text,
  add column failure_count         integer not null default 0,
  add column next_poll_at          timestamptz,
  add column polling_until         timestamptz,   -- lease: one poll of a source at a time, across processes
  add column last_success_at       timestamptz,
  add column updated_at            timestamptz not null default now();
create index news_sources_due_idx on news_sources(next_poll_at) where enabled;

-- guid: the feed's own id of the item (per source); canonical_url: the link without tracking
-- parameters; title_key: the folded, sorted words of the title (near-duplicate check).
alter table inbox_items
  add column guid          text,
  add column canonical_url text,
  add column title_key     text;
create index inbox_items_source_guid_idx on inbox_items(source_id, guid) where guid is not null;
create index inbox_items_canonical_idx on inbox_items(canonical_url) where canonical_url is not null;
