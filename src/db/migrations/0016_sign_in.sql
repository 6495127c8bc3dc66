-- 0016: people sign in over HTTP (issue 25; docs/sessions.md, docs/decisions/0030).

-- A verified address: set when an emailed link (sign-up, sign-in, reset) or an invitation proved
-- that the person reads the mailbox, or when company SSO vouched for it. `password_hash` (from
-- migration 0001, unused until now) holds an Argon2id PHC string, or null: email links only.
alter table users add column email_verified_at timestamptz;
alter table users add column password_changed_at timestamptz;

-- Emailed one-time links: sign-up, email-link sign-in and password reset. Only the SHA-256 of the
-- token is stored (hex); a link is single use (`used_at`) and lives 15 minutes (`expires_at`).
-- `email` is the address the link was sent to; `user_id` the user it signs in (null for a sign-up
-- of a new address: the user is created when the link is opened).
create table auth_tokens (
  id          uuid primary key default gen_random_uuid(),
  purpose     text not null check (purpose in ('sign_up', 'sign_in', 'password_reset')),
  token_hash  text not null unique,
  email       text not null,
  user_id     uuid references users(id) on delete cascade,
  name        text,
  return_to   text,
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  used_at     timestamptz
);
create index auth_tokens_expires_idx on auth_tokens(expires_at);

-- Browser sessions (and the metadata of every session): where it was opened, when it was last
-- seen, and when it dies of inactivity (`idle_expires_at`, moved forward by use; null: no idle
-- expiry, as bearer sessions of `sessions create`). `kind` says how the token travels.
alter table sessions add column kind text not null default 'bearer' check (kind in ('bearer', 'cookie'));
alter table sessions add column user_agent text;
alter table sessions add column ip text;
alter table sessions add column last_seen_at timestamptz;
alter table sessions add column idle_expires_at timestamptz;
alter table sessions add column method text check (method in ('email_link', 'password', 'sso', 'invitation', 'sign_up', 'password_reset', 'cli'));

-- A session's use (last_seen_at, idle_expires_at, written at most once a minute) changes no
-- identity: only the other columns bump the identity version (migration 0015), so the remembered
-- identities survive a request that merely records use.
select identity_version_watch('sessions', array['id', 'user_id', 'expires_at', 'revoked_at']);
-- users: every column but the password's and the verification's own bookkeeping matters.
select identity_version_watch('users', array['id', 'email', 'name', 'password_hash']);

-- Company single sign-on (OpenID Connect) of an account: one configuration per account. The
-- client secret is stored for the token request and never read back over the API.
create table sso_configurations (
  account_id    uuid primary key references accounts(id) on delete cascade,
  issuer        text not null,
  client_id     text not null,
  client_secret text,
  enabled       boolean not null default true,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);

-- The email domains a configuration covers (lower case); a domain belongs to one account.
create table sso_domains (
  domain     text primary key,
  account_id uuid not null references sso_configurations(account_id) on delete cascade
);
create index sso_domains_account_idx on sso_domains(account_id);

-- A sign-in at the company's provider in progress: state, nonce and PKCE verifier, kept in the
-- database so that any process can finish it. Single use, 10 minutes.
create table sso_logins (
  state          text primary key,
  account_id     uuid not null references sso_configurations(account_id) on delete cascade,
  email          text not null,
  nonce          text not null,
  code_verifier  text not null,
  return_to      text,
  created_at     timestamptz not null,
  expires_at     timestamptz not null
);
create index sso_logins_expires_idx on sso_logins(expires_at);

-- Rate-limit counters of the sign-in endpoints (@fastify/rate-limit's store), shared by every
-- process: one fixed window per key.
create table rate_limit_counters (
  key          text primary key,
  count        integer not null,
  window_start timestamptz not null,
  expires_at   timestamptz not null
);
create index rate_limit_counters_expires_idx on rate_limit_counters(expires_at);
