/**
 * Test-only guard: every JSON response the suites receive must validate against the response
 * schema its route declares for that status (and media type). A violation turns the response into
 * a loud 500 whose body names the route, the status and Ajv's complaint, so the test that received
 * it fails on the spot. Installed by the harness only; the service itself never pays for it.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true }));
const compiled = new WeakMap<object, ValidateFunction>();

/** Violations seen in this process (also reported in the response itself). */
export const violations: string[] = [];

type ResponseSchemas = Record<string, { content?: Record<string, { schema: object }> } & object>;

/** The schema declared for `status` and `mediaType`, if any. */
function declared(schemas: ResponseSchemas | undefined, status: number, mediaType: string): object | undefined {
  if (!schemas) return undefined;
  const entry = schemas[String(status)] ?? schemas[`${String(status)[0]}xx`] ?? schemas.default;
  if (!entry) return undefined;
  if (entry.content) return entry.content[mediaType]?.schema;
  return entry;
}

function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | undefined {
  const type = String(reply.getHeader('content-type') ?? 'application/json');
  const mediaType = type.split(';')[0]!.trim();
  if (!/^application\/(problem\+)?json$/.test(mediaType)) return undefined;
  if (!request.routeOptions.url) return undefined; // not-found handler: no route, no schema
  const schemas = (request.routeOptions.schema as { response?: ResponseSchemas } | undefined)?.response;
  // Routes that declare no responses at all (hidden /openapi.json, the JSON-RPC tool server) are
  // not described as JSON records; test/openapi.test.ts checks that every documented route has them.
  if (!schemas) return undefined;
  const schema = declared(schemas, reply.statusCode, mediaType);
  const where = `${request.method} ${request.routeOptions.url} → ${reply.statusCode} ${mediaType}`;
  if (!schema) return `${where}: no response schema declared`;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  // What the client would parse: Dates as ISO strings, undefined members dropped.
  if (validate(JSON.parse(JSON.stringify(payload)))) return undefined;
  return `${where}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`;
}

const VIOLATION = Symbol('response schema violation');
type Marked = FastifyRequest & { [VIOLATION]?: string };

/** Installs the guard on `app` (before `ready`). */
export function installResponseValidation(app: FastifyInstance): void {
  // The object before serialization: the serializer would coerce or drop what does not fit.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const problem = check(request, reply, payload);
    if (problem) (request as Marked)[VIOLATION] = problem;
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const problem = (request as Marked)[VIOLATION];
    if (!problem) return payload;
    violations.push(problem);
    reply.code(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: `RESPONSE SCHEMA VIOLATION ${problem}` });
  });
}
