/**
 * API keys: `svc_live_` followed by 43 base62 characters (32 random bytes). The service keeps
 * only the SHA-256 of the whole key and its first 16 characters; lookups go by the prefix and
 * the hash is compared in constant time (create-api-key.ts, authenticate-api-key.ts).
 */
import crypto from 'node:crypto';

export const API_KEY_PREFIX = 'svc_live_';
export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters needed to write 2^256 in base 62. */
export const BODY_LENGTH = 43;
export const KEY_PATTERN = /^svc_live_[0-9A-Za-z]{43}$/;
/** Characters of the key kept in clear for lookup and display. */
export const KEY_PREFIX_LENGTH = 16;

/** SHA-256 of a key, hex. */
export const hashApiKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** True for a string that has the shape of an API key (it may still be unknown). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
