/**
 * Keeps the project facet index (src/domain/projects/facet-index.ts, decision 0062) of one
 * database exact: loaded on the first filtered facet request of the process, brought up to the
 * content version at the start of every request after that, so no answer misses a write that was
 * acknowledged before the request began, whichever process made it.
 *
 * - **Load**: the published projects in one repeatable-read transaction (the content version and
 *   the rows of one snapshot), by ranges of `facetIndexSettings.loadPages` table pages in physical order, so no
 *   statement nears the statement timeout.
 * - **Catch up**: when the content version has moved, the ids of the projects changed by the
 *   commits after the index's version, from the change feed's tables
 *   (src/domain/sql/changed-records.ts), and those projects' rows, again in one snapshot with the version
 *   they are at. Each changed project's base row is tombstoned and its current row, if published,
 *   kept in the extra rows. If the feed was pruned past the index's version, the index is loaded
 *   again instead.
 * - **Rebuild**: once the changed rows exceed `facetIndexSettings.rebuildAfter` (or a fiftieth of the base), a
 *   new base is loaded in the background; the old one answers meanwhile.
 * - **List orders** (decision 0063): the base's rows in the order of a list sort, read in the
 *   background on the first filtered list of that sort (or by {@link warmListOrders}), used once the
 *   index has caught up to the version they were read at ({@link windowFromIndex}).
 * - **Word and company postings, and row sets** (decisions 0064 and 0069): the base rows of each
 *   common word of the projects' text, and of each company's projects, read in the background
 *   like a list order and used on the same rule; a programme, an article or a rarer word (or a
 *   company before its postings are read) is read as the set of projects it allows, in one
 *   statement with the content version, used only at the index's version, and its base rows kept
 *   for the next requests (least recently used dropped beyond `facetIndexSettings.rowSetBytes`),
 *   which then read only which of the changed projects are in it.
 *
 * State lives per database in this process (a WeakMap); nothing is shared between processes
 * but the database. A transaction handle never uses the index (it may see its own uncommitted
 * writes).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/types.js';
import { changedRecordsSince } from '../sql/changed-records.js';
import { BaseIndex, countsOf, DEFAULT_TUNING, IdList, Segment, SegmentBuilder, Slots, type FacetCount, type FacetRow, type IndexFilter, type RowSet } from './facet-index.js';

/**
 * Changed rows after which a new base is built in the background (or a fiftieth of the base, if
 * more), the table pages read per statement while loading, what the index keeps beside its base,
 * and how each base trades memory for work (`BaseTuning` in src/domain/projects/facet-index.ts: the
 * rows between two prefix counts of an order, the stages of a list window).
 * A setting object so that a test can lower them.
 */
export const facetIndexSettings = {
  rebuildAfter: 10_000,
  /** Table pages (8 kB) read per statement while loading: about 70 000 projects of the synthetic data. */
  loadPages: 8192,
  /** The most candidates a list window from the index may have (its first rows and the matching changed rows). */
  windowCandidates: 2000,
  /** The statement timeout of a list order's load, in milliseconds (it sorts every published project). */
  orderTimeoutMs: 120_000,
  /**
   * A word of the projects' text gets postings in memory (decision 0064) when at least this many
   * published projects carry it, and at least `commonWordShare` of them: below, reading its
   * matches in SQL costs a few tens of milliseconds at most.
   */
  commonWordMin: 2000,
  commonWordShare: 1 / 200,
  /** Above this many published projects, the common words are chosen on a sample of about this many (`TABLESAMPLE`). */
  wordSampleRows: 100_000,
  /**
   * The bytes of row sets a base keeps (4 a row): the base rows of the companies, programmes,
   * articles and rarer words requests asked for, the least recently used dropped first.
   */
  rowSetBytes: 64 * 1024 * 1024,
  /** How each base trades memory for work (BaseTuning in src/domain/projects/facet-index.ts). */
  ...DEFAULT_TUNING,
};

/**
 * The postings of the base's common words (decision 0064): each lexeme of the projects'
 * `search_vector` that at least `threshold` published projects carried (on a sample), with its base
 * rows, ascending, read at content version `version`.
 */
interface WordPostings {
  version: number;
  threshold: number;
  postings: Map<string, Uint32Array>;
}

/**
 * The postings of the companies (decision 0069): each company's id (a uuid, as PostgreSQL writes
 * it) with the base rows of the published projects linked to it (in any role), ascending, read
 * from `project_companies` at content version `version`.
 */
interface CompanyPostings {
  version: number;
  postings: Map<string, Uint32Array>;
}

/** No rows (the postings of a company no published project of the base is linked to). */
const NO_ROWS = new Uint32Array(0);

/**
 * The base rows of the row sets requests read (decision 0064, "Row sets kept per base"), by
 * {@link RowMember.key}, least recently used first, within `facetIndexSettings.rowSetBytes`. Each
 * was read at the content version of the index then: a base row not changed since has the same
 * links and text, and a changed one is tombstoned and judged by its extra row.
 */
/**
 * What a kept set costs against the budget, in bytes: its rows, its key and the entry (so that
 * the empty sets of distinct unknown words cannot grow the map without bound).
 */
const costOf = (key: string, rows: Uint32Array): number => rows.byteLength + 2 * key.length + 64;

class RowSetCache {
  private readonly sets = new Map<string, Uint32Array>();
  /** The bytes the kept sets take ({@link costOf}). */
  bytes = 0;
  /** Requests whose set was found here, and not (read in SQL, or the union of companies' postings made), since the base was loaded. */
  hits = 0;
  misses = 0;

  get size(): number {
    return this.sets.size;
  }

  /** The base rows of `key`, if kept (it becomes the most recently used). */
  get(key: string): Uint32Array | undefined {
    const rows = this.sets.get(key);
    if (rows) {
      this.sets.delete(key);
      this.sets.set(key, rows);
      this.hits++;
    } else this.misses++;
    return rows;
  }

  /** Keeps `rows` as `key`'s, dropping the least recently used sets beyond the budget (a set larger than the budget is not kept). */
  set(key: string, rows: Uint32Array): void {
    const limit = facetIndexSettings.rowSetBytes;
    if (costOf(key, rows) > limit) return;
    const before = this.sets.get(key);
    if (before) {
      this.bytes -= costOf(key, before);
      this.sets.delete(key);
    }
    this.sets.set(key, rows);
    this.bytes += costOf(key, rows);
    for (const [oldest, kept] of this.sets) {
      if (this.bytes <= limit) break;
      this.sets.delete(oldest);
      this.bytes -= costOf(oldest, kept);
    }
  }
}

/** The index of one database at one content version, with the changes since its base. */
class FacetIndex {
  /** Base rows superseded by a change (their current row, if any, is in `extraRows`). */
  readonly tombstones: number[] = [];
  /** `dead[row] === 1` for the tombstoned rows (allocated at the first). */
  dead: Uint8Array | undefined;
  /** The current rows of the projects changed since the base (published ones only), by id. */
  readonly extraRows = new Map<string, FacetRow>();
  extra: Segment;
  /** The ids of `extra`'s rows, in its order. */
  extraIds: string[] = [];
  /** The list orders of the base (decision 0063): the content version each was read at, once recorded, or its load. */
  readonly listOrders = new Map<string, number | Promise<unknown>>();
  /** The postings of the base's common words (decision 0064), once read, or their load. */
  words: WordPostings | Promise<unknown> | undefined;
  /** The postings of the companies (decision 0069), once read, or their load. */
  companies: CompanyPostings | Promise<unknown> | undefined;
  /** The row sets requests read, kept for the next ones (decision 0064). */
  readonly rowSets = new RowSetCache();

  constructor(readonly base: BaseIndex, readonly slots: Slots, public version: number) {
    this.extra = Segment.of([], slots);
  }

  /** Replaces the rows of `ids` by `rows` (the published ones among them, as they are now). */
  apply(ids: readonly string[], rows: readonly FacetRow[]): void {
    for (const id of ids) {
      const at = this.base.rowOf(id);
      this.dead ??= new Uint8Array(this.base.rows.n);
      if (at >= 0 && this.dead[at] !== 1) {
        this.dead[at] = 1;
        this.tombstones.push(at);
      }
      this.extraRows.delete(id);
    }
    for (const r of rows) this.extraRows.set(r.id, r);
    const extra = [...this.extraRows.values()];
    this.extra = Segment.of(extra, this.slots);
    this.extraIds = extra.map((r) => r.id);
  }

  /** How many rows a count reads besides the base (tombstones and extra rows). */
  get drift(): number {
    return this.tombstones.length + this.extraRows.size;
  }
}

/** The index and its pending work for one database handle. */
interface Holder {
  index?: FacetIndex;
  loading?: Promise<FacetIndex>;
  /** The catch-ups, one after another. */
  catching: Promise<unknown>;
  rebuilding?: Promise<unknown>;
}

/**
 * The holders by database handle. Keyed by the handle's adapter, which Kysely creates once per
 * database and shares with every handle derived from it (`withPlugin`, `withSchema`), so that a
 * derived handle finds the same index.
 */
const holders = new WeakMap<object, Holder>();
const keyOf = (db: Kysely<DB>): object => db.getExecutor().adapter;

interface ProjectColumns {
  id: string;
  status: string;
  region_slug: string | null;
  country_code: string | null;
  project_type_slug: string | null;
  expected_completion_year: number | null;
  value_usd: string | number | null;
  value_amount: string | number | null;
  term_ids: string[];
}

const COLUMNS = sql`p.status, p.region_slug, p.country_code, p.project_type_slug, p.expected_completion_year,
  p.value_usd, p.value_amount, p.term_ids`;

const rowOf = (r: ProjectColumns): FacetRow => ({
  id: r.id,
  status: r.status,
  region: r.region_slug,
  country: r.country_code,
  type: r.project_type_slug,
  year: r.expected_completion_year,
  usd: r.value_usd === null ? null : Number(r.value_usd),
  amount: r.value_amount === null ? null : Number(r.value_amount),
  terms: r.term_ids,
});

const versionOf = async (db: Kysely<DB>): Promise<number> =>
  Number((await sql<{ version: string | number }>`select version from content_version where id`.execute(db)).rows[0]?.version ?? 0);

/**
 * Loads a new index of the published projects (one snapshot), reading the table in its physical
 * order by ranges of `facetIndexSettings.loadPages` pages (TID range scans): no index walk, no sort.
 */
async function load(db: Kysely<DB>): Promise<FacetIndex> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const version = await versionOf(trx);
    const slots = new Slots();
    const builder = new SegmentBuilder(facetIndexSettings.loadPages * 8);
    const ids = new IdList();
    await byPageRanges(trx, 'projects', 'p', async (inRange) => {
      const { rows }: { rows: ProjectColumns[] } = await sql<ProjectColumns>`
        select translate(p.id::text, '-', '') as id, ${COLUMNS} from projects p where p.published and ${inRange}`.execute(trx);
      for (const r of rows) {
        builder.push(rowOf(r), slots);
        ids.pushHex(r.id);
      }
    });
    return new FacetIndex(new BaseIndex(builder.build(), ids, slots, facetIndexSettings), slots, version);
  });
}

/**
 * Calls `read` once for each range of `facetIndexSettings.loadPages` pages of `table`, in physical
 * order, with the condition that a row of the range meets (on the `ctid` of `alias`, the name the
 * statement gives the table): TID range scans, no index walk, no sort, and no statement near the
 * statement timeout.
 */
async function byPageRanges(trx: Kysely<DB>, table: 'projects' | 'project_companies', alias: string, read: (inRange: RawBuilder<SqlBool>) => Promise<void>): Promise<void> {
  const { rows: [size] } = await sql<{ pages: string | number }>`
    select pg_relation_size(${table}) / current_setting('block_size')::int as pages`.execute(trx);
  const pages = Number(size?.pages ?? 0);
  const step = facetIndexSettings.loadPages;
  const ctid = sql.ref(`${alias}.ctid`);
  for (let from = 0; from < pages; from += step) {
    await read(sql<SqlBool>`${ctid} >= ${`(${from},0)`}::tid and ${ctid} < ${`(${from + step},0)`}::tid`);
  }
}

/**
 * Runs `read` in one repeatable-read snapshot, with the content version it sees; its statements
 * may run for `facetIndexSettings.orderTimeoutMs` (background work that reads every published
 * project, bound by no request's timeout).
 */
function inSnapshot<T>(db: Kysely<DB>, read: (trx: Kysely<DB>, version: number) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    await sql`set local statement_timeout = ${sql.raw(String(facetIndexSettings.orderTimeoutMs))}`.execute(trx);
    return read(trx, await versionOf(trx));
  });
}

/**
 * Brings `index` to the content version now: the projects changed by the commits after its
 * version, read with that version in one snapshot.
 * @returns `false` when the change feed was pruned past the index's version (load it again)
 */
async function catchUp(db: Kysely<DB>, index: FacetIndex): Promise<boolean> {
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const changed = await changedRecordsSince(trx, 'projects', index.version);
    if (changed.pruned) return false;
    if (changed.version <= index.version) return true;
    const rows = changed.ids.length === 0 ? [] : (await sql<ProjectColumns>`
      select p.id, ${COLUMNS} from projects p where p.published and p.id = any(${changed.ids}::uuid[])`.execute(trx)).rows;
    index.apply(changed.ids, rows.map(rowOf));
    index.version = changed.version;
    return true;
  });
}

/**
 * The index of `db` as of the content version at this call (loading it the first time).
 * @param known a content version read since the caller's request began (Ctx.contentVersion): the
 *   index is brought up to it, not to one read again
 */
async function current(db: Kysely<DB>, known?: number): Promise<FacetIndex> {
  let holder = holders.get(keyOf(db));
  if (!holder) holders.set(keyOf(db), (holder = { catching: Promise.resolve() }));
  const h = holder;
  if (!h.index) {
    // A load that another request started may have taken its snapshot before this request began:
    // its version is checked below like any other.
    h.loading ??= load(db).finally(() => { h.loading = undefined; });
    h.index = await h.loading;
  }
  const version = known ?? (await versionOf(db));
  if (version > h.index.version) {
    const step = h.catching.then(async () => {
      if (!h.index || h.index.version >= version) return;
      if (!(await catchUp(db, h.index))) h.index = await load(db);
    });
    h.catching = step.catch(() => undefined);
    await step;
  }
  const index = h.index;
  if (index.drift > Math.max(facetIndexSettings.rebuildAfter, index.base.rows.n / 50) && !h.rebuilding) {
    // A new base in the background; it replaces the old one once caught up to the version now.
    h.rebuilding = load(db)
      .then(async (fresh) => {
        const step = h.catching.then(async () => { if (await catchUp(db, fresh)) h.index = fresh; });
        h.catching = step.catch(() => undefined);
        await step;
      })
      .catch(() => undefined)
      .finally(() => { h.rebuilding = undefined; });
  }
  return index;
}

/**
 * A member of a filter the index holds no column of (a company, a parent programme, an article),
 * as the projects it allows.
 */
export interface RowMember {
  /**
   * Names the set: two members with the same key have the same `ids` statement (e.g.
   * `company:<the resolved company ids>`). The statement may depend on the projects' rows and
   * links only, not on other tables that can change without changing a project (resolve those
   * into the key).
   */
  key: string;
  /** A statement of the ids (`id`, a uuid, duplicates allowed) of the projects the member allows. */
  ids: RawBuilder<{ id: string }>;
  /**
   * The companies (uuids) whose projects are the member's, when it is a company filter: `ids` is
   * then exactly the projects linked to any of them, and the index answers from its company
   * postings once they are read (decision 0069), without the statement.
   */
  companies?: readonly string[];
}

/**
 * A filter for the index (src/domain/projects/index-filter.ts): the members it holds columns of,
 * resolved into its slots, and the SQL of the projects the other members allow.
 */
export interface IndexQuery {
  /** Turns the filter's values into the index's slots (unknown values: empty sets). */
  resolve: (slots: Slots) => IndexFilter;
  /** The members the index holds no column of, each a set all rows must be in; absent: none. */
  rows?: RowMember[];
  /**
   * A text query whose `websearch_to_tsquery('english', q)` is `lexemes` joined by `&` (every word
   * required; no phrase, alternative or negation); no lexeme: it matches nothing.
   */
  text?: { q: string; lexemes: string[] };
}

/** The projects whose `search_vector` matches `q`, as the list's condition reads it (src/domain/projects/project-conditions.ts). */
const textMatches = (q: string) => sql<{ id: string }>`select t.id from projects t where t.search_vector @@ websearch_to_tsquery('english', ${q})`;

/** `ids` (uuids or 32 hexadecimal digits) as one text of 32 hexadecimal digits each, comma-separated (`null`: none), in SQL. */
const hexList = (ids: RawBuilder<{ id: string }>) => sql<string | null>`(select string_agg(translate(s.id::text, '-', ''), ',') from (${ids}) s)`;

/** The ids of a {@link hexList}. */
const idsOf = (list: string | null | undefined): string[] => (list ? list.split(',') : []);

/** The ids of `ids` that are among the projects changed since the base (`extraIds`), in SQL. */
const amongChanged = (ids: RawBuilder<{ id: string }>, index: FacetIndex) =>
  sql<{ id: string }>`select c.id from (${ids}) c where c.id = any(${index.extraIds}::uuid[])`;

/** How many times a request reads its {@link IndexQuery.rows} again when a write moved the content version in between. */
const ROW_SET_TRIES = 2;

/**
 * The index of `db` as of the content version now, and `query` resolved against it: its slots; a
 * text query's words from their postings, when every word has some (else its matches are a row
 * set: a word without postings is in few projects); and the row sets of its other members. A row
 * set is the base's when it is kept (decision 0064, "Row sets kept per base") or, for a company,
 * made from the company postings once they are read (decision 0069), with which of the changed
 * projects are in it read in SQL when there are any; else read whole in SQL and kept.
 * What is read in SQL (with, if the text's words came from their postings, which of the changed
 * projects match the text) is one statement with the content version, used only when that
 * version is the index's (a base row not changed by then has the same links and text in the
 * database as when the base was read, so the sets and the index describe the same projects).
 * @param now the index of `db` just brought up to the content version, if the caller has it
 * @param known the content version as of the caller's request (Ctx.contentVersion), for the first try
 * @returns `undefined` when a write moved the version between the index and the set every time,
 *   or when the query has a text and the postings of the index's base are not read yet (their load
 *   starts in the background)
 */
async function resolved(db: Kysely<DB>, query: IndexQuery, now?: FacetIndex, known?: number): Promise<{ index: FacetIndex; filter: IndexFilter } | undefined> {
  for (let attempt = 0; attempt < ROW_SET_TRIES; attempt++) {
    const index = attempt === 0 && now ? now : await current(db, attempt === 0 ? known : undefined);
    const members = [...(query.rows ?? [])];
    let words: Uint32Array[] = [];
    if (query.text) {
      const postings = postingsOf(db, index, 'words');
      if (!postings) return undefined;
      const lists = query.text.lexemes.map((l) => postings.get(l));
      if (lists.every((l) => l !== undefined)) words = lists as Uint32Array[];
      // The same lexemes, the same matches: the key is the lexemes, not the query's spelling.
      else members.push({ key: `text:${[...query.text.lexemes].sort().join(' ')}`, ids: textMatches(query.text.q) });
    }
    // Another request's catch-up may move this index while the statement runs: what is read for
    // its changed rows is for these, so the answer is used only if it did not move.
    const version = index.version;
    const none = new Uint8Array(index.extraIds.length);
    if (query.text?.lexemes.length === 0) return { index, filter: { ...query.resolve(index.slots), rows: [{ base: new Uint32Array(0), extra: none }] } };
    const changed = index.extraIds.length > 0;
    const companies = members.some((m) => m.companies) ? postingsOf(db, index, 'companies') : undefined;
    const kept = members.map((m) => (m.companies && companies ? companyRows(index, m.key, m.companies, companies) : index.rowSets.get(m.key)));
    // What to read: a set not kept, whole; a kept one, among the changed projects only (if any).
    const reads = members.map((m, i) => (kept[i] === undefined ? hexList(m.ids) : changed ? hexList(amongChanged(m.ids, index)) : undefined));
    const changedText = words.length > 0 && changed;
    if (reads.every((r) => r === undefined) && !changedText) {
      const rows = [...words, ...(kept as Uint32Array[])].map((base) => ({ base, extra: none }));
      return { index, filter: { ...query.resolve(index.slots), rows } };
    }
    const columns = reads.map((r, i) => sql`${r ?? sql`null`} as ${sql.ref(`m${i}`)}`);
    const { rows: [read] } = await sql<Record<string, string | null> & { version: string | number }>`
      select (select version from content_version where id) as version,
             ${changedText ? hexList(amongChanged(textMatches(query.text!.q), index)) : sql`null`} as text_ids
             ${sql.join(columns.map((c) => sql`, ${c}`), sql``)}`.execute(db);
    if (Number(read?.version ?? 0) !== version || index.version !== version) continue;
    const textExtra = changedText ? changedOf(index, idsOf(read?.text_ids)) : none;
    const sets = members.map((m, i): RowSet => {
      const ids = idsOf(read?.[`m${i}`]);
      const base = kept[i];
      if (base) return { base, extra: changed ? changedOf(index, ids) : none };
      const set = rowSetOf(index, ids);
      index.rowSets.set(m.key, set.base);
      return set;
    });
    return { index, filter: { ...query.resolve(index.slots), rows: [...words.map((base) => ({ base, extra: textExtra })), ...sets] } };
  }
  return undefined;
}

/**
 * The base rows of the projects linked to any of `companies`, from their `postings`: one company's
 * own, or the union of several's, made once and kept as the row set `key`.
 */
function companyRows(index: FacetIndex, key: string, companies: readonly string[], postings: Map<string, Uint32Array>): Uint32Array {
  const lists = companies.map((c) => postings.get(c.toLowerCase()) ?? NO_ROWS);
  if (lists.length === 1) return lists[0]!;
  const kept = index.rowSets.get(key);
  if (kept) return kept;
  const all = new Uint32Array(lists.reduce((n, l) => n + l.length, 0));
  lists.reduce((at, l) => (all.set(l, at), at + l.length), 0);
  const union = sortedUnique(all);
  index.rowSets.set(key, union);
  return union;
}

/** The rows of `index` (its base's and its extra ones) of the projects `ids` (32 hexadecimal digits each). */
function rowSetOf(index: FacetIndex, ids: readonly string[]): RowSet {
  const found = new Uint32Array(ids.length);
  let n = 0;
  for (const id of ids) {
    const at = index.base.rowOf(id);
    if (at >= 0) found[n++] = at;
  }
  return { base: sortedUnique(found.subarray(0, n)), extra: changedOf(index, ids) };
}

/** `rows` ascending and each once, in an array of their own size (`rows` itself is sorted in place). */
function sortedUnique(rows: Uint32Array): Uint32Array {
  rows.sort();
  let unique = 0;
  for (let p = 0; p < rows.length; p++) if (p === 0 || rows[p] !== rows[p - 1]) rows[unique++] = rows[p]!;
  return rows.slice(0, unique);
}

/** Which of `index`'s extra rows are the projects `ids` (32 hexadecimal digits each): `1` at their positions. */
function changedOf(index: FacetIndex, ids: readonly string[]): Uint8Array {
  const extra = new Uint8Array(index.extraIds.length);
  if (extra.length > 0 && ids.length > 0) {
    const wanted = new Set(ids);
    index.extraIds.forEach((id, i) => { if (wanted.has(id.replaceAll('-', ''))) extra[i] = 1; });
  }
  return extra;
}

/**
 * The facet counts of the published projects matching `query`, from the index of `db` brought up
 * to the content version at the time of the call.
 * @param known the content version as of the caller's request (Ctx.contentVersion); absent: read now
 * @returns `undefined` when writes kept moving the version while the query's rows were read (the caller counts in SQL)
 */
export async function countFromIndex(db: Kysely<DB>, query: IndexQuery, known?: number): Promise<FacetCount[] | undefined> {
  const found = await resolved(db, query, undefined, known);
  if (!found) return undefined;
  const { index, filter } = found;
  return countsOf(index.base.count(filter, index.slots, index.tombstones, index.extra), index.slots);
}

/**
 * Reads the list order `name` of `index`'s base in the background (decision 0063): the published
 * projects' ids in `order`, in one snapshot with its content version. A row changed between the
 * base and that snapshot may stand at its new place; {@link windowFromIndex} uses the order only
 * once the index has caught up to that version, when such rows are tombstoned. A failed load is
 * forgotten, so a later request tries again.
 */
function loadListOrder(db: Kysely<DB>, index: FacetIndex, name: string, order: RawBuilder<unknown>): Promise<unknown> {
  // One statement sorts every published project.
  const loading = inSnapshot(db, async (trx, version) => {
    const { rows } = await sql<{ id: string }>`select translate(p.id::text, '-', '') as id from projects p where p.published order by ${order}`.execute(trx);
    const placed = new Uint32Array(rows.length);
    let n = 0;
    for (const r of rows) {
      const at = index.base.rowOf(r.id);
      if (at >= 0) placed[n++] = at;
    }
    index.base.setListOrder(name, placed.slice(0, n));
    index.listOrders.set(name, version);
  }).catch(() => { index.listOrders.delete(name); });
  index.listOrders.set(name, loading);
  return loading;
}

/**
 * The postings `kind` of `index`'s base (its common words' or its companies'), once read and
 * usable (read at a version the index has reached: a project changed between the base and their
 * snapshot is tombstoned by then); `undefined` otherwise, their load started in the background if
 * it is not running.
 */
function postingsOf(db: Kysely<DB>, index: FacetIndex, kind: 'words' | 'companies'): Map<string, Uint32Array> | undefined {
  const loaded = index[kind];
  if (loaded === undefined) void (kind === 'words' ? loadWordPostings : loadCompanyPostings)(db, index);
  return loaded && !(loaded instanceof Promise) && loaded.version <= index.version ? loaded.postings : undefined;
}

/**
 * Reads the postings of the common words of `index`'s base in the background (decision 0064), in
 * one repeatable-read snapshot with its content version: the words that at least
 * `facetIndexSettings.commonWordMin` published projects (and `commonWordShare` of them) carry,
 * counted by `ts_stat` (on a `TABLESAMPLE` of about `wordSampleRows` projects above that many),
 * then every published project's common words, by ranges of table pages as the base is loaded. A
 * failed load is forgotten, so a later request tries again.
 */
function loadWordPostings(db: Kysely<DB>, index: FacetIndex): Promise<unknown> {
  const loading = inSnapshot(db, async (trx, version) => {
    const n = index.base.rows.n;
    const threshold = Math.max(facetIndexSettings.commonWordMin, Math.ceil(n * facetIndexSettings.commonWordShare));
    const percent = Math.min(100, (100 * facetIndexSettings.wordSampleRows) / Math.max(1, n));
    const sample = percent >= 100
      ? 'select search_vector from projects where published'
      : `select search_vector from projects tablesample system (${percent.toFixed(6)}) repeatable (0) where published`;
    const { rows: stats } = await sql<{ word: string; ndoc: number }>`select word, ndoc from ts_stat(${sample})`.execute(trx);
    const words = stats.filter((r) => (Number(r.ndoc) * 100) / percent >= threshold).map((r) => r.word);
    const lists = new Map(words.map((w) => [w, new RowList()]));
    if (words.length > 0) {
      await byPageRanges(trx, 'projects', 'p', async (inRange) => {
        // Weight A on the common words, D on the rest, then only the A ones: the project's common words.
        const { rows } = await sql<{ id: string; words: string[] }>`
          select translate(p.id::text, '-', '') as id,
                 tsvector_to_array(ts_filter(setweight(setweight(p.search_vector, 'D'), 'A', ${words}::text[]), '{a}')) as words
            from projects p
           where p.published and ${inRange}`.execute(trx);
        for (const r of rows) {
          const at = index.base.rowOf(r.id);
          if (at >= 0) for (const w of r.words) lists.get(w)?.push(at);
        }
      });
    }
    index.words = { version, threshold, postings: new Map([...lists].map(([w, l]) => [w, l.sorted()])) };
  }).catch(() => { index.words = undefined; });
  index.words = loading;
  return loading;
}

/**
 * Reads the postings of the companies of `index`'s base in the background (decision 0069), in one
 * repeatable-read snapshot with its content version: every link of `project_companies`, by ranges
 * of table pages, each range's links grouped by company. A project linked to a company in several
 * roles is one posting; the links of projects the base does not hold (unpublished ones) are none.
 * A failed load is forgotten, so a later request tries again.
 */
function loadCompanyPostings(db: Kysely<DB>, index: FacetIndex): Promise<unknown> {
  const loading = inSnapshot(db, async (trx, version) => {
    const lists = new Map<string, RowList>();
    await byPageRanges(trx, 'project_companies', 'pc', async (inRange) => {
      const { rows } = await sql<{ company: string; ids: string }>`
        select pc.company_id::text as company, string_agg(translate(pc.project_id::text, '-', ''), ',') as ids
          from project_companies pc where ${inRange} group by pc.company_id`.execute(trx);
      for (const r of rows) {
        let list = lists.get(r.company);
        if (!list) lists.set(r.company, (list = new RowList()));
        for (const id of idsOf(r.ids)) {
          const at = index.base.rowOf(id);
          if (at >= 0) list.push(at);
        }
      }
    });
    index.companies = { version, postings: new Map([...lists].map(([c, l]) => [c, l.sorted()])) };
  }).catch(() => { index.companies = undefined; });
  index.companies = loading;
  return loading;
}

/** A growing list of row numbers (a common word's postings while they are read). */
class RowList {
  private rows = new Uint32Array(64);
  private n = 0;

  push(row: number): void {
    if (this.n === this.rows.length) {
      const bigger = new Uint32Array(this.rows.length * 2);
      bigger.set(this.rows);
      this.rows = bigger;
    }
    this.rows[this.n++] = row;
  }

  /** The rows, ascending and each once, in an array of their own size. */
  sorted(): Uint32Array {
    return sortedUnique(this.rows.subarray(0, this.n));
  }
}

/**
 * Loads the index of `db` if needed, then the list orders `lists` it lacks, one after another, and
 * the postings of its common words and of its companies (a process's first filtered list of a
 * sort, first text query or first company would otherwise be read in SQL while they load).
 * @returns the state once they are loaded (an order whose load failed is missing from `listOrders`;
 *   postings whose load failed leave `commonWords` or `companies` at 0)
 */
export async function warmListOrders(db: Kysely<DB>, lists: readonly Omit<IndexWindowRequest, 'first'>[]): Promise<FacetIndexState> {
  const index = await current(db);
  for (const { name, order } of lists) {
    const loaded = index.listOrders.get(name);
    await (loaded === undefined ? loadListOrder(db, index, name, order) : loaded);
  }
  await (index.words === undefined ? loadWordPostings(db, index) : index.words);
  await (index.companies === undefined ? loadCompanyPostings(db, index) : index.companies);
  return facetIndexState(db)!;
}

/** The candidates of a window (see {@link windowFromIndex}). */
export interface IndexWindow {
  /** The first matches of the base in the list order. */
  first: string[];
  /** The matching projects changed since the base. */
  changed: string[];
}

/** What {@link windowFromIndex} is asked: the list order's name and its SQL, and how many first rows. */
export interface IndexWindowRequest {
  /** The list sort (the name its order is kept under). */
  name: string;
  /** The sort's `order by` expression, as the list's statement orders (it must order every row). */
  order: RawBuilder<unknown>;
  /** The rows wanted: the window's offset plus its limit. */
  first: number;
}

/**
 * The candidates of a window of a filtered project list (decision 0063): the ids of the first
 * `first` published projects matching `query` in the list order, from the base of the index of
 * `db` brought up to the content version, plus every matching project changed since the base. The
 * first `first` of all matches are among them; without changed ones, they are the base's.
 * @returns ids (32 hexadecimal digits or a uuid): the base's `first` in the list order, and the
 *   `changed` projects that match, in no order; `undefined` when the order is not loaded yet (its
 *   load starts in the background), the candidates exceed `facetIndexSettings.windowCandidates`
 *   (`0`: never answers), or writes kept moving the version while the query's rows were read
 * @param known the content version as of the caller's request (Ctx.contentVersion); absent: read now
 */
export async function windowFromIndex(db: Kysely<DB>, query: IndexQuery, request: IndexWindowRequest, known?: number): Promise<IndexWindow | undefined> {
  if (facetIndexSettings.windowCandidates <= 0) return undefined;
  const before = await current(db, known);
  const loaded = before.listOrders.get(request.name);
  if (loaded === undefined) void loadListOrder(db, before, request.name, request.order);
  if (typeof loaded !== 'number' || loaded > before.version) return undefined;
  const resolution = await resolved(db, query, before);
  // A rebuild may have swapped the base in between: its orders are its own.
  if (!resolution || resolution.index !== before) return undefined;
  const { index, filter } = resolution;
  const found = index.base.window(filter, request.name, request.first, index.dead, index.extra);
  if (!found || found.base.length + found.extra.length > facetIndexSettings.windowCandidates) return undefined;
  return { first: found.base.map((row) => index.base.idOf(row)), changed: found.extra.map((i) => index.extraIds[i]!) };
}

/** What the index of `db` holds in this process, for tests and the bench: `undefined` before its first use. */
export interface FacetIndexState {
  /** The content version it answers at. */
  version: number;
  /** Published projects in its base. */
  baseRows: number;
  /** Rows changed since the base (tombstones plus current rows). */
  drift: number;
  /** Whether a new base is being built. */
  rebuilding: boolean;
  /** The list orders its base holds (decision 0063). */
  listOrders: string[];
  /** The bytes those orders take. */
  listOrderBytes: number;
  /** The common words with postings (decision 0064); 0 before they are read. */
  commonWords: number;
  /** The published projects a word needs to be common, for this base (0 before the postings are read). */
  commonWordThreshold: number;
  /** The bytes the postings take (4 a posting). */
  wordPostingBytes: number;
  /** The companies with postings (decision 0069): 0 before they are read. */
  companies: number;
  /** The bytes the company postings take (4 a posting). */
  companyPostingBytes: number;
  /** The row sets of programmes, articles, rarer words and companies (several at once, or before their postings are read) kept for the next requests (decision 0064). */
  rowSets: number;
  /** The bytes they take (4 a row, and the key and entry; at most `facetIndexSettings.rowSetBytes`). */
  rowSetBytes: number;
  /** Row sets requests found kept, and read in SQL, since the base was loaded. */
  rowSetHits: number;
  rowSetMisses: number;
}

/** The state of the index of `db` in this process (see {@link FacetIndexState}). */
export function facetIndexState(db: Kysely<DB>): FacetIndexState | undefined {
  const h = holders.get(keyOf(db));
  if (!h?.index) return undefined;
  const listOrders = [...h.index.listOrders].filter(([, v]) => typeof v === 'number').map(([name]) => name).sort();
  const words = h.index.words instanceof Promise ? undefined : h.index.words;
  const companies = h.index.companies instanceof Promise ? undefined : h.index.companies;
  const bytesOf = (postings: Map<string, Uint32Array> | undefined) => [...(postings?.values() ?? [])].reduce((sum, l) => sum + l.byteLength, 0);
  return {
    version: h.index.version, baseRows: h.index.base.rows.n, drift: h.index.drift, rebuilding: h.rebuilding !== undefined,
    listOrders, listOrderBytes: h.index.base.listOrderBytes,
    commonWords: words?.postings.size ?? 0, commonWordThreshold: words?.threshold ?? 0, wordPostingBytes: bytesOf(words?.postings),
    companies: companies?.postings.size ?? 0, companyPostingBytes: bytesOf(companies?.postings),
    rowSets: h.index.rowSets.size, rowSetBytes: h.index.rowSets.bytes, rowSetHits: h.index.rowSets.hits, rowSetMisses: h.index.rowSets.misses,
  };
}

/** Waits for the background work on the index of `db`, if any runs: a rebuild, list orders or word or company postings being read. */
export async function facetIndexSettled(db: Kysely<DB>): Promise<void> {
  const h = holders.get(keyOf(db));
  await h?.rebuilding;
  await Promise.all([...(h?.index?.listOrders.values() ?? []), h?.index?.words, h?.index?.companies]);
}

/**
 * Loads the index of `db` now (a process's first filtered facet request would otherwise wait for
 * it: about 15 s at a million projects, bench/README.md).
 * @returns its state once loaded
 */
export async function warmFacetIndex(db: Kysely<DB>): Promise<FacetIndexState> {
  await current(db);
  return facetIndexState(db)!;
}
