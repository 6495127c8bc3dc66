/**
 * `If-Match` and `ETag` of the /v1/admin records that carry a `version` (projects, tenders,
 * calendar events, articles, editions, news sources, media, companies; decision 0050, RFC 9110 §8.8.3 and §13.1.1): the record's `version` is its
 * strong entity tag; a PATCH with `If-Match` is refused with 409 problem+json when none of the
 * listed tags is the record's current version. Weak tags (`W/"…"`) never match (If-Match compares
 * strongly).
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { IfMatch } from '../../../domain/admin/preconditions.js';
import { invalidParam } from '../../../domain/errors.js';

/** The `If-Match` request header of a conditional PATCH. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(Type.String({
    minLength: 1,
    maxLength: 1000,
    description: 'The record\'s `version` as an entity tag (`"3f2b…"`), a list of them, or `*`. When the record has changed since, the write is refused with 409 and changes nothing.',
  })),
});

/** The `version` field of a conditional admin record (its strong entity tag's value). */
export const RecordVersion = Type.String({
  description: 'The record\'s version, also answered as `ETag`: send it back as `If-Match: "<version>"` on a PATCH to refuse the change (409) when someone else changed the record since (decision 0050)',
});

const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e]*)"$/;

/**
 * The condition an `If-Match` header sets: `undefined` without one, `'*'`, or the strong tags'
 * values (weak tags are dropped, so a list of only weak tags matches nothing).
 * @throws DomainError VALIDATION naming `If-Match` for a value that is not `*` or entity tags
 */
export function ifMatchOf(header: string | undefined): IfMatch {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const values: string[] = [];
  for (const part of header.split(',')) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (!tag) throw invalidParam('If-Match', 'expected `*` or entity tags such as "3f2b9c0d8e7a6b5c4d3e2f1a0b9c8d7e" (the record\'s version in double quotes)');
    if (!tag[1]) values.push(tag[2]!);
  }
  return values;
}

/** Sets `ETag` to the record's version and returns the record. */
export function withETag<T extends { version: string }>(reply: FastifyReply, record: T): T {
  reply.header('etag', `"${record.version}"`);
  return record;
}
