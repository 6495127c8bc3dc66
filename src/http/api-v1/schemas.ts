/**
 * The /api/v1 dialect: the `{ data, meta }` envelope, the `{ error }` body and page/limit
 * parameters (edition-neutral helpers: ../schema.ts). The record shapes are in ./records/<record>.ts. Declared once, these schemas
 * validate, type and document every route of the edition.
 */
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { pageMeta } from '../../domain/pagination.js';
import { created as createdAt } from '../respond.js';
import { component } from '../schema.js';
import { apiV1ErrorExample } from '../examples.js';
import { MAX_PAGE } from '../../domain/shared/input-schema.js';

/** `{ error: <message> }`, the body of every non-2xx response. */
export const ErrorBody = component('ApiV1Error', Type.Object({ error: Type.String({ description: 'What went wrong, for a person to read' }) }), apiV1ErrorExample);

/** Pagination block: four integers. */
export const Meta = component('ApiV1PageMeta', Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0, description: 'Rows that match, over all pages' }),
  pages: Type.Integer({ minimum: 0 }),
}));

/** `{ data: T }` */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });
/** `{ data: { id, deleted: true } }` of an /api/v1 admin DELETE. */
export const Deleted = component('ApiV1Deleted', Type.Object({ id: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) }));

/** `{ data: T[], meta }` */
export const PagedEnvelope = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), meta: Meta });

/** `{ data, meta }` of one page of presented items. */
export const paged = <T>(items: T[], page: number, limit: number, total: number) => ({ data: items, meta: pageMeta(page, limit, total) });

/** The admin URL of a record of `collection` (`articles`, `projects` …): where its PATCH and DELETE act. */
export const adminUrl = (collection: string, id: string): string => `/api/v1/admin/${collection}/${encodeURIComponent(id)}`;

/**
 * Answers 201 `{ data }` with `Location`, the URL of the created record: its admin URL, where its
 * GET reads it and its PATCH and DELETE act (docs/conventions.md; ../respond.ts). Without `location`: the request's own path plus
 * `data.id` (`POST /api/v1/admin/projects` creates `/api/v1/admin/projects/{id}`).
 */
export function created<T extends { id: string }>(reply: FastifyReply, data: T): FastifyReply;
export function created<T>(reply: FastifyReply, data: T, location: string): FastifyReply;
export function created(reply: FastifyReply, data: { id?: string }, location?: string): FastifyReply {
  const at = location ?? `${reply.request.url.split('?')[0]!}/${encodeURIComponent(String(data.id))}`;
  return createdAt(reply, { data }, at);
}

/** `page` and `limit` with the endpoint's default and maximum of `limit`. */
export const PageQuery = (defaultLimit: number, maxLimit: number) => ({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, format: 'int32', default: 1, description: `Page number, from 1 (at most ${MAX_PAGE})` }),
  limit: Type.Integer({ minimum: 1, maximum: maxLimit, format: 'int32', default: defaultLimit, description: `Items per page (default ${defaultLimit}, max ${maxLimit})` }),
});

/** Error responses common to every authenticated route. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
  // Any other client error, e.g. Fastify's own 413 (body too large), 414, 415 (media type).
  '4xx': ErrorBody,
};
