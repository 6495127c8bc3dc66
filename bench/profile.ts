/**
 * Where the time of a request goes, statement by statement: each statement the app sends for the
 * first request of a scenario is run alone, sequentially, on one connection (median and p90 of a
 * number of runs, after a warm-up), then `EXPLAIN (ANALYZE, BUFFERS)` is written to a file.
 * A few variants that the domain does NOT run are timed too, to inform the analysis (bench/README.md):
 * the page with `count(*) OVER()` instead of a separate count, and the search page without ranking.
 */
import { SEARCH_PAGE_SQL, SQL, type Query } from './baseline.js';
import { canonicalSql, headOf, type Statement, type VerifiedRequest } from './verify.js';

/** The timing of one statement. */
export interface StatementTiming {
  scenario: string;
  label: string;
  /** `true` for a what-if the app does not run. */
  variant: boolean;
  medianMs: number;
  p90Ms: number;
  rows: number;
  sql: string;
}

interface Labelled extends Statement {
  label: string;
  variant: boolean;
}

const RUNS = 20;
const WARMUP = 3;

/** Names the app's statements by what they are. */
function label(statement: Statement): string {
  const sql = canonicalSql(statement.sql);
  const is = (text: string) => sql === canonicalSql(text);
  if (is(SQL.listIds)) return 'page of ids';
  if (is(SEARCH_PAGE_SQL)) return 'ranked page with total and views';
  if (is(SQL.listCount) || is(SQL.searchCount)) return 'count';
  if (is(SQL.views)) return 'views of the page';
  if (/from api_keys/.test(sql)) return 'auth: API key → identity';
  if (/usage_counters/.test(sql)) return 'quota: charge one request';
  return headOf(statement.sql, 40);
}

/** `select a.id …` with the exact total alongside every row. */
function withWindowCount(sql: string): string {
  const out = sql.replace(/^select a\.id /, 'select a.id, count(*) over()::int as total ');
  if (out === sql) throw new Error('bench/profile.ts: cannot derive the count(*) OVER() variant');
  return out;
}

/** The statements to time for one verified request: the app's, in the order it sent them, then the variants. */
function statementsOf(request: VerifiedRequest): Labelled[] {
  const app = request.appStatements.map((s) => ({ ...s, label: label(s), variant: false }));
  const page = request.baselineStatements.find((s) => s.sql === SQL.listIds || s.sql === SEARCH_PAGE_SQL);
  const variants: Labelled[] = [];
  if (page) {
    if (page.sql === SQL.listIds) variants.push({ label: 'page + count(*) OVER()', variant: true, sql: withWindowCount(page.sql), params: page.params });
    if (page.sql === SEARCH_PAGE_SQL) {
      // The search page carries its total already (count(*) over ()). What the count would cost apart:
      const [, statuses, kinds, q, limit, offset] = page.params;
      variants.push({ label: 'separate count', variant: true, sql: SQL.searchCount, params: [statuses, kinds, q] });
      // Same filter and window, newest first: what ranking costs.
      variants.push({
        label: 'page without ts_rank',
        variant: true,
        sql: `select a.id from articles a join editions e on e.id = a.edition_id
               where e.status in ($1) and a.kind in ($2) and a.search_vector @@ websearch_to_tsquery('english', $3)
               order by e.publish_date desc, a.sort_order, a.id limit $4 offset $5`,
        params: [statuses, kinds, q, limit, offset],
      });
    }
  }
  return [...app, ...variants];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * Times the statements of each scenario's first request on `query` (one connection).
 * @returns the timings and the EXPLAIN ANALYZE text of every statement
 */
export async function profileStatements(
  query: Query,
  scenarios: { name: string; request: VerifiedRequest }[],
): Promise<{ timings: StatementTiming[]; explain: string }> {
  const timings: StatementTiming[] = [];
  let explain = '';
  for (const { name, request } of scenarios) {
    for (const s of statementsOf(request)) {
      let rows = 0;
      for (let i = 0; i < WARMUP; i++) rows = (await query(s.sql, [...s.params])).length;
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await query(s.sql, [...s.params]);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      timings.push({ scenario: name, label: s.label, variant: s.variant, medianMs: percentile(ms, 0.5), p90Ms: percentile(ms, 0.9), rows, sql: s.sql });
      const plan = await query(`explain (analyze, buffers) ${s.sql}`, [...s.params]);
      explain +=
        `==== ${name} (${request.path}): ${s.label}${s.variant ? ' [variant, not run by the app]' : ''}\n` +
        `${s.sql.trim()}\n-- params: ${JSON.stringify(s.params)}\n\n` +
        plan.map((r) => String(Object.values(r)[0])).join('\n') +
        '\n\n';
    }
  }
  return { timings, explain };
}
