/**
 * `WWW-Authenticate` of a refused request (RFC 6750, RFC 9728 section 5.1): `Bearer` with the
 * realm and, on the resources OAuth clients reach (`/api/mcp`, `/api/v1`, `/v1`), the URL of the
 * protected-resource metadata, so a client that knows nothing but the URL discovers the
 * authorization server from its first 401 (docs/oauth.md). An insufficient scope says so (403).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { resourcePathOf } from '../domain/oauth/index.js';

/** Sets the challenge of `error` on `reply` when it is a 401, or the 403 of a missing OAuth scope. */
export function setBearerChallenge(error: DomainError, request: FastifyRequest, reply: FastifyReply): void {
  const insufficient = error.code === 'FORBIDDEN' && error.kind === 'insufficient_scope';
  if (error.code !== 'UNAUTHENTICATED' && !insufficient) return;
  const parts = ['Bearer realm="airport-intel"'];
  if (insufficient) parts.push('error="insufficient_scope"');
  else if (request.headers.authorization) parts.push('error="invalid_token"');
  const path = resourcePathOf(request.url);
  if (path) parts.push(`resource_metadata="${request.server.publicBaseUrl}/.well-known/oauth-protected-resource${path}"`);
  reply.header('www-authenticate', parts.join(', '));
}
