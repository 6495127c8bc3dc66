/**
 * Schema validation for every route: Ajv with formats. Query strings, path parameters and headers
 * arrive as text, so they are coerced to the declared types; JSON bodies are validated strictly
 * (a wrong type is an error, not a conversion) and unknown fields are refused where a schema says
 * `additionalProperties: false`.
 *
 * On top of each route's schema, one rule holds for every text value of every request part (query,
 * path, body, at any depth, in arrays too), so every operation has it, future ones included
 * (docs/decisions/0011): no control characters except tab, line feed and carriage return (a NUL
 * would otherwise reach PostgreSQL, which refuses it with a 500), and well-formed Unicode (no lone
 * surrogate). A failure is an ordinary validation error naming the field (keyword `controlCharacters`).
 *
 * The formats `date` and `date-time` are narrowed to what both JavaScript and PostgreSQL accept
 * (years 0001 to 9999; a date-time JavaScript can parse, so no leap second `:60`).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Control characters other than tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A lone (unpaired) UTF-16 surrogate: text that is not well-formed Unicode. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (text: string) => FORBIDDEN_CONTROL.test(text) || LONE_SURROGATE.test(text);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` of a real day in years 0001 to 9999. */
function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && !leap ? 28 : DAYS[month - 1]!);
}

/** The first and last instants whose UTC year is 0001 to 9999 (stored and presented in UTC). */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An RFC 3339 instant with a time zone that JavaScript parses, in years 0001 to 9999 both as
 * written and in UTC (`9999-12-31T23:59:59-23:59` is in year 10000 in UTC, so it is refused).
 */
function isDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/.exec(value);
  if (!m || !isDate(m[1]!)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return false;
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return false;
  const instant = Date.parse(value);
  return !Number.isNaN(instant) && instant >= FIRST_INSTANT && instant <= LAST_INSTANT;
}

const make = (coerce: boolean) => {
  const ajv = addFormats(
    new Ajv({
      coerceTypes: coerce,
      useDefaults: true,
      removeAdditional: false,
      allErrors: false,
      strict: false,
    }),
  );
  ajv.addFormat('date', isDate);
  ajv.addFormat('date-time', isDateTime);
  return ajv;
};

const coercing = make(true);
const strict = make(false);

/**
 * The path (JSON pointer, as Ajv writes `instancePath`) of the first string in `value` that holds a
 * forbidden control character or is not well-formed Unicode, or `undefined`. Object keys count too.
 * The walk keeps its own stack (depth-first, in document order), so no nesting depth can overflow
 * the call stack; JSON bodies are also capped at 64 levels before parsing (src/http/json-body.ts).
 */
export function findBadText(value: unknown, path = ''): string | undefined {
  // Each entry: a value and its path; an object's key is pushed as a string to check before its value.
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (isBadText(item)) return at;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${at}/${i}`]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const here = `${at}/${pointerToken(key)}`;
        stack.push([child, here], [key, here]);
      }
    }
  }
  return undefined;
}

/** A key as a JSON pointer token (RFC 6901: `~` → `~0`, `/` → `~1`). */
const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Adds the text rule to a compiled schema: the schema first, then every string of the data. */
function withTextRule(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    const bad = findBadText(data);
    if (bad !== undefined) {
      const issue: ErrorObject = {
        keyword: 'controlCharacters',
        instancePath: bad,
        schemaPath: '#/controlCharacters',
        params: {},
        message: 'must not contain control characters (other than tab and line breaks) or invalid Unicode',
      };
      checked.errors = [issue];
      return false;
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  checked.schema = validate.schema;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/** A JSON Schema object as far as the query rule reads it. */
interface ObjectSchema {
  type?: unknown;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  patternProperties?: unknown;
}

/**
 * A query-string schema that refuses parameters it does not name (decision 0026): an object schema
 * with `properties` and no word on `additionalProperties` gets `additionalProperties: false`. A
 * schema that says otherwise (or has `patternProperties`) is left alone. Every route of every
 * edition gets the rule from here, future ones included, so a mistyped `?stauts=` is a 400, never
 * a silently ignored filter.
 */
export function strictQuerySchema(schema: object): object {
  const s = schema as ObjectSchema;
  if (s.type !== 'object' || !s.properties || s.additionalProperties !== undefined || s.patternProperties !== undefined) return schema;
  return { ...schema, additionalProperties: false };
}

/** Adds the accepted parameter names to an unknown-parameter error of a query string. */
function withAcceptedNames(validate: ValidateFunction, schema: object): ValidateFunction {
  const accepted = Object.keys((schema as ObjectSchema).properties ?? {});
  const checked = ((data: unknown) => {
    const ok = validate(data);
    checked.errors = validate.errors?.map((e) => (e.keyword === 'additionalProperties' && e.instancePath === '' ? { ...e, params: { ...e.params, accepted } } : e));
    return ok;
  }) as ValidateFunction;
  checked.schema = validate.schema;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/** The validator compiler installed with `app.setValidatorCompiler`. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'querystring') {
    const strictQuery = strictQuerySchema(schema);
    return withTextRule(withAcceptedNames(coercing.compile(strictQuery), strictQuery));
  }
  return withTextRule((httpPart === 'body' ? strict : coercing).compile(schema));
};
