import type { Identity } from '../context.js';
import { DomainError } from '../errors.js';

/**
 * The rule of a read-only API key: it may make GET (and HEAD) calls and searches (`POST
 * /api/v1/search`), nothing else.
 * @param request the method and whether the operation is a search
 * @throws DomainError FORBIDDEN for any other call with a read-only key
 */
export function refuseReadOnlyWrite(identity: Identity, request: { method: string; search: boolean }): void {
  if (!identity.readOnly) return;
  if (request.method === 'GET' || request.method === 'HEAD' || request.search) return;
  throw new DomainError('FORBIDDEN', `This API key is read-only: it may make GET calls and searches, not ${request.method}.`);
}
