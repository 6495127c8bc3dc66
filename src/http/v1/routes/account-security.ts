/**
 * /v1 the caller's password and sessions (docs/sessions.md). Any valid credential (an
 * account without a subscription too); with the browser cookie, writes need X-CSRF-Token:
 * | PUT, DELETE | /v1/account/password        | set or change (ends the other sessions); remove          |
 * | GET         | /v1/account/sessions        | the live sessions: device, address, created, last seen   |
 * | DELETE      | /v1/account/sessions        | end every session, this one included ("everywhere")     |
 * | DELETE      | /v1/account/sessions/{id}   | end one (another user's is 404)                          |
 * | GET, PUT, DELETE | /v1/account/sso        | company sign-in (owner of an Enterprise account; the secret is never read back) |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  changePassword, ChangePasswordInput, deleteSsoConfig, endAllSessions, endSession, getSsoConfig, listSessions, putSsoConfig, removePassword, SsoConfigInput,
} from '../../../domain/auth/index.js';
import { component, Nullable } from '../../schema.js';
import { clearSessionCookie } from '../../session-cookie.js';
import { ctxOf } from '../../types.js';
import { Named, UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { presentSession, SessionRecord } from '../records/auth.js';

const tags = ['Account'];
const anyUser = { access: 'user' as const };
const errors = problemResponses(403, 404);
const NoContent = Type.Null({ description: 'Done; no body' });
const SsoConfig = component('V1SsoConfig', Type.Object({
  sso: Nullable(Type.Object({
    issuer: Type.String({ format: 'uri' }), client_id: Type.String(), domains: Type.Array(Type.String()), enabled: Type.Boolean(),
    has_client_secret: Type.Boolean({ description: 'A secret is stored (it is never shown)' }),
  })),
}, { title: 'SsoConfig' }), { sso: { issuer: 'https://login.airport.example', client_id: 'airport-intel', domains: ['airport.example'], enabled: true, has_client_secret: true } });

export default async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put('/account/password', {
    config: anyUser,
    schema: {
      operationId: 'v1ChangePassword', summary: 'Set or change the password (ends the other sessions)', tags,
      description: 'Sets a password, or changes it: `current_password` is required when the user has one (400 when missing or wrong). The new one must be at least 8 characters and neither the email address nor a common password (400 naming the rule). Every other session of the user ends at once (all of them when called with an API key). Audited.',
      body: component('V1ChangePasswordInput', ChangePasswordInput, { current_password: 'the old one, long enough', password: 'correct horse battery staple' }),
      response: { 204: NoContent, ...errors },
    },
  }, async (req, reply) => {
    await changePassword(ctxOf(req), req.body);
    return reply.status(204).send(null);
  });

  r.delete('/account/password', {
    config: anyUser,
    schema: {
      operationId: 'v1RemovePassword', summary: 'Remove the password (sign in with emailed links from then on)', tags,
      description: 'Removes the password; the user signs in with emailed links (or company SSO). Removing none changes nothing. Audited.',
      response: { 204: NoContent, ...errors },
    },
  }, async (req, reply) => {
    await removePassword(ctxOf(req));
    return reply.status(204).send(null);
  });

  r.get('/account/sessions', {
    config: anyUser,
    schema: {
      operationId: 'v1ListSessions', summary: 'The live sessions: device, address, created, last seen, expiry', tags,
      description: 'The sessions of the caller that have not ended, most recently seen first; `current` marks the one of this request. Browser sessions end after 7 days without use and 30 days after they were opened.',
      response: { 200: Named('sessions', SessionRecord), ...errors },
    },
  }, async (req) => ({ sessions: (await listSessions(ctxOf(req))).map(presentSession) }));

  r.delete('/account/sessions', {
    config: anyUser,
    schema: {
      operationId: 'v1EndAllSessions', summary: 'Sign out everywhere: end every session, this one included', tags,
      description: 'Ends every session of the caller at once, this one included (the cookie is cleared); each answers 401 from its next request, on every process. API keys are not affected. Audited.',
      response: { 204: NoContent, ...errors },
    },
  }, async (req, reply) => {
    await endAllSessions(ctxOf(req));
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  r.delete('/account/sessions/:id', {
    config: anyUser,
    schema: {
      operationId: 'v1EndSession', summary: 'End one session (it answers 401 from its next request)', tags,
      description: 'Ends one of the caller\'s sessions at once (this one too). Another user\'s, an unknown or an ended session is 404. Audited.',
      params: UuidParam('The session'), response: { 204: NoContent, ...errors },
    },
  }, async (req, reply) => {
    await endSession(ctxOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  r.get('/account/sso', {
    config: anyUser,
    schema: {
      operationId: 'v1GetSsoConfig', summary: 'The account\'s company sign-in (OpenID Connect), or null (owner of an Enterprise account)', tags,
      description: 'Issuer, client id, the email domains covered and whether a client secret is stored (never the secret). Only the owner of an account on the Enterprise plan: others 403.',
      response: { 200: SsoConfig, ...errors },
    },
  }, async (req) => ({ sso: await getSsoConfig(ctxOf(req)) }));

  r.put('/account/sso', {
    config: anyUser,
    schema: {
      operationId: 'v1PutSsoConfig', summary: 'Set the account\'s company sign-in: issuer, client id and secret, domains', tags,
      description: 'The OpenID provider\'s issuer (https; http only to a host of OUTBOUND_ALLOWED_HOSTS), the client registered there (its redirect URI: PUBLIC_BASE_URL/v1/auth/sso/callback), its secret (kept when omitted; required the first time; never read back) and the email domains whose people sign in through it (a domain another account covers: 409). Only the owner of an Enterprise account. Audited.',
      body: component('V1SsoConfigInput', SsoConfigInput, { issuer: 'https://login.airport.example', client_id: 'airport-intel', client_secret: 's3cr3t-from-the-provider', domains: ['airport.example'] }),
      response: { 200: SsoConfig, ...problemResponses(404, 409) },
    },
  }, async (req) => ({ sso: await putSsoConfig(ctxOf(req), req.body, req.server.outboundAllowedHosts) }));

  r.delete('/account/sso', {
    config: anyUser,
    schema: {
      operationId: 'v1DeleteSsoConfig', summary: 'Remove the account\'s company sign-in', tags,
      description: 'Its people sign in with emailed links from then on. Only the owner of an Enterprise account. Audited.',
      response: { 204: NoContent, ...errors },
    },
  }, async (req, reply) => {
    await deleteSsoConfig(ctxOf(req));
    return reply.status(204).send(null);
  });
}
