/**
 * The two answers of a write that every route of both editions gives the same way
 * (docs/conventions.md, "Creating and deleting"):
 * - a creation answers **201** with the new record and `Location`, a URL whose GET reads that
 *   record ({@link created});
 * - a delete answers **200** with the record as it was, which serves audit and undo
 *   ({@link deletedAnswer}: the response schema; the handler returns what the operation returns).
 */
import type { FastifyReply } from 'fastify';
import type { TSchema } from 'typebox';

/** Sends `body` as 201 with `Location: location` (a URL whose GET reads the new record). */
export function created<T>(reply: FastifyReply, body: T, location: string): FastifyReply {
  return reply.status(201).header('location', location).send(body);
}

/** The success answer of a DELETE: 200 with `record`, the record as it was before the delete. */
export const deletedAnswer = <T extends TSchema>(record: T): { 200: T } => ({ 200: record });
