/**
 * Identity: users (create-user, get-user), API keys (create-, authenticate-api-key over
 * api-key-format.ts), sessions (create-, authenticate-session over session-token.ts), the caller's
 * identity with its features (load-identity) and `/v1/me` (get-me). What the faces, the CLI and the
 * test helpers may import.
 */
export { API_KEY_PREFIX, hashApiKey, KEY_PREFIX_LENGTH, looksLikeApiKey } from './api-key-format.js';
export { createApiKey, type ApiKeySummary } from './create-api-key.js';
export { authenticateApiKey } from './authenticate-api-key.js';
export { SESSION_TTL_SECONDS } from './session-token.js';
export { createSession } from './create-session.js';
export { authenticateSession } from './authenticate-session.js';
export { authenticateToken, IdentityCache, type OAuthResource } from './authenticate-token.js';
export { createUser, PLAN_CODES, TRIAL_DAYS, type NewUser, type PlanCode } from './create-user.js';
export { getUserView, type UserView } from './get-user-view.js';
export { identityJoins, loadIdentity } from './load-identity.js';
export { getMe, type Me } from './get-me.js';
export { mintApiKey, requireKeyManagement, type ApiKeyRecord } from './mint-api-key.js';
export { listApiKeys, listApiKeysOfUser, type ApiKeyListing } from './list-api-keys.js';
export { revokeApiKey, revokeApiKeyById } from './revoke-api-key.js';
export { refuseReadOnlyWrite } from './read-only.js';
export { updateUser, type UserUpdate } from './update-user.js';
export { MintApiKeyInput } from './schemas.js';
export { openSession, type ClientInfo, type OpenedSession, type SessionMethod } from './create-session.js';
export { insertPerson, isEmailAddress } from './create-user.js';
export { resolveSession } from './authenticate-session.js';
export { csrfTokenFits, csrfTokenOf, SESSION_IDLE_MS } from './session-token.js';
export { completeSignIn, signedInUser, userByEmail, type SignedIn, type SignedInUser } from './signed-in.js';
