/**
 * The common words' postings (migrations 0030 and 0031, decision 0061): for each lexeme that many
 * published articles contain, and each two- or three-word phrase of such lexemes that as many
 * contain, a row for each of its first matches with its `ts_rank` for that word (or phrase) alone,
 * indexed in the search's order, so that a one-word query for a common word, or a quoted phrase of
 * two or three of them, reads its first page off an index instead of ranking every match
 * (bench/README.md, "Common words read from their postings", "Common phrases too", "Phrases of
 * three").
 *
 * The postings of a listed word (`search_common_words`) hold exactly the published articles that
 * contain it and sort, in the search's order (rank for the word alone, edition date, order in the
 * edition, id), at or before its floor: a trigger on `article_search` rewrites an article's postings
 * with every change of its row, and this module chooses floors and adds, rebuilds and drops words
 * under a SHARE lock on `article_search`, so no write slips between the two. Which words are
 * listed, and their floors, only decide which queries take the fast path, never their answer.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
// A type-only import: the jobs' index reaches the newsletter, which imports articles (no cycle at run time).
import type { JobHandler } from '../jobs/index.js';

/**
 * A lexeme gets postings when at least this many published articles contain it: ranking that many
 * matches costs about 5 ms alone (about 1 µs a match, bench/README.md), below which the GIN index
 * and ranking are fast enough and postings would only cost space.
 */
export const COMMON_WORD_MIN_ARTICLES = 5_000;

/** The job kind of the daily refresh of the common words. */
export const REFRESH_COMMON_WORDS_JOB = 'search.refresh-common-words';

/**
 * The first this many matches of each common word, in the search's order, are kept when its floor
 * is chosen: the first page and the next ones to about the thousandth match come off the postings.
 */
export const POSTINGS_PER_WORD = 1_000;

/** What {@link refreshCommonWords} changed. */
export interface CommonWordsReport {
  /** Lexemes that got postings, with the number of published articles that contain each (estimated on a larger archive). */
  added: { lexeme: string; articles: number }[];
  /** Lexemes already listed whose floor and postings were built again. */
  rebuilt: number;
  /**
   * Lexemes whose postings were dropped: now in fewer than half the threshold's articles, or their
   * query matches no published article (a stemmed compound such as `public-priv`, whose parts stem
   * otherwise inside the compound: `'public-priv' <-> 'public' <-> 'priv'` against `privat`).
   */
  dropped: string[];
  /** Lexemes listed after the refresh. */
  words: number;
  /** Posting rows after the refresh. */
  postings: number;
}

/** Options of {@link refreshCommonWords}. */
export interface RefreshCommonWordsOptions {
  /** The threshold (default {@link COMMON_WORD_MIN_ARTICLES}); a word is dropped below half of it. */
  minArticles?: number | undefined;
  /** Rows read for the statistics when the archive is larger (default {@link WORD_STATISTICS_SAMPLE_ROWS}). */
  sampleRows?: number | undefined;
  /** Rows read for the phrases' statistics when the archive is larger (default {@link PHRASE_STATISTICS_SAMPLE_ROWS}). */
  phraseSampleRows?: number | undefined;
  /** Best-ranked articles kept per word (default {@link POSTINGS_PER_WORD}). */
  postingsPerWord?: number | undefined;
  /** Stops between words when aborted (what was done stays done and consistent). */
  signal?: AbortSignal | undefined;
  /**
   * Called after each word added, rebuilt or dropped, or skipped (chosen by its statistics, but its
   * query matches no published article), for progress output.
   */
  onWord?: ((lexeme: string, change: 'added' | 'rebuilt' | 'dropped' | 'skipped', done: number, total: number) => void) | undefined;
}

/**
 * How many published articles were read to count the words' articles: on a larger archive a
 * sample of its pages (`TABLESAMPLE SYSTEM … REPEATABLE`, the same pages each time while the
 * table's layout holds) of about this many rows, so that the statistics take
 * about a second at any size (an exact `ts_stat` takes 1.3 s at 100 000 articles, and the worker's
 * statements are bounded by `DB_STATEMENT_TIMEOUT_MS`). Which words are common only decides which
 * queries read postings, so an estimate is enough.
 */
export const WORD_STATISTICS_SAMPLE_ROWS = 100_000;

/**
 * The percentage of `article_search`'s pages to sample for about `sampleRows` rows (100: all of
 * them), and the factor that scales a count in the sample back to the whole, from the planner's
 * row estimate (0 or -1 before the first ANALYZE: then every row is read).
 */
async function samplePercent(db: Kysely<DB>, sampleRows: number): Promise<{ percent: number; scale: number }> {
  const { rows: size } = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class where oid = 'article_search'::regclass`.execute(db);
  const estimate = Number(size[0]?.rows ?? 0);
  const percent = estimate > sampleRows ? (100 * sampleRows) / estimate : 100;
  return { percent, scale: 100 / percent };
}

/**
 * The lexemes of letters and digits, or hyphenated compounds of them, in at least `atLeast`
 * published articles (estimated from a sample on a larger archive:
 * {@link WORD_STATISTICS_SAMPLE_ROWS}), with that number.
 */
async function wordStatistics(db: Kysely<DB>, atLeast: number, sampleRows: number): Promise<{ word: string; ndoc: number }[]> {
  const { percent, scale } = await samplePercent(db, sampleRows);
  // ts_stat takes the text of its query; the percentage is a number written out, never input.
  const source = `select search_vector from article_search${percent < 100 ? ` tablesample system (${percent.toFixed(4)}) repeatable (0)` : ''} where edition_status = 'published' and kind = 'article'`;
  const { rows } = await sql<{ word: string; ndoc: number }>`
    select word, ndoc from ts_stat(${source})
     where ndoc * ${scale}::float8 >= ${atLeast} and word ~ '^[[:alnum:]]+(-[[:alnum:]]+)*$'`.execute(db);
  return rows.map((r) => ({ word: r.word, ndoc: Math.round(r.ndoc * scale) }));
}

/**
 * How many published articles are read to count the phrases: a smaller sample than the
 * words' (each article's positions of the common words are joined with themselves: 2.2 s for
 * 10 000 articles of the synthetic archive, within the worker's 5 s statement bound only on a
 * quiet machine), about two seconds at any size (1.7–2.0 s with the phrases of three and the
 * compounds, 2026-12-07); at the threshold of 5 000 articles in a million, a
 * phrase at the threshold is seen about 25 times in the sample.
 */
export const PHRASE_STATISTICS_SAMPLE_ROWS = 5_000;

/**
 * One counted phrase (or compound) of {@link phraseStatistics}: its key (its words' lexemes, space
 * separated: `intern airport`, `includ net-zero`), the tsquery text a quoted phrase of those words
 * gives (`'includ' <-> 'net-zero' <-> 'net' <-> 'zero'`), and the published articles that contain
 * it, estimated.
 */
interface PhraseStatistic { word: string; query: string; ndoc: number }

/**
 * The two- and three-word phrases of `words` (lexemes of letters and digits, or hyphenated
 * compounds of them: a phrase in `atLeast` articles has each of its words in as many) in at least
 * `atLeast` published articles, and the query of each compound of `words`, estimated from a
 * sample of about `sampleRows` articles and counted from positions, as phrase queries match:
 * - a word is a lexeme at one position, or a compound followed by each of its parts at the next
 *   positions (`net-zero` at p, `net` at p + 1, `zero` at p + 2: what the text `net-zero` gives).
 *   A compound's query is the compound and its parts as a phrase (`'net-zero' <-> 'net' <-> 'zero'`),
 *   read from the positions, since its lexeme is not always its parts' stems joined (`duty-fre`
 *   has the parts `duti` and `free`); a compound with a part at no position (a stop word:
 *   `state-of-the-art`) or a part not among `words` is no word here;
 * - a phrase is two or three words side by side (each word at the position after the last of the
 *   one before), its query their queries joined by `<->`, its key their lexemes;
 * - a three-word phrase is counted only where both of its two-word phrases are themselves in
 *   `atLeast` articles (a phrase is in no more articles than any part of it), and its words may
 *   repeat only apart (`a b a`, not `a a b`), as a two-word phrase's words never repeat.
 * @returns the phrases (key with a space) in at least `atLeast` articles, and every compound seen
 *   (key without a space) whatever its count
 */
async function phraseStatistics(db: Kysely<DB>, atLeast: number, sampleRows: number, words: string[]): Promise<PhraseStatistic[]> {
  const listed = words.filter((w) => /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u.test(w));
  if (listed.length < 1) return [];
  const { percent, scale } = await samplePercent(db, sampleRows);
  const sample = percent < 100 ? sql.raw(` tablesample system (${percent.toFixed(4)}) repeatable (0)`) : sql``;
  // The CTEs' row estimates are guesses (a materialized CTE has no statistics): at 1 % of them, the
  // planner joined the phrases of three by a nested loop over every pair of rows (24 million tests
  // for a sample of 500 articles); the joins are equalities, so hash and merge joins are forced.
  const rows = await db.transaction().execute(async (trx) => {
    await sql`set local enable_nestloop = off`.execute(trx);
    return (await sql<PhraseStatistic>`
    with d as (
      select row_number() over () as doc, search_vector from article_search${sample}
       where edition_status = 'published' and kind = 'article'),
    t as materialized (
      select d.doc, u.lexeme, p.pos
        from d cross join lateral unnest(d.search_vector) u(lexeme, positions, weights)
        join unnest(${listed}::text[]) w(lexeme) on w.lexeme = u.lexeme
       cross join lateral unnest(u.positions) p(pos)),
    units as materialized (
      select doc, pos as first, pos as last, lexeme as key, quote_literal(lexeme) as query
        from t where strpos(lexeme, '-') = 0
      union all
      select c.doc, c.pos, c.pos + count(*)::int, c.lexeme,
             quote_literal(c.lexeme) || ' <-> ' || string_agg(quote_literal(p.lexeme), ' <-> ' order by p.pos)
        from t c join t p on p.doc = c.doc and p.pos > c.pos and p.pos <= c.pos + cardinality(string_to_array(c.lexeme, '-'))
       where strpos(c.lexeme, '-') > 0
       group by c.doc, c.pos, c.lexeme
      having count(*) = cardinality(string_to_array(c.lexeme, '-')) and count(distinct p.pos) = count(*)),
    pairs as materialized (
      select a.doc, a.first, b.first as second, a.key as k1, b.key as k2, a.query as q1, b.query as q2
        from units a join units b on b.doc = a.doc and b.first = a.last + 1
       where a.key <> b.key),
    common as materialized (
      select k1, k2, q1, q2, count(distinct doc)::int as ndoc
        from pairs group by 1, 2, 3, 4
      having count(distinct doc) * ${scale}::float8 >= ${atLeast}),
    kept as materialized (
      select p.* from pairs p join common c using (k1, k2, q1, q2))
    select k1 || ' ' || k2 as word, q1 || ' <-> ' || q2 as query, ndoc from common
    union all
    select a.k1 || ' ' || a.k2 || ' ' || b.k2, a.q1 || ' <-> ' || a.q2 || ' <-> ' || b.q2, count(distinct a.doc)::int
      from kept a join kept b on b.doc = a.doc and b.first = a.second and b.k1 = a.k2 and b.q1 = a.q2
     group by 1, 2
    having count(distinct a.doc) * ${scale}::float8 >= ${atLeast}
    union all
    select key, query, count(distinct doc)::int from units where strpos(key, '-') > 0 group by 1, 2`.execute(trx)).rows;
  });
  return rows.map((r) => ({ word: r.word, query: r.query, ndoc: Math.round(r.ndoc * scale) }));
}

/**
 * The tsquery (as text) that a query for `lexeme` alone gives:
 * - what the sample's positions showed for it (`counted`, {@link phraseStatistics}): for a phrase,
 *   its words' queries joined by `<->` (`'intern' <-> 'airport'`, what `"International Airport"`,
 *   quoted, gives; `'includ' <-> 'net-zero' <-> 'net' <-> 'zero'` for `"including net-zero"`);
 *   for a compound, the compound followed by its parts (`'duty-fre' <-> 'duti' <-> 'free'`, what
 *   `duty-free` gives);
 * - else, for a phrase, `undefined` (a phrase is only ever read from positions);
 * - for a word of letters and digits, the lexeme itself (not `websearch_to_tsquery` of it, which
 *   would stem the stem again: `expans` would become `expan`);
 * - for a compound the sample did not show, `websearch_to_tsquery` of it when that is the compound
 *   followed by its parts as a phrase (`'net-zero' <-> 'net' <-> 'zero'`), so that every match
 *   contains the compound lexeme (its anchor: the trigger finds an entry by a lexeme every match
 *   contains); else `undefined` (`duty-fre` gives `'duty-fr' <-> …`: not kept).
 */
async function queryOf(db: Kysely<DB>, lexeme: string, counted: ReadonlyMap<string, string>): Promise<string | undefined> {
  const seen = counted.get(lexeme);
  if (seen !== undefined) return seen;
  if (lexeme.includes(' ')) return undefined;
  if (!lexeme.includes('-')) return `'${lexeme}'`;
  const { rows } = await sql<{ q: string }>`select websearch_to_tsquery('english', ${lexeme})::text as q`.execute(db);
  const q = rows[0]?.q ?? '';
  return q.startsWith(`'${lexeme}' <-> `) && /^'[^']+'( <-> '[^']+')+$/.test(q) ? q : undefined;
}

/**
 * Chooses the common words again from the archive's statistics (`ts_stat` over the published
 * articles, or a sample of them on a larger archive) and builds their postings again:
 * - a lexeme in at least `minArticles` published articles gets postings; a listed one keeps them
 *   while in at least half of that (the gap keeps a word near the threshold from being added and
 *   dropped on alternate days) and loses them below;
 * - only lexemes of letters and digits, or hyphenated compounds of them, are chosen (what a
 *   one-word query can ask for: {@link queryOf}), and the two- and three-word phrases of such words
 *   (what a quoted phrase asks for: {@link phraseStatistics}), under the same threshold;
 * - each kept word's postings are rebuilt as its first `postingsPerWord` matches in the search's
 *   order and its floor set to the last of them (so that new articles and deletes since the last
 *   refresh are balanced again);
 * - each word is done in its own short transaction holding a SHARE lock on `article_search`
 *   (article writes wait for it, about a tenth of a second at 100 000 articles; reads do not).
 * Idempotent; safe to run from several processes at once (the lock orders them).
 * @returns what changed, and the words and postings kept afterwards
 */
export async function refreshCommonWords(ctx: Ctx, options: RefreshCommonWordsOptions = {}): Promise<CommonWordsReport> {
  const min = options.minArticles ?? COMMON_WORD_MIN_ARTICLES;
  const perWord = options.postingsPerWord ?? POSTINGS_PER_WORD;
  const db = ctx.db as Kysely<DB>;
  const words = await wordStatistics(db, Math.ceil(min / 2), options.sampleRows ?? WORD_STATISTICS_SAMPLE_ROWS);
  const phrases = await phraseStatistics(db, Math.ceil(min / 2), options.phraseSampleRows ?? PHRASE_STATISTICS_SAMPLE_ROWS, words.map((w) => w.word));
  // The phrases and the compounds' queries as the positions show them ({@link phraseStatistics}):
  // the commonest reading of each (a compound read with other parts elsewhere is a second reading
  // of the same key), and each phrase once, in that reading.
  const counted = new Map<string, string>();
  for (const p of [...phrases].sort((a, b) => b.ndoc - a.ndoc)) if (!counted.has(p.word)) counted.set(p.word, p.query);
  const stats = [...words, ...phrases.filter((p) => p.word.includes(' ') && counted.get(p.word) === p.query)];
  const { rows: listed } = await sql<{ lexeme: string }>`select lexeme from search_common_words`.execute(db);
  const current = new Set(listed.map((r) => r.lexeme));
  const kept: { word: string; ndoc: number; query: string }[] = [];
  for (const s of stats.filter((w) => w.ndoc >= min || current.has(w.word)).sort((a, b) => b.ndoc - a.ndoc || (a.word < b.word ? -1 : 1))) {
    const query = await queryOf(db, s.word, counted);
    if (query !== undefined) kept.push({ ...s, query });
  }
  const keptWords = new Set(kept.map((s) => s.word));
  const toDrop = [...current].filter((w) => !keptWords.has(w)).sort();
  const report: CommonWordsReport = { added: [], rebuilt: 0, dropped: [], words: 0, postings: 0 };
  const total = kept.length + toDrop.length;
  let done = 0;
  for (const { word, ndoc, query: text } of kept) {
    if (options.signal?.aborted) break;
    const listedNow = await db.transaction().execute(async (trx) => {
      await sql`lock table article_search in share mode`.execute(trx);
      const query = sql`${text}::tsquery`;
      await sql`delete from article_search_postings where lexeme = ${word}`.execute(trx);
      // The first perWord matches in the search's order; the last of them is the floor.
      await sql`
        insert into article_search_postings (lexeme, article_id, rank, publish_date, sort_order)
        select ${word}, s.article_id, ts_rank(s.search_vector, ${query}), s.publish_date, s.sort_order
          from article_search s
         where s.search_vector @@ ${query} and s.edition_status = 'published' and s.kind = 'article'
         order by 3 desc, s.publish_date desc, s.sort_order, s.article_id
         limit ${perWord}`.execute(trx);
      const floor = await sql<{ lexeme: string }>`
        insert into search_common_words (lexeme, anchor, query, floor_rank, floor_date, floor_sort_order, floor_article_id, articles, chosen_at)
        select ${word}, ${word.split(' ')[0]}, ${query}, p.rank, p.publish_date, p.sort_order, p.article_id, ${ndoc}, ${ctx.now()}
          from article_search_postings p where p.lexeme = ${word}
         order by p.rank, p.publish_date, p.sort_order desc, p.article_id desc
         limit 1
        on conflict (lexeme) do update
          set query = excluded.query, anchor = excluded.anchor, floor_rank = excluded.floor_rank, floor_date = excluded.floor_date, floor_sort_order = excluded.floor_sort_order,
              floor_article_id = excluded.floor_article_id, articles = excluded.articles, chosen_at = excluded.chosen_at
        returning lexeme`.execute(trx);
      // No posting, no floor: a query that matches nothing is not listed (and unlisted if it was).
      if (floor.rows.length === 0) await sql`delete from search_common_words where lexeme = ${word}`.execute(trx);
      return floor.rows.length > 0;
    });
    if (!listedNow) {
      if (current.has(word)) {
        report.dropped.push(word);
        options.onWord?.(word, 'dropped', ++done, total);
      } else {
        options.onWord?.(word, 'skipped', ++done, total);
      }
      continue;
    }
    if (current.has(word)) report.rebuilt++;
    else report.added.push({ lexeme: word, articles: ndoc });
    options.onWord?.(word, current.has(word) ? 'rebuilt' : 'added', ++done, total);
  }
  for (const word of toDrop) {
    if (options.signal?.aborted) break;
    await db.transaction().execute(async (trx) => {
      await sql`lock table article_search in share mode`.execute(trx);
      await sql`delete from search_common_words where lexeme = ${word}`.execute(trx);
      await sql`delete from article_search_postings where lexeme = ${word}`.execute(trx);
    });
    report.dropped.push(word);
    options.onWord?.(word, 'dropped', ++done, total);
  }
  report.dropped.sort();
  const { rows: sizes } = await sql<{ words: number; postings: number }>`
    select (select count(*) from search_common_words)::int as words, (select count(*) from article_search_postings)::int as postings`.execute(db);
  return { ...report, words: sizes[0]?.words ?? 0, postings: sizes[0]?.postings ?? 0 };
}

/**
 * The common word a text query asks for alone, if it has postings: the listed lexeme whose query
 * equals `websearch_to_tsquery('english', q)` (`operator`, `Operators` and `"operating"` all give
 * `'oper'`; `Net-Zero` gives the compound's phrase), else `undefined`.
 */
export async function commonWordOf(db: Kysely<DB>, q: string): Promise<string | undefined> {
  const { rows } = await sql<{ lexeme: string }>`
    select lexeme from search_common_words where query = websearch_to_tsquery('english', ${q})`.execute(db);
  return rows[0]?.lexeme;
}

/** The daily refresh of the common words (a new library's words become common as it grows). */
export function articleJobs(): JobHandler<never>[] {
  const refresh: JobHandler<Record<string, never>> = {
    kind: REFRESH_COMMON_WORDS_JOB, every: 86_400_000, maxAttempts: 3,
    run: async (ctx, _payload, job) => { await refreshCommonWords(ctx, { signal: job.signal }); },
  };
  return [refresh] as unknown as JobHandler<never>[];
}
