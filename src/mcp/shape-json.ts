/**
 * Sizes a JSON answer of /api/v1 for a model's context: `fields` keeps chosen members of each
 * record, `max_items` and the budget cut the record list (`data`, or the largest list inside a
 * single record, such as an edition's `articles`) to whole records, and the result says what was
 * cut and how to fetch what follows.
 */
import { largestFitting, sizeOf, type CallResult, type NextCall, type TruncationReason } from './budget.js';
import { isRecord, keepFields, memberNames } from './fields.js';

/** The call whose answer is shaped, and the caller's sizing wishes. */
export interface ShapeRequest {
  method: string;
  query: Record<string, unknown>;
  body?: Record<string, unknown> | undefined;
  fields?: string[] | undefined;
  maxItems?: number | undefined;
  budget: number;
}

/** The record list of an answer and how to put a shorter one back. */
interface RecordList {
  path: string;
  items: unknown[];
  withItems(items: unknown[]): unknown;
}

/** `data` when it is a list; else the largest list of records inside the single record `data`. */
function recordList(body: unknown): RecordList | undefined {
  if (!isRecord(body)) return undefined;
  const data = body.data;
  if (Array.isArray(data)) return { path: 'data', items: data, withItems: (items) => ({ ...body, data: items }) };
  if (!isRecord(data)) return undefined;
  const lists = Object.entries(data).filter(([, v]) => Array.isArray(v) && v.some(isRecord)) as [string, unknown[]][];
  const largest = lists.sort((a, b) => JSON.stringify(b[1]).length - JSON.stringify(a[1]).length)[0];
  if (!largest) return undefined;
  const [key, items] = largest;
  return { path: `data.${key}`, items, withItems: (kept) => ({ ...body, data: { ...data, [key]: kept } }) };
}

interface PageMeta {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

const metaOf = (body: unknown): PageMeta | undefined => {
  const meta = isRecord(body) ? body.meta : undefined;
  if (!isRecord(meta)) return undefined;
  const { page, limit, total, pages } = meta;
  return [page, limit, total, pages].every((n) => typeof n === 'number') ? (meta as unknown as PageMeta) : undefined;
};

function paging(req: ShapeRequest, page: number, limit: number, note: string): NextCall {
  if (req.method === 'POST' && req.body) return { body: { ...req.body, page, limit }, note };
  return { query: { ...req.query, page, limit }, note };
}

/** How to fetch what follows the `kept` records of a page of `available`. */
function nextOf(req: ShapeRequest, list: RecordList, meta: PageMeta | undefined, kept: number, available: number): NextCall | undefined {
  const again = 'call call_api again with the same method, path and fields';
  if (list.path !== 'data') {
    if (kept === available) return undefined;
    return { note: `${available - kept} more records in ${list.path}: keep fewer members with fields (e.g. ["${list.path.slice(5)}.id"]) or set max_items to fit them` };
  }
  if (!meta) return kept < available ? { note: 'narrow the query or keep fewer members with fields to see the rest' } : undefined;
  if (kept < available && kept > 0) {
    const offset = (meta.page - 1) * meta.limit + kept;
    let limit = kept;
    while (offset % limit !== 0) limit--;
    const last = Math.min(offset + limit, meta.total);
    return paging(req, offset / limit + 1, limit, `${again} and this ${req.method === 'POST' ? 'body' : 'query'}: records ${offset + 1}-${last} of ${meta.total}`);
  }
  if (kept === available && meta.page < meta.pages) {
    return paging(req, meta.page + 1, meta.limit, `${again} and this ${req.method === 'POST' ? 'body' : 'query'}: page ${meta.page + 1} of ${meta.pages}`);
  }
  return undefined;
}

/** The shaped result of a JSON answer. */
export function shapeJson(status: number, contentType: string, answer: unknown, req: ShapeRequest): CallResult {
  const notes: string[] = [];
  let body = answer;
  if (req.fields?.length && isRecord(body) && 'data' in body) {
    const { data, unknown } = keepFields(body.data, req.fields);
    if (unknown.length) notes.push(`No record has the field(s) ${unknown.join(', ')}; the records have: ${memberNames(body.data).join(', ')}`);
    body = { ...body, data };
  }
  const base = (): CallResult => ({ status, content_type: contentType, truncated: false, ...(notes.length ? { notes } : {}) });
  const list = recordList(body);
  if (!list) return fitWhole(base(), body, req.budget);

  const meta = metaOf(body);
  const available = list.items.length;
  const build = (kept: number, reason: TruncationReason | undefined): CallResult => {
    const result: CallResult = { ...base(), body: kept < available ? list.withItems(list.items.slice(0, kept)) : body };
    if (kept < available && reason) {
      result.truncated = true;
      result.truncation = { reason, list: list.path, returned: kept, available, budget_chars: req.budget };
    }
    const next = nextOf(req, list, meta, kept, available);
    if (next) result.next = next;
    return result;
  };

  const wanted = req.maxItems !== undefined && req.maxItems < available ? req.maxItems : available;
  const result = build(wanted, wanted < available ? 'max_items' : undefined);
  if (sizeOf(result) <= req.budget) return result;
  const kept = largestFitting(wanted, (k) => sizeOf(build(k, 'budget')) <= req.budget);
  if (kept > 0) return build(kept, 'budget');
  return fitWhole(base(), list.withItems(list.items.slice(0, 1)), req.budget, true);
}

/**
 * An answer without a record list to cut, or whose first record alone exceeds the budget: whole
 * when it fits, else its JSON text cut to the budget (flagged `record_too_large`).
 */
function fitWhole(base: CallResult, body: unknown, budget: number, tooLarge = false): CallResult {
  const whole: CallResult = { ...base, body };
  if (!tooLarge && sizeOf(whole) <= budget) return whole;
  const text = JSON.stringify(body);
  const cut = (n: number): CallResult => ({
    ...base,
    text: text.slice(0, n),
    truncated: true,
    truncation: { reason: 'record_too_large', list: 'text', returned: n, available: text.length, budget_chars: budget },
    next: { note: 'a single record exceeds the budget: keep fewer members with fields (long texts such as content are the usual cause)' },
  });
  return cut(Math.max(0, largestFitting(text.length, (n) => sizeOf(cut(n)) <= budget)));
}
