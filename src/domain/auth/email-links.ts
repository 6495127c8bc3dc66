/**
 * Sign-up and email-link sign-in (`POST /v1/auth/sign-up`, `/v1/auth/email-link`,
 * `/v1/auth/email-link/verify`). The answer to a request is the same whether or not the address
 * has an account, and so is the work done (one link or one notice queued in the outbox, in one
 * transaction): only the mailbox's owner learns which.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import type { ClientInfo } from '../identity/index.js';
import { insertPerson, isEmailAddress } from '../identity/index.js';
import { recordAudit } from '../audit/audit-log.js';
import { writeTransaction } from '../shared/database-errors.js';
import { ssoCovering } from './email-domain.js';
import { consumeLink, issueLink, LINK_TTL_MS, queueAuthMail } from './one-time-links.js';
import { safeReturnTo } from './return-to.js';
import type { EmailLinkInput, SignUpInput, VerifyLinkInput } from './schemas.js';
import { completeSignIn, userByEmail, type SignedIn } from '../identity/index.js';

/** The answer to every request for a link. */
export interface LinkRequested {
  message: string;
}

/** Where the links point: the service's public base URL (`PUBLIC_BASE_URL`), without a trailing slash. */
export interface LinkBase {
  publicBaseUrl: string;
}

const SENT: LinkRequested = { message: 'If the address can receive mail, a message with a link is on its way. The link is valid for 15 minutes.' };
const MINUTES = LINK_TTL_MS / 60_000;

/**
 * The address of `input`, trimmed.
 * @throws DomainError VALIDATION (param `email`)
 */
export function checkedEmail(email: string): string {
  const trimmed = email.trim();
  if (!isEmailAddress(trimmed)) throw invalidParam('email', 'must be an email address');
  return trimmed;
}

/**
 * Emails a sign-in link to an address with an account (`PUBLIC_BASE_URL/auth/link?token=…`), and a
 * notice that there is none (with the sign-up page) to any other address.
 * @throws DomainError VALIDATION (not an email address)
 */
export async function requestEmailLink(ctx: Ctx, input: EmailLinkInput, base: LinkBase): Promise<LinkRequested> {
  const email = checkedEmail(input.email);
  const returnTo = safeReturnTo(input.return_to);
  await writeTransaction(ctx, async (trx) => {
    const user = await userByEmail(trx, email);
    if (user) {
      await mailSignInLink(trx, ctx, { user, returnTo, base }, 'Your sign-in link for Airport Intelligence',
        [`Open this link to sign in to Airport Intelligence. It works once and for ${MINUTES} minutes.`, 'If you did not ask for it, ignore this message.']);
    } else {
      const notice = issueNoticeKey(ctx);
      await queueAuthMail(trx, ctx, notice, {
        to: email, userId: null, subject: 'Signing in to Airport Intelligence',
        paragraphs: ['Someone asked to sign in to Airport Intelligence with this address, but it has no account.', 'If it was you, create one here. If not, ignore this message.'],
        link: { url: `${base.publicBaseUrl}/sign-up`, label: 'Create an account' },
      });
    }
  });
  return SENT;
}

/**
 * Sign-up: emails a link that verifies the address, creates the user and their own account (no
 * subscription: the trial is `POST /v1/billing/trial`) and signs in. An address that already has
 * an account gets a sign-in link instead; an address of a domain with company sign-in (SSO) gets a
 * pointer to it. The answer is the same in every case.
 * @throws DomainError VALIDATION (not an email address)
 */
export async function signUp(ctx: Ctx, input: SignUpInput, base: LinkBase): Promise<LinkRequested> {
  const email = checkedEmail(input.email);
  const returnTo = safeReturnTo(input.return_to);
  await writeTransaction(ctx, async (trx) => {
    const user = await userByEmail(trx, email);
    if (user) {
      await mailSignInLink(trx, ctx, { user, returnTo, base }, 'You already have an Airport Intelligence account',
        ['Someone asked to create an Airport Intelligence account with this address, which already has one.', `Open this link to sign in instead. It works once and for ${MINUTES} minutes.`]);
    } else if (await ssoCovering(trx, email)) {
      await queueAuthMail(trx, ctx, issueNoticeKey(ctx), {
        to: email, userId: null, subject: 'Sign in with your company account',
        paragraphs: ['Your organisation signs in to Airport Intelligence through its own sign-in service (single sign-on).', 'Choose "Use my company\'s sign-in" on the sign-in page; your account is created the first time.'],
        link: { url: `${base.publicBaseUrl}/sign-in`, label: 'Go to the sign-in page' },
      });
    } else {
      const link = await issueLink(trx, ctx, { purpose: 'sign_up', email, userId: null, name: input.name ?? null, returnTo });
      await queueAuthMail(trx, ctx, `auth:${link.id}`, {
        to: email, userId: null, subject: 'Confirm your address for Airport Intelligence',
        paragraphs: [`Open this link to confirm your address and create your Airport Intelligence account. It works once and for ${MINUTES} minutes.`, 'If you did not ask for it, ignore this message.'],
        link: { url: `${base.publicBaseUrl}/auth/link?token=${link.token}`, label: 'Create my account' },
      });
    }
  });
  return SENT;
}

/** Issues a sign-in link for `user` and queues it with `subject` and `paragraphs`. */
async function mailSignInLink(
  trx: Kysely<DB>, ctx: Ctx, to: { user: { id: string; email: string }; returnTo: string | null; base: LinkBase }, subject: string, paragraphs: string[],
): Promise<void> {
  const link = await issueLink(trx, ctx, { purpose: 'sign_in', email: to.user.email, userId: to.user.id, returnTo: to.returnTo });
  await queueAuthMail(trx, ctx, `auth:${link.id}`, {
    to: to.user.email, userId: to.user.id, subject, paragraphs, link: { url: `${to.base.publicBaseUrl}/auth/link?token=${link.token}`, label: 'Sign in' },
  });
}

/** A fresh deduplication key for a notice that carries no token. */
const issueNoticeKey = (ctx: Ctx): string => `auth-notice:${ctx.now().getTime()}:${crypto.randomUUID()}`;

/**
 * Opens an emailed sign-in or sign-up link: marks it used, creates the user and their own account
 * for a sign-up (or signs in the user the address has meanwhile), marks the address verified,
 * and opens a browser session.
 * @param secret the session secret (signs the session token)
 * @throws DomainError VALIDATION (param `token`) for an unknown, expired or used link
 */
export async function verifyEmailLink(ctx: Ctx, secret: string, input: VerifyLinkInput, client: ClientInfo): Promise<SignedIn> {
  return writeTransaction(ctx, async (trx) => {
    const link = await consumeLink(trx, ctx, input.token, ['sign_in', 'sign_up']);
    let userId = link.userId;
    let method: 'email_link' | 'sign_up' = 'email_link';
    if (!userId) {
      const existing = await userByEmail(trx, link.email);
      if (existing) userId = existing.id;
      else {
        userId = (await insertPerson(trx, { email: link.email, name: link.name, ownAccount: true, verifiedAt: ctx.now() })).userId;
        method = 'sign_up';
        await recordAudit(trx, ctx, { action: 'sign_up', entity: 'user', entityId: userId, actorUserId: userId, after: { email: link.email } });
      }
    }
    await trx.updateTable('users').set({ email_verified_at: ctx.now() }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
    return completeSignIn(trx, ctx, secret, { userId, method, client, returnTo: safeReturnTo(link.returnTo) });
  });
}
