/**
 * The client's paths: exactly the generated description (schema.d.ts). The sign-in operations were
 * first declared here in the shapes of the contract between the sign-in API and the web app; now
 * that the description carries them all, only the record shapes the pages name remain below.
 */
import type { paths } from './schema';

/** The signed-in user as the session answers carry it. */
export interface SessionUser { id: string; email: string; name: string | null; is_admin: boolean }
/** An answer that opens a session (the cookie is set by the service). */
export interface SignedIn { user: SessionUser; csrf_token: string; expires_at: string; return_to?: string | null }
/** `GET /v1/auth/session`. */
export type SessionState = { authenticated: true; user: SessionUser; csrf_token: string; expires_at: string } | { authenticated: false };
/** A browser session of `GET /v1/account/sessions`. */
export interface BrowserSession { id: string; current: boolean; device: string | null; ip: string | null; created_at: string; last_seen_at: string | null; expires_at: string }
/** Company sign-in of an Enterprise account. */
export interface SsoConfig { issuer: string; client_id: string; domains: string[]; enabled: boolean; has_client_secret: boolean }
/** `GET /v1/account/invitations/{code}`. */
export interface InvitationView { account_name: string; invited_by: { name: string | null } | null; email: string; role: string; expires_at: string; status: string }

/** Every path of the client: the generated ones. */
export type ApiPaths = paths;
