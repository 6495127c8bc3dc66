/**
 * The project facet index (decision 0062): the facet columns of every published project held in
 * memory as typed arrays, so that `/v1/projects/facets` with a filter counts its matches in a few
 * milliseconds instead of reading hundreds of thousands of rows in PostgreSQL (bench/README.md,
 * "Filtered facets from an index in memory"). This module is the data structure and the counting,
 * pure (no database); src/domain/projects/facet-index-store.ts loads it and keeps it exact.
 *
 * Shape:
 * - a {@link Slots} dictionary numbers every facet value (`status`, `region`, `country`, `type`,
 *   `term`, with its key as the SQL reports it); slot 0 is "no value" (a null column) and never
 *   counted;
 * - a {@link Segment} holds rows column by column: the slots of the four columns, the completion
 *   year, `value_usd` and `value_amount` (bigint values, exact in a float64 below 2^53), and the
 *   term slots in compressed rows;
 * - a {@link BaseIndex} is a segment of N rows (the published projects at one content version, in
 *   the table's physical order, with a hash table of their ids) plus, for each filterable column,
 *   the row numbers sorted by that column (an equality filter or a range is then one contiguous
 *   slice), for twelve pairs of columns the rows sorted by both (a filter on the two is a few
 *   slices; a term and a year or amount range among them, decision 0068), and the facet counts of
 *   each order's prefixes every {@link CHECKPOINT} rows, so a slice's counts are two checkpoint
 *   differences plus or minus at most that many rows (half at each end). A filter with more
 *   members marks its driver's rows in a bit set and reads them in row order (decision 0068).
 * - Rows changed since the base are "tombstoned" in it and re-added in a small extra segment; a
 *   count subtracts the matching tombstoned rows and adds the matching extra rows, so the answer is
 *   exactly that of the rows as they are now.
 * - For the project lists (decision 0063), a base can also hold {@link ListOrder}s: its rows in the
 *   order of one list sort, as PostgreSQL ordered them, so that the first rows of a filtered list
 *   are found here ({@link BaseIndex.window}) and only those are read from the database.
 * - A filter member the index holds no column of (a company, a parent programme, an article, a
 *   text query's words) comes as a {@link RowSet}: the projects it allows, read in SQL by the
 *   store at the index's version or taken from a common word's postings (decision 0064); it drives
 *   like any slice when it is the smallest.
 */

/** The facet dimensions, named as the SQL of src/domain/projects/facet-projects.ts names them. */
export type FacetDimension = 'status' | 'region' | 'country' | 'type' | 'term';

/** One project as the index holds it: its id and its facet columns (null: none). */
export interface FacetRow {
  id: string;
  status: string;
  region: string | null;
  country: string | null;
  type: string | null;
  year: number | null;
  usd: number | null;
  amount: number | null;
  /** Topic and tag ids (`projects.term_ids`). */
  terms: string[];
}

/** One count of a dimension's value, as the SQL path reports it (`key` is a term id for `term`). */
export interface FacetCount {
  dimension: FacetDimension;
  key: string;
  n: number;
}

/**
 * A filter the index answers: every member given must hold. Value sets are slot numbers already
 * resolved (a region to its slugs, a term to its ids); an empty set matches nothing.
 */
export interface IndexFilter {
  status?: number[];
  region?: number[];
  country?: number[];
  type?: number[];
  /** Each set: the project carries at least one of these term slots. All sets must hold. */
  terms?: number[][];
  /** Completion year bounds, inclusive. */
  yearFrom?: number;
  yearTo?: number;
  /** `value_usd >= usdMin`. */
  usdMin?: number;
  /** Bounds on `value_amount`, inclusive. */
  amountMin?: number;
  amountMax?: number;
  /**
   * Each set: the rows a member the index holds no column of allows (a company, a programme, an
   * article, read in SQL at the index's version; a text query's words, from their postings:
   * src/domain/projects/facet-index-store.ts). All sets must hold.
   */
  rows?: RowSet[];
}

/**
 * A set of rows of a base and of its extra segment, as its store resolved a set of project ids.
 * `base`: base row numbers, ascending, each once; `extra[i] === 1` for the extra rows in the set.
 */
export interface RowSet {
  base: Uint32Array;
  extra: Uint8Array;
}

/** Rows between two checkpoints of an order's prefix counts, by default. */
export const CHECKPOINT = 1024;
const NO_YEAR = -2147483648;

/** The numbering of facet values: slot ↔ (dimension, key). Slot 0 is "none". */
export class Slots {
  readonly dimensions: FacetDimension[] = ['status'];
  readonly keys: string[] = [''];
  private readonly byKey = new Map<string, number>();

  /** How many slots exist (a counts array must be at least this long). */
  get size(): number {
    return this.keys.length;
  }

  /** The slot of `key` in `dimension`, created when new; 0 for a null key. */
  slot(dimension: FacetDimension, key: string | null): number {
    if (key === null) return 0;
    const k = `${dimension}\u0000${key}`;
    let s = this.byKey.get(k);
    if (s === undefined) {
      s = this.keys.length;
      this.byKey.set(k, s);
      this.dimensions.push(dimension);
      this.keys.push(key);
    }
    return s;
  }

  /** The existing slots of `keys` in `dimension` (unknown keys have none: nothing carries them). */
  find(dimension: FacetDimension, keys: readonly string[]): number[] {
    return keys.flatMap((key) => {
      const s = this.byKey.get(`${dimension}\u0000${key}`);
      return s === undefined ? [] : [s];
    });
  }
}

/** Rows column by column (see the module's comment). */
export class Segment {
  constructor(
    readonly n: number,
    readonly status: Uint32Array,
    readonly region: Uint32Array,
    readonly country: Uint32Array,
    readonly type: Uint32Array,
    /** The year, or NO_YEAR. */
    readonly year: Int32Array,
    /** NaN for none. */
    readonly usd: Float64Array,
    /** NaN for none. */
    readonly amount: Float64Array,
    /** Row i's term slots are `terms[termStart[i] .. termStart[i + 1])`. */
    readonly termStart: Uint32Array,
    readonly terms: Uint32Array,
  ) {}

  /** A segment of `rows`, numbering their values in `slots`. */
  static of(rows: readonly FacetRow[], slots: Slots): Segment {
    const b = new SegmentBuilder(rows.length);
    for (const r of rows) b.push(r, slots);
    return b.build();
  }

  /** Adds the values of the rows `rows[from .. to)` to `counts` (`sign` 1 or -1). */
  addRows(counts: Int32Array, rows: Uint32Array, from: number, to: number, sign: number): void {
    const { status, region, country, type, termStart, terms } = this;
    for (let p = from; p < to; p++) {
      const i = rows[p]!;
      counts[status[i]!]! += sign;
      counts[region[i]!]! += sign;
      counts[country[i]!]! += sign;
      counts[type[i]!]! += sign;
      for (let j = termStart[i]!, end = termStart[i + 1]!; j < end; j++) counts[terms[j]!]! += sign;
    }
  }

  /** Adds row i's values to `counts` (`sign` 1 or -1). */
  add(counts: Int32Array, i: number, sign: number): void {
    counts[this.status[i]!]! += sign;
    counts[this.region[i]!]! += sign;
    counts[this.country[i]!]! += sign;
    counts[this.type[i]!]! += sign;
    for (let j = this.termStart[i]!, end = this.termStart[i + 1]!; j < end; j++) counts[this.terms[j]!]! += sign;
  }
}

/** Grows a segment row by row (the loader pushes a million rows without an object per row). */
export class SegmentBuilder {
  private n = 0;
  private nTerms = 0;
  private status: Uint32Array;
  private region: Uint32Array;
  private country: Uint32Array;
  private type: Uint32Array;
  private year: Int32Array;
  private usd: Float64Array;
  private amount: Float64Array;
  private termStart: Uint32Array;
  private terms: Uint32Array;

  constructor(capacity = 1024) {
    const c = Math.max(16, capacity);
    this.status = new Uint32Array(c);
    this.region = new Uint32Array(c);
    this.country = new Uint32Array(c);
    this.type = new Uint32Array(c);
    this.year = new Int32Array(c);
    this.usd = new Float64Array(c);
    this.amount = new Float64Array(c);
    this.termStart = new Uint32Array(c + 1);
    this.terms = new Uint32Array(c * 2);
  }

  /** Appends `r`. */
  push(r: FacetRow, slots: Slots): void {
    if (this.n === this.status.length) this.grow();
    const i = this.n++;
    this.status[i] = slots.slot('status', r.status);
    this.region[i] = slots.slot('region', r.region);
    this.country[i] = slots.slot('country', r.country);
    this.type[i] = slots.slot('type', r.type);
    this.year[i] = r.year ?? NO_YEAR;
    this.usd[i] = r.usd ?? NaN;
    this.amount[i] = r.amount ?? NaN;
    while (this.nTerms + r.terms.length > this.terms.length) this.terms = grown(this.terms, this.terms.length * 2);
    for (const t of r.terms) this.terms[this.nTerms++] = slots.slot('term', t);
    this.termStart[i + 1] = this.nTerms;
  }

  /** The rows pushed so far, as a segment. */
  build(): Segment {
    const n = this.n;
    return new Segment(n, this.status.slice(0, n), this.region.slice(0, n), this.country.slice(0, n), this.type.slice(0, n),
      this.year.slice(0, n), this.usd.slice(0, n), this.amount.slice(0, n), this.termStart.slice(0, n + 1), this.terms.slice(0, this.nTerms));
  }

  private grow(): void {
    const c = this.status.length * 2;
    this.status = grown(this.status, c);
    this.region = grown(this.region, c);
    this.country = grown(this.country, c);
    this.type = grown(this.type, c);
    this.year = grown(this.year, c);
    this.usd = grown(this.usd, c);
    this.amount = grown(this.amount, c);
    this.termStart = grown(this.termStart, c + 1);
  }
}

function grown<T extends Uint32Array | Int32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}

/** The filterable orders of a base (one per filter that can be a contiguous slice). */
type OrderName = 'status' | 'region' | 'country' | 'type' | 'term' | 'year' | 'usd' | 'amount';

/**
 * Row numbers sorted by one column (the year, USD and amount orders leave out the rows without a
 * value), and the facet counts of their prefixes every `checkpoint` rows.
 */
interface Order {
  rows: Uint32Array;
  /** For the slot orders: rows of slot s are `rows[start[s] .. start[s + 1])`. */
  start?: Uint32Array;
  /** `prefix[k * width + s]`: the count of slot s over `rows[0 .. k * checkpoint)`. */
  prefix: Int32Array;
}

/**
 * A list order of a base (decision 0063): its rows in the order of one list sort, and each row's
 * place in it ({@link UNRANKED} for a row left out).
 */
interface ListOrder {
  rows: Uint32Array;
  rank: Uint32Array;
  /** The least and greatest year, USD and amount of each zone of its places ({@link Zones}). */
  zones: Zones;
}
const UNRANKED = 0xffffffff;

/** Places of a list order a zone summarises, by default: a walk skips a zone none of whose rows can match a range. */
export const ZONE = 256;

/**
 * The value bounds of each zone of a list order (zone z is places `[z * size, (z + 1) * size)`):
 * `min[c][z]` and `max[c][z]` over the zone's rows with a value in column c (a zone without one has
 * min +Infinity and max -Infinity, so no range meets it). Made from the base's values: a row whose
 * values changed since is tombstoned and never returned, so a zone skipped for its values loses
 * nothing. A list sorted by a column has tight zones of it (a range is a few zones), and zones of a
 * correlated column (the amount under a USD sort) nearly as tight.
 */
interface Zones {
  /** Places a zone summarises. */
  size: number;
  min: Record<'year' | 'usd' | 'amount', Float64Array>;
  max: Record<'year' | 'usd' | 'amount', Float64Array>;
}

/** The zones of the places `rows` of `seg` (see {@link Zones}). */
function zonesOf(seg: Segment, rows: Uint32Array, size: number): Zones {
  const n = Math.ceil(rows.length / size);
  const make = (fill: number) => ({ year: new Float64Array(n).fill(fill), usd: new Float64Array(n).fill(fill), amount: new Float64Array(n).fill(fill) });
  const min = make(Infinity);
  const max = make(-Infinity);
  for (const c of ['year', 'usd', 'amount'] as const) {
    const column = seg[c];
    const lo = min[c];
    const hi = max[c];
    for (let p = 0; p < rows.length; p++) {
      const v = column[rows[p]!]!;
      if (v === NO_YEAR || Number.isNaN(v)) continue;
      const z = (p / size) | 0;
      if (v < lo[z]!) lo[z] = v;
      if (v > hi[z]!) hi[z] = v;
    }
  }
  return { size, min, max };
}

/** A slice `[from, to)` of an order. */
type Slice = [order: Order, from: number, to: number];

/** A compiled condition: its test of one row, and the slices of the base it is exactly (if it is one). */
interface Condition {
  /** The column it tests (`rows`: a {@link RowSet}, which no pair order holds). */
  dim: OrderName | 'rows';
  /** The slots it accepts (a slot column or the terms), or the inclusive range of values. */
  keys?: number[];
  range?: [min: number, max: number];
  /** The test of row i of `seg`, bound to the segment's columns. */
  on: (seg: Segment) => (i: number) => boolean;
  slices?: Slice[];
  /**
   * Slices that hold every row it accepts, some of them twice (a set of terms: each term's
   * postings, and a row can carry two of them). No count can add them up; a list window, which
   * keeps each row once, can walk them ({@link BaseIndex.window}).
   */
  cover?: Slice[];
}

/**
 * The columns a pair order can have first: a key per row (a slot, or the year less 1900), or the
 * terms (a key per term a row carries: the row stands under each, as in the term postings).
 */
type Primary = 'status' | 'region' | 'type' | 'year' | 'term';
/** The columns a pair order can have second: sorted within each key of the first. */
type Secondary = 'region' | 'type' | 'year' | 'amount';
/**
 * The pair orders (decision 0062): the rows with both values, sorted by the first column's key and,
 * within a key, by the second column, so that a filter on both columns is a few contiguous slices.
 * A term first holds each row under each term it carries (decision 0068: at a million projects,
 * 2.75 terms a project, about 11 MB of rows and 4 MB of prefix counts a pair). A term and a status,
 * a region or a type were measured as pairs too and not kept (bench/README.md, "A faster machine:
 * every target re-measured", term pairs with a slot): no count got cheaper enough to show.
 */
const PAIRS: [Primary, Secondary][] = [
  ['status', 'region'], ['status', 'type'], ['region', 'type'],
  ['status', 'year'], ['region', 'year'], ['type', 'year'],
  ['status', 'amount'], ['region', 'amount'], ['type', 'amount'], ['year', 'amount'],
  ['term', 'year'], ['term', 'amount'],
];
const FIRST_YEAR = 1900;
const YEAR_KEYS = 301; // 1900–2200, the column's check constraint

/** One test that holds when every test of `tests` does (unrolled for the common few). */
function allOf(tests: ((i: number) => boolean)[]): (i: number) => boolean {
  const [a, b, c] = tests;
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return a!;
  if (tests.length === 2) return (i) => a!(i) && b!(i);
  if (tests.length === 3) return (i) => a!(i) && b!(i) && c!(i);
  return (i) => tests.every((t) => t(i));
}

/** How a {@link BaseIndex} trades memory for work (a test lowers them to reach every path on a sample). */
export interface BaseTuning {
  /** Rows between two prefix counts of an order (fewer: more memory, less counting). */
  checkpoint: number;
  /** Up to this many driver rows a list window sorts their places; beyond, marks them. */
  sortedPlaces: number;
  /** Places of a list order each of its zones summarises ({@link Zones}). */
  zonePlaces: number;
  /** The places a list window's first stage tests at most when its driver has many rows. */
  firstStage: number;
  /** The places a list window's second stage walks at most for each row of its driver. */
  placesPerDriverRow: number;
}

/**
 * The published projects at one content version, with their orders (see the module's comment).
 * Built once from rows in any order, with their ids (a hash table of them answers
 * {@link BaseIndex.rowOf}); never changed after (the store keeps its tombstones beside it).
 */
export class BaseIndex {
  private readonly orders: Record<OrderName, Order>;
  /** The pair orders by `first|second`; `start[k]` is where key k begins. */
  private readonly pairs = new Map<string, Order & { start: Uint32Array }>();
  /** The slots that existed when the orders were built (the width of the prefix counts). */
  private readonly width: number;
  /** The bit set a count or a list window marks its driver's rows in ({@link BaseIndex.bitsOfSlices}). */
  private driverBits = new Uint32Array(0);
  /** The base's rows of each term slot asked for, as a bit set (made on first use; 1 bit a project). */
  private readonly termBitSets = new Map<number, Uint32Array>();
  private readonly idTable: Int32Array;
  /** The list orders recorded so far, by name (decision 0063). */
  private readonly listOrders = new Map<string, ListOrder>();
  private readonly tuning: BaseTuning;
  private readonly checkpoint: number;

  /**
   * @param rows the published projects
   * @param ids their ids, 16 bytes each in the same order (see {@link IdList})
   * @param tuning how the base trades memory for work ({@link BaseTuning}; defaults: the constants
   *   of this module)
   */
  constructor(readonly rows: Segment, private readonly ids: IdList, slots: Slots, tuning: Partial<BaseTuning> = {}) {
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
    this.checkpoint = this.tuning.checkpoint;
    this.width = slots.size;
    this.idTable = ids.table();
    const slotOrder = (column: Uint32Array | null): Order => {
      const { rows: sorted, start } = column ? countingSort(column, rows.n, this.width) : termPostings(rows, this.width);
      return { rows: sorted, start, prefix: this.prefixes(sorted) };
    };
    const rangeOrder = (column: Float64Array | Int32Array, none: number): Order => {
      const have: number[] = [];
      for (let i = 0; i < rows.n; i++) if (!(column[i] === none || Number.isNaN(column[i]))) have.push(i);
      const sorted = Uint32Array.from(have).sort((a, b) => column[a]! - column[b]!);
      return { rows: sorted, prefix: this.prefixes(sorted) };
    };
    this.orders = {
      status: slotOrder(rows.status),
      region: slotOrder(rows.region),
      country: slotOrder(rows.country),
      type: slotOrder(rows.type),
      term: slotOrder(null),
      year: rangeOrder(rows.year, NO_YEAR),
      usd: rangeOrder(rows.usd, NaN),
      amount: rangeOrder(rows.amount, NaN),
    };
    for (const [first, second] of PAIRS) this.pairs.set(`${first}|${second}`, this.pairOrder(first, second));
  }

  /** The column `dim` of the base's rows, as numbers (slots, years or values). */
  private column(dim: Exclude<Primary, 'term'> | Secondary): Uint32Array | Int32Array | Float64Array {
    return this.rows[dim];
  }

  /**
   * The pair order of `first` and `second`: the single order of `second` (already sorted by it)
   * distributed by the key of `first`, so each key's rows stay sorted by `second`. Rows without
   * either value are left out (no filter on that column can match them).
   */
  private pairOrder(first: Primary, second: Secondary): Order & { start: Uint32Array } {
    const source = this.orders[second].rows;
    if (first === 'term') return this.termPairOrder(source);
    const key = this.column(first);
    const value = this.column(second);
    const keys = first === 'year' ? YEAR_KEYS : this.width;
    const keyOf = (i: number) => (first === 'year' ? (key[i] === NO_YEAR ? -1 : key[i]! - FIRST_YEAR) : key[i] === 0 ? -1 : key[i]!);
    const kept = (i: number) => second === 'year' || second === 'amount' || value[i] !== 0; // the value orders hold no nulls
    const start = new Uint32Array(keys + 1);
    for (let p = 0; p < source.length; p++) {
      const i = source[p]!;
      const k = keyOf(i);
      if (k >= 0 && kept(i)) start[k + 1]!++;
    }
    for (let k = 0; k < keys; k++) start[k + 1]! += start[k]!;
    const next = start.slice(0, keys);
    const sorted = new Uint32Array(start[keys]!);
    for (let p = 0; p < source.length; p++) {
      const i = source[p]!;
      const k = keyOf(i);
      if (k >= 0 && kept(i)) sorted[next[k]!++] = i;
    }
    return { rows: sorted, start, prefix: this.prefixes(sorted) };
  }

  /**
   * The pair order of the terms and the column `source` is sorted by (a year or value order, which
   * holds only rows with a value): each row of `source` under each term it carries, in the order of
   * `source` within a term (decision 0068: a term and a range, counted from prefix differences).
   */
  private termPairOrder(source: Uint32Array): Order & { start: Uint32Array } {
    const { rows, start } = termPostings(this.rows, this.width, source);
    return { rows, start, prefix: this.prefixes(rows) };
  }

  /**
   * The slices of the pair order of `a` and `b` (`a` first) that hold exactly the rows matching both;
   * `undefined` without that order, or when `a` is a set of several terms (a row carrying two of them
   * stands under both: its slices would hold it twice).
   */
  private pairSlices(a: Condition, b: Condition): Slice[] | undefined {
    const order = this.pairs.get(`${a.dim}|${b.dim}`);
    if (!order || (a.dim === 'term' && a.keys!.length !== 1)) return undefined;
    const keys = a.keys ?? yearKeys(a.range!);
    const value = this.column(b.dim as Secondary);
    const ranges: [number, number][] = b.keys ? b.keys.map((k) => [k, k]) : [b.range!];
    const out: Slice[] = [];
    for (const k of keys) {
      if (k + 1 >= order.start.length) continue; // a slot newer than the base: no row of it here
      const begin = order.start[k]!;
      const end = order.start[k + 1]!;
      if (begin === end) continue;
      for (const [lo, hi] of ranges) {
        const from = boundBy(order.rows, begin, end, value, lo, false);
        const to = boundBy(order.rows, from, end, value, hi, true);
        if (to > from) out.push([order, from, to]);
      }
    }
    return out;
  }

  /**
   * The base's rows carrying any term of `set`, as a bit set (bit `i & 31` of word `i >>> 5` for
   * row i): each term's set is made from its postings once and kept with the base (at a million
   * projects 122 KiB a term); a set of several is their union, made for the call.
   */
  private termBits(set: readonly number[]): Uint32Array {
    const one = (s: number): Uint32Array => {
      let bits = this.termBitSets.get(s);
      if (!bits) {
        bits = new Uint32Array((this.rows.n + 31) >>> 5);
        const { rows, start } = this.orders.term;
        // A slot newer than the base's orders has no row here.
        if (s < this.width) for (let p = start![s]!, end = start![s + 1]!; p < end; p++) bits[rows[p]! >>> 5]! |= 1 << (rows[p]! & 31);
        this.termBitSets.set(s, bits);
      }
      return bits;
    };
    if (set.length === 1) return one(set[0]!);
    const union = new Uint32Array((this.rows.n + 31) >>> 5);
    for (const s of set) {
      const bits = one(s);
      for (let w = 0; w < union.length; w++) union[w]! |= bits[w]!;
    }
    return union;
  }

  /** The row of project `id` in this base, or -1. */
  rowOf(id: string): number {
    return this.ids.find(this.idTable, id);
  }

  /** The id of row `row`, as 32 hexadecimal digits (a uuid without its dashes). */
  idOf(row: number): string {
    return this.ids.hexAt(row);
  }

  /**
   * The facet counts of the rows matching `filter`, indexed by slot (at least `slots.size` long):
   * the base's rows except `tombstones`, plus the matching rows of `extra`.
   */
  count(filter: IndexFilter, slots: Slots, tombstones: readonly number[], extra: Segment): Int32Array {
    const counts = new Int32Array(slots.size);
    const conditions = this.compile(filter);
    if (conditions === null) return counts;
    this.countBase(counts, conditions);
    const inBase = allOf(conditions.map((c) => c.on(this.rows)));
    for (const t of tombstones) if (inBase(t)) this.rows.add(counts, t, -1);
    const inExtra = allOf(conditions.map((c) => c.on(extra)));
    for (let i = 0; i < extra.n; i++) if (inExtra(i)) extra.add(counts, i, 1);
    return counts;
  }

  /**
   * The base rows' counts: the condition with the fewest rows that is a slice drives; alone, its
   * slices are summed from the prefix counts; with others, its rows are marked in a bit set and
   * read back in ascending row order, each tested and the matching ones counted. In row order a
   * row's columns are read from memory in order, where the driver's own order reads them anywhere:
   * at a million projects 14 ns a row counted against 174 (decision 0068).
   */
  private countBase(counts: Int32Array, conditions: Condition[]): void {
    const { slices, rest } = this.driver(conditions);
    if (rest.length === 0) {
      for (const s of slices) this.addSlice(counts, s);
      return;
    }
    const seg = this.rows;
    const test = allOf(rest.map((c) => c.on(seg)));
    const bits = this.bitsOfSlices(slices);
    countWork.tested += sliceSize(slices);
    for (let w = 0; w < bits.length; w++) {
      for (let word = bits[w]!; word !== 0; word &= word - 1) {
        const i = (w << 5) + (31 - Math.clz32(word & -word));
        if (test(i)) seg.add(counts, i, 1);
      }
    }
  }

  /**
   * The driver of `conditions`: the fewest rows that hold every match, as one condition's slices or
   * two conditions' slices of a pair order (every base row when no condition is a slice), and the
   * conditions its rows must still be tested against. With `covers`, a condition's cover may drive
   * too: its slices may then hold a row twice (for a list window, never for a count).
   */
  private driver(conditions: Condition[], { covers = false } = {}): { slices: Slice[]; rest: Condition[]; size: number } {
    let slices: Slice[] = [[this.orders.status, 0, this.rows.n]];
    let covered: Condition[] = [];
    let size = this.rows.n + 1;
    const consider = (candidate: Slice[] | undefined, covers: Condition[]) => {
      const n = candidate ? sliceSize(candidate) : Infinity;
      if (n < size) [slices, covered, size] = [candidate!, covers, n];
    };
    for (const a of conditions) {
      consider(a.slices ?? (covers ? a.cover : undefined), [a]);
      for (const b of conditions) if (a !== b) consider(this.pairSlices(a, b), [a, b]);
    }
    return { slices, rest: conditions.filter((c) => !covered.includes(c)), size: sliceSize(slices) };
  }

  /**
   * Records the list order `name` (decision 0063): the base's rows in that order, as the database
   * ordered them. A row left out of it is never returned by {@link BaseIndex.window}; the store
   * leaves out only rows that changed since the base (tombstoned, so never returned anyway).
   * @param rowsInOrder base row numbers, each at most once
   */
  setListOrder(name: string, rowsInOrder: Uint32Array): void {
    const rank = new Uint32Array(this.rows.n).fill(UNRANKED);
    for (let p = 0; p < rowsInOrder.length; p++) rank[rowsInOrder[p]!] = p;
    this.listOrders.set(name, { rows: rowsInOrder, rank, zones: zonesOf(this.rows, rowsInOrder, this.tuning.zonePlaces) });
  }

  /** The bytes the recorded list orders hold (their rows and places, 8 a project per order, and their zones' bounds, 48 a zone). */
  get listOrderBytes(): number {
    let n = 0;
    for (const o of this.listOrders.values()) {
      n += o.rows.byteLength + o.rank.byteLength;
      for (const c of ['year', 'usd', 'amount'] as const) n += o.zones.min[c].byteLength + o.zones.max[c].byteLength;
    }
    return n;
  }

  /** Whether the list order `name` is recorded. */
  hasListOrder(name: string): boolean {
    return this.listOrders.has(name);
  }

  /**
   * The first `k` rows of the base matching `filter` in the list order `name`, none of them `dead`,
   * and every row of `extra` that matches (those have no place in the order: the caller orders them
   * with the base's rows in the database).
   *
   * The order is walked from its start, skipping the zones where a range of the filter cannot match
   * ({@link Zones}), in up to two stages, each bounded so that it costs at most about what the
   * reading of the driver's rows it may save costs (decisions 0063, 0067 and 0068):
   * - the first tests every condition on each place (a read of the row's columns anywhere in
   *   memory: 30 to 90 ns), while a sample of the driver's rows says the window should fill: for at
   *   most half as many places as the driver has rows, and at most `firstStage` ({@link BaseTuning}) when the
   *   driver has many rows (more than `sortedPlaces`), which then go to the second stage;
   * - the second marks the driver's rows in a bit set (1 bit a project) and goes on from where the
   *   first stopped, testing that bit first (the order's next place and a bit set that stays in the
   *   cache: about 15 ns a place) and the other conditions on the driver's rows only; taken when the
   *   sample says the window fills (or the order ends) within `placesPerDriverRow` places a
   *   driver row, and given that many.
   * When neither fills the window, the driver's rows are tested and the `k` with the lowest places
   * kept: few sorted, many marked in a bit set of the order's places and read from its start.
   * @returns row numbers of the base (in the order) and of `extra`; `undefined` when the order is not recorded
   */
  window(filter: IndexFilter, name: string, k: number, dead: Uint8Array | undefined, extra: Segment): { base: number[]; extra: number[] } | undefined {
    const order = this.listOrders.get(name);
    if (!order) return undefined;
    const conditions = this.compile(filter);
    if (conditions === null || k <= 0) return { base: [], extra: [] };
    const inExtra = allOf(conditions.map((c) => c.on(extra)));
    const extraRows: number[] = [];
    for (let i = 0; i < extra.n; i++) if (inExtra(i)) extraRows.push(i);
    const live = dead ? (i: number) => dead[i] !== 1 : () => true;
    // A cover may hold a row twice: the places below are kept once each.
    const { slices, rest, size } = this.driver(conditions, { covers: true });
    const test = allOf(rest.map((c) => c.on(this.rows)));
    const meets = zoneTest(order.zones, conditions);
    const zone = order.zones.size;
    const rows = order.rows;
    const zones = Math.ceil(rows.length / zone);
    const reachable = meets ? reachableRows(meets, rows.length, zone) : rows.length;
    // A driver of every reachable place: the first stage walks them all.
    const whole = size >= reachable;
    const expected = whole ? reachable : Math.min(reachable, placesToFill(slices, size, test, k, reachable));
    const many = !whole && size > this.tuning.sortedPlaces;
    let steps = whole ? reachable : expected <= size / 2 ? Math.ceil(size / 2) : 0;
    if (many) steps = Math.min(steps, this.tuning.firstStage);
    const walked: number[] = [];
    // The next place to test: place p of zone z.
    let z = 0;
    let p = 0;
    if (steps > 0) {
      const all = allOf(conditions.map((c) => c.on(this.rows)));
      let tested = 0;
      for (; z < zones && tested < steps && walked.length < k; z++) {
        if (meets && !meets(z)) continue;
        const end = Math.min((z + 1) * zone, rows.length);
        for (p = z * zone; p < end && tested < steps && walked.length < k; p++, tested++) {
          const i = rows[p]!;
          if (all(i) && live(i)) walked.push(i);
        }
        if (p < end) break; // stopped inside zone z
      }
      windowWork.tested += tested;
      if (walked.length === k || z >= zones || whole) return { base: walked, extra: extraRows };
    }
    const budget = size * this.tuning.placesPerDriverRow;
    let inDriver: Uint32Array | undefined;
    if (many && expected < budget) {
      inDriver = this.bitsOfSlices(slices);
      let passed = 0;
      for (; z < zones && walked.length < k && passed < budget; z++) {
        if (meets && !meets(z)) continue;
        const end = Math.min((z + 1) * zone, rows.length);
        if (p < z * zone) p = z * zone;
        for (; p < end && walked.length < k && passed < budget; p++, passed++) {
          const i = rows[p]!;
          if ((inDriver[i >>> 5]! & (1 << (i & 31))) !== 0 && test(i) && live(i)) walked.push(i);
        }
        if (p < end) break;
      }
      windowWork.tested += passed;
      if (walked.length === k || z >= zones) return { base: walked, extra: extraRows };
    }
    windowWork.tested += size;
    // Else the driver's matching rows by their places in the order, each place once (a cover may
    // hold a row twice): few are sorted; many are marked in a bit set of the order's places, read
    // from the start until the window is full (no sort of hundreds of thousands of places).
    const base: number[] = [];
    const { rank } = order;
    if (size <= this.tuning.sortedPlaces) {
      const places = new Uint32Array(size);
      let n = 0;
      for (const [o, from, to] of slices) {
        for (let q = from; q < to; q++) {
          const i = o.rows[q]!;
          if (test(i) && live(i) && rank[i] !== UNRANKED) places[n++] = rank[i]!;
        }
      }
      const sorted = places.subarray(0, n).sort();
      for (let q = 0; q < n && base.length < k; q++) if (q === 0 || sorted[q] !== sorted[q - 1]) base.push(rows[sorted[q]!]!);
      return { base, extra: extraRows };
    }
    // The driver's rows in ascending row order (see countBase), their places marked.
    inDriver ??= this.bitsOfSlices(slices);
    const marks = new Uint32Array((rows.length + 31) >>> 5);
    for (let w = 0; w < inDriver.length; w++) {
      for (let word = inDriver[w]!; word !== 0; word &= word - 1) {
        const i = (w << 5) + (31 - Math.clz32(word & -word));
        const r = rank[i]!;
        if (r !== UNRANKED && test(i) && live(i)) marks[r >>> 5]! |= 1 << (r & 31);
      }
    }
    for (let w = 0; w < marks.length && base.length < k; w++) {
      for (let word = marks[w]!; word !== 0 && base.length < k; word &= word - 1) base.push(rows[(w << 5) + (31 - Math.clz32(word & -word))]!);
    }
    return { base, extra: extraRows };
  }

  /**
   * The rows of `slices` as a bit set over the base's rows (bit `i & 31` of word `i >>> 5` for row
   * i), in one array this base reuses (a count or a window uses it to its end without yielding).
   */
  private bitsOfSlices(slices: readonly Slice[]): Uint32Array {
    if (this.driverBits.length === 0) this.driverBits = new Uint32Array((this.rows.n + 31) >>> 5);
    const bits = this.driverBits.fill(0);
    for (const [o, from, to] of slices) {
      const r = o.rows;
      for (let q = from; q < to; q++) bits[r[q]! >>> 5]! |= 1 << (r[q]! & 31);
    }
    return bits;
  }

  /** Adds the counts of `order.rows[from .. to)`: prefix differences, and the rows between checkpoints. */
  private addSlice(counts: Int32Array, [order, from, to]: Slice): void {
    const K = this.checkpoint;
    // The nearest checkpoints to either end: at most K / 2 rows to add or take away at each.
    const last = Math.floor(order.rows.length / K);
    const a = Math.min(Math.round(from / K), last);
    const b = Math.min(Math.round(to / K), last);
    if (a >= b) {
      this.rows.addRows(counts, order.rows, from, to, 1);
      return;
    }
    const w = this.width;
    const hi = b * w;
    const lo = a * w;
    for (let s = 0; s < w; s++) counts[s]! += order.prefix[hi + s]! - order.prefix[lo + s]!;
    if (a * K < from) this.rows.addRows(counts, order.rows, a * K, from, -1);
    else this.rows.addRows(counts, order.rows, from, a * K, 1);
    if (b * K > to) this.rows.addRows(counts, order.rows, to, b * K, -1);
    else this.rows.addRows(counts, order.rows, b * K, to, 1);
  }

  /** The prefix counts of an order (every checkpoint rows, starting with the empty prefix). */
  private prefixes(sorted: Uint32Array): Int32Array {
    const K = this.checkpoint;
    const w = this.width;
    const prefix = new Int32Array((Math.floor(sorted.length / K) + 1) * w);
    const running = new Int32Array(w);
    for (let p = 0; p < sorted.length; p++) {
      if (p % K === 0 && p > 0) prefix.set(running, (p / K) * w);
      this.rows.add(running, sorted[p]!, 1);
    }
    if (sorted.length % K === 0 && sorted.length > 0) prefix.set(running, (sorted.length / K) * w);
    return prefix;
  }

  /** The conditions of `filter`; `null` when a member can match nothing. */
  private compile(f: IndexFilter): Condition[] | null {
    const out: Condition[] = [];
    const slotsOf = (name: 'status' | 'region' | 'country' | 'type', set: number[] | undefined) => {
      if (!set) return true;
      if (set.length === 0) return false;
      const order = this.orders[name];
      const wanted = mask(set);
      out.push({
        dim: name,
        keys: set,
        on: (seg) => {
          const column = seg[name];
          return (i) => wanted[column[i]!] === 1;
        },
        slices: set.map((s): Slice => (s < this.width ? [order, order.start![s]!, order.start![s + 1]!] : [order, 0, 0])),
      });
      return true;
    };
    if (!slotsOf('status', f.status) || !slotsOf('region', f.region) || !slotsOf('country', f.country) || !slotsOf('type', f.type)) return null;
    for (const set of f.terms ?? []) {
      if (set.length === 0) return null;
      const wanted = mask(set);
      const order = this.orders.term;
      const postings = (s: number): Slice => (s < this.width ? [order, order.start![s]!, order.start![s + 1]!] : [order, 0, 0]);
      out.push({
        dim: 'term',
        keys: set,
        on: (seg) => {
          if (seg === this.rows) {
            // The base's rows: one bit each (a row's terms, looped over, cost several reads a test).
            const bits = this.termBits(set);
            return (i) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
          }
          const { termStart, terms } = seg;
          return (i) => {
            for (let j = termStart[i]!, end = termStart[i + 1]!; j < end; j++) if (wanted[terms[j]!] === 1) return true;
            return false;
          };
        },
        // One term's postings are exactly its rows; a row can carry two terms of a larger set, so
        // the postings of a larger set only cover its rows (a slug that is a topic and a tag).
        ...(set.length === 1 ? { slices: [postings(set[0]!)] } : { cover: set.map(postings) }),
      });
    }
    const range = (name: 'year' | 'usd' | 'amount', lo: number | undefined, hi: number | undefined) => {
      if (lo === undefined && hi === undefined) return;
      const min = lo ?? -Infinity;
      const max = hi ?? Infinity;
      const order = this.orders[name];
      // The range orders hold only the rows with a value, sorted by it.
      const column = this.rows[name];
      const from = boundBy(order.rows, 0, order.rows.length, column, min, false);
      const to = boundBy(order.rows, from, order.rows.length, column, max, true);
      out.push({
        dim: name,
        range: [min, max],
        on: (seg) => {
          if (name === 'year') {
            const years = seg.year;
            return (i) => { const v = years[i]!; return v !== NO_YEAR && v >= min && v <= max; };
          }
          const column = seg[name];
          return (i) => { const v = column[i]!; return v >= min && v <= max; }; // NaN fails both
        },
        slices: [[order, from, to]],
      });
    };
    range('year', f.yearFrom, f.yearTo);
    range('usd', f.usdMin, undefined);
    range('amount', f.amountMin, f.amountMax);
    for (const { base, extra } of f.rows ?? []) {
      if (base.length === 0 && !extra.includes(1)) return null;
      const inBase = bitsOf(base, this.rows.n);
      // The set's own order: its rows, and their prefix counts (made on first use: only a count
      // the set drives reads them, never a list window).
      let prefix: Int32Array | undefined;
      const prefixes = () => (prefix ??= this.prefixes(base));
      const order: Order = { rows: base, get prefix() { return prefixes(); } };
      out.push({
        dim: 'rows',
        on: (seg) => (seg === this.rows ? (i) => (inBase[i >>> 5]! & (1 << (i & 31))) !== 0 : (i) => extra[i] === 1),
        slices: [[order, 0, base.length]],
      });
    }
    return out;
  }
}

/**
 * The base rows list windows have tested in this process ({@link BaseIndex.window}: the rows a walk
 * tested, plus the driver's rows when it falls back to them), for tests and the bench.
 */
export const windowWork = { tested: 0 };

/**
 * The base rows counts have tested one by one in this process ({@link BaseIndex.count}: the
 * driver's rows when other conditions remain; none when its slices are summed from prefix counts),
 * for tests and the bench.
 */
export const countWork = { tested: 0 };

/** The driver's rows a walk's estimate tests at most ({@link placesToFill}). */
const WALK_SAMPLE = 256;
/** Up to this many driver rows, a window's places are sorted; beyond, the driver's rows are a bit set the walk tests ({@link BaseIndex.window}). */
export const SORTED_PLACES = 16384;
/** The places a list window's first stage tests at most when its driver has many rows ({@link BaseIndex.window}). */
export const FIRST_STAGE = 4096;
/**
 * The places a list window's second stage walks at most for each row of its driver
 * ({@link BaseIndex.window}): marking a driver row, testing it in row order and marking its place
 * cost about 1.2 places walked (`bench/window-costs.ts`: 18.6 ns a row, 15.2 ns a place, at a
 * million rows); the walk is given a little more since it stops at the window's last match, where
 * the driver's rows are all read.
 */
export const PLACES_PER_DRIVER_ROW = 2;

/** The tuning of a base by default. */
export const DEFAULT_TUNING: BaseTuning = { checkpoint: CHECKPOINT, sortedPlaces: SORTED_PLACES, zonePlaces: ZONE, firstStage: FIRST_STAGE, placesPerDriverRow: PLACES_PER_DRIVER_ROW };

/**
 * How many places of a list order of `orderRows` places a walk takes to find `k` matches, as a
 * sample of the driver's rows (spread over all of them) says: the share that pass `test`, times
 * `size`, estimates the matches; if they are spread over the order as anywhere else, `k` of them
 * take `k * orderRows / matches` places. `Infinity` when the sample has no match. Only the cost
 * of a window depends on this, never its rows.
 */
function placesToFill(slices: readonly Slice[], size: number, test: (i: number) => boolean, k: number, orderRows: number): number {
  const stride = Math.max(1, Math.floor(size / WALK_SAMPLE));
  let sampled = 0;
  let hits = 0;
  let skip = 0;
  for (const [order, from, to] of slices) {
    let p = from + skip;
    for (; p < to; p += stride) {
      sampled++;
      if (test(order.rows[p]!)) hits++;
    }
    skip = p - to;
  }
  return hits === 0 ? Infinity : (k * orderRows) / ((hits / sampled) * size);
}

/**
 * Whether zone z of a list order can hold a row meeting every range of `conditions`; `undefined`
 * when no condition is a range (every zone can).
 */
function zoneTest({ min, max }: Zones, conditions: readonly Condition[]): ((z: number) => boolean) | undefined {
  const tests = conditions.flatMap((c) => {
    if (!c.range || (c.dim !== 'year' && c.dim !== 'usd' && c.dim !== 'amount')) return [];
    const [lo, hi] = c.range;
    const zmin = min[c.dim];
    const zmax = max[c.dim];
    return [(z: number) => zmax[z]! >= lo && zmin[z]! <= hi];
  });
  return tests.length ? allOf(tests) : undefined;
}

/** The places of an order of `n` places in the zones of `size` places that `meets` accepts. */
function reachableRows(meets: (z: number) => boolean, n: number, size: number): number {
  let rows = 0;
  for (let z = 0, zones = Math.ceil(n / size); z < zones; z++) if (meets(z)) rows += Math.min(size, n - z * size);
  return rows;
}

/**
 * The bit sets of row lists already asked for: a common word's postings live as long as their base,
 * and each request would otherwise mark its rows again (a word in every project: a million writes).
 */
const BITS = new WeakMap<Uint32Array, Uint32Array>();

/** The rows `rows` (each below `n`) as a bit set: bit `i & 31` of word `i >>> 5` is set for row i. */
function bitsOf(rows: Uint32Array, n: number): Uint32Array {
  let bits = BITS.get(rows);
  if (!bits) {
    bits = new Uint32Array((n + 31) >>> 5);
    for (let p = 0; p < rows.length; p++) bits[rows[p]! >>> 5]! |= 1 << (rows[p]! & 31);
    BITS.set(rows, bits);
  }
  return bits;
}

/** A membership table of slots: `mask(set)[s] === 1` for the slots of `set`. */
function mask(set: readonly number[]): Uint8Array {
  const out = new Uint8Array(Math.max(...set) + 1);
  for (const s of set) out[s] = 1;
  return out;
}

/** The non-zero counts of `counts` as `(dimension, key, n)`, slot 0 left out. */
export function countsOf(counts: Int32Array, slots: Slots): FacetCount[] {
  const out: FacetCount[] = [];
  for (let s = 1; s < counts.length; s++) if (counts[s]! > 0) out.push({ dimension: slots.dimensions[s]!, key: slots.keys[s]!, n: counts[s]! });
  return out;
}

/**
 * Uuids packed 16 bytes each (four 32-bit words) in row order, grown as rows are added, and an
 * open-addressing hash table over them (row numbers, -1 empty) to find a row by id.
 */
export class IdList {
  private words = new Uint32Array(4 * 1024);
  private bytes = Buffer.from(this.words.buffer);
  n = 0;

  /** Appends an id given as 32 hexadecimal digits (a uuid without its dashes). */
  pushHex(hex: string): void {
    if ((this.n + 1) * 4 > this.words.length) {
      const words = new Uint32Array(this.words.length * 2);
      words.set(this.words);
      this.words = words;
      this.bytes = Buffer.from(words.buffer);
    }
    this.bytes.write(hex, this.n * 16, 16, 'hex');
    this.n++;
  }

  /** The id of `row` as 32 hexadecimal digits. */
  hexAt(row: number): string {
    return this.bytes.toString('hex', row * 16, row * 16 + 16);
  }

  /** The hash table of the ids: a power of two at least twice their number. */
  table(): Int32Array {
    let size = 16;
    while (size < this.n * 2) size *= 2;
    const table = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let row = 0; row < this.n; row++) {
      let at = hashWords(this.words, row * 4) & mask;
      while (table[at] !== -1) at = (at + 1) & mask;
      table[at] = row;
    }
    return table;
  }

  /** The row of `id` (a uuid, with or without dashes) through `table`, or -1. */
  find(table: Int32Array, id: string): number {
    const key = new Uint32Array(4);
    Buffer.from(key.buffer).write(id.replace(/-/g, ''), 0, 16, 'hex');
    const mask = table.length - 1;
    for (let at = hashWords(key, 0) & mask; ; at = (at + 1) & mask) {
      const row = table[at]!;
      if (row === -1) return -1;
      const w = row * 4;
      if (this.words[w] === key[0] && this.words[w + 1] === key[1] && this.words[w + 2] === key[2] && this.words[w + 3] === key[3]) return row;
    }
  }
}

function hashWords(words: Uint32Array, at: number): number {
  let h = Math.imul(words[at]! ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ words[at + 1]! ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ words[at + 2]! ^ (h >>> 16), 0x27d4eb2f);
  h = Math.imul(h ^ words[at + 3]! ^ (h >>> 15), 0x165667b1);
  return (h ^ (h >>> 16)) >>> 0;
}

function sliceSize(slices: readonly Slice[]): number {
  let n = 0;
  for (const [, from, to] of slices) n += to - from;
  return n;
}

/** Rows sorted by slot in O(n), with the start of each slot's rows. */
function countingSort(column: Uint32Array, n: number, width: number): { rows: Uint32Array; start: Uint32Array } {
  const start = new Uint32Array(width + 1);
  for (let i = 0; i < n; i++) start[column[i]! + 1]!++;
  for (let s = 0; s < width; s++) start[s + 1]! += start[s]!;
  const next = start.slice(0, width);
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) rows[next[column[i]!]!++] = i;
  return { rows, start };
}

/**
 * Each term slot's rows (a row once per term it carries), sorted by slot; within a slot in the
 * order of `source` (some rows of `seg`), or ascending without it (every row).
 */
function termPostings(seg: Segment, width: number, source?: Uint32Array): { rows: Uint32Array; start: Uint32Array } {
  const n = source ? source.length : seg.n;
  const { termStart, terms } = seg;
  const start = new Uint32Array(width + 1);
  for (let p = 0; p < n; p++) {
    const i = source ? source[p]! : p;
    for (let j = termStart[i]!, end = termStart[i + 1]!; j < end; j++) start[terms[j]! + 1]!++;
  }
  for (let s = 0; s < width; s++) start[s + 1]! += start[s]!;
  const next = start.slice(0, width);
  const rows = new Uint32Array(start[width]!);
  for (let p = 0; p < n; p++) {
    const i = source ? source[p]! : p;
    for (let j = termStart[i]!, end = termStart[i + 1]!; j < end; j++) rows[next[terms[j]!]!++] = i;
  }
  return { rows, start };
}

/** The year keys (year less 1900) of the inclusive range `[min, max]`, within the column's 1900–2200. */
function yearKeys([min, max]: [number, number]): number[] {
  const out: number[] = [];
  for (let y = Math.max(FIRST_YEAR, Math.ceil(min)); y <= Math.min(FIRST_YEAR + YEAR_KEYS - 1, Math.floor(max)); y++) out.push(y - FIRST_YEAR);
  return out;
}

/**
 * In `rows[from .. to)`, sorted by `value[row]`: the first position whose value is ≥ `v`
 * (`after` false) or > `v` (`after` true).
 */
function boundBy(rows: Uint32Array, from: number, to: number, value: Uint32Array | Int32Array | Float64Array, v: number, after: boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = value[rows[mid]!]!;
    if (x < v || (after && x === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
