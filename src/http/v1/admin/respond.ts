/**
 * Answers shared by the /v1/admin routes: `201 Created` with `Location` (docs/conventions.md: the
 * admin URL of the created record, where its PATCH and DELETE act).
 */
import type { FastifyReply } from 'fastify';

/** The /v1 admin URL of a record of `collection` (`projects`, `tenders`, `calendar`, `articles`). */
export const v1AdminUrl = (collection: string, id: string): string => `/v1/admin/${collection}/${encodeURIComponent(id)}`;

/** Sends `body` as 201 with `Location: location`. */
export function createdAt<T>(reply: FastifyReply, body: T, location: string): FastifyReply {
  return reply.status(201).header('location', location).send(body);
}
