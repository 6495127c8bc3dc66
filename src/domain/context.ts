/**
 * The context every domain operation receives first: the database (or the current transaction),
 * who is acting, the request id and the clock.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Clock } from './clock.js';
import { unauthenticated } from './errors.js';
import type { Feature } from './features.js';

/** How the caller authenticated. */
export type Credential = 'api_key' | 'session' | 'oauth';

/** Which face the request came through: plain HTTP, or the MCP tool server calling in-process. */
export type Channel = 'http' | 'mcp';

/**
 * The authenticated caller, resolved from an API key or a session token.
 * Features come from the plan of the caller's active subscription plus its add-ons
 * (catalogue tables `plan_features`, `addon_features`); admins carry every feature.
 */
export interface Identity {
  userId: string;
  email: string;
  isAdmin: boolean;
  credential: Credential;
  /** The API key's id when `credential` is `api_key`. */
  apiKeyId: string | null;
  /** The session's id when `credential` is `session` (a bearer session token or the browser cookie). */
  sessionId?: string;
  accountId: string | null;
  subscriptionId: string | null;
  /** `trial`, `core`, `professional`, `enterprise`, or `null` without an active subscription. */
  planCode: string | null;
  /** Features granted in full. */
  features: ReadonlySet<Feature>;
  /** Features granted as a narrowed preview (trial). */
  previews: ReadonlySet<Feature>;
  /** API requests per key per UTC day of the plan; `null` without a subscription. */
  dailyQuota: number | null;
  /** An API key minted read-only: every non-GET call but search is refused (docs/accounts.md). */
  readOnly?: boolean;
  /**
   * An OAuth access token (`credential` `oauth`, docs/oauth.md): the app it was issued to, its grant,
   * the scopes granted and the resource (absolute URL) it is bound to. `isAdmin` is already narrowed
   * to administrators whose token holds the `admin` scope.
   */
  oauth?: OAuthGrantOf;
  /** The face the request came through; absent means `http`. Set by the face, never by the caller. */
  channel?: Channel;
  /**
   * A dry run (MCP call_api `dry_run: true`, administrators): `adminWrite` runs the write and its
   * checks in a transaction that is then rolled back, so the answer shows what it would do and
   * nothing is written. Set by the face for an in-process MCP call only, never by an outside caller.
   */
  dryRun?: true;
}

/** What an OAuth access token carries besides its user (Identity.oauth). */
export interface OAuthGrantOf {
  clientId: string;
  grantId: string;
  /** `read`, `write`, `mcp`, `admin` as granted to this token. */
  scopes: ReadonlySet<string>;
  /** The resource the token is bound to: `<base>/api/mcp`, `<base>/api/v1` or `<base>/v1`. */
  resource: string;
}

/**
 * Who acts: `user` (an API key or a session, over HTTP or the MCP channel; see `identity`) or
 * `system` (the CLI, seeding, background jobs).
 */
export type ActorKind = 'user' | 'system';

/** What a domain operation runs with. */
export interface Ctx {
  /** The database, or the transaction the operation runs in. */
  db: Kysely<DB>;
  /** The kind of actor; `system` has no identity. */
  actor: ActorKind;
  /** The caller; `null` for a system actor (CLI, seeding, jobs) and on routes without a token. */
  identity: Identity | null;
  /** The request id (`X-Request-Id`), or a label of the system task. */
  requestId: string;
  /** The current instant, from the service's clock (src/domain/clock.ts); never the wall clock in a rule. */
  now(): Date;
  /**
   * The content version (src/domain/system/content-version.ts) as the face read it at the start of
   * the request, after every write acknowledged before the request: an operation that must see
   * those writes (a cache in memory brought up to a version) may use it instead of reading the
   * version again. Not for reading back a write of the same request (it was read before it; the
   * project index's reads, its only users, are read-only operations). Absent for system work: the
   * operation reads the version itself.
   */
  contentVersion?: () => number | Promise<number>;
}

/**
 * The context of system work (CLI commands, seeding, jobs): no identity, actor `system`.
 * @param clock the service's clock (src/system-clock.ts in production, a TestClock in tests)
 */
export function systemCtx(db: Kysely<DB>, clock: Clock, requestId = 'system'): Ctx {
  return { db, actor: 'system', identity: null, requestId, now: () => clock.now() };
}

/** `ctx` with another database handle (a transaction): same actor, request id and clock. */
export const withDb = (ctx: Ctx, db: Kysely<DB>): Ctx => ({ ...ctx, db });

/**
 * The caller of a per-user operation: every operation of the reader's own state acts for the
 * token's user and no other (no user id is ever passed in).
 * @throws DomainError UNAUTHENTICATED for a context without a user (system work)
 */
export function callerOf(ctx: Ctx): Identity {
  if (!ctx.identity) throw unauthenticated('This operation acts for a signed-in user');
  return ctx.identity;
}
