/**
 * OAuth 2.1 for apps and AI clients (docs/oauth.md, decisions 0052 and 0053): the
 * scopes and the rule that narrows a token to them (scopes.ts; tokens are authenticated with the
 * other credentials, src/domain/identity/authenticate-oauth-token.ts), the storage of the authorization server (adapter.ts), the
 * consent of an interaction (interactions.ts) and the person's connected apps (connected-apps.ts).
 * What the faces may import.
 */
export * from './scopes.js';
export { storedIdOf } from './records.js';
export { databaseAdapter, type OAuthAdapter, type AdapterPayload } from './adapter.js';
export { isAdministrator, oauthAccountClaims } from './account.js';
export { decideInteraction, getInteraction, scopesToGrant, type InteractionView, type OAuthClientView, type OAuthServerPort, type PendingInteraction } from './interactions.js';
export { listConnectedApps, revokeConnectedApp, type ConnectedApp } from './connected-apps.js';
export { ClientIdParam, DecideInteractionInput, InteractionUidParam } from './schemas.js';
