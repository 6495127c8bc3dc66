/**
 * Constraint errors of the database as domain errors, in one place. Every write of the domain runs
 * through {@link writeTransaction} (`adminWrite` uses it) or {@link mappingDatabaseErrors}, so a
 * race or a value that slipped past validation ends in a clear 409 or 400, never a 500.
 *
 * Both engines raise the same error object: PGlite's `DatabaseError` and node-postgres's
 * `DatabaseError` carry the SQLSTATE in `code`, plus `constraint`, `table`, `column` and `detail`
 * (e.g. `Key (number)=(42) already exists.`).
 *
 * | SQLSTATE | condition                          | domain error                          |
 * |----------|------------------------------------|---------------------------------------|
 * | 23505    | unique violation                   | CONFLICT "An edition with number 42 already exists" |
 * | 23P01    | exclusion violation                | CONFLICT                              |
 * | 40001    | serialization failure              | CONFLICT (try again)                  |
 * | 40P01    | deadlock detected                  | CONFLICT (try again)                  |
 * | 23503    | foreign key: unknown referenced value | VALIDATION naming the field        |
 * | 23503    | foreign key: record still referenced  | CONFLICT                           |
 * | 23514    | check violation                    | VALIDATION naming the field           |
 * | 23502    | not-null violation                 | VALIDATION naming the field           |
 * | 22001, 22003, 22021, 22P02, 22P05, 22007, 22008 | value too long, out of range, malformed | VALIDATION |
 *
 * Anything else (a connection failure, a timeout, a bug) passes through unchanged for the faces.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { conflict, DomainError, invalidParam } from '../errors.js';

/** The fields both drivers put on an error the server reported. */
export interface DatabaseErrorFields {
  /** SQLSTATE, five characters. */
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  detail?: string;
}

/** Whether `err` is an error the PostgreSQL server (or PGlite) reported, with a SQLSTATE `code`. */
export function isDatabaseError(err: unknown): err is Error & DatabaseErrorFields {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Singular nouns of the tables a write may name in a message (default: the table's name, unpluralised). */
const NOUNS: Record<string, string> = {
  editions: 'edition', articles: 'article', projects: 'project', tenders: 'tender', users: 'user', tags: 'tag', topics: 'topic',
  companies: 'company', airports: 'airport', countries: 'country', regions: 'region', project_types: 'project type',
  inbox_items: 'inbox item', email_outbox: 'outbox message', newsletter_sends: 'newsletter send', api_keys: 'API key',
  sessions: 'session', accounts: 'account', subscriptions: 'subscription', plans: 'plan', addons: 'add-on', preferences: 'preference',
};

/** Input field names of columns whose name differs from the field an editor writes. */
const FIELDS: Record<string, string> = {
  project_type_slug: 'project_type', region_slug: 'region', country_code: 'country', plan_code: 'plan', addon_code: 'addon',
  buyer_company_id: 'buyer', 'lower(email)': 'email',
};

const nounOf = (table: string | undefined): string =>
  table ? (NOUNS[table] ?? table.replace(/_/g, ' ').replace(/s$/, '')) : 'record';

const article = (noun: string) => (/^[aeiou]/i.test(noun) && !/^u[a-z]/i.test(noun) ? 'An' : 'A');

/** The input field of a column (or of an index expression such as `lower(email::text)`). */
export function fieldOf(column: string): string {
  const bare = column.replace(/::[a-z ]+/gi, '').trim();
  const field = FIELDS[bare] ?? bare.replace(/^\w+\((.*)\)$/, '$1');
  return FIELDS[field] ?? field;
}

/** `Key (a, b)=(x, y) ...` as its columns and values (values only when as many as the columns). */
function keyOf(detail: string | undefined): { columns: string[]; values: string[] } | undefined {
  const m = /^Key \((.+)\)=\((.*)\) (?:already exists|is not present|is still referenced|conflicts)/.exec(detail ?? '');
  if (!m) return undefined;
  const columns = m[1]!.split(/,\s*/).map(fieldOf);
  const values = m[2]!.split(/,\s*/);
  return { columns, values: values.length === columns.length ? values : [] };
}

const shown = (value: string) => (value.length > 80 ? `${value.slice(0, 77)}...` : value);

/** Messages for the unique keys a caller can collide with, by constraint name. */
const UNIQUE: Record<string, (v: Record<string, string>) => string> = {
  editions_number_key: (v) => `An edition with number ${shown(v.number ?? '?')} already exists`,
  articles_edition_slug_idx: (v) => `An article with slug "${shown(v.slug ?? '?')}" already exists in this edition`,
  users_email_lower_idx: (v) => `A user with email ${shown(v.email ?? '?')} already exists`,
};

const RETRY = 'The write collided with a concurrent change and was not applied; try again';

/** The check constraint's column: `<table>_<column>_check` is PostgreSQL's default name. */
function checkedField(e: DatabaseErrorFields): string | undefined {
  const c = e.constraint ?? '';
  const m = e.table && c.startsWith(`${e.table}_`) ? /^(.+)_check\d*$/.exec(c.slice(e.table.length + 1)) : null;
  return m ? fieldOf(m[1]!) : e.column ? fieldOf(e.column) : undefined;
}

/**
 * The domain error a database error stands for (see the table above), or `undefined` when it is
 * not a constraint, concurrency or value error (the caller rethrows it unchanged).
 */
export function domainErrorOf(err: unknown): DomainError | undefined {
  if (err instanceof DomainError || !isDatabaseError(err)) return undefined;
  const noun = nounOf(err.table);
  switch (err.code) {
    case '23505': {
      const key = keyOf(err.detail);
      const values = Object.fromEntries((key?.columns ?? []).map((c, i) => [c, key!.values[i] ?? '']));
      const known = err.constraint ? UNIQUE[err.constraint] : undefined;
      if (known) return conflict(known(values));
      return conflict(`${article(noun)} ${noun} with this ${key ? key.columns.join(' and ') : 'key'} already exists`);
    }
    case '23P01':
      return conflict(`${article(noun)} ${noun} overlapping this one already exists`);
    case '40001':
    case '40P01':
      return conflict(RETRY);
    case '23503': {
      const key = keyOf(err.detail);
      const referenced = /is still referenced from table "(\w+)"/.exec(err.detail ?? '');
      if (referenced) {
        const parent = /^update or delete on table "(\w+)"/.exec(err.message)?.[1]; // `table` is the referencing one here
        return conflict(`The ${nounOf(parent)} is still referenced by ${nounOf(referenced[1])} records; remove those first`);
      }
      const target = /is not present in table "(\w+)"/.exec(err.detail ?? '');
      const field = key?.columns[0] ?? 'reference';
      const value = key?.values[0];
      if (value === '') return invalidParam(field, 'must not be empty');
      return invalidParam(field, `no ${nounOf(target?.[1])}${value !== undefined ? ` "${shown(value)}"` : ''}`);
    }
    case '23514': {
      const field = checkedField(err);
      return field ? invalidParam(field, 'is not an allowed value') : new DomainError('VALIDATION', `A value of the ${noun} is not allowed`);
    }
    case '23502':
      return err.column ? invalidParam(fieldOf(err.column), 'is required') : new DomainError('VALIDATION', 'A required value is missing');
    case '22001':
      return new DomainError('VALIDATION', 'A value is longer than its field allows');
    case '22003':
      return new DomainError('VALIDATION', 'A number is out of the range its field allows');
    case '22021':
    case '22P05':
      return new DomainError('VALIDATION', 'A text value contains a character that cannot be stored');
    case '22P02':
    case '22007':
    case '22008':
      return new DomainError('VALIDATION', 'A value is malformed for its field');
    default:
      return undefined;
  }
}

/** Rethrows `err` as its domain error (see {@link domainErrorOf}), or unchanged. */
export function rethrowAsDomainError(err: unknown): never {
  throw domainErrorOf(err) ?? err;
}

/**
 * Runs a write (`fn`) and maps the database's constraint and concurrency errors to domain errors.
 * @throws DomainError CONFLICT, VALIDATION (see the table above); other errors unchanged
 */
export async function mappingDatabaseErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    return rethrowAsDomainError(err);
  }
}

/**
 * Runs `fn` in one transaction (its context's `db` is the transaction) and maps the errors that end
 * it (see the table above): the write is whole or not at all, and a race ends in CONFLICT.
 * @throws DomainError CONFLICT, VALIDATION; whatever `fn` throws otherwise
 */
export function writeTransaction<T>(ctx: Ctx, fn: (trx: Transaction<DB>, tctx: Ctx) => Promise<T>): Promise<T> {
  return mappingDatabaseErrors(() => (ctx.db as Kysely<DB>).transaction().execute(async (trx) => {
    // The service clock for what the database records itself (change feed, project history: migration 0019).
    await sql`select set_config('airport_intel.now', ${ctx.now().toISOString()}, true)`.execute(trx);
    return fn(trx, { ...ctx, db: trx });
  }));
}
