/**
 * How the authorization server's records are keyed in `oauth_records` (migration 0025): the ids of
 * the kinds whose id is a bearer secret (a token's value is its id) are stored as their SHA-256, so
 * the table never holds a usable token.
 */
import crypto from 'node:crypto';

/** Kinds whose id is a secret a bearer presents. */
const SECRET_KINDS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'RegistrationAccessToken', 'ClientCredentials', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** The stored id of record `id` of `kind`: base64url SHA-256 for secret kinds, else `id`. */
export function storedIdOf(kind: string, id: string): string {
  return SECRET_KINDS.has(kind) ? crypto.createHash('sha256').update(id).digest('base64url') : id;
}
