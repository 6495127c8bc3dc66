-- 0025: the OAuth 2.1 authorization server (issue 28; docs/oauth.md, docs/decisions/0052).
--
-- Everything `oidc-provider` keeps (registered clients, grants, authorization codes, access and
-- refresh tokens, interactions, its own browser sessions, registration access tokens…) is one row
-- here, so any process of the service can continue what another began. `kind` is the model's name
-- (`Client`, `Grant`, `AuthorizationCode`, `AccessToken`, `RefreshToken`, `Interaction`, `Session`,
-- …), `id` its id (a token's id is its value: opaque tokens are looked up by it), `payload` what the
-- library stores. The columns beside it are copies for the library's lookups (`grant_id` to revoke
-- every token of a grant, `uid` for sessions) and for ours: `user_id` (the account of a grant, for
-- the connected-apps page), `last_used_at` (a grant's last authenticated request, written at most
-- once a minute), `expires_at` (null: no expiry, as a registered client) and `consumed_at` (a used
-- code or a rotated refresh token).
create table oauth_records (
  kind          text not null,
  id            text not null,
  payload       jsonb not null,
  grant_id      text,
  uid           text,
  user_code     text,
  user_id       text,
  created_at    timestamptz not null default now(),
  expires_at    timestamptz,
  consumed_at   timestamptz,
  last_used_at  timestamptz,
  primary key (kind, id)
);
create index oauth_records_grant_idx on oauth_records(grant_id) where grant_id is not null;
create index oauth_records_uid_idx on oauth_records(uid) where uid is not null;
create index oauth_records_user_idx on oauth_records(user_id, kind) where user_id is not null;
create index oauth_records_expires_idx on oauth_records(expires_at) where expires_at is not null;

-- The daily quota of OAuth access tokens: one unit per metered call, counted per user per UTC day
-- (all of a person's connected apps share their plan's daily quota; API keys keep their own count).
create table oauth_usage_counters (
  user_id  uuid not null references users(id) on delete cascade,
  day      date not null,
  count    integer not null default 0,
  primary key (user_id, day)
);
create index oauth_usage_counters_day_idx on oauth_usage_counters(day);
