-- 0008: accounts, API keys over HTTP, billing with the payment provider, procurement (issue 11).

-- API keys: an optional expiry, a read-only flag, and the account whose entitlement minted the key
-- (removing the member from that account revokes it).
alter table api_keys add column expires_at timestamptz;
alter table api_keys add column read_only boolean not null default false;
alter table api_keys add column account_id uuid references accounts(id) on delete set null;

-- Profile fields (name stays on users).
alter table profiles add column country char(2);
alter table profiles add column timezone text;

-- The end of a trial, kept after the trial turns into a paid subscription.
alter table subscriptions add column trial_end timestamptz;

-- Invitations to join an account, for an address that has no user yet.
create table account_invitations (
  id          uuid primary key default gen_random_uuid(),
  account_id  uuid not null references accounts(id) on delete cascade,
  email       text not null,
  role        text not null default 'member' check (role in ('admin', 'member')),
  token_hash  text not null unique,
  invited_by  uuid references users(id) on delete set null,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  accepted_at timestamptz
);
create unique index account_invitations_open_idx on account_invitations(account_id, lower(email)) where accepted_at is null;

-- Checkouts: the provider's session expiry (its redirect URL is never stored).
alter table checkouts add column expires_at timestamptz;
create unique index checkouts_provider_ref_idx on checkouts(provider_ref);

-- Provider notifications processed, by event id: inserted in the same transaction as the effect,
-- so a replay is acknowledged and changes nothing.
create table billing_events (
  event_id     text primary key,
  type         text not null,
  processed_at timestamptz not null
);

-- Procurement: country, billing details, the client address (per-address limit).
alter table procurement_requests add column country char(2);
alter table procurement_requests add column billing_details text;
alter table procurement_requests add column client_address text;
create index procurement_requests_client_idx on procurement_requests(client_address, created_at desc);
create index procurement_requests_created_idx on procurement_requests(created_at desc);
