/**
 * Conditional admin writes (decision 0050): an editor's `PATCH` may carry the version of the record
 * it was edited from (`If-Match` on HTTP); when the record has changed since, the write is refused
 * with CONFLICT instead of silently overwriting the other editor's change (the lost
 * update). The version is `record_version` of the views: an MD5 of the stored row as text, so it
 * changes with every write of the record's own columns (and its `updated_at`).
 */
import { DomainError } from '../errors.js';

/**
 * What a conditional write asks for: `undefined` (no condition), `'*'` (any current version: the
 * record must exist) or the versions it accepts (without quotes).
 */
export type IfMatch = '*' | string[] | undefined;

/**
 * Throws unless `current` (the record's version, read under the write's row lock) satisfies
 * `ifMatch`.
 * @param what the record, for the message (`Project 6f…`)
 * @throws DomainError CONFLICT naming the current version
 */
export function checkIfMatch(what: string, current: string, ifMatch: IfMatch): void {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.includes(current)) return;
  throw new DomainError(
    'CONFLICT',
    `${what} was changed by someone else after you read it (If-Match ${ifMatch.map((v) => `"${v}"`).join(', ')}; now "${current}"): nothing was saved. Read it again and reapply your change.`,
    { kind: 'stale-version' },
  );
}
