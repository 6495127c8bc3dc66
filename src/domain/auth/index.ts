/**
 * Signing in over HTTP (docs/sessions.md): sign-up and email links (email-links.ts),
 * one-time links (one-time-links.ts), the browser session's state, the session list, sign-out
 * (sessions.ts), passwords (passwords.ts, password-*.ts), company SSO (sso-*.ts) and the
 * counters of the rate limits (rate-limit.ts). What the faces may import.
 */
export * from './schemas.js';
export { requestEmailLink, signUp, verifyEmailLink, type LinkBase, type LinkRequested } from './email-links.js';
export { getSessionState, listSessions, endSession, endAllSessions, signOut, describeDevice, type SessionState, type SessionListing } from './sessions.js';
export { safeReturnTo } from './return-to.js';
export { csrfTokenFits, csrfTokenOf, SESSION_IDLE_MS, type ClientInfo, type SignedIn, type SignedInUser } from '../identity/index.js';
export { hitRateLimit, type RateLimitHit } from './rate-limit.js';
export { checkPasswordRules, hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from './passwords.js';
export { signInWithPassword, SIGN_IN_FAILED } from './sign-in-with-password.js';
export { requestPasswordReset, completePasswordReset, changePassword, removePassword } from './password-changes.js';
export { getSsoConfig, putSsoConfig, deleteSsoConfig, type SsoConfigView } from './sso-config.js';
export { startSso, finishSso, ssoRedirectUri, type SsoDeps, type SsoOutcome } from './sso-sign-in.js';
