/**
 * Change-feed cursors: opaque to callers, stable across processes and restarts. A cursor is a
 * position in commit order — the commit's content version and the change's sequence number, "every
 * change up to here has been delivered" — plus, for a trial preview, the records that were in the
 * caller's preview scope at that position (so a record that later leaves the scope is reported as
 * deleted). Encoded as base64url JSON.
 */
import { invalidParam } from '../errors.js';

/** The scope of a trial preview at a position: project ids, tender ids, the archive's edition id. */
export interface PreviewScope {
  projects?: string[];
  tenders?: string[];
  edition?: string;
}

/** A position in the feed. */
export interface FeedPosition {
  /** The commit's content version (migration 0013, stamped by 0019). */
  version: number;
  /** The change's sequence number within the version; `Number.MAX_SAFE_INTEGER` for "the whole version". */
  seq: number;
  scope?: PreviewScope | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ids = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === 'string' && UUID.test(x));
const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The cursor of `position`. */
export function encodeCursor(position: FeedPosition): string {
  const { version, seq, scope } = position;
  return Buffer.from(JSON.stringify({ k: 1, v: version, s: seq, ...(scope ? { p: scope.projects, t: scope.tenders, e: scope.edition } : {}) })).toString('base64url');
}

/**
 * The position of `cursor`.
 * @throws DomainError VALIDATION naming `since` for anything that is not a cursor of this feed
 */
export function decodeCursor(cursor: string): FeedPosition {
  const bad = () => invalidParam('since', 'not a cursor of this feed (use a next_cursor or a change\'s cursor as given)');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw bad();
  }
  if (!raw || typeof raw !== 'object' || raw.k !== 1 || !count(raw.v) || !count(raw.s)) throw bad();
  const scoped = 'p' in raw || 't' in raw || 'e' in raw;
  if (raw.p !== undefined && !ids(raw.p)) throw bad();
  if (raw.t !== undefined && !ids(raw.t)) throw bad();
  if (raw.e !== undefined && !(typeof raw.e === 'string' && UUID.test(raw.e))) throw bad();
  const scope: PreviewScope = { ...(raw.p ? { projects: raw.p as string[] } : {}), ...(raw.t ? { tenders: raw.t as string[] } : {}), ...(raw.e ? { edition: raw.e as string } : {}) };
  return { version: raw.v, seq: raw.s, ...(scoped ? { scope } : {}) };
}

/** Whether position `a` comes before position `b` (versions, then sequence numbers). */
export const isBefore = (a: FeedPosition, b: FeedPosition): boolean => a.version < b.version || (a.version === b.version && a.seq < b.seq);
