-- 0001_initial: the whole schema for both editions (/api/v1 and /v1).
-- One line per table is in docs/data-model.md. PostgreSQL only (PGlite runs the same SQL).

-- ---------------------------------------------------------------- taxonomy
create table regions (
  slug        text primary key,
  name        text not null,
  sort_order  integer not null default 0
);

create table countries (
  code        char(2) primary key check (code ~ '^[A-Z]{2}$'),  -- ISO 3166-1 alpha-2
  name        text not null,
  region_slug text not null references regions(slug)
);
create index countries_region_idx on countries(region_slug);

create table airports (
  id           uuid primary key default gen_random_uuid(),
  iata         char(3) not null unique check (iata ~ '^[A-Z0-9]{3}$'),
  icao         text,
  name         text not null,
  city         text,
  country_code char(2) not null references countries(code),
  lat          double precision,
  lon          double precision,
  kind         text not null default 'medium_airport'
);
create index airports_country_idx on airports(country_code);
create index airports_name_lower_idx on airports(lower(name));

create table topics (
  id    uuid primary key default gen_random_uuid(),
  slug  text not null unique,
  name  text not null
);

create table tags (
  id    uuid primary key default gen_random_uuid(),
  slug  text not null unique,
  name  text not null
);

create table project_types (
  slug  text primary key,
  name  text not null
);

create table companies (
  id           uuid primary key default gen_random_uuid(),
  name         text not null unique,
  slug         text not null unique,
  parent_id    uuid references companies(id) on delete set null,
  country_code char(2) references countries(code),
  website      text,
  created_at   timestamptz not null default now()
);
create index companies_parent_idx on companies(parent_id);

create table company_aliases (
  company_id uuid not null references companies(id) on delete cascade,
  alias      text not null,
  primary key (company_id, alias)
);
create index company_aliases_lower_idx on company_aliases(lower(alias));

-- ---------------------------------------------------------------- publication
create table editions (
  id                  uuid primary key default gen_random_uuid(),
  number              integer not null unique check (number > 0),
  publish_date        date not null,
  status              text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  summary             text not null default '',
  top_developments    jsonb not null default '[]',
  key_trends          jsonb not null default '[]',
  regional_highlights jsonb not null default '[]',
  key_metrics         jsonb not null default '[]',
  article_count       integer not null default 0,   -- rollup, recomputed on write/publish
  imported_from       text,                         -- set on archived issues brought in by import
  published_at        timestamptz,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create index editions_status_date_idx on editions(status, publish_date desc, number desc);

create table articles (
  id              uuid primary key default gen_random_uuid(),
  edition_id      uuid not null references editions(id) on delete cascade,
  kind            text not null default 'article' check (kind in ('article', 'event')),
  headline        text not null,
  slug            text not null,
  content         text not null default '',
  takeaways       text[] not null default '{}',
  why_it_matters  text not null default '',
  region_slug     text references regions(slug),
  country_code    char(2) references countries(code),
  source_name     text,
  source_url      text,
  sort_order      integer not null default 0,
  featured        boolean not null default false,
  module          text,                             -- legacy source group, imported attribute only
  search_vector   tsvector not null default ''::tsvector,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create index articles_edition_idx on articles(edition_id, sort_order);
create index articles_region_idx on articles(region_slug);
create index articles_country_idx on articles(country_code);
create index articles_search_idx on articles using gin(search_vector);
create unique index articles_edition_slug_idx on articles(edition_id, slug);

-- Weighted full-text document: headline (A) > takeaways and why_it_matters (B) > content (C).
create function articles_search_vector_update() returns trigger language plpgsql as $$
begin
  new.search_vector :=
       setweight(to_tsvector('english', coalesce(new.headline, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(coalesce(new.takeaways, '{}'), ' ') || ' ' || coalesce(new.why_it_matters, '')), 'B')
    || setweight(to_tsvector('english', coalesce(new.content, '')), 'C');
  return new;
end
$$;
create trigger articles_search_vector_trg
  before insert or update of headline, takeaways, why_it_matters, content on articles
  for each row execute function articles_search_vector_update();

create table article_topics (
  article_id uuid not null references articles(id) on delete cascade,
  topic_id   uuid not null references topics(id) on delete cascade,
  primary key (article_id, topic_id)
);
create index article_topics_topic_idx on article_topics(topic_id);

create table article_tags (
  article_id uuid not null references articles(id) on delete cascade,
  tag_id     uuid not null references tags(id) on delete cascade,
  primary key (article_id, tag_id)
);
create index article_tags_tag_idx on article_tags(tag_id);

create table article_airports (
  article_id uuid not null references articles(id) on delete cascade,
  airport_id uuid not null references airports(id) on delete cascade,
  primary key (article_id, airport_id)
);
create index article_airports_airport_idx on article_airports(airport_id);

create table article_companies (
  article_id uuid not null references articles(id) on delete cascade,
  company_id uuid not null references companies(id) on delete cascade,
  primary key (article_id, company_id)
);
create index article_companies_company_idx on article_companies(company_id);

-- ---------------------------------------------------------------- media
create table media_assets (
  id            uuid primary key default gen_random_uuid(),
  filename      text not null,
  content_type  text not null,
  byte_size     integer not null,
  width         integer,
  height        integer,
  storage_key   text not null unique,               -- file under DATA_DIR/media or object-store key
  alt_text      text,
  credit        text,
  airport_id    uuid references airports(id) on delete set null,
  country_code  char(2) references countries(code),
  company_id    uuid references companies(id) on delete set null,
  created_at    timestamptz not null default now()
);

create table article_covers (
  article_id uuid primary key references articles(id) on delete cascade,
  media_id   uuid not null references media_assets(id) on delete cascade,
  pinned_at  timestamptz not null default now()
);

-- ---------------------------------------------------------------- projects
create table fx_rates (
  currency      char(3) not null,                   -- ISO 4217
  rate_date     date not null,
  usd_per_unit  numeric(20, 10) not null check (usd_per_unit > 0),
  source        text not null,
  primary key (currency, rate_date)
);

create table projects (
  id                        uuid primary key default gen_random_uuid(),
  title                     text not null,
  description               text not null default '',
  airport_id                uuid references airports(id) on delete set null,
  airport_name              text,
  iata_code                 char(3),
  country_code              char(2) references countries(code),
  region_slug               text references regions(slug),
  project_type_slug         text references project_types(slug),
  status                    text not null default 'planned' check (status in ('planned', 'ongoing', 'complete', 'cancelled', 'on_hold')),
  value_amount              bigint check (value_amount >= 0),      -- as stated, in value_currency units
  value_currency            char(3),
  value_basis               text,                                  -- e.g. 'estimated', 'contract', 'budget'
  value_usd                 bigint check (value_usd >= 0),         -- derived from fx_rates at write time
  value_fx_date             date,
  contractor                text,
  announced_on              date,
  expected_completion_year  integer check (expected_completion_year between 1900 and 2200),
  parent_project_id         uuid references projects(id) on delete set null,
  last_seen_edition_id      uuid references editions(id) on delete set null,   -- rollup
  published                 boolean not null default true,
  search_vector             tsvector not null default ''::tsvector,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now()
);
create index projects_country_idx on projects(country_code);
create index projects_region_idx on projects(region_slug);
create index projects_status_idx on projects(status);
create index projects_type_idx on projects(project_type_slug);
create index projects_parent_idx on projects(parent_project_id);
create index projects_value_usd_idx on projects(value_usd);
create index projects_title_idx on projects(title, id);
create index projects_search_idx on projects using gin(search_vector);

create function projects_search_vector_update() returns trigger language plpgsql as $$
begin
  new.search_vector :=
       setweight(to_tsvector('english', coalesce(new.title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(new.airport_name, '') || ' ' || coalesce(new.iata_code, '') || ' ' || coalesce(new.contractor, '')), 'B')
    || setweight(to_tsvector('english', coalesce(new.description, '')), 'C');
  return new;
end
$$;
create trigger projects_search_vector_trg
  before insert or update of title, airport_name, iata_code, contractor, description on projects
  for each row execute function projects_search_vector_update();

create table project_topics (
  project_id uuid not null references projects(id) on delete cascade,
  topic_id   uuid not null references topics(id) on delete cascade,
  primary key (project_id, topic_id)
);
create index project_topics_topic_idx on project_topics(topic_id);

create table project_tags (
  project_id uuid not null references projects(id) on delete cascade,
  tag_id     uuid not null references tags(id) on delete cascade,
  primary key (project_id, tag_id)
);
create index project_tags_tag_idx on project_tags(tag_id);

create table project_airports (
  project_id uuid not null references projects(id) on delete cascade,
  airport_id uuid not null references airports(id) on delete cascade,
  primary key (project_id, airport_id)
);

create table project_companies (
  project_id uuid not null references projects(id) on delete cascade,
  company_id uuid not null references companies(id) on delete cascade,
  role       text not null default 'contractor',   -- contractor, operator, investor, designer, owner
  primary key (project_id, company_id, role)
);
create index project_companies_company_idx on project_companies(company_id);

create table article_projects (
  article_id  uuid not null references articles(id) on delete cascade,
  project_id  uuid not null references projects(id) on delete cascade,
  link_source text not null default 'manual' check (link_source in ('manual', 'auto')),
  confidence  real,
  created_at  timestamptz not null default now(),
  primary key (article_id, project_id)
);
create index article_projects_project_idx on article_projects(project_id);

-- ---------------------------------------------------------------- tenders
create table tenders (
  id                uuid primary key default gen_random_uuid(),
  title             text not null,
  description       text not null default '',
  reference         text,                                    -- the buyer's own notice reference
  buyer_name        text not null,
  buyer_company_id  uuid references companies(id) on delete set null,
  airport_id        uuid references airports(id) on delete set null,
  country_code      char(2) references countries(code),
  region_slug       text references regions(slug),
  tender_type       text not null check (tender_type in ('rfp', 'tender', 'framework', 'eoi')),
  status            text not null default 'open' check (status in ('open', 'closed', 'awarded', 'cancelled')),  -- closing_soon is derived from deadline
  published_on      date not null,
  deadline          timestamptz,
  estimated_value   bigint check (estimated_value >= 0),
  currency          char(3),
  value_usd         bigint check (value_usd >= 0),
  source_name       text,
  source_url        text,
  awarded_to        text,
  awarded_on        date,
  published         boolean not null default true,
  search_vector     tsvector not null default ''::tsvector,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);
create index tenders_deadline_idx on tenders(deadline);
create index tenders_country_idx on tenders(country_code);
create index tenders_region_idx on tenders(region_slug);
create index tenders_search_idx on tenders using gin(search_vector);

create function tenders_search_vector_update() returns trigger language plpgsql as $$
begin
  new.search_vector :=
       setweight(to_tsvector('english', coalesce(new.title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(new.buyer_name, '') || ' ' || coalesce(new.reference, '')), 'B')
    || setweight(to_tsvector('english', coalesce(new.description, '')), 'C');
  return new;
end
$$;
create trigger tenders_search_vector_trg
  before insert or update of title, buyer_name, reference, description on tenders
  for each row execute function tenders_search_vector_update();

create table tender_topics (
  tender_id uuid not null references tenders(id) on delete cascade,
  topic_id  uuid not null references topics(id) on delete cascade,
  primary key (tender_id, topic_id)
);
create table tender_tags (
  tender_id uuid not null references tenders(id) on delete cascade,
  tag_id    uuid not null references tags(id) on delete cascade,
  primary key (tender_id, tag_id)
);
create table tender_airports (
  tender_id  uuid not null references tenders(id) on delete cascade,
  airport_id uuid not null references airports(id) on delete cascade,
  primary key (tender_id, airport_id)
);
create table tender_companies (
  tender_id  uuid not null references tenders(id) on delete cascade,
  company_id uuid not null references companies(id) on delete cascade,
  primary key (tender_id, company_id)
);
create table tender_bidders (
  id          uuid primary key default gen_random_uuid(),
  tender_id   uuid not null references tenders(id) on delete cascade,
  bidder_name text not null,
  company_id  uuid references companies(id) on delete set null,
  outcome     text not null default 'bid' check (outcome in ('bid', 'shortlisted', 'awarded', 'unsuccessful', 'withdrawn'))
);
create index tender_bidders_tender_idx on tender_bidders(tender_id);

-- ---------------------------------------------------------------- calendar
create table calendar_events (
  id            uuid primary key default gen_random_uuid(),
  title         text not null,
  starts_on     date not null,
  ends_on       date,
  city          text,
  country_code  char(2) references countries(code),
  region_slug   text references regions(slug),
  venue         text,
  organiser     text,
  url           text,
  description   text not null default '',
  origin        text not null default 'curated' check (origin in ('curated', 'extracted')),
  article_id    uuid references articles(id) on delete set null,
  published     boolean not null default true,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index calendar_events_starts_idx on calendar_events(starts_on);

-- ---------------------------------------------------------------- identity and accounts
create table users (
  id            uuid primary key default gen_random_uuid(),
  email         text not null,
  name          text,
  password_hash text,
  created_at    timestamptz not null default now()
);
create unique index users_email_lower_idx on users(lower(email));

create table profiles (
  user_id     uuid primary key references users(id) on delete cascade,
  is_admin    boolean not null default false,
  job_title   text,
  organisation text,
  updated_at  timestamptz not null default now()
);

create table preferences (
  user_id              uuid primary key references users(id) on delete cascade,
  digest_frequency     text not null default 'weekly' check (digest_frequency in ('daily', 'weekly', 'off')),
  digest_format        text not null default 'full' check (digest_format in ('full', 'compact')),
  email_headlines_only boolean not null default false,
  attach_pdf           boolean not null default false,
  unsubscribed_at      timestamptz,
  updated_at           timestamptz not null default now()
);

create table user_interests (
  user_id    uuid not null references users(id) on delete cascade,
  kind       text not null check (kind in ('topic', 'tag', 'region', 'airport', 'country', 'company')),
  ref        text not null,                             -- slug, region slug, IATA code, ISO code or company id
  created_at timestamptz not null default now(),
  primary key (user_id, kind, ref)
);

create table sessions (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users(id) on delete cascade,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  revoked_at  timestamptz
);
create index sessions_user_idx on sessions(user_id);

create table accounts (
  id            uuid primary key default gen_random_uuid(),
  name          text not null,
  owner_user_id uuid not null references users(id),
  created_at    timestamptz not null default now()
);

create table account_members (
  account_id uuid not null references accounts(id) on delete cascade,
  user_id    uuid not null references users(id) on delete cascade,
  role       text not null default 'member' check (role in ('owner', 'admin', 'member')),
  joined_at  timestamptz not null default now(),
  primary key (account_id, user_id)
);
create index account_members_user_idx on account_members(user_id);

-- ---------------------------------------------------------------- catalogue and billing
create table plans (
  code         text primary key,
  name         text not null,
  active       boolean not null default true,          -- inactive plans are not listed nor sold
  daily_quota  integer not null check (daily_quota >= 0), -- API requests per key per UTC day
  included_seats integer not null default 1,
  sort_order   integer not null default 0
);

create table plan_prices (
  plan_code   text not null references plans(code) on delete cascade,
  currency    char(3) not null,
  interval    text not null check (interval in ('month', 'year')),
  amount      integer not null check (amount >= 0),     -- minor units (cents)
  seat_amount integer not null default 0 check (seat_amount >= 0),
  primary key (plan_code, currency, interval)
);

create table addons (
  code    text primary key,
  name    text not null,
  active  boolean not null default true
);

create table addon_prices (
  addon_code text not null references addons(code) on delete cascade,
  currency   char(3) not null,
  interval   text not null check (interval in ('month', 'year')),
  amount     integer not null check (amount >= 0),
  primary key (addon_code, currency, interval)
);

create table plan_addons (
  plan_code  text not null references plans(code) on delete cascade,
  addon_code text not null references addons(code) on delete cascade,
  primary key (plan_code, addon_code)
);

create table plan_features (
  plan_code text not null references plans(code) on delete cascade,
  feature   text not null,
  access    text not null check (access in ('full', 'preview')),
  primary key (plan_code, feature)
);

create table addon_features (
  addon_code text not null references addons(code) on delete cascade,
  feature    text not null,
  primary key (addon_code, feature)
);

create table subscriptions (
  id                    uuid primary key default gen_random_uuid(),
  account_id            uuid not null references accounts(id) on delete cascade,
  plan_code             text not null references plans(code),
  status                text not null check (status in ('trialing', 'active', 'past_due', 'canceled', 'expired')),
  seats                 integer not null default 1,
  current_period_start  timestamptz not null default now(),
  current_period_end    timestamptz,
  cancel_at_period_end  boolean not null default false,
  provider_ref          text,
  created_at            timestamptz not null default now(),
  updated_at            timestamptz not null default now()
);
create index subscriptions_account_idx on subscriptions(account_id);

create table subscription_addons (
  subscription_id uuid not null references subscriptions(id) on delete cascade,
  addon_code      text not null references addons(code),
  primary key (subscription_id, addon_code)
);

create table checkouts (
  id            uuid primary key default gen_random_uuid(),
  account_id    uuid not null references accounts(id) on delete cascade,
  created_by    uuid not null references users(id),
  plan_code     text not null references plans(code),
  currency      char(3) not null,
  interval      text not null check (interval in ('month', 'year')),
  extra_seats   integer not null default 0,
  addons        text[] not null default '{}',
  amount        integer not null,
  status        text not null default 'open' check (status in ('open', 'complete', 'expired', 'failed')),
  provider_ref  text,
  created_at    timestamptz not null default now(),
  completed_at  timestamptz
);

create table procurement_requests (
  id             uuid primary key default gen_random_uuid(),
  organisation   text not null,
  contact_name   text not null,
  email          text not null,
  plan_code      text references plans(code),
  seats          integer,
  message        text,
  status         text not null default 'new' check (status in ('new', 'in_review', 'approved', 'rejected')),
  created_at     timestamptz not null default now()
);
create index procurement_requests_email_idx on procurement_requests(lower(email), created_at desc);

create table procurement_reviews (
  id          uuid primary key default gen_random_uuid(),
  request_id  uuid not null references procurement_requests(id) on delete cascade,
  reviewer_id uuid not null references users(id),
  decision    text not null,
  note        text,
  created_at  timestamptz not null default now()
);

-- ---------------------------------------------------------------- API access
create table api_keys (
  id            uuid primary key default gen_random_uuid(),
  user_id       uuid not null references users(id) on delete cascade,
  label         text,
  prefix        text not null,                      -- first 16 characters of the key
  key_hash      text not null unique,               -- SHA-256 of the whole key, hex
  created_at    timestamptz not null default now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
create index api_keys_prefix_idx on api_keys(prefix);
create index api_keys_user_idx on api_keys(user_id);

create table usage_counters (
  api_key_id  uuid not null references api_keys(id) on delete cascade,
  day         date not null,                        -- UTC day
  count       integer not null default 0,
  primary key (api_key_id, day)
);

-- ---------------------------------------------------------------- per-user state
create table saved_articles (
  user_id    uuid not null references users(id) on delete cascade,
  article_id uuid not null references articles(id) on delete cascade,
  saved_at   timestamptz not null default now(),
  primary key (user_id, article_id)
);

create table article_views (
  id         bigint generated always as identity primary key,
  user_id    uuid not null references users(id) on delete cascade,
  article_id uuid not null references articles(id) on delete cascade,
  viewed_at  timestamptz not null default now()
);
create index article_views_user_idx on article_views(user_id, viewed_at desc);
create index article_views_article_idx on article_views(article_id, viewed_at);

create table project_watches (
  user_id    uuid not null references users(id) on delete cascade,
  project_id uuid not null references projects(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, project_id)
);

create table alert_rules (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users(id) on delete cascade,
  name        text not null,
  query       jsonb not null,                      -- the standing search: q, terms, region, ...
  frequency   text not null default 'daily' check (frequency in ('immediate', 'daily', 'weekly')),
  enabled     boolean not null default true,
  last_run_at timestamptz,
  created_at  timestamptz not null default now()
);

create table notifications (
  id          uuid primary key default gen_random_uuid(),
  user_id     uuid not null references users(id) on delete cascade,
  kind        text not null,                       -- project_status_changed, alert_match, ...
  project_id  uuid references projects(id) on delete cascade,
  payload     jsonb not null default '{}',
  read_at     timestamptz,
  created_at  timestamptz not null default now()
);
create index notifications_user_idx on notifications(user_id, created_at desc);

-- ---------------------------------------------------------------- editorial
create table news_sources (
  id             uuid primary key default gen_random_uuid(),
  name           text not null,
  feed_url       text not null unique,
  kind           text not null default 'rss' check (kind in ('rss', 'atom', 'json')),
  enabled        boolean not null default true,
  last_polled_at timestamptz,
  last_error     text,
  created_at     timestamptz not null default now()
);

create table inbox_items (
  id                  uuid primary key default gen_random_uuid(),
  source_id           uuid references news_sources(id) on delete set null,
  source_name         text not null,
  url                 text not null unique,
  title               text not null,
  excerpt             text not null default '',
  published_at        timestamptz,
  detected_entities   jsonb not null default '{}',    -- { topics, tags, airports, companies, region, country }
  score               real not null default 0,         -- automated pre-screen, 0..1
  status              text not null default 'pending' check (status in ('pending', 'approved', 'skipped', 'promoted')),
  promoted_article_id uuid references articles(id) on delete set null,
  decided_by          uuid references users(id),
  decided_at          timestamptz,
  created_at          timestamptz not null default now()
);
create index inbox_items_status_score_idx on inbox_items(status, score desc);

create table newsletter_sends (
  id           uuid primary key default gen_random_uuid(),
  edition_id   uuid not null references editions(id) on delete cascade,
  requested_by uuid references users(id),
  mode         text not null check (mode in ('all', 'self', 'test')),
  recipients   integer not null default 0,
  created_at   timestamptz not null default now()
);

create table email_outbox (
  id              uuid primary key default gen_random_uuid(),
  send_id         uuid references newsletter_sends(id) on delete set null,
  dedupe_key      text not null unique,              -- e.g. edition:<id>:user:<id>: never send twice
  to_email        text not null,
  user_id         uuid references users(id) on delete set null,
  subject         text not null,
  html            text not null,
  text_body       text not null,
  status          text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'dead')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until    timestamptz,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz not null default now()
);
create index email_outbox_due_idx on email_outbox(status, next_attempt_at);

create table audit_log (
  id           bigint generated always as identity primary key,
  actor_user_id uuid references users(id) on delete set null,
  action       text not null,                      -- create, update, delete, publish, promote, ...
  entity       text not null,                      -- edition, article, project, tender, inbox_item, ...
  entity_id    text not null,
  before       jsonb,
  after        jsonb,
  request_id   text,
  created_at   timestamptz not null default now()
);
create index audit_log_entity_idx on audit_log(entity, entity_id);
create index audit_log_created_idx on audit_log(created_at desc);
