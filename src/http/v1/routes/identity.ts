/**
 * /v1 identity and reference (seed 001, section 4):
 * | GET | /v1/me        | the token's features, previews and admin flag                          |
 * | GET | /v1/reference | regions, countries, project types, topics; cacheable (ETag, max-age)   |
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FEATURES } from '../../../domain/entitlements.js';
import { getMe, type Me } from '../../../domain/identity/get-me.js';
import { getReference } from '../../../domain/reference/index.js';
import { ctxOf } from '../../types.js';
import { Nullable, StringEnum } from '../../schema.js';

const Me = Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  subscription_id: Nullable(Type.String({ format: 'uuid' })),
  is_admin: Type.Boolean(),
  features: Type.Array(StringEnum(FEATURES), { description: 'Features held in full; admins hold every feature' }),
  previews: Type.Array(StringEnum(FEATURES), { description: 'Gates that are narrowed rather than refused (trial)' }),
  has_password: Type.Boolean({ description: 'The user has a password (else they sign in with emailed links or company SSO)' }),
  scopes: Nullable(Type.Array(Type.String(), { description: 'An OAuth access token: the scopes it holds (read, write, mcp, admin; docs/oauth.md); null for an API key or a session' })),
}, { title: 'Me' });

const Term = Type.Object({ slug: Type.String(), name: Type.String() });
const Reference = Type.Object({
  regions: Type.Array(Term),
  countries: Type.Array(Type.Object({ code: Type.String({ description: 'ISO 3166-1 alpha-2' }), name: Type.String(), region_slug: Type.String() })),
  project_types: Type.Array(Term),
  topics: Type.Array(Term),
}, { title: 'Reference' });

/** Seconds a client may keep `/v1/reference` before revalidating. */
const REFERENCE_MAX_AGE = 3600;

/** The caller in this edition's words. */
const presentMe = (me: Me) => ({ user_id: me.userId, subscription_id: me.subscriptionId, is_admin: me.isAdmin, features: me.features, previews: me.previews, has_password: me.hasPassword, scopes: me.scopes });

/**
 * Sends `body` with `Cache-Control: private, max-age=<maxAge>` and a strong ETag of its JSON; a
 * matching `If-None-Match` answers 304 without a body.
 */
function sendCacheable(req: FastifyRequest, reply: FastifyReply, body: unknown, maxAge: number): FastifyReply {
  const etag = `"${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', `private, max-age=${maxAge}`).header('etag', etag);
  return req.headers['if-none-match'] === etag ? reply.status(304).send(null) : reply.send(body);
}

export default async function identityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/me', {
    config: { access: 'user' },
    schema: {
      operationId: 'v1GetMe', summary: 'What the token may reach: features, previews and admin flag', tags: ['Identity'],
      response: { 200: Me },
    },
  }, async (req) => presentMe(await getMe(ctxOf(req))));

  r.get('/reference', {
    schema: {
      operationId: 'v1GetReference', summary: 'Vocabularies: regions, countries, project types, topics (cache it)', tags: ['Reference'],
      description: `Sent with \`Cache-Control: private, max-age=${REFERENCE_MAX_AGE}\` and an \`ETag\`; a matching \`If-None-Match\` answers 304.`,
      response: { 200: Reference, 304: { description: 'Not modified', type: 'null' } },
    },
  }, async (req, reply) => sendCacheable(req, reply, await getReference(ctxOf(req)), REFERENCE_MAX_AGE));
}
