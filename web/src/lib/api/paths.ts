/**
 * The paths of the client. They come from the generated description (schema.d.ts); the sign-in
 * operations of /work/briefs/auth-contract.md (issue 25) that the description does not carry yet
 * are declared in their contract shape below, and the generated ones win as soon as they exist
 * (`Omit<…, keyof paths>`): this file shrinks to `paths` once the sign-in API has landed.
 */
import type { paths } from './schema';

type Json<T> = { content: { 'application/json': T } };
type ProblemBody = Json<{ type: string; title: string; status: number; detail: string; errors?: { name: string; in: string; reason: string }[] }>;
type Errors = { 400: ProblemBody; 401: ProblemBody; 403: ProblemBody; 404: ProblemBody; 409: ProblemBody; 410: ProblemBody; 429: ProblemBody };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Responses<Ok, Status extends number> = { [S in Status]: [Ok] extends [never] ? { content?: never } : Json<Ok> } & Errors;
type Op<Body, Ok, Status extends number = 200> = [Body] extends [never]
  ? { parameters: NoParams; requestBody?: never; responses: Responses<Ok, Status> }
  : { parameters: NoParams; requestBody: Json<Body>; responses: Responses<Ok, Status> };
type PathOp<Path extends string, Body, Ok, Status extends number = 200> = {
  parameters: { query?: never; header?: never; path: { [K in Path]: string }; cookie?: never };
  requestBody?: [Body] extends [never] ? never : Json<Body>;
  responses: Responses<Ok, Status>;
};
type Item<Ops> = { parameters: NoParams } & Ops;

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

type Message = { message: string };

/** The sign-in operations of the contract, in the generated shape. */
interface ContractPaths {
  '/v1/auth/session': Item<{ get: Op<never, SessionState> }>;
  '/v1/auth/sign-up': Item<{ post: Op<{ email: string; name?: string; return_to?: string }, Message, 202> }>;
  '/v1/auth/email-link': Item<{ post: Op<{ email: string; return_to?: string }, Message, 202> }>;
  '/v1/auth/email-link/verify': Item<{ post: Op<{ token: string }, SignedIn> }>;
  '/v1/auth/sign-in': Item<{ post: Op<{ email: string; password: string }, SignedIn> }>;
  '/v1/auth/password-reset': Item<{ post: Op<{ email: string }, Message, 202> }>;
  '/v1/auth/password-reset/complete': Item<{ post: Op<{ token: string; password: string }, SignedIn> }>;
  '/v1/auth/sign-out': Item<{ post: Op<never, never, 204> }>;
  '/v1/auth/sso/start': Item<{ post: Op<{ email: string; return_to?: string }, { authorization_url: string }> }>;
  '/v1/account/password': Item<{ put: Op<{ current_password?: string; password: string }, never, 204>; delete: Op<never, never, 204> }>;
  '/v1/account/sessions': Item<{ get: Op<never, { sessions: BrowserSession[] }>; delete: Op<never, never, 204> }>;
  '/v1/account/sessions/{id}': { parameters: NoParams; delete: PathOp<'id', never, never, 204> };
  '/v1/account/sso': Item<{
    get: Op<never, { sso: SsoConfig | null }>;
    put: Op<{ issuer: string; client_id: string; client_secret?: string; domains: string[] }, { sso: SsoConfig | null }>;
    delete: Op<never, never, 204>;
  }>;
  '/v1/account/invitations/{code}': {
    parameters: NoParams;
    get: PathOp<'code', never, { invitation: InvitationView }>;
    post: PathOp<'code', { name?: string }, { account_name: string; email: string; role: string; created_user: boolean; csrf_token?: string }>;
  };
}

/** A path item: the generated operations, and the contract's for the methods the description lacks. */
type MergeItem<G, C> = {
  [K in keyof G | keyof C]: K extends keyof G
    ? [NonNullable<G[K]>] extends [never] ? (K extends keyof C ? C[K] : G[K]) : G[K]
    : K extends keyof C ? C[K] : never;
};

/** Every path of the client: the generated ones, and the contract's where none is generated yet. */
export type ApiPaths = {
  [P in keyof paths | keyof ContractPaths]: P extends keyof paths
    ? (P extends keyof ContractPaths ? MergeItem<paths[P], ContractPaths[P]> : paths[P])
    : P extends keyof ContractPaths ? ContractPaths[P] : never;
};
