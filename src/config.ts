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
 */
import path from 'node:path';

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

/**
 * Reads the configuration from `env`.
 * @throws ConfigError when a variable is malformed (bad PORT, DATABASE_URL that is not postgres://).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const sessionSecret = env.SESSION_SECRET?.trim() || undefined;
  if (sessionSecret && sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
  }
  return {
    port: intVar(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    sessionSecret,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    dbPoolMax: intVar(env, 'DB_POOL_MAX', 10, 1, 200),
  };
}
