/**
 * What the app hangs on Fastify: the database and session secret (app-wide), the caller (per request),
 * and the domain context built from both.
 */
import type Provider from 'oidc-provider';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { AllowedHosts } from '../net/outbound.js';
import type { Clock } from '../domain/clock.js';
import type { Ctx, Identity } from '../domain/context.js';
import type { Feature } from '../domain/entitlements.js';
import type { PaymentProvider } from '../domain/billing/provider.js';
import type { SendBudget } from '../domain/newsletter/index.js';
import type { IdentityCache } from '../domain/identity/index.js';
import type { Versions, VersionSource } from '../domain/system/content-version.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Both editions: the content gates of the route's operation (an entry of the domain's `GATES`),
     * checked in `onRequest`, so a refusal comes before validation and the quota; archive, projects
     * and wat also pass as a trial preview (the operation then narrows).
     */
    gates?: readonly Feature[];
  }
  interface FastifyInstance {
    db: Kysely<DB>;
    sessionSecret: string;
    /** The service's clock (AppOptions.clock). */
    clock: Clock;
    /** `OUTBOUND_ALLOWED_HOSTS`, parsed: pass it to operations that reach outside (src/net/outbound.ts). */
    outboundAllowedHosts: AllowedHosts;
    /** Base URL of the service as readers reach it (links in messages; AppOptions.publicBaseUrl). */
    publicBaseUrl: string;
    /** The payment provider; `undefined`: checkout disabled (AppOptions.payments). */
    payments: PaymentProvider | undefined;
    /** The outbox's hourly and daily send budget (SEND_BUDGET_HOURLY, SEND_BUDGET_DAILY; AppOptions.sendBudget). */
    sendBudget: SendBudget;
    /** Where requests learn the content and identity versions (src/domain/system/content-version.ts). */
    versions: VersionSource;
    /** Recent authentications of this process; null when disabled (AppOptions.identityCache). */
    identityCache: IdentityCache | null;
    /** The OAuth authorization server (src/http/oauth/provider.ts; docs/oauth.md). */
    oauth: Provider;
  }
  interface FastifyRequest {
    /** Set by the auth hook of a face; `null` on routes without a token. */
    identity: Identity | null;
  }
}

/** The domain context of a request: the app's database and clock, the caller (if any), the request id. */
export const ctxOf = (request: FastifyRequest): Ctx => {
  const clock = request.server.clock;
  const contentVersion = () => {
    const versions = versionsOf(request);
    return versions instanceof Promise ? versions.then((v) => v.content) : versions.content;
  };
  return { db: request.server.db, actor: 'user', identity: request.identity, requestId: request.id, now: () => clock.now(), contentVersion };
};

const VERSIONS = Symbol('versions of this request');
type WithVersions = FastifyRequest & { [VERSIONS]?: Versions | Promise<Versions> };

/**
 * The content and identity versions as of the start of `request`, read once per request (the
 * authentication and the response cache share them): a snapshot taken after the request arrived,
 * hence after every write acknowledged before it.
 */
export function versionsOf(request: FastifyRequest): Versions | Promise<Versions> {
  const r = request as WithVersions;
  if (r[VERSIONS] === undefined) {
    const read = request.server.versions.current(ctxOf(request));
    r[VERSIONS] = read instanceof Promise ? read.then((v) => (r[VERSIONS] = v)) : read;
  }
  return r[VERSIONS];
}
