/**
 * Lists and facets of /v1/projects at 1 000 000 projects (issue 31): every filter and every sort
 * of `GET /v1/projects`, and `GET /v1/projects/facets`, each loaded with DISTINCT filter
 * combinations (the response cache is off as well) at 10 connections; prints the
 * `EXPLAIN (ANALYZE, BUFFERS)` plan of every statement of one request per scenario, then p50, p99
 * and MET / MISSED against p99 ≤ 100 ms per scenario. Plans also go to
 * bench/results/projects-scale-explain.txt, figures to bench/results/projects-scale.json.
 *
 *   # the data set (once; bench/README.md): a migrated PostgreSQL database with a million projects
 *   DATABASE_URL=postgres://…/scale airport-intel seed synthetic --projects 1000000
 *   BENCH_DATABASE_URL=postgres://…/scale npm run bench:projects-scale
 *
 * Knobs: SCALE_CONNECTIONS (10), SCALE_SECONDS per scenario (15), SCALE_VARIANTS distinct requests
 * per scenario (300), SCALE_TARGET_MS (100), SCALE_EXPLAIN=short (12 lines per plan on stdout;
 * the file always has them whole), SCALE_ONLY (a regular expression: the scenarios whose name
 * matches), SCALE_POOL (the service's PostgreSQL pool, default SCALE_CONNECTIONS; docs/deployment.md
 * "The connection budget" advises about twice the database's cores), SCALE_SOLO=N (before the
 * load, time the first N requests of each scenario one at a time and print the slowest three with
 * their plans: where the tail comes from), SCALE_LIST_INDEX=off (every list window read in SQL, as
 * before decision 0063, for a comparison on one machine), SCALE_PROFILE=DIR (a CPU profile of the
service's thread during each scenario's load, written to DIR as `<scenario>.cpuprofile`, for Chrome's
DevTools or `node bench/profile-summary.ts`). Without BENCH_DATABASE_URL: a smoke run on a throwaway
 * database of SCALE_SMOKE_PROJECTS (2 000) projects — its figures say nothing about the target.
 * Before anything is timed, the facet index (decision 0062) and its list orders (decision 0063) are
 * loaded (their time and memory are printed), and the answers to the first SCALE_VERIFY (20)
 * requests of every scenario with a filter are checked against the same operation in a transaction,
 * where the index is never used (counting and listing in SQL); a difference stops the bench. The
 * table says how many list windows of each scenario the index answered.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { projectParamsToFilter, type ProjectParams } from '../src/domain/projects/index.js';
import { facetIndexSettings, facetProjects, listProjectsForReader, PROJECT_SORTS, warmFacetIndex, warmProjectIndex, type ProjectSort } from '../src/domain/projects/index.js';
import { countWork } from '../src/domain/projects/facet-index.js';
import { indexWindowCounts } from '../src/domain/projects/list-window.js';
import { withDb } from '../src/domain/context.js';
import { readAhead } from '../src/domain/pagination.js';
import { isClean, runLoad, type LoadResult } from './load.js';
import { benchApp, benchCaller, benchDatabase, drained, explainStatements, say, verdict } from './scale-common.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 15);
const VARIANTS = Number(process.env.SCALE_VARIANTS ?? 300);
const TARGET_MS = Number(process.env.SCALE_TARGET_MS ?? 100);
const SHORT_PLANS = process.env.SCALE_EXPLAIN === 'short';
const ONLY = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY) : undefined;
const SOLO = Number(process.env.SCALE_SOLO ?? 0);
const POOL = Number(process.env.SCALE_POOL ?? CONNECTIONS);
const VERIFY = Number(process.env.SCALE_VERIFY ?? 20);
const PROFILE_DIR = process.env.SCALE_PROFILE;
if (process.env.SCALE_LIST_INDEX === 'off') facetIndexSettings.windowCandidates = 0;

const bench = await benchDatabase({ projects: Number(process.env.SCALE_SMOKE_PROJECTS ?? 2000), seed: 7 }, POOL);
let server: Awaited<ReturnType<typeof benchApp>> | undefined;
try {
  const db = bench.database.db;
  const { key, ctx } = await benchCaller(bench.database);

  // The vocabulary the requests draw from: what the projects actually carry.
  const column = async (expr: string) =>
    (await sql<{ v: string }>`select ${sql.raw(expr)}::text as v from projects where published and ${sql.raw(expr)} is not null group by 1 order by count(*) desc limit 60`.execute(db)).rows.map((r) => r.v);
  const vocabulary = {
    status: await column('status'),
    country: await column('country_code'),
    region: await column('region_slug'),
    type: await column('project_type_slug'),
    terms: [
      ...(await sql<{ v: string }>`select t.slug as v from project_topics x join topics t on t.id = x.topic_id group by 1`.execute(db)).rows.map((r) => r.v),
      ...(await sql<{ v: string }>`select t.slug as v from project_tags x join tags t on t.id = x.tag_id group by 1`.execute(db)).rows.map((r) => r.v),
    ],
    company_id: (await sql<{ v: string }>`select company_id::text as v from project_companies group by 1 order by count(*) desc limit 60`.execute(db)).rows.map((r) => r.v),
    parent_project_id: (await sql<{ v: string }>`select parent_project_id::text as v from projects where parent_project_id is not null group by 1 limit 200`.execute(db)).rows.map((r) => r.v),
    q: (await sql<{ v: string }>`select word as v from (select regexp_split_to_table(lower(title), '[^a-z]+') as word from (select title from projects limit 5000) s) w
          where length(word) > 3 group by 1 order by count(*) desc limit 80`.execute(db)).rows.map((r) => r.v),
  };
  const years = (await sql<{ lo: number; hi: number }>`select min(expected_completion_year) as lo, max(expected_completion_year) as hi from projects`.execute(db)).rows[0]!;

  let state = 12345;
  const rand = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  type Filter = keyof ProjectParams;
  /** One random value of filter `f` (a range for the numeric filters). */
  const value = (f: Filter): Partial<ProjectParams> => {
    switch (f) {
      case 'min_value': return { min_value: Math.round(rand() * 2000) * 1_000_000 };
      case 'max_value': return { max_value: Math.round(50 + rand() * 2000) * 1_000_000 };
      case 'year_from': return { year_from: years.lo + Math.floor(rand() * Math.max(1, years.hi - years.lo)) };
      case 'year_to': return { year_to: years.lo + Math.floor(rand() * Math.max(1, years.hi - years.lo)) };
      case 'terms': return { terms: rand() < 0.7 ? pick(vocabulary.terms) : `${pick(vocabulary.terms)},${pick(vocabulary.terms)}` };
      case 'status': return { status: pick(vocabulary.status) as ProjectParams['status'] };
      default: {
        const xs = vocabulary[f as 'country' | 'region' | 'type' | 'company_id' | 'parent_project_id' | 'q'];
        return xs.length ? { [f]: pick(xs) } : {};
      }
    }
  };
  const FILTERS: Filter[] = ['q', 'country', 'status', 'region', 'type', 'terms', 'min_value', 'max_value', 'year_from', 'year_to', 'company_id', 'parent_project_id'];
  const INDEXED: Filter[] = FILTERS.filter((f) => f !== 'q' && f !== 'company_id' && f !== 'parent_project_id');
  const query = (params: Partial<ProjectParams> & { sort?: string; offset?: number }) =>
    new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();

  /** Up to VARIANTS distinct requests: `first` always, plus 0–2 other random filters. */
  const variants = (base: string, first: Filter | undefined, sort: (() => ProjectSort | undefined) | undefined, pool: readonly Filter[] = FILTERS) => {
    const seen = new Map<string, Partial<ProjectParams> & { sort?: ProjectSort }>();
    for (let attempt = 0; attempt < VARIANTS * 20 && seen.size < VARIANTS; attempt++) {
      let params: Partial<ProjectParams> & { sort?: ProjectSort; offset?: number } = first ? value(first) : {};
      const extra = Math.floor(rand() * 3);
      for (let i = 0; i < extra; i++) params = { ...params, ...value(pick(pool)) };
      // A range the wrong way round is a 400, not a measurement: put its ends in order.
      if (params.year_from !== undefined && params.year_to !== undefined && params.year_from > params.year_to) {
        [params.year_from, params.year_to] = [params.year_to, params.year_from];
      }
      if (params.min_value !== undefined && params.max_value !== undefined && params.min_value > params.max_value) {
        [params.min_value, params.max_value] = [params.max_value, params.min_value];
      }
      const s = sort?.();
      if (s) params.sort = s;
      // The second page now and then (lists only: the facets take no `offset`, a 400 until 2026-12-01).
      if (sort && rand() < 0.2) params.offset = 50;
      seen.set(`${base}?${query(params)}`, params);
    }
    return [...seen.entries()];
  };

  const allScenarios: { name: string; requests: [string, Partial<ProjectParams> & { sort?: ProjectSort }][]; facets: boolean }[] = [
    ...PROJECT_SORTS.map((s) => ({ name: `list sort=${s}`, requests: variants('/v1/projects', undefined, () => s), facets: false })),
    ...FILTERS.map((f) => ({ name: `list ${f}=…`, requests: variants('/v1/projects', f, () => pick(PROJECT_SORTS)), facets: false })),
    { name: 'facets (no filter)', requests: [['/v1/projects/facets', {}]], facets: true },
    { name: 'facets, 1–3 filters', requests: variants('/v1/projects/facets', pick(FILTERS), undefined), facets: true },
    // Only the filters the facet index holds (decision 0062): what it answers, apart from the text
    // search, company and programme filters that are still counted in SQL. Drawn after the others,
    // so their requests stay those of earlier runs.
    { name: 'facets, 1–3 filters the index holds', requests: variants('/v1/projects/facets', pick(INDEXED), undefined, INDEXED), facets: true },
  ];
  // Drawn in full whatever SCALE_ONLY says, so a scenario gets the same requests alone as in a whole run.
  const scenarios = allScenarios.filter((s) => !ONLY || ONLY.test(s.name));
  /** The domain call of one request of scenario `s`. */
  const callOf = (s: (typeof scenarios)[number], params: Partial<ProjectParams> & { sort?: ProjectSort; offset?: number }) => {
    const { sort, offset, ...filters } = params as ProjectParams & { sort?: ProjectSort; offset?: number };
    const filter = projectParamsToFilter(filters);
    // As the route reads it (src/http/v1/named.ts): one row ahead, no count.
    return (c: typeof ctx) => (s.facets ? facetProjects(c, filter)
      : readAhead({ limit: 50, offset: offset ?? 0 }, (w) => listProjectsForReader(c, filter, sort ?? 'title_asc', w)));
  };

  // The facet index (decision 0062) and its list orders (decision 0063): loaded before anything is
  // timed (a process loads them at start: src/cli/serve.ts), then the answers checked against the
  // same operation inside a transaction, where the index is never used, for the first VERIFY
  // requests of every scenario with a filter.
  const filtered = scenarios.filter((s) => s.requests.some(([, p]) => Object.keys(p).some((k) => k !== 'sort' && k !== 'offset')));
  if (filtered.length > 0) {
    const before = process.memoryUsage();
    const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
    const started = performance.now();
    const base = await warmFacetIndex(db);
    const loaded = performance.now();
    global.gc?.();
    const middle = process.memoryUsage();
    const state = await warmProjectIndex(db);
    global.gc?.();
    const after = process.memoryUsage();
    // Typed arrays live outside the JavaScript heap: `arrayBuffers` is what the index keeps.
    say(`facet index: ${base.baseRows.toLocaleString('en')} projects loaded in ${((loaded - started) / 1000).toFixed(1)} s; RSS +${mb(middle.rss - before.rss)} MB, array buffers +${mb(middle.arrayBuffers - before.arrayBuffers)} MB`);
    say(`list orders, word and company postings: ${state.listOrders.length} orders (${mb(state.listOrderBytes)} MB), ${state.commonWords} common words in at least ${state.commonWordThreshold.toLocaleString('en')} projects (${mb(state.wordPostingBytes)} MB) and ${state.companies.toLocaleString('en')} companies (${mb(state.companyPostingBytes)} MB) loaded in ${((performance.now() - loaded) / 1000).toFixed(1)} s; RSS +${mb(after.rss - middle.rss)} MB`);
  }
  for (const scenario of filtered) {
    let same = 0;
    const checked = scenario.requests.slice(0, VERIFY);
    for (const [urlPath, params] of checked) {
      const run = callOf(scenario, params);
      const bySql = await db.transaction().execute(async (trx): Promise<unknown> => run(withDb(ctx, trx)));
      if (JSON.stringify(await run(ctx)) === JSON.stringify(bySql)) same++;
      else console.log(`DIFFERENT from SQL: ${urlPath}`);
    }
    say(`${scenario.name}: ${same} of ${checked.length} requests identical to reading them in SQL`);
    if (same !== checked.length) throw new Error('the index in memory differs from SQL: not measured');
  }

  // Plans of one request per scenario (its statements as the app sends them).
  const explainLog: string[] = [];
  for (const s of scenarios) {
    const [urlPath, params] = s.requests[0]!;
    const plans = await explainStatements(bench.url, ctx, callOf(s, params));
    const heading = `=== ${s.name}: ${urlPath}`;
    explainLog.push(heading, ...plans.flatMap((p) => [`--- ${p.sql.replace(/\s+/g, ' ').slice(0, 400)}`, p.plan]));
    console.log(heading);
    for (const p of plans) {
      const lines = p.plan.split('\n');
      console.log(SHORT_PLANS && lines.length > 13 ? [...lines.slice(0, 12), `  … (${lines.length - 13} more lines)`, lines.at(-1)].join('\n') : p.plan);
    }
  }
  // The tail, one request at a time: which combinations are slow even alone, and their plans.
  for (const s of SOLO > 0 ? scenarios : []) {
    const timed: { url: string; ms: number; run: ReturnType<typeof callOf> }[] = [];
    const testedBefore = countWork.tested;
    for (const [urlPath, params] of s.requests.slice(0, SOLO)) {
      const run = callOf(s, params);
      const started = performance.now();
      await run(ctx);
      timed.push({ url: urlPath, ms: performance.now() - started, run });
    }
    timed.sort((a, b) => b.ms - a.ms);
    const median = [...timed].sort((a, b) => a.ms - b.ms)[Math.floor(timed.length / 2)]?.ms ?? 0;
    const over = timed.filter((t) => t.ms > TARGET_MS).length;
    const total = timed.reduce((sum, t) => sum + t.ms, 0);
    const tested = s.facets ? `, ${(countWork.tested - testedBefore).toLocaleString('en')} rows counted one by one` : '';
    const heading = `=== alone: ${s.name} (${timed.length} requests one at a time: median ${median.toFixed(0)} ms, total ${total.toFixed(0)} ms, ${over} over ${TARGET_MS} ms, slowest ${timed.slice(0, 3).map((t) => t.ms.toFixed(0)).join(', ')} ms${tested})`;
    console.log(heading);
    explainLog.push(heading);
    for (const t of timed.slice(0, 3)) {
      const plans = await explainStatements(bench.url, ctx, t.run);
      const lines = [`--- ${t.ms.toFixed(0)} ms: ${t.url}`, ...plans.map((p) => p.plan)];
      explainLog.push(...lines);
      console.log(SHORT_PLANS ? lines.flatMap((l) => l.split('\n').slice(0, 14)).join('\n') : lines.join('\n'));
    }
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'projects-scale-explain.txt'), explainLog.join('\n') + '\n');
  fs.writeFileSync(path.join(RESULTS, 'projects-scale-requests.json'), JSON.stringify(Object.fromEntries(scenarios.map((x) => [x.name, x.requests.map(([u]) => u)])), null, 1));

  server = await benchApp(bench.database);
  const results: { name: string; distinct: number; result: LoadResult; fromIndex: number }[] = [];
  for (const s of scenarios) {
    const waited = await drained(db);
    if (waited >= 100) say(`  waited ${(waited / 1000).toFixed(1)} s for the statements the previous scenario left running`);
    say(`loading: ${s.name} (${s.requests.length} distinct requests, ${CONNECTIONS} connections, ${SECONDS} s)`);
    const answered = indexWindowCounts.answered;
    const profiler = PROFILE_DIR ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const result = await runLoad({ url: server.url, paths: s.requests.map(([p]) => p), headers: { authorization: `Bearer ${key}` }, connections: CONNECTIONS, seconds: SECONDS });
    if (profiler && PROFILE_DIR) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR, `${s.name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    results.push({ name: s.name, distinct: s.requests.length, result, fromIndex: indexWindowCounts.answered - answered });
  }

  const count = (await sql<{ n: number }>`select count(*)::int as n from projects where published`.execute(db)).rows[0]!.n;
  // The server's memory for pages: at a million projects the figures depend on it (bench/README.md).
  const buffers = (await sql<{ v: string }>`select current_setting('shared_buffers') as v`.execute(db)).rows[0]!.v;
  console.log(`\n/v1/projects at ${count.toLocaleString('en')} published projects, ${CONNECTIONS} connections, a pool of ${POOL}, shared_buffers ${buffers}, response cache off (target p99 ≤ ${TARGET_MS} ms)`);
  console.log('| scenario | distinct requests | requests | windows from the index | req/s | p50 ms | p99 ms | target | cores self / pg / other |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  let met = 0;
  for (const { name, distinct, result: r, fromIndex } of results) {
    const clean = isClean(r);
    const v = clean ? verdict(r.p99, TARGET_MS) : `INVALID (${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts)`;
    if (clean && r.p99 <= TARGET_MS) met++;
    const cpu = r.cpu ? `${r.cpu.self.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} / ${r.cpu.other.toFixed(2)}` : 'n/a';
    console.log(`| ${name} | ${distinct} | ${r.requests} | ${fromIndex} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${v} | ${cpu} |`);
  }
  console.log(`${met === results.length ? 'TARGET MET' : 'TARGET MISSED'}: ${met} of ${results.length} scenarios at p99 ≤ ${TARGET_MS} ms${bench.throwaway ? ' (SMOKE RUN on a small throwaway database: not a measurement)' : ''}`);
  if (results.some((x) => (x.result.cpu?.other ?? 0) > 0.2)) {
    console.log('WARNING: other processes used more than 0.2 core during a run: the figures are disturbed.');
    for (const x of results) if ((x.result.cpu?.other ?? 0) > 0.2) console.log(`  ${x.name}: ${x.result.cpu!.busiest}`);
  }
  fs.writeFileSync(path.join(RESULTS, 'projects-scale.json'), JSON.stringify({ at: new Date().toISOString(), projects: count, connections: CONNECTIONS, pool: POOL, sharedBuffers: buffers, seconds: SECONDS, targetMs: TARGET_MS, smoke: bench.throwaway, results }, null, 2));
  console.log('plans: bench/results/projects-scale-explain.txt; figures: bench/results/projects-scale.json');
} finally {
  await server?.app.close();
  await bench.close();
}
