/**
 * The context every domain operation receives: the database, who is acting, and the request id.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Feature } from './entitlements.js';

/** How the caller authenticated. */
export type Credential = 'api_key' | 'session';

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
  /** The face the request came through; absent means `http`. Set by the face, never by the caller. */
  channel?: Channel;
}

/** What a domain operation runs with. */
export interface Ctx {
  db: Kysely<DB>;
  /** `null` for system work (CLI, seeding). */
  identity: Identity | null;
  requestId: string;
}
