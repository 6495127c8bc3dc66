/**
 * Before anything is measured: proof that the app and the baseline do the same work.
 * - Both answer every request of a scenario with 200 and the same body (same `data`, same `meta`).
 * - The baseline's statements are, one for one, statements the real app sends for that request
 *   (same SQL modulo whitespace, identifier quotes and table alias names; same parameters).
 *   The app's statements are recorded by a Kysely plugin on a second app instance over the same
 *   database, so the measured app runs unmodified.
 */
import type { BaselineMode } from './baseline.js';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Query } from './baseline.js';

/** One statement sent to the database. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** Records every statement a Kysely instance sends, compiled as the PostgreSQL dialect compiles it. */
export class StatementRecorder implements KyselyPlugin {
  readonly statements: Statement[] = [];
  readonly #compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.#compiler.compileQuery(args.node, args.queryId);
    this.statements.push({ sql: compiled.sql, params: compiled.parameters });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements recorded while `fn` ran. */
  async during(fn: () => Promise<unknown>): Promise<Statement[]> {
    this.statements.length = 0;
    await fn();
    return this.statements.splice(0);
  }
}

/** A `Query` that also records what it runs. */
export function recordingQuery(query: Query): { query: Query; during(fn: () => Promise<unknown>): Promise<Statement[]> } {
  const seen: Statement[] = [];
  return {
    query: (sql, params) => {
      seen.push({ sql, params });
      return query(sql, params);
    },
    async during(fn) {
      seen.length = 0;
      await fn();
      return seen.splice(0);
    },
  };
}

/** SQL with whitespace and identifier quotes normalised away (neither changes what PostgreSQL runs). */
export const normalizeSql = (sql: string): string =>
  sql
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=])\s*/g, '$1')
    .trim();

/** Words that can follow a table name in a FROM list without being its alias. */
const NOT_ALIAS = new Set([
  'on', 'where', 'join', 'inner', 'left', 'right', 'full', 'cross', 'lateral', 'order', 'group', 'limit', 'offset', 'using', 'natural', 'union', 'as',
]);

/**
 * `normalizeSql`, then each table alias that stands for one table only in the statement is replaced
 * by the table's name (`article_topics l … l.topic_id` → `article_topics … article_topics.topic_id`),
 * so that renaming an alias in the domain does not count as a different statement.
 */
export function canonicalSql(sql: string): string {
  let out = normalizeSql(sql);
  const tables = new Map<string, Set<string>>();
  for (const m of out.matchAll(/\b(?:from|join) (\w+) (?:as )?(\w+)\b/g)) {
    const [, table, alias] = m as unknown as [string, string, string];
    if (NOT_ALIAS.has(alias.toLowerCase()) || alias === table) continue;
    tables.set(alias, (tables.get(alias) ?? new Set()).add(table));
  }
  for (const [alias, set] of tables) {
    if (set.size !== 1) continue;
    const table = [...set][0]!;
    out = out
      .replace(new RegExp(`\\b((?:from|join) ${table}) (?:as )?${alias}\\b`, 'g'), '$1')
      .replace(new RegExp(`(?<![\\w.$])${alias}\\.`, 'g'), `${table}.`);
  }
  return out;
}

const sameStatement = (a: Statement, b: Statement) => canonicalSql(a.sql) === canonicalSql(b.sql) && isDeepStrictEqual(a.params, b.params);

/** First line of a statement, for messages. */
export const headOf = (sql: string, length = 90): string => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > length ? flat.slice(0, length - 1) + '…' : flat;
};

/** Where `statement` departs from the most similar of `candidates`, for the failure message. */
function closest(statement: Statement, candidates: Statement[]): string {
  const mine = canonicalSql(statement.sql);
  const common = (other: string) => {
    let i = 0;
    while (i < mine.length && mine[i] === other[i]) i++;
    return i;
  };
  const best = candidates.map((c) => ({ c, sql: canonicalSql(c.sql) })).sort((a, b) => common(b.sql) - common(a.sql))[0];
  if (!best) return `  baseline: ${mine}\n  (the app sent no statements)`;
  const at = common(best.sql);
  if (at === mine.length && at === best.sql.length) {
    return `  same SQL, different parameters:\n  baseline: ${JSON.stringify(statement.params)}\n  app:      ${JSON.stringify(best.c.params)}`;
  }
  const from = Math.max(0, at - 60);
  return (
    `  first difference at character ${at} (whitespace, quotes and table aliases normalised):\n` +
    `  baseline: …${mine.slice(from, at + 80)}\n  app:      …${best.sql.slice(from, at + 80)}`
  );
}

/** What the verification of one request found. */
export interface VerifiedRequest {
  path: string;
  total: number;
  ids: number;
  /** The app's statements for this request, in the order it sent them. */
  appStatements: Statement[];
  /** The baseline's statements (each also one of `appStatements`). */
  baselineStatements: Statement[];
}

export class VerificationError extends Error {}

/** Both servers, as verification needs them. */
export interface Servers {
  appUrl: string;
  baselineUrl: string;
  headers: Record<string, string>;
  /** The app over a recording database, and its recorder. */
  recordingApp: FastifyInstance;
  appRecorder: StatementRecorder;
  /** The baseline over a recording query, and its recorder. */
  recordingBaseline: FastifyInstance;
  baselineRecorder: { during(fn: () => Promise<unknown>): Promise<Statement[]> };
  /** Which baseline runs (bench/baseline.ts). */
  mode: BaselineMode;
}

interface PageBody {
  data: { id: string }[];
  meta: { page: number; limit: number; total: number; pages: number };
}

async function fetchPage(url: string, headers: Record<string, string>, who: string): Promise<{ body: PageBody; headers: Headers }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new VerificationError(`${who} answered ${res.status} to ${url}: ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as PageBody, headers: res.headers };
}

/**
 * Checks one request on both servers.
 * @throws VerificationError naming the first difference
 */
export async function verifyRequest(servers: Servers, path: string): Promise<VerifiedRequest> {
  const [app, base] = await Promise.all([
    fetchPage(servers.appUrl + path, servers.headers, 'the app'),
    fetchPage(servers.baselineUrl + path, servers.headers, 'the baseline'),
  ]);
  if (!app.headers.get('ratelimit-remaining')) {
    throw new VerificationError(`the app sent no RateLimit-Remaining header for ${path}: the quota is not in the measured path`);
  }
  const appIds = app.body.data.map((a) => a.id);
  const baseIds = base.body.data.map((a) => a.id);
  if (!isDeepStrictEqual(appIds, baseIds)) {
    throw new VerificationError(`${path}: different data ids\n  app:      ${appIds.join(',')}\n  baseline: ${baseIds.join(',')}`);
  }
  if (!isDeepStrictEqual(app.body.meta, base.body.meta)) {
    throw new VerificationError(`${path}: different meta\n  app:      ${JSON.stringify(app.body.meta)}\n  baseline: ${JSON.stringify(base.body.meta)}`);
  }
  if (!isDeepStrictEqual(app.body, base.body)) {
    const i = app.body.data.findIndex((a, n) => !isDeepStrictEqual(a, base.body.data[n]));
    throw new VerificationError(
      `${path}: same ids and meta but different articles (first at #${i})\n  app:      ${JSON.stringify(app.body.data[i])}\n  baseline: ${JSON.stringify(base.body.data[i])}`,
    );
  }
  if (appIds.length === 0) throw new VerificationError(`${path}: no results; pick a request that matches the corpus`);

  const inject = (server: FastifyInstance) => async () => {
    const res = await server.inject({ method: 'GET', url: path, headers: servers.headers });
    if (res.statusCode !== 200) throw new VerificationError(`recording instance answered ${res.statusCode} to ${path}: ${res.body.slice(0, 300)}`);
  };
  const appStatements = await servers.appRecorder.during(inject(servers.recordingApp));
  const baselineStatements = await servers.baselineRecorder.during(inject(servers.recordingBaseline));
  // The minimal baseline writes its own single statement; only the mirror must follow the app's SQL.
  if (servers.mode === 'minimal') return { path, total: app.body.meta.total, ids: appIds.length, appStatements, baselineStatements };
  for (const statement of baselineStatements) {
    if (!appStatements.some((s) => sameStatement(s, statement))) {
      throw new VerificationError(`${path}: the baseline runs a statement the app does not; bench/baseline.ts must follow the domain's SQL\n${closest(statement, appStatements)}`);
    }
  }
  return { path, total: app.body.meta.total, ids: appIds.length, appStatements, baselineStatements };
}

/** Session settings that change plans or their cost; they must be the same on both sides. */
export const SETTINGS_SQL = `select name, setting from pg_settings
  where name like 'enable\\_%' or name in ('jit', 'work_mem', 'max_parallel_workers_per_gather', 'random_page_cost',
    'effective_cache_size', 'synchronous_commit', 'statement_timeout', 'search_path', 'default_statistics_target')
  order by name`;

/**
 * Checks that the baseline's connections run with the app's session settings.
 * @throws VerificationError naming the settings that differ
 */
export function compareSettings(app: { name: string; setting: string }[], baseline: { name: string; setting: string }[]): void {
  const theirs = new Map(baseline.map((r) => [r.name, r.setting]));
  const differ = app.filter((r) => theirs.get(r.name) !== r.setting).map((r) => `${r.name}: app ${r.setting}, baseline ${theirs.get(r.name)}`);
  if (differ.length) {
    throw new VerificationError(`the baseline's connections are not set up like the app's (bench/baseline.ts createPool): ${differ.join('; ')}`);
  }
}
