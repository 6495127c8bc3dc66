/**
 * Configuration, read from the environment once and checked.
 *
 * | variable        | default        | meaning                                                        |
 * |-----------------|----------------|----------------------------------------------------------------|
 * | PORT            | 3000           | TCP port of `airport-intel serve`                              |
 * | HOST            | 127.0.0.1      | interface to listen on                                         |
 * | DATABASE_URL    | (unset)        | postgres://… : use that server; unset: embedded PGlite         |
 * | DATA_DIR        | ./data         | embedded database, generated session secret, outbox, media     |
 * | SESSION_SECRET  | (generated)    | HMAC secret of session JWTs; generated once into DATA_DIR      |
 * | LOG_LEVEL       | info           | pino level                                                     |
 * | DB_POOL_MAX     | 10             | connections in the PostgreSQL pool                             |
 * | SMTP_URL        | (unset)        | smtp(s)://… : deliver mail by SMTP; unset: .eml files in DATA_DIR/outbox |
 * | MAIL_FROM       | Airport Intelligence <newsletter@localhost> | From of every message           |
 * | PUBLIC_BASE_URL | http://HOST:PORT | base of links in messages (unsubscribe)                      |
 * | SEND_BUDGET_HOURLY | 1000        | messages the outbox worker sends per hour at most              |
 * | SEND_BUDGET_DAILY  | 10000       | … and per day                                                  |
 * | MAIL_MAX_ATTEMPTS  | 5           | attempts before a message is dead                              |
 * | MAIL_WORKER     | on             | `off`: `serve` does not run the worker (outbox and jobs; run `airport-intel worker`) |
 * | CORS_ORIGINS    | (unset: off)   | comma-separated browser origins allowed to call the API (`https://app.example`), or `*` for any |
 * | DB_STATEMENT_TIMEOUT_MS | 5000   | PostgreSQL statement_timeout of every query (0: none); PGlite cannot enforce one |
 * | DB_ACQUIRE_TIMEOUT_MS   | 2000   | longest wait for a database connection before answering 503 (0: none) |
 * | HTTP_REQUEST_TIMEOUT_MS | 30000  | a request (headers and body) must arrive within this, else 408 and the socket is closed |
 * | HTTP_HEADERS_TIMEOUT_MS | 10000  | the request headers must arrive within this (at most HTTP_REQUEST_TIMEOUT_MS) |
 * | HTTP_KEEP_ALIVE_TIMEOUT_MS | 72000 | an idle keep-alive connection is closed after this (above common proxies' 60 s) |
 * | HTTP_CONNECTION_TIMEOUT_MS | 60000 | a socket with no traffic either way is closed after this |
 * (docs/decisions/0013-timeouts-and-unavailability.md)
 * | METRICS_TOKEN   | (unset)        | serve `GET /metrics` (Prometheus) to `Authorization: Bearer <token>`; at least 16 characters |
 * | METRICS_PORT    | (unset)        | serve `/metrics` on this port of HOST instead (no token unless METRICS_TOKEN is set) |
 * | OUTBOUND_ALLOWED_HOSTS | (empty) | comma-separated host names, IP addresses or CIDR ranges that webhooks and feed polling may reach although they are not public (src/net/outbound.ts) |
 * | MEDIA_MAX_BYTES | 20971520       | largest image upload in bytes (20 MB; above: 413)              |
 * | MEDIA_MAX_PIXELS | 50000000      | most pixels (width × height) of an upload (above: 413; refuses decompression bombs) |
 * | STRIPE_SECRET_KEY | (unset: checkout disabled) | sk_test_… or sk_live_…: enables checkout; its prefix gives the mode (docs/accounts.md) |
 * | STRIPE_WEBHOOK_SECRET | (unset) | whsec_…: verifies POST /v1/billing/webhook (unset: notifications answer 400, unverifiable) |
 * | STRIPE_API_URL  | (Stripe's)     | http(s)://host[:port] of the provider API, for a local stand-in |
 * | CHECKOUT_SUCCESS_URL | PUBLIC_BASE_URL/billing/success?session_id={CHECKOUT_SESSION_ID} | where the checkout page returns a buyer who paid |
 * | CHECKOUT_CANCEL_URL  | PUBLIC_BASE_URL/billing/cancel | where it returns a buyer who gave up |
 * | MCP_ALLOWED_HOSTS | (local names + PUBLIC_BASE_URL's host) | extra comma-separated host names `/api/mcp` accepts in `Host`; `*`: any (DNS-rebinding protection off) |
 * | MCP_ALLOWED_ORIGINS | (the allowed hosts) | extra comma-separated origins or host names `/api/mcp` accepts in `Origin`; `*`: any |
 * | JOB_CONCURRENCY | 4              | jobs (and outbox batches) one worker runs at once (decision 0036) |
 * | RETENTION_OUTBOX_DAYS | 30       | days a sent message keeps its body and attachments (decision 0037) |
 * | RETENTION_SESSIONS_DAYS | 7      | days an expired or revoked session is kept                     |
 * | RETENTION_WEBHOOK_ATTEMPTS_DAYS | 30 | days a webhook attempt stays in the log                    |
 * | RETENTION_USAGE_DAYS | 90        | days an API key's daily usage counter is kept                  |
 * | MEDIA_STORE     | database       | where image bytes live: `database` (the media_objects table) or `s3` (docs/media.md) |
 * | S3_ENDPOINT     | (AWS's)        | http(s)://host[:port] of an S3-compatible service (MinIO, Ceph, R2…) |
 * | S3_REGION       | us-east-1      | the bucket's region                                            |
 * | S3_BUCKET       | (required for s3) | the bucket of originals and variants (must exist)           |
 * | S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY | (SDK default chain) | the key pair; both or neither |
 * | S3_FORCE_PATH_STYLE | false      | `true`: path-style URLs (http://host/bucket/key), as most self-hosted services need |
 * | SHUTDOWN_TIMEOUT_MS | 25000       | on SIGTERM, how long requests in flight and the worker's jobs may take before connections are cut (src/cli/shutdown.ts) |
 * | LOG_FORMAT      | (auto)         | `json` or `pretty`; unset: pretty on a terminal, JSON otherwise (src/cli/logging.ts) |
 *
 * Secrets may come from files, as container platforms mount them: `SESSION_SECRET_FILE`,
 * `DATABASE_URL_FILE`, `SMTP_URL_FILE`, `METRICS_TOKEN_FILE`, `STRIPE_SECRET_KEY_FILE`,
 * `STRIPE_WEBHOOK_SECRET_FILE` name a file whose content (trailing line breaks and spaces removed)
 * is the value. Setting both `NAME` and `NAME_FILE` is an error.
 *
 * A half-configured provider is said at start (docs/deployment.md): `STRIPE_SECRET_KEY` without
 * `STRIPE_WEBHOOK_SECRET` is an error (buyers would pay and never get their plan); settings that
 * have no effect without their provider (`STRIPE_WEBHOOK_SECRET`, `STRIPE_API_URL`, `CHECKOUT_*_URL`
 * without `STRIPE_SECRET_KEY`; `MAIL_FROM` without `SMTP_URL`) are warnings in {@link Config.warnings}.
 * | TRUST_PROXY     | (unset: off)   | `true` (trust every proxy), a hop count (`1`), or comma-separated addresses/CIDR ranges of the proxies whose `X-Forwarded-For` gives the client address (rate limits, procurement limit, session list, logs) |
 */
import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { parseAllowedHosts, type AllowedHosts } from './net/outbound.js';
import type { PaymentsConfig } from './domain/billing/provider.js';
import { DEFAULT_RETENTION, type RetentionWindows } from './domain/housekeeping/windows.js';
import { DEFAULT_JOB_CONCURRENCY } from './domain/jobs/jobs.js';
import type { S3Settings } from './domain/media/s3-store.js';

/** The checked configuration of one process. */
export interface Config {
  port: number;
  host: string;
  /** `postgres://…` when a PostgreSQL server is used; `undefined` for the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Absolute path of the data directory. */
  dataDir: string;
  /** Explicit session secret, or `undefined` to use (and create) `DATA_DIR/session-secret`. */
  sessionSecret: string | undefined;
  logLevel: string;
  dbPoolMax: number;
  /** PostgreSQL `statement_timeout` of the app's queries in ms; 0: none. */
  dbStatementTimeoutMs: number;
  /** Longest wait for a database connection in ms (then 503); 0: none. */
  dbAcquireTimeoutMs: number;
  /** Timeouts of the HTTP server. */
  http: HttpTimeouts;
  /** Mail delivery (the newsletter outbox). */
  mail: MailConfig;
  /** Browser origins allowed by CORS (`['*']`: any); empty: CORS off (docs/conventions.md). */
  corsOrigins: string[];
  /** `GET /metrics` (docs/operations.md). */
  metrics: MetricsConfig;
  /** `OUTBOUND_ALLOWED_HOSTS`, parsed (src/net/outbound.ts); empty: only public addresses. */
  outboundAllowedHosts: AllowedHosts;
  /** Caps of an image upload (docs/media.md). */
  media: { maxBytes: number; maxPixels: number };
  /** `MEDIA_STORE=s3`: the object store of image bytes; `undefined`: the database (docs/media.md). */
  mediaObjectStore: S3Settings | undefined;
  /** The payment provider (Stripe); without a secret key checkout is disabled (docs/accounts.md). */
  payments: PaymentsConfig;
  /** DNS-rebinding protection of `/api/mcp` (docs/mcp.md): extra allowed `Host` and `Origin` hosts. */
  mcp: { allowedHosts: string[]; allowedOrigins: string[] };
  /** The worker's job runner (decision 0036). */
  jobs: { concurrency: number };
  /** How long records are kept once they served their purpose (decision 0037). */
  retention: RetentionWindows;
  /** On SIGTERM, the deadline of requests in flight and of the worker's current jobs, in ms (src/cli/shutdown.ts). */
  shutdownTimeoutMs: number;
  /** `LOG_FORMAT`: `json`, `pretty`, or `auto` (pretty on a terminal, JSON otherwise). */
  logFormat: 'json' | 'pretty' | 'auto';
  /** Settings that have no effect as given (a half-configured provider): logged as warnings at start. */
  warnings: string[];
  /** Fastify's `trustProxy` (TRUST_PROXY): which proxies give the client address; false: none. */
  trustProxy: boolean | number | string[];
}

/** The secrets that may be read from a file named by `NAME_FILE`. */
export const FILE_SECRETS = ['SESSION_SECRET', 'DATABASE_URL', 'SMTP_URL', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * `env` with each `NAME_FILE` of {@link FILE_SECRETS} replaced by `NAME` = the file's content
 * (trailing line breaks and spaces removed).
 * @throws ConfigError when both `NAME` and `NAME_FILE` are set, or the file cannot be read or is empty
 */
export function resolveFileSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of FILE_SECRETS) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new ConfigError(`${name} and ${name}_FILE are both set: keep one`);
    let value: string;
    try {
      value = fs.readFileSync(file, 'utf8').replace(/[\s]+$/, '');
    } catch (err) {
      throw new ConfigError(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    if (!value) throw new ConfigError(`${name}_FILE: ${file} is empty`);
    out[name] = value;
    delete out[`${name}_FILE`];
  }
  return out;
}

/** Where and to whom `/metrics` is served; both unset: not at all (404). */
export interface MetricsConfig {
  /** A bearer token the scraper must send; `undefined`: none (only with `port`). */
  token: string | undefined;
  /** A separate listener (on HOST) for `/metrics`; `undefined`: the service's own port, if `token` is set. */
  port: number | undefined;
}

/** Timeouts of the HTTP server, in milliseconds (0 disables one); see docs/decisions/0013. */
export interface HttpTimeouts {
  /** The whole request, headers and body, must be received within this (Node `requestTimeout`; 408). */
  requestMs: number;
  /** The request headers must be received within this (Node `headersTimeout`; 408). */
  headersMs: number;
  /** An idle keep-alive connection is closed after this (Node `keepAliveTimeout`). */
  keepAliveMs: number;
  /** A socket without traffic in either direction is closed after this (Node `server.setTimeout`). */
  connectionMs: number;
}

/** The HTTP timeouts used when none are configured (also buildApp's defaults). */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000, connectionMs: 60_000 };

/** How the outbox worker delivers mail. */
export interface MailConfig {
  /** `smtp://…` or `smtps://…`; `undefined`: write .eml files under DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  from: string;
  publicBaseUrl: string;
  budgetHourly: number;
  budgetDaily: number;
  maxAttempts: number;
  /** `serve` runs the outbox worker in-process. */
  workerInServe: boolean;
}

/** Thrown when an environment variable holds a value that cannot be used. */
export class ConfigError extends Error {}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

const ORIGIN = /^https?:\/\/[^/\s,]+$/;

/**
 * `CORS_ORIGINS`: a comma-separated list of origins (`scheme://host[:port]`, no path), or `*` alone.
 * @throws ConfigError on anything else
 */
export function parseCorsOrigins(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (origins.includes('*')) {
    if (origins.length > 1) throw new ConfigError('CORS_ORIGINS: * allows every origin and cannot be combined with a list');
    return ['*'];
  }
  const bad = origins.find((o) => !ORIGIN.test(o));
  if (bad) throw new ConfigError(`CORS_ORIGINS: "${bad}" is not an origin (scheme://host[:port], no path or trailing slash)`);
  return origins;
}

/**
 * Reads the configuration from `env`.
 * @throws ConfigError when a variable is malformed (bad PORT, DATABASE_URL that is not postgres://),
 *   a `NAME_FILE` cannot be read, or a provider is configured so that it would fail (see above).
 */
export function loadConfig(given: NodeJS.ProcessEnv = process.env): Config {
  const env = resolveFileSecrets(given);
  const warnings: string[] = [];
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const sessionSecret = env.SESSION_SECRET?.trim() || undefined;
  if (sessionSecret && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicBaseUrl = (env.PUBLIC_BASE_URL?.trim() || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(publicBaseUrl)) throw new ConfigError('PUBLIC_BASE_URL must start with http:// or https://');
  const from = env.MAIL_FROM?.trim() || 'Airport Intelligence <newsletter@localhost>';
  if (!/@/.test(from)) throw new ConfigError('MAIL_FROM must contain an email address');
  const worker = (env.MAIL_WORKER?.trim() || 'on').toLowerCase();
  if (!['on', 'off'].includes(worker)) throw new ConfigError('MAIL_WORKER must be on or off');
  const mail: MailConfig = {
    smtpUrl,
    from,
    publicBaseUrl,
    budgetHourly: intVar(env, 'SEND_BUDGET_HOURLY', 1000, 1, 10_000_000),
    budgetDaily: intVar(env, 'SEND_BUDGET_DAILY', 10_000, 1, 100_000_000),
    maxAttempts: intVar(env, 'MAIL_MAX_ATTEMPTS', 5, 1, 50),
    workerInServe: worker === 'on',
  };
  if (mail.budgetDaily < mail.budgetHourly) throw new ConfigError('SEND_BUDGET_DAILY must be at least SEND_BUDGET_HOURLY');
  const http: HttpTimeouts = {
    requestMs: intVar(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestMs, 0, 3_600_000),
    headersMs: intVar(env, 'HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.headersMs, 0, 3_600_000),
    keepAliveMs: intVar(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.keepAliveMs, 1, 3_600_000),
    connectionMs: intVar(env, 'HTTP_CONNECTION_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.connectionMs, 0, 3_600_000),
  };
  if (http.requestMs > 0 && (http.headersMs === 0 || http.headersMs > http.requestMs)) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must be between 1 and HTTP_REQUEST_TIMEOUT_MS');
  }
  let outboundAllowedHosts: AllowedHosts;
  try {
    outboundAllowedHosts = parseAllowedHosts(env.OUTBOUND_ALLOWED_HOSTS);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken && (metricsToken.length < 16 || /\s/.test(metricsToken))) throw new ConfigError('METRICS_TOKEN must be at least 16 characters long, without spaces');
  const metricsPort = env.METRICS_PORT?.trim() ? intVar(env, 'METRICS_PORT', 0, 1, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT');
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  if (secretKey && !/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) throw new ConfigError('STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  const apiUrl = env.STRIPE_API_URL?.trim() || undefined;
  if (apiUrl && !/^https?:\/\/[^/\s]+\/?$/.test(apiUrl)) throw new ConfigError('STRIPE_API_URL must be http(s)://host[:port]');
  const successUrl = env.CHECKOUT_SUCCESS_URL?.trim() || `${publicBaseUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = env.CHECKOUT_CANCEL_URL?.trim() || `${publicBaseUrl}/billing/cancel`;
  for (const [name, url] of [['CHECKOUT_SUCCESS_URL', successUrl], ['CHECKOUT_CANCEL_URL', cancelUrl]] as const) {
    if (!/^https?:\/\/[^/\s]/.test(url)) throw new ConfigError(`${name} must start with http:// or https://`);
  }
  if (secretKey && !webhookSecret) {
    throw new ConfigError('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: buyers could pay but their payment notifications could not be verified, so no plan would ever start (set STRIPE_WEBHOOK_SECRET, or unset STRIPE_SECRET_KEY to disable checkout)');
  }
  if (!secretKey) {
    const unused = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'CHECKOUT_SUCCESS_URL', 'CHECKOUT_CANCEL_URL'].filter((n) => env[n]?.trim());
    if (unused.length) warnings.push(`${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} set but STRIPE_SECRET_KEY is not: checkout is disabled and payment notifications are refused as not configured`);
  }
  if (!smtpUrl && env.MAIL_FROM?.trim()) warnings.push('MAIL_FROM is set but SMTP_URL is not: mail is written as .eml files under DATA_DIR/outbox, not sent');
  const logFormat = (env.LOG_FORMAT?.trim() || 'auto').toLowerCase();
  if (!['json', 'pretty', 'auto'].includes(logFormat)) throw new ConfigError('LOG_FORMAT must be json, pretty or auto');
  return {
    port,
    host,
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    sessionSecret,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    dbPoolMax: intVar(env, 'DB_POOL_MAX', 10, 1, 200),
    dbStatementTimeoutMs: intVar(env, 'DB_STATEMENT_TIMEOUT_MS', 5000, 0, 3_600_000),
    dbAcquireTimeoutMs: intVar(env, 'DB_ACQUIRE_TIMEOUT_MS', 2000, 0, 600_000),
    http,
    mail,
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    metrics: { token: metricsToken, port: metricsPort },
    outboundAllowedHosts,
    media: {
      maxBytes: intVar(env, 'MEDIA_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      maxPixels: intVar(env, 'MEDIA_MAX_PIXELS', 50_000_000, 10_000, 1_000_000_000),
    },
    mediaObjectStore: objectStoreSettings(env),
    payments: { secretKey, webhookSecret, apiUrl, successUrl, cancelUrl },
    mcp: { allowedHosts: hostList(env, 'MCP_ALLOWED_HOSTS'), allowedOrigins: hostList(env, 'MCP_ALLOWED_ORIGINS') },
    jobs: { concurrency: intVar(env, 'JOB_CONCURRENCY', DEFAULT_JOB_CONCURRENCY, 1, 64) },
    retention: {
      outboxDays: intVar(env, 'RETENTION_OUTBOX_DAYS', DEFAULT_RETENTION.outboxDays, 0, 36_500),
      sessionDays: intVar(env, 'RETENTION_SESSIONS_DAYS', DEFAULT_RETENTION.sessionDays, 0, 36_500),
      webhookAttemptDays: intVar(env, 'RETENTION_WEBHOOK_ATTEMPTS_DAYS', DEFAULT_RETENTION.webhookAttemptDays, 0, 36_500),
      usageDays: intVar(env, 'RETENTION_USAGE_DAYS', DEFAULT_RETENTION.usageDays, 0, 36_500),
    },
    shutdownTimeoutMs: intVar(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, 0, 600_000),
    logFormat: logFormat as Config['logFormat'],
    warnings,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/**
 * `MEDIA_STORE` and the `S3_*` settings: `undefined` for the database store (the default), else the
 * object store's settings (`S3_SECRET_ACCESS_KEY` may come from `S3_SECRET_ACCESS_KEY_FILE`).
 * @throws ConfigError for an unknown store, a missing bucket, a bad endpoint, half a key pair
 */
function objectStoreSettings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const store = (env.MEDIA_STORE?.trim() || 'database').toLowerCase();
  if (store === 'database') return undefined;
  if (store !== 's3') throw new ConfigError('MEDIA_STORE must be database or s3');
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET is required with MEDIA_STORE=s3');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be http(s)://host[:port]');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const pathStyle = (env.S3_FORCE_PATH_STYLE?.trim() || 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(pathStyle)) throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  return {
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

/**
 * `TRUST_PROXY`: unset, `false` or `0`: off; `true`: every proxy; a whole number: that many hops;
 * else comma-separated IP addresses or CIDR ranges of the proxies.
 * @throws ConfigError on anything else
 */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new ConfigError('TRUST_PROXY: a hop count is at most 100');
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const ok = extra === undefined && address !== undefined && ipaddr.isValid(address) && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128)));
    if (!ok) throw new ConfigError(`TRUST_PROXY: "${entry}" is not true, a hop count, an IP address or a CIDR range`);
  }
  return entries;
}

/** A comma-separated list of host names, `host:port`, origins or `*` alone. */
function hostList(env: NodeJS.ProcessEnv, name: string): string[] {
  const items = (env[name] ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (items.includes('*') && items.length > 1) throw new ConfigError(`${name}: * stands alone`);
  for (const item of items) {
    if (item !== '*' && !/^([a-z][a-z0-9+.-]*:\/\/)?(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\/?$/i.test(item)) {
      throw new ConfigError(`${name}: "${item}" is not a host name, host:port or origin`);
    }
  }
  return items;
}
