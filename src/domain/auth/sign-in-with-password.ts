/**
 * Sign-in with a password (`POST /v1/auth/sign-in`). Every failure gets one generic answer and
 * costs one Argon2id verification (against a throwaway hash when the address has no account or no
 * password, or signs in through company SSO), so neither the answer nor its timing tells whether
 * an address has an account.
 */
import type { Ctx } from '../context.js';
import { unauthenticated } from '../errors.js';
import type { ClientInfo } from '../identity/index.js';
import { writeTransaction } from '../shared/database-errors.js';
import { ssoCovering } from './email-domain.js';
import { verifyDummy, verifyPassword } from './passwords.js';
import type { PasswordSignInInput } from './schemas.js';
import { completeSignIn, userByEmail, type SignedIn } from '../identity/index.js';

/** The one answer to every failed password sign-in. */
export const SIGN_IN_FAILED = 'The email address or the password is not right (or this address signs in another way: an emailed link or your company\'s sign-in)';

/**
 * Checks the password and opens a browser session.
 * @throws DomainError UNAUTHENTICATED (always the same message) for an unknown address, a user
 *   without a password, an address of a company-SSO domain or a wrong password
 */
export async function signInWithPassword(ctx: Ctx, secret: string, input: PasswordSignInInput, client: ClientInfo): Promise<SignedIn> {
  const user = await userByEmail(ctx.db, input.email);
  const sso = user ? await ssoCovering(ctx.db, user.email) : undefined;
  const ok = user?.password_hash && !sso ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
  if (!ok || !user) throw unauthenticated(SIGN_IN_FAILED);
  return writeTransaction(ctx, (trx) => completeSignIn(trx, ctx, secret, { userId: user.id, method: 'password', client, returnTo: null }));
}
