/**
 * /v1 OAuth for the web app's consent and connected-apps pages (docs/oauth.md). A person
 * signed in (a session: the browser cookie, writes with X-CSRF-Token, or a session token):
 * | GET    | /v1/oauth/interactions/{uid}            | what an app asks: who, which scopes, for whom   |
 * | POST   | /v1/oauth/interactions/{uid}            | allow or deny; where the browser goes next      |
 * | GET    | /v1/account/connected-apps              | the apps connected, what they may do, last used |
 * | DELETE | /v1/account/connected-apps/{client_id}  | disconnect: its tokens stop on their next call  |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClientIdParam, decideInteraction, DecideInteractionInput, getInteraction, InteractionUidParam, listConnectedApps, OAUTH_SCOPES, revokeConnectedApp,
  type ConnectedApp, type InteractionView,
} from '../../../domain/oauth/index.js';
import { oauthPort } from '../../oauth/port.js';
import { component, Nullable } from '../../schema.js';
import { ctxOf } from '../../types.js';
import { Named } from '../named.js';
import { problemResponses } from '../problem.js';

const anyUser = { access: 'user' as const };
const errors = problemResponses(403, 404);
const Scope = Type.Unsafe<string>({ type: 'string', enum: [...OAUTH_SCOPES], description: 'read, write, mcp or admin' });
const AppRecord = Type.Object({
  client_id: Type.String(),
  name: Nullable(Type.String({ description: 'The name the app registered with' })),
  uri: Nullable(Type.String({ description: 'The app\'s home page, as it registered it' })),
});

const Interaction = component('V1OAuthInteraction', Type.Object({
  uid: Type.String(),
  client: Type.Object({ ...AppRecord.properties, redirect_uri: Nullable(Type.String({ description: 'Where the app receives the answer' })) }),
  scopes: Type.Array(Type.Object({ scope: Scope, description: Type.String({ description: 'What the scope lets the app do, in words' }) })),
  resources: Type.Array(Type.String({ description: 'A resource the tokens will be bound to (absolute URL)' })),
  account: Type.Object({ user_id: Type.String({ format: 'uuid' }), email: Type.String() }),
}, { title: 'OAuthInteraction' }), {
  uid: 'Xq3bU0bP3p1nS5dQeX4sWq9aZ2cV7mK1oL8tR6yH0jD',
  client: { client_id: 'p7Jd2kQ9', name: 'Claude', uri: 'https://claude.ai', redirect_uri: 'https://claude.ai/api/mcp/auth_callback' },
  scopes: [{ scope: 'read', description: 'Read the intelligence your plan includes: editions, articles, projects, tenders, airports and searches.' }, { scope: 'mcp', description: 'Use the AI tool server (MCP) for you, with the access your plan gives.' }],
  resources: ['https://intel.example.com/api/mcp'],
  account: { user_id: '5f0c6a7e-2b1d-4c3e-9f8a-1b2c3d4e5f60', email: 'pat@airport.example' },
});
const Decision = component('V1OAuthDecision', Type.Object({
  redirect_to: Type.String({ description: 'Open this URL in the browser: the authorization server then sends the person back to the app' }),
}, { title: 'OAuthDecision' }), { redirect_to: 'https://intel.example.com/oauth/authorize/Xq3bU0bP3p1nS5dQeX4sWq9aZ2cV7mK1oL8tR6yH0jD' });
const ConnectedAppRecord = component('V1ConnectedApp', Type.Object({
  ...AppRecord.properties,
  scopes: Type.Array(Scope),
  resources: Type.Array(Type.String()),
  connected_at: Type.String({ format: 'date-time' }),
  last_used_at: Nullable(Type.String({ format: 'date-time', description: 'The last request made with one of its tokens' })),
}, { title: 'ConnectedApp' }), {
  client_id: 'p7Jd2kQ9', name: 'Claude', uri: 'https://claude.ai', scopes: ['read', 'mcp'], resources: ['https://intel.example.com/api/mcp'],
  connected_at: '2026-11-20T09:12:00.000Z', last_used_at: '2026-11-21T08:40:00.000Z',
});

const presentInteraction = (v: InteractionView) => ({
  uid: v.uid,
  client: { client_id: v.client.clientId, name: v.client.name, uri: v.client.uri, redirect_uri: v.redirectUri },
  scopes: v.scopes,
  resources: v.resources,
  account: { user_id: v.account.userId, email: v.account.email },
});
const presentApp = (a: ConnectedApp) => ({
  client_id: a.clientId, name: a.name, uri: a.uri, scopes: a.scopes, resources: a.resources,
  connected_at: a.connectedAt.toISOString(), last_used_at: a.lastUsedAt?.toISOString() ?? null,
});

export default async function oauthV1Routes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const port = oauthPort(app.oauth);

  r.get('/oauth/interactions/:uid', {
    config: anyUser,
    schema: {
      operationId: 'v1GetOAuthInteraction', summary: 'What an app asks to do for you: which app, which scopes, on whose account', tags: ['OAuth'],
      description: 'The consent page (`/oauth/consent?interaction=…`) reads it. Only a person signed in to the web app (a session; an API key or an app\'s own token is 403). An unknown, finished or expired request is 404. `admin` is offered only to administrators who were asked for it.',
      params: InteractionUidParam,
      response: { 200: Interaction, ...errors },
    },
  }, async (req) => presentInteraction(await getInteraction(ctxOf(req), port, req.params.uid)));

  r.post('/oauth/interactions/:uid', {
    config: { ...anyUser, idempotency: false },
    schema: {
      operationId: 'v1DecideOAuthInteraction', summary: 'Allow or deny an app; answers where the browser goes next', tags: ['OAuth'],
      description: '`allow` grants the scopes shown on the resources asked and signs the app\'s request in as you; `deny` refuses it (the app receives `access_denied`). Open `redirect_to` in the same browser that started the request. With the cookie, needs X-CSRF-Token.',
      params: InteractionUidParam,
      body: component('V1OAuthDecisionInput', DecideInteractionInput, { decision: 'allow' }),
      response: { 200: Decision, ...errors },
    },
  }, async (req) => ({ redirect_to: (await decideInteraction(ctxOf(req), port, req.params.uid, req.body.decision, `${req.server.publicBaseUrl}/v1`)).redirectTo }));

  r.get('/account/connected-apps', {
    config: anyUser,
    schema: {
      operationId: 'v1ListConnectedApps', summary: 'The apps you connected: what each may do, when it was last used', tags: ['OAuth'],
      description: 'One entry per app with a live grant, most recently used first: its scopes and resources, when it was connected and its last request.',
      response: { 200: Named('connected_apps', ConnectedAppRecord), ...errors },
    },
  }, async (req) => ({ connected_apps: (await listConnectedApps(ctxOf(req))).map(presentApp) }));

  r.delete('/account/connected-apps/:client_id', {
    config: anyUser,
    schema: {
      operationId: 'v1RevokeConnectedApp', summary: 'Disconnect an app: its tokens stop working on their next request', tags: ['OAuth'],
      description: 'Removes your grants to the app and every access and refresh token issued under them, on every process at once. An app you have not connected is 404. Connected apps cannot call this themselves.',
      params: ClientIdParam,
      response: { 204: Type.Null({ description: 'Done; no body' }), ...errors },
    },
  }, async (req, reply) => {
    await revokeConnectedApp(ctxOf(req), port, req.params.client_id);
    return reply.status(204).send(null);
  });
}
