/**
 * The apps a person has connected (docs/oauth.md): one entry per app with a live grant,
 * what it may do, when it last made a request; revoking one removes its grants and every token
 * issued under them, so its next request is refused.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { callerOf } from '../context.js';
import { notFound } from '../errors.js';
import type { OAuthServerPort } from './interactions.js';
import { isOAuthScope, type OAuthScope } from './scopes.js';

/** One connected app. */
export interface ConnectedApp {
  clientId: string;
  /** `client_name` of its registration; null when it gave none. */
  name: string | null;
  /** `client_uri` of its registration; null when it gave none. */
  uri: string | null;
  /** The scopes granted, on any resource. */
  scopes: OAuthScope[];
  /** The resources granted (absolute URLs). */
  resources: string[];
  /** When the person first connected it. */
  connectedAt: Date;
  /** The last request made with one of its tokens; null: none yet. */
  lastUsedAt: Date | null;
}

interface GrantRow {
  id: string;
  payload: { clientId?: string; resources?: Record<string, string> };
  created_at: Date;
  last_used_at: Date | null;
  client: { client_name?: string; client_uri?: string } | null;
}

/** The caller's grants with their apps' registrations. */
async function grantsOf(ctx: Ctx, userId: string): Promise<GrantRow[]> {
  const { rows } = await sql<GrantRow>`
    select g.id, g.payload, g.created_at, g.last_used_at, c.payload as client
      from oauth_records g
      left join oauth_records c on c.kind = 'Client' and c.id = g.payload->>'clientId'
     where g.kind = 'Grant' and g.user_id = ${userId} and (g.expires_at is null or g.expires_at > ${ctx.now()})
     order by g.created_at`.execute(ctx.db);
  return rows;
}

/**
 * The caller's connected apps, most recently used first.
 * @throws DomainError UNAUTHENTICATED without a caller
 */
export async function listConnectedApps(ctx: Ctx): Promise<ConnectedApp[]> {
  const caller = callerOf(ctx);
  const apps = new Map<string, ConnectedApp>();
  for (const g of await grantsOf(ctx, caller.userId)) {
    const clientId = g.payload.clientId ?? '';
    const app = apps.get(clientId) ?? {
      clientId, name: g.client?.client_name ?? null, uri: g.client?.client_uri ?? null, scopes: [], resources: [], connectedAt: g.created_at, lastUsedAt: null,
    };
    for (const [resource, scope] of Object.entries(g.payload.resources ?? {})) {
      if (!app.resources.includes(resource)) app.resources.push(resource);
      for (const s of scope.split(' ').filter(isOAuthScope)) if (!app.scopes.includes(s)) app.scopes.push(s);
    }
    if (g.last_used_at && (!app.lastUsedAt || g.last_used_at > app.lastUsedAt)) app.lastUsedAt = g.last_used_at;
    apps.set(clientId, app);
  }
  return [...apps.values()].sort((a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0) || a.connectedAt.getTime() - b.connectedAt.getTime());
}

/**
 * Disconnects app `clientId` from the caller: every grant of the caller to it and every token
 * issued under them are removed, so its next request is refused.
 * @throws DomainError UNAUTHENTICATED without a caller; NOT_FOUND when the caller has not connected it
 */
export async function revokeConnectedApp(ctx: Ctx, port: OAuthServerPort, clientId: string): Promise<void> {
  const caller = callerOf(ctx);
  const grants = (await grantsOf(ctx, caller.userId)).filter((g) => g.payload.clientId === clientId);
  if (!grants.length) throw notFound('Connected app');
  for (const g of grants) await port.revokeGrant(g.id);
}
