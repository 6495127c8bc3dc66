/**
 * Sizes a text answer of /api/v1 (the CSV exports) for a model's context: the header row is always
 * kept, then as many whole data rows as `max_items` and the budget allow; a row is a CSV record
 * (a quoted field may hold line breaks). Other text is cut to the budget. Either cut is flagged.
 */
import { largestFitting, sizeOf, type CallResult, type NextCall } from './budget.js';

/** CSV records of `text`, each with its line break, splitting only outside quoted fields. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

/** Where else the rows of an export can be read page by page. */
const elsewhere = (path: string): string =>
  /\/export$/.test(path)
    ? `narrow the filters, or page through the same rows as JSON with GET ${path.replace(/\/export$/, '')} (page, limit)`
    : 'narrow the filters';

/** The shaped result of a text answer. */
export function shapeText(
  status: number,
  contentType: string,
  text: string,
  req: { path: string; maxItems?: number | undefined; fields?: string[] | undefined; budget: number },
): CallResult {
  const base: CallResult = { status, content_type: contentType, truncated: false };
  if (req.fields?.length) base.notes = ['fields applies to JSON answers; this answer is text and is returned whole (up to the budget)'];
  if (!/csv/i.test(contentType)) {
    const cut = (n: number): CallResult =>
      n >= text.length
        ? { ...base, text }
        : { ...base, text: text.slice(0, n), truncated: true, truncation: { reason: 'budget', list: 'text', returned: n, available: text.length, budget_chars: req.budget } };
    return cut(Math.max(0, largestFitting(text.length, (n) => sizeOf(cut(n)) <= req.budget)));
  }

  const [header = '', ...rows] = csvRecords(text);
  const next: NextCall = { note: elsewhere(req.path) };
  const build = (kept: number, reason: 'max_items' | 'budget'): CallResult =>
    kept >= rows.length
      ? { ...base, text }
      : {
          ...base,
          text: header + rows.slice(0, kept).join(''),
          truncated: true,
          truncation: { reason, list: 'rows', returned: kept, available: rows.length, budget_chars: req.budget },
          next,
        };
  const wanted = req.maxItems !== undefined ? Math.min(req.maxItems, rows.length) : rows.length;
  const result = build(wanted, 'max_items');
  if (sizeOf(result) <= req.budget) return result;
  return build(Math.max(0, largestFitting(wanted, (k) => sizeOf(build(k, 'budget')) <= req.budget)), 'budget');
}
