-- Identity version (issue 18, docs/decisions/0029, docs/caching.md): a second number on the row of
-- content_version, bumped at COMMIT of every transaction that wrote a table an authenticated
-- caller's identity is read from (who the token belongs to, its revocation and expiry, the admin
-- flag, the account, the subscription, the plan's features and quota). An in-memory identity of a
-- token may be reused only while this number is unchanged (and before the identity's own expiry),
-- so a revoked key, an ended session or a removed member is refused by the very next request, on
-- one process or several.
--
-- Same mechanism as the content version (migration 0013): a statement-level trigger notes the
-- transaction, a deferred constraint trigger bumps the number at COMMIT. Both bumps now also send
-- NOTIFY airport_intel_versions ('content:<n>' or 'identity:<n>'), delivered at COMMIT. The
-- embedded engine (one process owns the data directory) keeps both numbers in memory from these
-- notifications and reads no row per request; on a PostgreSQL server every request still reads
-- the row (another process may have committed a moment ago; a notification may still be on its
-- way).

alter table content_version add column identity_version bigint not null default 1;

create table identity_version_touch (
  txid bigint primary key
);

create function identity_version_touched() returns trigger language plpgsql as $$
begin
  insert into identity_version_touch (txid) values (txid_current()) on conflict (txid) do nothing;
  return null;
end $$;

create function identity_version_bump() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  update content_version set identity_version = identity_version + 1 where id returning identity_version into v;
  delete from identity_version_touch where txid = new.txid;
  perform pg_notify('airport_intel_versions', 'identity:' || v);
  return null;
end $$;

create constraint trigger identity_version_bump
  after insert on identity_version_touch
  deferrable initially deferred
  for each row execute function identity_version_bump();

create or replace function content_version_bump() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  update content_version set version = version + 1 where id returning version into v;
  delete from content_version_touch where txid = new.txid;
  perform pg_notify('airport_intel_versions', 'content:' || v);
  return null;
end $$;

-- Attaches the identity trigger to one table (idempotent). `columns`: only updates that set one of
-- them count (api_keys: its last_used_at, written once a minute by use, changes no identity).
create function identity_version_watch(target regclass, columns text[] default null) returns void language plpgsql as $$
begin
  execute format('drop trigger if exists identity_version_touched on %s', target);
  if columns is null then
    execute format(
      'create trigger identity_version_touched after insert or update or delete or truncate on %s '
      'for each statement execute function identity_version_touched()', target);
  else
    execute format(
      'create trigger identity_version_touched after insert or delete or truncate or update of %s on %s '
      'for each statement execute function identity_version_touched()',
      (select string_agg(quote_ident(c), ', ') from unnest(columns) c), target);
  end if;
end $$;

select identity_version_watch('users');
select identity_version_watch('profiles');
select identity_version_watch('sessions');
select identity_version_watch('accounts');
select identity_version_watch('account_members');
select identity_version_watch('subscriptions');
select identity_version_watch('subscription_addons');
select identity_version_watch('plans');
select identity_version_watch('plan_features');
select identity_version_watch('addon_features');
select identity_version_watch('api_keys', array['id', 'user_id', 'prefix', 'key_hash', 'revoked_at', 'expires_at', 'read_only']);
