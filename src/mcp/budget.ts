/**
 * The size budget of a tool result, and the common shape of a call_api result.
 *
 * A result is at most RESULT_BUDGET characters of JSON text (about 5 000 tokens), so a model's
 * context is never flooded. What does not fit is cut to whole records and the result says so:
 * `truncated: true`, a `truncation` block saying what was kept of what, and `next` telling how to
 * fetch what follows. Nothing is cut silently.
 */

/** Characters of serialized JSON a call_api result may take. */
export const RESULT_BUDGET = 20_000;

/** Why records were left out. */
export type TruncationReason = 'max_items' | 'budget' | 'record_too_large';

/** What a cut left out. */
export interface Truncation {
  reason: TruncationReason;
  /** The list that was cut: `data`, `data.articles`, `rows` (CSV), `text`. */
  list: string;
  /** Records (or rows, or characters for `text`) returned. */
  returned: number;
  /** Records (or rows, or characters) the answer had. */
  available: number;
  budget_chars: number;
}

/** The arguments of the call_api invocation that fetches what follows. */
export interface NextCall {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** What the next call returns, or how else to reach the rest. */
  note: string;
}

/** The structured content of a call_api result. */
export interface CallResult {
  status: number;
  content_type: string;
  /** The JSON answer (records possibly cut or reduced to `fields`). */
  body?: unknown;
  /** A text answer (CSV), or a JSON answer whose single record alone exceeds the budget. */
  text?: string;
  truncated: boolean;
  truncation?: Truncation;
  next?: NextCall;
  notes?: string[];
  [key: string]: unknown;
}

/** The length the result takes as tool text. */
export const sizeOf = (result: CallResult): number => JSON.stringify(result).length;

/**
 * The largest `k` in `[0, n]` for which `fits(k)` holds, for a `fits` that holds up to some `k` and
 * not beyond; `-1` when it holds for none.
 */
export function largestFitting(n: number, fits: (k: number) => boolean): number {
  let lo = 0;
  let hi = n;
  if (!fits(0)) return -1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
