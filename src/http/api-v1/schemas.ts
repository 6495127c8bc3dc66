/**
 * The /api/v1 dialect: the `{ data, meta }` envelope, the `{ error }` body and page/limit
 * parameters (edition-neutral helpers: ../schema.ts). The record shapes are in ./records/<record>.ts. Declared once, these schemas
 * validate, type and document every route of the edition.
 */
import { Type, type TSchema } from 'typebox';
import { pageMeta } from '../../domain/pagination.js';
import { MAX_PAGE } from '../../domain/shared/input-schema.js';

/** `{ error: <message> }`, the body of every non-2xx response. */
export const ErrorBody = Type.Object({ error: Type.String({ description: 'What went wrong, for a person to read' }) });

/** Pagination block: four integers. */
export const Meta = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0, description: 'Rows that match, over all pages' }),
  pages: Type.Integer({ minimum: 0 }),
});

/** `{ data: T }` */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });
/** `{ data: T[], meta }` */
export const PagedEnvelope = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: Meta });

/** `{ data, meta }` of one page of presented items. */
export const paged = <T>(items: T[], page: number, limit: number, total: number) => ({ data: items, meta: pageMeta(page, limit, total) });

/** `page` and `limit` with the endpoint's default and maximum of `limit`. */
export const PageQuery = (defaultLimit: number, maxLimit: number) => ({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, from 1 (at most ${MAX_PAGE})` }),
  limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit, description: `Items per page (default ${defaultLimit}, max ${maxLimit})` }),
});

/** Error responses common to every authenticated route. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
};
