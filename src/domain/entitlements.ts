/**
 * Entitlements: which features a caller has and the gates that check them.
 *
 * The features of a caller are derived from the plan of the account's active subscription
 * plus its add-ons, as stored in the catalogue tables `plan_features` and `addon_features`
 * (migration 0002; the table is written out in docs/entitlements.md). Admins carry every feature.
 * A feature granted with access `preview` is narrowed rather than refused by the /v1 edition.
 */
import { DomainError } from './errors.js';
import type { Identity } from './context.js';

/** Every feature name, as `/v1/me` reports them. */
export const FEATURES = ['archive', 'projects', 'alerts', 'wat', 'api', 'mcp', 'exports', 'ai_assistant'] as const;
/** One feature name. */
export type Feature = (typeof FEATURES)[number];

export const isFeature = (value: string): value is Feature => (FEATURES as readonly string[]).includes(value);

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
  if (identity.credential === 'api_key') return requireFeature(identity, 'api');
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
 * The gate of the /v1 edition for a feature that may be previewed: `full` when the caller holds
 * it, `preview` when the plan lists it as a preview (the operation narrows instead of refusing: ./previews.ts).
 * @throws DomainError FORBIDDEN when the caller has neither
 */
export function requireFeatureOrPreview(identity: Identity, feature: Feature): 'full' | 'preview' {
  if (hasFeature(identity, feature)) return 'full';
  if (identity.previews.has(feature)) return 'preview';
  requireFeature(identity, feature);
  return 'full';
}

/** True when requests of this caller count against the daily quota: API keys of non-admins. */
export const isMetered = (identity: Identity): boolean => identity.credential === 'api_key' && !identity.isAdmin;
