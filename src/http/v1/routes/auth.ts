/**
 * /v1 sign-in (docs/sessions.md). No token needed, except sign-out; every sign-in answer
 * sets the browser session cookie and carries the session's CSRF token:
 * | GET    | /v1/auth/session                  | the browser's session: signed in or not (never 401)        |
 * | POST   | /v1/auth/sign-up                  | emails a link that creates the account and signs in (202)  |
 * | POST   | /v1/auth/email-link               | emails a sign-in link (202, the same for every address)    |
 * | POST   | /v1/auth/email-link/verify        | opens the link: signs in, sets the cookie                  |
 * | POST   | /v1/auth/sign-in                  | email + password: signs in (401 generic on any failure)    |
 * | POST   | /v1/auth/password-reset           | emails a link to choose a new password (202, the same)     |
 * | POST   | /v1/auth/password-reset/complete  | sets the new password, ends other sessions, signs in       |
 * | POST   | /v1/auth/sign-out                 | ends this session, clears the cookie                       |
 * | POST   | /v1/auth/sso/start                | company sign-in: the provider's authorization URL          |
 * | GET    | /v1/auth/sso/callback             | the provider's redirect: 303 to return_to with the cookie  |
 * The endpoints that send mail or take a password are rate-limited per client address and per
 * email address (429 with Retry-After), and refuse a foreign Origin (login CSRF).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  completePasswordReset, EmailLinkInput, getSessionState, PasswordResetCompleteInput, PasswordResetInput, PasswordSignInInput, requestEmailLink, requestPasswordReset,
  signInWithPassword, signOut, signUp, SignUpInput, verifyEmailLink, VerifyLinkInput, startSso, SsoStartInput, finishSso, SsoCallbackQuery,
} from '../../../domain/auth/index.js';
import { component } from '../../schema.js';
import { clearSessionCookie, clientOf, presentSignIn, readSessionCookie, redirectAfterSso } from '../../session-cookie.js';
import { ctxOf } from '../../types.js';
import { problemResponses } from '../problem.js';
import { LinkRequestedRecord, presentSessionState, SessionStateRecord, SignInAnswer } from '../records/auth.js';

const tags = ['Sign-in'];
/** A sign-in endpoint: no token, no Idempotency-Key (an answer that opens a session is never replayed), Origin checked. */
const signInRoute = (group?: 'mail' | 'password' | 'sso') => ({ access: 'public' as const, idempotency: false as const, signIn: true, authLimit: group ? { group } : {} });
const errors = problemResponses(429);

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = { publicBaseUrl: app.publicBaseUrl };
  const sso = { publicBaseUrl: app.publicBaseUrl, allowedHosts: app.outboundAllowedHosts };

  r.get('/auth/session', {
    config: { access: 'public' },
    schema: {
      operationId: 'v1GetAuthSession', summary: 'The browser\'s session: signed in (user, CSRF token, expiry) or not; never 401', tags, 
      description: 'Reads the session cookie (ai_session, or __Host-ai_session on https). Signed in: the user, the session\'s CSRF token (send it in X-CSRF-Token with every cookie-authenticated write) and the absolute expiry. Without a cookie, or with one whose session ended, expired or was revoked: `{ authenticated: false }`.',
      response: { 200: SessionStateRecord },
    },
  }, async (req) => presentSessionState(await getSessionState(ctxOf(req), req.server.sessionSecret, readSessionCookie(req))));

  r.post('/auth/sign-up', {
    config: signInRoute('mail'),
    schema: {
      operationId: 'v1SignUp', summary: 'Sign up with an email address: emails a link that creates the account and signs in', tags, 
      description: 'Emails PUBLIC_BASE_URL/auth/link?token=… (single use, 15 minutes): opening it verifies the address, creates the user and their own account (no subscription: start a trial with POST /v1/billing/trial) and signs in. An address that already has an account gets a sign-in link instead. The answer is the same for every address. Rate-limited per client address and per email address (429 with Retry-After).',
      body: component('V1SignUpInput', SignUpInput, { email: 'ana@example.com', name: 'Ana Souza', return_to: '/account/api-keys' }),
      response: { 202: LinkRequestedRecord, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await signUp(ctxOf(req), req.body, base)));

  r.post('/auth/email-link', {
    config: signInRoute('mail'),
    schema: {
      operationId: 'v1RequestEmailLink', summary: 'Email a sign-in link (the same answer for every address)', tags, 
      description: 'Emails PUBLIC_BASE_URL/auth/link?token=… to an address with an account (single use, 15 minutes; only its SHA-256 is stored). The answer, and the work done, are the same whether or not the address has an account. Rate-limited per client address and per email address (429 with Retry-After).',
      body: component('V1EmailLinkInput', EmailLinkInput, { email: 'ana@example.com', return_to: '/account' }),
      response: { 202: LinkRequestedRecord, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await requestEmailLink(ctxOf(req), req.body, base)));

  r.post('/auth/email-link/verify', {
    config: signInRoute(),
    schema: {
      operationId: 'v1VerifyEmailLink', summary: 'Open an emailed sign-in or sign-up link: signs in and sets the session cookie', tags, 
      description: 'The token of /auth/link?token=…. Marks the link used, creates the account of a sign-up, marks the address verified and opens a browser session (a new one at every sign-in): the answer sets the cookie and carries the CSRF token. An unknown, expired (15 minutes) or already used link is 400 (param token).',
      body: component('V1VerifyLinkInput', VerifyLinkInput, { token: 'Jm2c7yq9Vt0rKpL4xN8sQ1wE5uI3oA6dF9gH2jK4lZ0' }),
      response: { 200: SignInAnswer, ...errors },
    },
  }, async (req, reply) => presentSignIn(reply, await verifyEmailLink(ctxOf(req), req.server.sessionSecret, req.body, clientOf(req))));

  r.post('/auth/sign-in', {
    config: signInRoute('password'),
    schema: {
      operationId: 'v1SignIn', summary: 'Sign in with email and password: sets the session cookie', tags, 
      description: 'Opens a browser session (a new one at every sign-in): the answer sets the cookie and carries the CSRF token. Any failure (unknown address, no password, an address of a domain with company sign-in, a wrong password) is the same 401 with the same detail, after the same work. Rate-limited per client address and per email address (429 with Retry-After).',
      body: component('V1SignInInput', PasswordSignInInput, { email: 'ana@example.com', password: 'correct horse battery staple' }),
      response: { 200: SignInAnswer, ...problemResponses(401, 429) },
    },
  }, async (req, reply) => presentSignIn(reply, await signInWithPassword(ctxOf(req), req.server.sessionSecret, req.body, clientOf(req))));

  r.post('/auth/password-reset', {
    config: signInRoute('mail'),
    schema: {
      operationId: 'v1RequestPasswordReset', summary: 'Email a link to choose a new password (the same answer for every address)', tags, 
      description: 'Emails PUBLIC_BASE_URL/auth/reset?token=… (single use, 15 minutes) to an address with an account; the answer, and the work done, are the same for every address. Rate-limited per client address and per email address (429 with Retry-After).',
      body: component('V1PasswordResetInput', PasswordResetInput, { email: 'ana@example.com' }),
      response: { 202: LinkRequestedRecord, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await requestPasswordReset(ctxOf(req), req.body, base)));

  r.post('/auth/password-reset/complete', {
    config: signInRoute(),
    schema: {
      operationId: 'v1CompletePasswordReset', summary: 'Choose the new password of a reset link: ends the other sessions and signs in', tags, 
      description: 'The token of /auth/reset?token=… and the new password (at least 8 characters; not the email address nor a common password: 400 naming the rule). Ends every other session of the user and opens a browser session (the cookie is set). An unknown, expired or used link is 400 (param token).',
      body: component('V1PasswordResetCompleteInput', PasswordResetCompleteInput, { token: 'Jm2c7yq9Vt0rKpL4xN8sQ1wE5uI3oA6dF9gH2jK4lZ0', password: 'correct horse battery staple' }),
      response: { 200: SignInAnswer, ...errors },
    },
  }, async (req, reply) => presentSignIn(reply, await completePasswordReset(ctxOf(req), req.server.sessionSecret, req.body, clientOf(req))));

  r.post('/auth/sign-out', {
    config: { access: 'user', idempotency: false },
    schema: {
      operationId: 'v1SignOut', summary: 'Sign out: end this session and clear the cookie', tags,
      description: 'Ends the session of the request (cookie or bearer session token) at once: it answers 401 from then on, on every process. With the cookie, the X-CSRF-Token header is required. An API key has no session: nothing ends.',
      response: { 204: Type.Null({ description: 'Signed out' }) },
    },
  }, async (req, reply) => {
    await signOut(ctxOf(req));
    clearSessionCookie(reply);
    return reply.status(204).send(null);
  });

  r.post('/auth/sso/start', {
    config: signInRoute('sso'),
    schema: {
      operationId: 'v1StartSso', summary: 'Start a company sign-in (OpenID Connect): the provider\'s authorization URL', tags, 
      description: 'For an address whose domain an Enterprise account signs in through its own OpenID provider: keeps the login\'s state, nonce and PKCE verifier (10 minutes, single use) and answers the provider\'s authorization URL; send the browser there. It comes back to PUBLIC_BASE_URL/v1/auth/sso/callback. A domain without company sign-in is 404; a provider that does not answer is 503. Rate-limited (429 with Retry-After).',
      body: component('V1SsoStartInput', SsoStartInput, { email: 'ana@airport.example', return_to: '/account' }),
      response: { 200: component('V1SsoStart', Type.Object({ authorization_url: Type.String({ format: 'uri' }) }, { title: 'SsoStart' }), { authorization_url: 'https://login.airport.example/authorize?client_id=airport-intel&response_type=code&state=af0ifjsldkj' }), ...problemResponses(404, 429) },
    },
  }, async (req) => ({ authorization_url: (await startSso(ctxOf(req), req.body, sso)).authorizationUrl }));

  r.get('/auth/sso/callback', {
    config: { access: 'public' },
    schema: {
      operationId: 'v1SsoCallback', summary: 'The OpenID provider\'s redirect: signs in and sends the browser on (303)', tags, 
      description: 'The redirect URI to register at the provider. Checks state, PKCE and nonce and the id token\'s issuer, audience and expiry; the first sign-in of an address creates the user as a member of the account (a free seat is needed). Success: 303 to the login\'s return_to (default /) with the session cookie set. Failure: 303 to /sign-in?error=sso&error_description=… (the seats, for a full account).',
      querystring: SsoCallbackQuery,
      response: { 303: Type.Null({ description: 'See Other: Location is where the browser goes' }) },
    },
  }, async (req, reply) => redirectAfterSso(reply, await finishSso(ctxOf(req), req.server.sessionSecret, req.query, clientOf(req), sso)));
}
