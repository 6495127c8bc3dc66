/**
 * The storage of the authorization server (`oidc-provider`'s adapter interface) over the database:
 * one row of `oauth_records` (migration 0025) per record of every kind, so that any process of the
 * service continues what another began (an authorization started on one, its code redeemed on
 * another, a token revoked on a third). Secret ids (token values) are stored as their SHA-256
 * (records.ts). Expiry is stored as an instant; a record past it is never found.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Clock } from '../clock.js';
import { storedIdOf } from './records.js';

/** What oidc-provider stores of a record (the fields this adapter reads). */
export interface AdapterPayload {
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  consumed?: number;
  [key: string]: unknown;
}

/** oidc-provider's adapter contract (one instance per model name). */
export interface OAuthAdapter {
  upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<AdapterPayload | undefined>;
  findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
  findByUid(uid: string): Promise<AdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * The adapter class to give oidc-provider (`adapter` option): it constructs one per model name.
 * @param clock the service's clock: expiry instants are `now + expiresIn` on it
 */
export function databaseAdapter(db: Kysely<DB>, clock: Clock): new (kind: string) => OAuthAdapter {
  return class DatabaseAdapter implements OAuthAdapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const now = clock.now();
      const row = {
        kind: this.kind,
        id: storedIdOf(this.kind, id),
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        user_id: this.kind === 'Grant' ? payload.accountId ?? null : null,
        created_at: now,
        expires_at: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
      };
      await db.insertInto('oauth_records').values(row)
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({
          payload: row.payload, grant_id: row.grant_id, uid: row.uid, user_code: row.user_code, user_id: row.user_id, expires_at: row.expires_at,
        }))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return this.#one('id', storedIdOf(this.kind, id));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.#one('user_code', userCode);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.#one('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oauth_records').set({ consumed_at: clock.now() })
        .where('kind', '=', this.kind).where('id', '=', storedIdOf(this.kind, id)).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oauth_records').where('kind', '=', this.kind).where('id', '=', storedIdOf(this.kind, id)).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute();
    }

    async #one(column: 'id' | 'user_code' | 'uid', value: string): Promise<AdapterPayload | undefined> {
      const row = await db.selectFrom('oauth_records').select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', this.kind).where(column, '=', value).executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() <= clock.now().getTime())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
    }
  };
}
