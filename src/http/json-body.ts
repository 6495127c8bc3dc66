/**
 * The JSON body parser of every route (docs/decisions/0011): Fastify's own parser (secure-json-parse:
 * prototype-poisoning refused) behind one check on the raw text, so that a body nested deeper than
 * {@link MAX_JSON_DEPTH} levels (`{"a":{"a":…}}`, `[[[…]]]`) is refused with 400 in the edition's
 * dialect before any code walks it (the control-character scan, the schema validation, hashing for
 * idempotency). The check is a single loop over the characters, so it cannot overflow the stack.
 */
import type { FastifyInstance } from 'fastify';

/** The deepest nesting of arrays and objects a JSON body may have (the top level counts as 1). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON text `text` nests arrays and objects deeper than `max` levels. Brackets inside
 * strings (escapes included) do not count; malformed text is left to the parser.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The 400 of a body nested too deeply (mapped by each edition's error handler like any 4xx). */
class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_JSON_TOO_DEEP';
  constructor() {
    super(`The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/** Replaces the `application/json` parser of `app` (and the scopes registered after) with the checked one. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new JsonTooDeepError(), undefined);
      return;
    }
    void parse(request, body as string, done);
  });
}
