/** Records of the sign-in endpoints (`/v1/auth/*`, `/v1/account/sessions`): schemas and presenters. */
import { Type } from 'typebox';
import type { SessionListing, SessionState } from '../../../domain/auth/index.js';
import { component, Nullable } from '../../schema.js';

/** The signed-in user. */
export const AuthUser = component('V1AuthUser', Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Nullable(Type.String()),
  is_admin: Type.Boolean(),
}, { title: 'AuthUser' }), { id: '3f0c5a0e-8a53-4d5e-9f3e-2b1f4c7d9a10', email: 'ana@example.com', name: 'Ana Souza', is_admin: false });

const CSRF = Type.String({ description: 'Send it in X-CSRF-Token with every cookie-authenticated POST, PUT, PATCH and DELETE' });

/** The answer of every sign-in (the session cookie is set with it). */
export const SignInAnswer = component('V1SignIn', Type.Object({
  user: AuthUser,
  csrf_token: CSRF,
  expires_at: Type.String({ format: 'date-time', description: 'The session\'s absolute expiry (it also ends after 7 days without use)' }),
  return_to: Type.String({ description: 'Where to go now: the return_to of the request when it was a same-origin path, else "/"' }),
}, { title: 'SignIn' }), {
  user: { id: '3f0c5a0e-8a53-4d5e-9f3e-2b1f4c7d9a10', email: 'ana@example.com', name: 'Ana Souza', is_admin: false },
  csrf_token: 'q0d5mYJ8v5lq6xQ2w2bK0m1c1f7Zs3n4o9p8r7t6u5E', expires_at: '2026-12-21T10:00:00.000Z', return_to: '/account/api-keys',
});

/** `GET /v1/auth/session` */
export const SessionStateRecord = component('V1SessionState', Type.Object({
  authenticated: Type.Boolean({ description: 'Whether the session cookie names a live session' }),
  user: Type.Optional(AuthUser),
  csrf_token: Type.Optional(CSRF),
  expires_at: Type.Optional(Type.String({ format: 'date-time' })),
}, { title: 'SessionState' }), {
  authenticated: true, user: { id: '3f0c5a0e-8a53-4d5e-9f3e-2b1f4c7d9a10', email: 'ana@example.com', name: 'Ana Souza', is_admin: false },
  csrf_token: 'q0d5mYJ8v5lq6xQ2w2bK0m1c1f7Zs3n4o9p8r7t6u5E', expires_at: '2026-12-21T10:00:00.000Z',
});

/** The session state in this edition's words. */
export const presentSessionState = (state: SessionState) => (state.authenticated
  ? { authenticated: true, user: state.user, csrf_token: state.csrfToken, expires_at: state.expiresAt.toISOString() }
  : { authenticated: false });

/** The answer to a request for a link. */
export const LinkRequestedRecord = component('V1LinkRequested', Type.Object({
  message: Type.String({ description: 'The same for every address' }),
}, { title: 'LinkRequested' }), { message: 'If the address can receive mail, a message with a link is on its way. The link is valid for 15 minutes.' });

/** One session of the caller. */
export const SessionRecord = component('V1Session', Type.Object({
  id: Type.String({ format: 'uuid' }),
  current: Type.Boolean({ description: 'The session of this request' }),
  device: Nullable(Type.String({ description: 'Browser and system, from the User-Agent' })),
  ip: Nullable(Type.String({ description: 'The client address it was opened from' })),
  method: Nullable(Type.String({ description: 'How it was opened: email_link, password, sso, invitation, sign_up, password_reset, cli' })),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Nullable(Type.String({ format: 'date-time' })),
  expires_at: Type.String({ format: 'date-time', description: 'When it ends unless used (the earlier of the idle and the absolute expiry)' }),
}, { title: 'Session' }), {
  id: '8d7f3c2a-1b4e-4f6a-9c8d-7e6f5a4b3c2d', current: true, device: 'Firefox on Linux', ip: '203.0.113.7', method: 'email_link',
  created_at: '2026-11-21T09:00:00.000Z', last_seen_at: '2026-11-21T10:00:00.000Z', expires_at: '2026-11-28T10:00:00.000Z',
});

/** A session in this edition's words. */
export const presentSession = (s: SessionListing) => ({
  id: s.id, current: s.current, device: s.device, ip: s.ip, method: s.method,
  created_at: s.created_at.toISOString(), last_seen_at: s.last_seen_at?.toISOString() ?? null, expires_at: s.expires_at.toISOString(),
});
