/**
 * Trial previews: a gate listed in a caller's `previews` is narrowed, not refused (seed 001,
 * section 5): the archive shows only the latest published edition, projects five rows, tenders
 * three. The reader operations apply them (list-projects, export-projects, list-tenders,
 * search-archive, search-articles, list-articles, list-airport-articles …) whichever face asked
 * (/v1, /api/v1, MCP through /api/v1); faces never narrow anything themselves. A previewed list is
 * its first rows: its total counts those rows only (docs/decisions/0014). Pure: no I/O (the archive
 * scope, which reads the latest edition, is src/domain/articles/archive-scope.ts).
 */
import type { Identity } from './context.js';
import { hasFeature, type Feature } from './entitlements.js';
import type { Window } from './pagination.js';

/** Rows a previewed list may show, per feature. */
export const PREVIEW_ROWS = { projects: 5, wat: 3 } as const satisfies Partial<Record<Feature, number>>;

/** True when the caller reaches `feature` only as a preview (never for admins or full holders). */
export const inPreview = (identity: Identity | null, feature: Feature): boolean =>
  identity !== null && !hasFeature(identity, feature) && identity.previews.has(feature);

/**
 * `window` cut so that, in preview, no row past the first `PREVIEW_ROWS[feature]` of the list is
 * returned (an offset beyond them gives an empty window).
 */
export function previewWindow(identity: Identity | null, feature: keyof typeof PREVIEW_ROWS, window: Window): Window {
  if (!inPreview(identity, feature)) return window;
  const rows = PREVIEW_ROWS[feature];
  return { ...window, limit: Math.max(0, Math.min(window.limit, rows - window.offset)) };
}

/**
 * The total a previewed list reports: the list is its first `PREVIEW_ROWS[feature]` rows, so in
 * preview the total is at most that many (the /api/v1 `meta.total` and `meta.pages` follow);
 * otherwise `total` unchanged.
 */
export const previewTotal = (identity: Identity | null, feature: keyof typeof PREVIEW_ROWS, total: number): number =>
  inPreview(identity, feature) ? Math.min(total, PREVIEW_ROWS[feature]) : total;

/** Rows an export may send: the preview's rows in preview, else no cap. */
export const previewCap = (identity: Identity | null, feature: keyof typeof PREVIEW_ROWS): number =>
  inPreview(identity, feature) ? PREVIEW_ROWS[feature] : Number.POSITIVE_INFINITY;
