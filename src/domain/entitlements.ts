/**
 * Entitlements: which features a caller has and the gates that check them.
 *
 * The features of a caller are derived from the plan of the account's active subscription
 * plus its add-ons, as stored in the catalogue tables `plan_features` and `addon_features`
 * (migration 0002; the table is written out in docs/entitlements.md). Admins carry every feature.
 * A feature granted with access `preview` is narrowed rather than refused, on every face: the
 * operation itself narrows (./previews.ts), whichever edition asked.
 */
import { DomainError } from './errors.js';
import type { Identity } from './context.js';
import { FEATURES, type Feature } from './features.js';

export { FEATURES, isFeature, type Feature } from './features.js';

/** How each feature is named in a refusal, and where it can be had. */
const OFFERS: Record<Feature, { label: string; offer: string }> = {
  archive: { label: 'the archive', offer: 'the Core, Professional and Enterprise plans' },
  projects: { label: 'the airport projects database', offer: 'the Professional and Enterprise plans' },
  alerts: { label: 'alerts', offer: 'every paid plan' },
  wat: { label: 'tenders (Worldwide Airport Tenders)', offer: 'the wat add-on or the Enterprise plan' },
  api: { label: 'API access', offer: 'the Professional and Enterprise plans' },
  mcp: { label: 'the AI tool server (MCP)', offer: 'the mcp add-on or the Enterprise plan' },
  exports: { label: 'CSV exports', offer: 'the Professional and Enterprise plans' },
  ai_assistant: { label: 'the AI assistant', offer: 'the Professional and Enterprise plans' },
};

/** True when the caller holds `feature` in full (admins hold everything). */
export function hasFeature(identity: Identity, feature: Feature): boolean {
  return identity.isAdmin || identity.features.has(feature);
}

/**
 * Refuses unless the caller holds `feature` in full.
 * @throws DomainError FORBIDDEN whose message names the missing feature and where it is offered.
 */
export function requireFeature(identity: Identity, feature: Feature): void {
  if (hasFeature(identity, feature)) return;
  const { label, offer } = OFFERS[feature];
  const who = identity.planCode ? `Your ${identity.planCode} plan does not include` : 'Your account has no active subscription, so it does not include';
  throw new DomainError('FORBIDDEN', `${who} ${label} (feature "${feature}"); it is available with ${offer}.`, { feature });
}

/** The features list of `/v1/me`: every feature for admins, else the plan's and add-ons' full features. */
export function effectiveFeatures(identity: Identity): Feature[] {
  return identity.isAdmin ? [...FEATURES] : FEATURES.filter((f) => identity.features.has(f));
}

/** The previews list of `/v1/me`: preview-only features the caller does not also hold in full. */
export function effectivePreviews(identity: Identity): Feature[] {
  return identity.isAdmin ? [] : FEATURES.filter((f) => identity.previews.has(f) && !identity.features.has(f));
}

/**
 * The gate of the /api/v1 edition: admins pass; a request through the MCP tool server (channel
 * `mcp`) needs the `mcp` feature, whatever the credential; API keys need the `api` feature
 * (Professional, Enterprise, and the trial's taste of Professional); session tokens (in-app use)
 * need an active subscription of any plan.
 * @throws DomainError FORBIDDEN naming what is missing
 */
export function requireApiAccess(identity: Identity): void {
  if (identity.isAdmin) return;
  if (identity.channel === 'mcp') return requireFeature(identity, 'mcp');
  if (identity.credential === 'api_key' || identity.credential === 'oauth') return requireFeature(identity, 'api');
  requireSubscription(identity);
}

/**
 * Refuses a caller without an active subscription (any plan, trial included); admins pass.
 * @throws DomainError FORBIDDEN
 */
export function requireSubscription(identity: Identity): void {
  if (identity.isAdmin || identity.planCode) return;
  throw new DomainError('FORBIDDEN', 'Your account has no active subscription; subscribe to a plan to read the intelligence service.');
}

/**
 * The gate of a feature that may be previewed, on every face: `full` when the caller holds it,
 * `preview` when the plan lists it as a preview (the operation narrows instead of refusing: ./previews.ts).
 * @throws DomainError FORBIDDEN when the caller has neither
 */
export function requireFeatureOrPreview(identity: Identity, feature: Feature): 'full' | 'preview' {
  if (hasFeature(identity, feature)) return 'full';
  if (identity.previews.has(feature)) return 'preview';
  requireFeature(identity, feature);
  return 'full';
}

/** Features a trial may hold as a narrowed preview (./previews.ts); every other gate is held in full or refused. */
export const PREVIEWABLE: readonly Feature[] = ['archive', 'projects', 'wat'];

/**
 * The content gates of the reader operations, one entry per kind of operation: the one table both
 * editions and MCP (which calls /api/v1) apply. Each gated operation declares its entry once, where it
 * is ({@link gated}: `export const listProjects = gated(GATES.projects, …)`), applies it when called,
 * and names it as `gates`; a face reads it for its route (`config: { gates: listProjects.gates }`)
 * so a refusal comes before validation and the quota. No face states a gate of its own.
 * `/api/v1` adds its own `api` gate (`mcp` through MCP) in front: {@link requireApiAccess}.
 */
export const GATES = {
  /** Archive search, its facets, the /api/v1 article list, an airport's articles. */
  archive: ['archive'],
  /** The archive's CSV export. */
  archiveExport: ['archive', 'exports'],
  /** The projects list, facets and single reads, an airport's projects. */
  projects: ['projects'],
  /** The projects CSV export. */
  projectsExport: ['projects', 'exports'],
  /** The tenders list, facets and single reads. */
  tenders: ['wat'],
  /** The tenders CSV export (with bidders). */
  tendersExport: ['wat', 'exports'],
} as const satisfies Record<string, readonly Feature[]>;

/**
 * Refuses unless `identity` passes every gate of `gates`: a previewable feature ({@link PREVIEWABLE})
 * in full or as a preview, any other feature in full. Admins pass everything.
 * @throws DomainError FORBIDDEN naming the first missing feature
 */
export function requireGates(identity: Identity, gates: readonly Feature[]): void {
  for (const feature of gates) {
    if (PREVIEWABLE.includes(feature)) requireFeatureOrPreview(identity, feature);
    else requireFeature(identity, feature);
  }
}

/**
 * Refuses unless `identity` holds at least one of `features` in full (API-key management needs `api`
 * or `mcp`: seed 001, section 5). Admins pass.
 * @throws DomainError FORBIDDEN naming the first feature of `features`
 */
export function requireAnyFeature(identity: Identity, features: readonly Feature[]): void {
  if (features.length === 0 || features.some((f) => hasFeature(identity, f))) return;
  requireFeature(identity, features[0]!);
}

/** Gates met by any one of their features (route `config.anyGates`). */
export const ANY_GATES = {
  /** API-key management: `api` or `mcp`. */
  apiKeys: ['api', 'mcp'],
} as const satisfies Record<string, readonly Feature[]>;

/**
 * The gate a reader operation applies to its caller: {@link requireGates} for a user, nothing for
 * a system context (CLI, seeding, jobs: no identity).
 * @throws DomainError FORBIDDEN naming the first missing feature
 */
export function gateOperation(identity: Identity | null, gates: readonly Feature[]): void {
  if (identity) requireGates(identity, gates);
}

/** An operation that applies its own gate and names it ({@link gated}). */
export type Gated<Op> = Op & { readonly gates: readonly Feature[] };

/**
 * Declares a reader operation's gate once, where the operation is: the returned operation applies
 * `gates` to its caller before it runs ({@link gateOperation}: a user without them is refused with
 * FORBIDDEN naming the first missing feature, a system context passes) and names them as `gates`,
 * which the faces read for their route (`config: { gates: listProjects.gates }`) so that a refusal
 * comes before validation and the quota, and no face can state another gate.
 */
export function gated<C extends { identity: Identity | null }, A extends unknown[], R>(
  gates: readonly Feature[],
  operation: (ctx: C, ...args: A) => Promise<R>,
): Gated<(ctx: C, ...args: A) => Promise<R>> {
  const run = async (ctx: C, ...args: A): Promise<R> => {
    gateOperation(ctx.identity, gates);
    return operation(ctx, ...args);
  };
  return Object.assign(run, { gates });
}

/**
 * An operation that runs under another's gate (it delegates to `to`, which applies it): it names the
 * same gates, so that the face calling it reads them from the operation it calls.
 */
export function gatedAs<F>(to: { readonly gates: readonly Feature[] }, operation: F): Gated<F> {
  return Object.assign(operation as F & object, { gates: to.gates });
}

/** True when requests of this caller count against the daily quota: API keys and OAuth access tokens of non-admins. */
export const isMetered = (identity: Identity): boolean => (identity.credential === 'api_key' || identity.credential === 'oauth') && !identity.isAdmin;
