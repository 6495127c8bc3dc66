/**
 * Passwords (optional per user; docs/sessions.md): Argon2id through `@node-rs/argon2` with OWASP's
 * parameters (19 MiB, 2 passes, 1 lane), stored as a PHC string in `users.password_hash`. The
 * rules are NIST SP 800-63B's: at least 8 characters (counted as Unicode code points, after NFKC),
 * no composition rules, and refused when it is the email address (or its local part) or on a small
 * built-in list of common passwords. A refusal says which rule.
 */
import { hash, verify } from '@node-rs/argon2';
import { invalidParam } from '../errors.js';

/** Argon2id parameters (OWASP Password Storage Cheat Sheet). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Shortest password (NIST SP 800-63B). */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * Common passwords refused whatever their length (lower case; the check ignores case): the most
 * frequent of the public breach lists that are 8 characters or longer.
 */
const COMMON = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000', '87654321', '88888888', '99999999',
  '11223344', '12121212', '12344321', '123321123', '147258369', '159753456', '987654321', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx',
  'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty1234', 'q1w2e3r4', 'q1w2e3r4t5', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'zaq12wsx',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'passpass',
  'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'basketball', 'superman', 'batman123', 'starwars',
  'trustno1', 'welcome1', 'welcome123', 'whatever', 'letmein1', 'letmein123', 'changeme', 'changeme123', 'computer', 'internet',
  'michael1', 'jennifer', 'jordan23', 'charlie1', 'shadow123', 'master123', 'monkey123', 'dragon123', 'mustang1', 'liverpool',
  'chelsea1', 'arsenal1', 'abcd1234', 'abc12345', 'abcdefgh', 'aa123456', 'a1b2c3d4', 'admin123', 'administrator', 'root1234',
  'secret123', 'qwe123qwe', 'test1234', 'testtest', 'default1', 'airport1', 'airport123', 'aviation', 'login123', 'access14',
]);

/**
 * Refuses a password that breaks a rule.
 * @param email the user's address (the password may be neither it nor its local part)
 * @throws DomainError VALIDATION (param `password`) naming the rule
 */
export function checkPasswordRules(password: string, email: string): void {
  const normal = password.normalize('NFKC');
  if ([...normal].length < MIN_PASSWORD_LENGTH) throw invalidParam('password', `must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  const lower = normal.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.slice(0, address.lastIndexOf('@'))) throw invalidParam('password', 'must not be your email address');
  if (COMMON.has(lower)) throw invalidParam('password', 'is one of the most common passwords; choose another');
}

/** The Argon2id PHC string of `password` (NFKC-normalised). */
export const hashPassword = (password: string): Promise<string> => hash(password.normalize('NFKC'), ARGON2);

/** True when `password` matches the stored PHC string `stored`. A malformed hash is false. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies `password` against a throwaway hash: the same work as a real check, for an address
 * without an account or without a password, so timing tells nothing. Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hash('not a password of anyone', ARGON2);
  await verifyPassword(await dummy, password);
  return false;
}
