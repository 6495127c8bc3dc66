/**
 * Schema validation for every route: Ajv with formats. Query strings, path parameters and headers
 * arrive as text, so they are coerced to the declared types; JSON bodies are validated strictly
 * (a wrong type is an error, not a conversion) and unknown fields are refused where a schema says
 * `additionalProperties: false`.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const make = (coerce: boolean) =>
  addFormats(
    new Ajv({
      coerceTypes: coerce,
      useDefaults: true,
      removeAdditional: false,
      allErrors: false,
      strict: false,
    }),
  );

const coercing = make(true);
const strict = make(false);

/** The validator compiler installed with `app.setValidatorCompiler`. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema);
