/**
 * A seeded fuzzer driven by the service's own `/openapi.json`: for every operation it sends
 * malformed variants of its path parameters, query parameters and JSON body (one thing wrong at a
 * time, the rest valid), as each caller given, and checks every answer:
 * - no 5xx;
 * - errors in the edition's dialect: `/v1` answers `application/problem+json` with `title`,
 *   `status` (the response status) and `detail`; every other path (`/api/v1`, `/api/admin`, …)
 *   answers `application/json` `{ error: string }`;
 * - no leak of internals in any body: stack frames, source paths, SQL error texts.
 *
 * The same engine runs in the suite (test/fuzz.test.ts, a few thousand requests) and as the long
 * run (`npm run fuzz`, scripts/fuzz.ts). The same seed sends the same requests in the same order.
 * Requests are sent one at a time: the fuzzer looks for input that is refused badly, not for races.
 */
import { prng } from '../../src/seed/synthetic-vocabulary.js';

/** A JSON Schema as /openapi.json writes it (the parts the fuzzer reads). */
export interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  default?: unknown;
  $ref?: string;
}

interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: SchemaNode;
}

interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}

/** The parts of an OpenAPI document the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

/** One request, as {@link FuzzTarget.send} takes it. */
export interface FuzzRequest {
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** One answer. */
export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Where the fuzzer sends its requests: `app.inject` in the suite, or the same in the long run. */
export interface FuzzTarget {
  send(request: FuzzRequest): Promise<FuzzResponse>;
}

/** A kind of caller: its name in the report and the headers it sends (e.g. `authorization`). */
export interface FuzzCaller {
  name: string;
  headers: Record<string, string>;
}

/** What one run does. */
export interface FuzzOptions {
  /** Seed of the pseudo-random choices: the same seed sends the same requests. */
  seed: number;
  /** Malformed variants per operation per caller. */
  variantsPerOperation: number;
  callers: FuzzCaller[];
  /**
   * Values of path parameters that name existing records, by the path segment before the parameter
   * (`editions`, `articles`, `projects`, `tenders`, `inbox`, `airports`), so variants reach past the
   * lookup; anything not given gets a random UUID.
   */
  fixtures?: Record<string, string>;
  /** Only operations whose path matches (default: all). */
  include?: (method: string, path: string) => boolean;
  /** Called after each request (progress). */
  onRequest?: (done: number, total: number) => void;
  /** Failures kept in the report (default 50); counting goes on past it. */
  keepFailures?: number;
  /**
   * Also send what Fastify refuses before any route runs: broken percent-encoding in a path, path
   * parameters beyond its `maxParamLength` (100), bodies of an unsupported media type. On by
   * default: those answers are the framework's own errors, which must come in the edition's
   * format too (src/http/edge.ts).
   */
  frameworkErrors?: boolean;
}

/** One bad answer. */
export interface FuzzFailure {
  kind: '5xx' | 'format' | 'leak';
  caller: string;
  request: FuzzRequest;
  statusCode: number;
  /** The start of the body. */
  body: string;
  reason: string;
}

/** The figures of a run. */
export interface FuzzReport {
  operations: number;
  requests: number;
  /** Responses per status class: `2xx`, `4xx`, … */
  byClass: Record<string, number>;
  /** Responses per status code. */
  byStatus: Record<string, number>;
  serverErrors: number;
  formatErrors: number;
  leaks: number;
  failures: FuzzFailure[];
  seconds: number;
}

// ------------------------------------------------------------------ pseudo-random (mulberry32: prng)

type Rng = () => number;

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const uuidOf = (rng: Rng) =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(rng() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });

// ------------------------------------------------------------------ malformed values

/** A value to put in a URL: `text` is percent-encoded, `raw` is inserted as it is. */
type UrlValue = { text: string } | { raw: string };

/** Text a URL or a JSON string may carry that no field should choke on. */
const NASTY_TEXT = [
  '\u0000', 'a\u0000b', '\u0001', '\u0007bell', '\u001b[31mred', '\u007f', 'tab\tand\nnewline\r', '\u0008\u000b\u000c',
  '', ' ', '   ', ',', ',,,', 'a,,b', ';', '"', "'", '\\', '%', '*', '?', '#', '&', '=', '/', '..', '../../etc/passwd',
  "' OR '1'='1", "'; drop table editions; --", '" or ""="', '\\x00', '%00', '${jndi:ldap://x}', '{{7*7}}', '<script>alert(1)</script>',
  '\u202eevil', '\u200b', '\ufeff', 'e\u0301\u0301\u0301', '😀', '👨‍👩‍👧‍👦', 'ﬀ', '１２３', 'İstanbul', 'ß', '\uffff', '\ud83d',
  '\udc00x', 'a'.repeat(501), 'x'.repeat(2001), 'y'.repeat(10_001), '-', '-1', '"quoted', 'OR', '-"', '!', '&|!:*', ':*', 'a & b',
  'null', 'undefined', 'true', 'NaN', '[]', '{}', '0', '-0',
];

/** Numbers (as text) beyond every column, and not numbers at all. */
const NASTY_NUMBERS = [
  '2147483647', '2147483648', '-2147483649', '9223372036854775807', '9223372036854775808', '99999999999999999999999', '1e30',
  '1e308', '1e309', '-1e309', '1e-7', '1.5', '0.0000001', '-1', '-0', '0', '00001', '0x10', '0b1', '1_000', '+1', ' 1', '1 ',
  'NaN', 'Infinity', '-Infinity', '1,2', '1e', '.5', '5.', '１', '٣', '9007199254740993', '4294967296', '100001', '10000001',
];

/** Malformed UUIDs. */
const NASTY_UUIDS = [
  'not-a-uuid', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '{00000000-0000-0000-0000-000000000000}',
  '00000000000000000000000000000000', 'ABCDEF00-0000-4000-8000-000000000000', '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000\u0000', 'g'.repeat(36), '1', '-1', '2147483648',
];

/** Malformed dates and instants. */
const NASTY_DATES = [
  '2026-02-30', '2026-13-01', '0000-01-01', '0001-01-01', '9999-12-31', '10000-01-01', '-0001-01-01', '2026-1-1', '20260101',
  '2026-06-30T23:59:60Z', '2026-01-01T24:00:00Z', '2026-01-01T00:00:00+25:00', '2026-01-01T00:00:00', '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59-23:59', '0000-01-01T00:00:00Z', 'yesterday', '2026-01-01T00:00:00.123456789Z',
];

/** Raw URL fragments: broken percent-encoding, invalid UTF-8. */
const RAW_URL = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%FF%FE', '%00%00', 'a%00', '%2e%2e%2f', '%2F', '%5C', '+', '%20'];

/** A comma list of `n` items. */
const commaItems = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(',');

/** Values of a JSON field of any type: the wrong types and odd shapes. */
const WRONG_JSON: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 63, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, '', '\u0000', 'x', '1', [], [null], [1, 2],
  ['\u0000'], {}, { a: 1 }, [[['deep']]], 'a'.repeat(100_001), Array.from({ length: 1000 }, (_, i) => `t${i}`), [''], [{}],
];

/** Whole bodies that are not the JSON object a write expects. */
const BAD_BODIES: { payload: string; type?: string }[] = [
  { payload: '{' }, { payload: '{"a":' }, { payload: 'null' }, { payload: '[]' }, { payload: '"text"' }, { payload: '42' },
  { payload: 'true' }, { payload: '' }, { payload: '{"__proto__":{"admin":true}}' }, { payload: '{"constructor":{"prototype":{"x":1}}}' },
  { payload: '{"a":1,"a":2}' }, { payload: '\u0000' }, { payload: '{"x":"\\u0000"}' }, { payload: '{"x":"\\ud800"}' },
  { payload: '[' .repeat(500) + ']'.repeat(500) }, { payload: 'x=1', type: 'application/x-www-form-urlencoded' },
  // Nested far deeper than the 64 levels a body may have (issue 29: these overflowed a recursive walk).
  { payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) }, { payload: '['.repeat(20_000) + ']'.repeat(20_000) },
  { payload: '{"a":'.repeat(65) + '[]' + '}'.repeat(65) },
  { payload: 'hello', type: 'text/plain' }, { payload: '{}', type: 'application/json; charset=latin1' }, { payload: '\ufeff{}' },
];

/** The first non-null type a schema names. */
function typeOf(schema: SchemaNode | undefined): string | undefined {
  if (!schema) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const t = types.find((x) => x !== 'null');
  if (t) return t;
  const alt = schema.anyOf ?? schema.oneOf;
  return alt ? typeOf(alt.find((s) => typeOf(s) !== undefined)) : undefined;
}

/** Malformed and edge values (as URL text) for a parameter of `schema`. */
function urlValuesFor(schema: SchemaNode | undefined, name: string, rng: Rng): UrlValue[] {
  const t = typeOf(schema);
  const out: UrlValue[] = NASTY_TEXT.map((text) => ({ text }));
  out.push(...RAW_URL.map((raw) => ({ raw })));
  out.push(...NASTY_NUMBERS.map((text) => ({ text })));
  if (t === 'integer' || t === 'number') {
    // Edge values of the schema itself, and the integers of every column.
    for (const n of [schema?.minimum, schema?.maximum]) if (n !== undefined) out.push({ text: String(n) }, { text: String(n + 1) }, { text: String(n - 1) });
    out.push(...NASTY_NUMBERS.map((text) => ({ text })));
  }
  if (schema?.format === 'uuid' || /id$/.test(name)) out.push(...NASTY_UUIDS.map((text) => ({ text })), { text: uuidOf(rng) });
  if (schema?.format === 'date' || schema?.format === 'date-time') out.push(...NASTY_DATES.map((text) => ({ text })));
  if (schema?.enum) out.push(...schema.enum.map((v) => ({ text: `${String(v)}\u0000` })), ...schema.enum.map((v) => ({ text: String(v).toUpperCase() })));
  if (schema?.pattern?.includes(',') || /^(terms|any_|exclude_|status)/.test(name)) {
    out.push({ text: commaItems(1000) }, { text: commaItems(51) }, { text: commaItems(50) }, { text: ',,,,,,' }, { text: `a,${'\u0000'},b` });
  }
  // Schema-valid values that name nothing: unknown slugs and codes, the bounds.
  out.push({ text: 'zz' }, { text: 'ZZZ' }, { text: 'unknown-slug' }, { text: 'x' });
  if (schema?.maxLength !== undefined) out.push({ text: 'a'.repeat(schema.maxLength) }, { text: 'a'.repeat(schema.maxLength + 1) });
  return out;
}

/** Malformed and edge values for a JSON body field of `schema`. */
function jsonValuesFor(schema: SchemaNode | undefined, name: string, rng: Rng): unknown[] {
  const t = typeOf(schema);
  const out: unknown[] = [...WRONG_JSON, ...NASTY_TEXT];
  if (t === 'integer' || t === 'number') {
    for (const n of [schema?.minimum, schema?.maximum]) if (n !== undefined) out.push(n, n + 1, n - 1, n + 0.5);
    out.push(2147483648, -2147483649, 9223372036854775807, 1e30, 1e308, -1e308, 0.5, -0, ...NASTY_NUMBERS);
  }
  if (schema?.format === 'uuid' || /_id$/.test(name)) out.push(...NASTY_UUIDS, uuidOf(rng));
  if (schema?.format === 'date' || schema?.format === 'date-time') out.push(...NASTY_DATES);
  if (schema?.format === 'uri') out.push('javascript:alert(1)', 'http://', 'http://[::1', 'mailto:', 'http://a b', 'x'.repeat(2001));
  if (schema?.format === 'email') out.push('a@b', '@', 'a@', 'a\u0000@b.test', 'x'.repeat(400) + '@b.test');
  if (t === 'array') {
    const item = schema?.items;
    out.push(Array.from({ length: 101 }, (_, i) => `t${i}`), Array.from({ length: 51 }, () => ({})), [''], ['\u0000'], ['zz-unknown'], ['ZZZ'], [uuidOf(rng)]);
    if (item) out.push(...jsonValuesFor(item, name, rng).slice(0, 20).map((v) => [v]));
  }
  if (t === 'object' && schema?.properties) {
    const [first] = Object.keys(schema.properties);
    if (first) out.push({ [first]: '\u0000' }, { [first]: 1e309 }, { unknown: 1 });
  }
  if (schema?.enum) out.push(...schema.enum.map((v) => `${String(v)}\u0000`), ...schema.enum.map((v) => String(v).toUpperCase()));
  // Schema-valid values that name nothing: an unknown slug or code, a random UUID, the bounds.
  out.push('zz', 'ZZ', 'ZZZ', 'XX', 'unknown-slug', uuidOf(rng));
  if (schema?.maxLength !== undefined) out.push('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
  return out;
}

/** A valid sample of `schema` (for the fields a variant does not break). */
function sampleOf(schema: SchemaNode | undefined, name: string, rng: Rng): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const t = typeOf(schema);
  switch (t) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1 + Math.floor(rng() * 1000);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key], key, rng);
      return out;
    }
    default:
      if (schema.format === 'uuid') return uuidOf(rng);
      if (schema.format === 'date') return '2026-11-21';
      if (schema.format === 'date-time') return '2026-11-21T10:00:00Z';
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'uri') return 'https://example.test/';
      if (schema.pattern === '^[0-9]{4}$') return '2026';
      if (/^(number|edition_number|editionNumber)$/.test(name)) return 1 + Math.floor(rng() * 100_000);
      return `fuzz ${name} ${Math.floor(rng() * 1e6)}`;
  }
}

// ------------------------------------------------------------------ variants

interface Variant {
  method: string;
  path: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** The JSON text of `body` with `field` set to the raw JSON text `raw` (which JSON.stringify could not write). */
function withRawField(body: Record<string, unknown>, field: string, raw: string): string {
  const rest = JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => k !== field)));
  return `${rest.slice(0, -1)}${rest === '{}' ? '' : ','}${JSON.stringify(field)}:${raw}}`;
}

const encode = (v: UrlValue) => ('raw' in v ? v.raw : encodeUriLenient(v.text));

/** encodeURIComponent, with lone surrogates written as the (invalid) UTF-8 of the code unit. */
function encodeUriLenient(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

const decodable = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

function resolve(doc: OpenApiDocument, schema: SchemaNode | undefined): SchemaNode | undefined {
  if (schema?.$ref) return doc.components?.schemas?.[schema.$ref.split('/').pop()!];
  return schema;
}

/** Every variant of one operation, in a seeded order, `count` of them (cycling when fewer exist). */
function variantsOf(doc: OpenApiDocument, method: string, path: string, op: Operation, rng: Rng, count: number, fixtures: Record<string, string>, frameworkErrors: boolean): Variant[] {
  const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(doc, p.schema) }));
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);

  const fixtureFor = (name: string) => {
    const segment = path.split('/')[path.split('/').indexOf(`{${name}}`) - 1] ?? '';
    return fixtures[`${segment}.${name}`] ?? fixtures[segment] ?? (name === 'number' ? '1' : name === 'ref' ? 'LHR' : uuidOf(rng));
  };
  const validPath: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(fixtureFor(p.name))]));
  const urlOf = (pathValues: Record<string, string>, query: string) =>
    path.replace(/\{(\w+)\}/g, (_, n: string) => pathValues[n] ?? 'x') + (query ? `?${query}` : '');
  const validBody = () => {
    if (!bodySchema) return undefined;
    const body = sampleOf(bodySchema, 'body', rng) as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      const given = fixtures[`body.${key}`];
      if (given !== undefined) body[key] = typeOf(bodySchema.properties?.[key]) === 'integer' ? Number(given) : given;
    }
    return body;
  };

  // One thunk per way of breaking the request; the seed picks which are sent.
  const makers: (() => Variant)[] = [];
  // Fastify's router answers for itself before validation: broken encodings, over-long segments.
  const routable = (v: UrlValue) => frameworkErrors || (encode(v).length <= 100 && decodable(encode(v)));
  for (const p of pathParams) {
    for (const v of urlValuesFor(p.schema, p.name, rng).filter(routable)) makers.push(() => ({ method, path, url: urlOf({ ...validPath, [p.name]: encode(v) }, '') }));
  }
  for (const p of queryParams) {
    for (const v of urlValuesFor(p.schema, p.name, rng)) makers.push(() => ({ method, path, url: urlOf(validPath, `${encodeURIComponent(p.name)}=${encode(v)}`) }));
    makers.push(() => ({ method, path, url: urlOf(validPath, `${p.name}=1&${p.name}=2`) }));
    makers.push(() => ({ method, path, url: urlOf(validPath, `${p.name}[]=a&${p.name}[x]=b`) }));
  }
  if (queryParams.length) {
    makers.push(() => ({ method, path, url: urlOf(validPath, queryParams.map((p) => `${p.name}=%00`).join('&')) }));
    // 100 KB query strings (issue 29): past Node's 16 KB header limit they are refused (431) before
    // routing, in the edition's format; the target sends them over a real socket.
    if (frameworkErrors) {
      makers.push(() => ({ method, path, url: urlOf(validPath, `${queryParams[0]!.name}=${'a'.repeat(100_000)}`) }));
      makers.push(() => ({ method, path, url: urlOf(validPath, `${queryParams[0]!.name}=${'%41'.repeat(34_000)}`) }));
    }
    makers.push(() => ({ method, path, url: urlOf(validPath, `unknown%00=1&${'z'.repeat(100)}=1`) }));
  }
  if (bodySchema) {
    const props = bodySchema.properties ?? {};
    for (const [name, schema] of Object.entries(props)) {
      for (const value of jsonValuesFor(resolve(doc, schema), name, rng)) {
        makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: JSON.stringify({ ...validBody(), [name]: value }) }));
      }
    }
    for (const b of BAD_BODIES.filter((x) => frameworkErrors || !x.type)) makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: b.payload, ...(b.type ? { contentType: b.type } : {}) }));
    makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: JSON.stringify({ ...validBody(), 'unknown\u0000': 1 }) }));
    // A valid body with one field nested 3 000 levels deep (objects and arrays alternating).
    const [field] = Object.keys(props);
    if (field) makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: withRawField(validBody() ?? {}, field, `${'{"a":['.repeat(1500)}${']}'.repeat(1500)}`) }));
  } else if (method !== 'GET' && method !== 'HEAD') {
    makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: '{' }));
    makers.push(() => ({ method, path, url: urlOf(validPath, ''), payload: '{"x":"\\u0000"}' }));
  }
  if (makers.length === 0) makers.push(() => ({ method, path, url: urlOf(validPath, `x=${encodeURIComponent('\u0000')}`) }));

  const order = shuffle(rng, makers.map((_, i) => i));
  return Array.from({ length: count }, (_, i) => makers[order[i % order.length]!]!());
}

// ------------------------------------------------------------------ checks

/** Internals that must never reach a caller: stack frames, source paths, database error texts. */
const LEAKS: [RegExp, string][] = [
  [/\bat [\w.<>$]+ \(?(file:|node:|\/)[^)]*:\d+:\d+/, 'stack frame'],
  [/node_modules|node:internal|\/src\/[\w/-]+\.ts/, 'source path'],
  [/\.ts:\d+:\d+/, 'source position'],
  [/syntax error at or near|violates (foreign key|unique|check|not-null) constraint|duplicate key value|invalid input syntax for|out of range for type|invalid byte sequence for encoding|unterminated quoted string|relation "[\w.]+" does not exist|column "[\w.]+" (does not exist|of relation)|current transaction is aborted|canceling statement due to/i, 'SQL error text'],
  [/\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]{0,200}\b(FROM|VALUES|SET|WHERE)\s+"?[a-z_]+"?\s*(\(|"|as\b|where\b|=)/, 'SQL text'],
  [/PGlite|PostgresError|DatabaseError|ECONNREFUSED|TypeError:|RangeError:|ReferenceError:/, 'exception name'],
];

const header = (res: FuzzResponse, name: string) => {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

/** What is wrong with the format of an error answer on `path`, if anything. */
export function formatProblem(path: string, res: FuzzResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  const type = header(res, 'content-type');
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `error body is not JSON (${type})`;
  }
  const b = body as Record<string, unknown>;
  if (path.startsWith('/v1/') || path === '/v1') {
    if (!/^application\/problem\+json/.test(type)) return `content-type ${type}, expected application/problem+json`;
    if (typeof b.title !== 'string' || typeof b.detail !== 'string' || b.status !== res.statusCode) return 'problem document without title, detail or the right status';
    return undefined;
  }
  if (!/^application\/json/.test(type)) return `content-type ${type}, expected application/json`;
  if (typeof b.error !== 'string' || b.error.length === 0) return 'error body without an "error" string';
  return undefined;
}

/** The kind of internal `body` leaks, if any. */
export function leakIn(body: string): string | undefined {
  for (const [re, what] of LEAKS) if (re.test(body)) return what;
  return undefined;
}

// ------------------------------------------------------------------ the run

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of `doc` the run covers: `[METHOD, path, operation]`. */
export function operationsOf(doc: OpenApiDocument, include?: FuzzOptions['include']): [string, string, Operation][] {
  const out: [string, string, Operation][] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      if (include && !include(method.toUpperCase(), path)) continue;
      out.push([method.toUpperCase(), path, op]);
    }
  }
  return out;
}

/**
 * Fuzzes every operation of `doc` through `target`, `variantsPerOperation` requests per operation
 * per caller, one at a time, and counts what came back.
 */
export async function runFuzz(doc: OpenApiDocument, target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const rng = prng(options.seed);
  const keep = options.keepFailures ?? 50;
  const ops = operationsOf(doc, options.include);
  const report: FuzzReport = { operations: ops.length, requests: 0, byClass: {}, byStatus: {}, serverErrors: 0, formatErrors: 0, leaks: 0, failures: [], seconds: 0 };
  const total = ops.length * options.callers.length * options.variantsPerOperation;
  const fail = (f: FuzzFailure) => {
    if (report.failures.length < keep) report.failures.push(f);
  };
  for (const [method, path, op] of ops) {
    for (const caller of options.callers) {
      for (const v of variantsOf(doc, method, path, op, rng, options.variantsPerOperation, options.fixtures ?? {}, options.frameworkErrors ?? true)) {
        const headers: Record<string, string> = { ...caller.headers };
        if (v.payload !== undefined) headers['content-type'] = v.contentType ?? 'application/json';
        const request: FuzzRequest = { method: v.method, url: v.url, headers, ...(v.payload !== undefined ? { payload: v.payload } : {}) };
        const res = await target.send(request);
        report.requests++;
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
        report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
        const base = { caller: caller.name, request, statusCode: res.statusCode, body: res.body.slice(0, 400) };
        if (res.statusCode >= 500) {
          report.serverErrors++;
          fail({ ...base, kind: '5xx', reason: `status ${res.statusCode}` });
        }
        const format = formatProblem(path, res);
        if (format) {
          report.formatErrors++;
          fail({ ...base, kind: 'format', reason: format });
        }
        const leak = leakIn(res.body);
        if (leak) {
          report.leaks++;
          fail({ ...base, kind: 'leak', reason: leak });
        }
        options.onRequest?.(report.requests, total);
      }
    }
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

/** The report as lines of text (figures, then the failures kept). */
export function formatReport(report: FuzzReport): string {
  const lines = [
    `operations: ${report.operations}`,
    `requests:   ${report.requests} in ${report.seconds.toFixed(1)} s`,
    `by class:   ${Object.entries(report.byClass).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `by status:  ${Object.entries(report.byStatus).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `5xx:        ${report.serverErrors}`,
    `format errors: ${report.formatErrors}`,
    `leaks:      ${report.leaks}`,
  ];
  for (const f of report.failures) {
    lines.push(`FAIL ${f.kind} [${f.caller}] ${f.request.method} ${f.request.url.slice(0, 300)}${f.request.payload !== undefined ? ` body=${f.request.payload.slice(0, 200)}` : ''} → ${f.statusCode}: ${f.reason}: ${f.body.slice(0, 300)}`);
  }
  return lines.join('\n');
}
