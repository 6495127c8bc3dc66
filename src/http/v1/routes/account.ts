/**
 * /v1 account (seed 001, section 4, "Account"; docs/accounts.md). Every route needs an active subscription
 * (the edition's default); roles (owner, admin, member) are checked in the domain:
 * | GET, PATCH     | /v1/account/profile                   | the caller's profile                         |
 * | GET            | /v1/account/subscription              | plan, status, add-ons, seats, period end     |
 * | GET, POST      | /v1/account/members                   | list; invite (owner or admin member)         |
 * | DELETE         | /v1/account/members/{user_id}         | remove (owner or admin); leave (own id)      |
 * | GET, PUT       | /v1/account/interests                 | favourites; replace them                     |
 * | PUT, DELETE    | /v1/account/interests/terms/{slug}    | add or remove one topic or tag               |
 * | GET, POST      | /v1/account/api-keys                  | list; mint (needs api or mcp)                |
 * | DELETE         | /v1/account/api-keys/{id}             | revoke                                       |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  addInterestTerm, getInterests, getProfile, getSubscription, inviteMember, InviteMemberInput, listMembers, removeInterestTerm, removeMember,
  replaceInterests, ReplaceInterestsInput, updateProfile, UpdateProfileInput,
} from '../../../domain/accounts/index.js';
import { listApiKeys, mintApiKey, MintApiKeyInput, revokeApiKey } from '../../../domain/identity/index.js';
import { ANY_GATES } from '../../../domain/entitlements.js';
import { component, StringEnum } from '../../schema.js';
import { created } from '../../respond.js';
import { ctxOf } from '../../types.js';
import { Named } from '../named.js';
import { problemResponses } from '../problem.js';
import {
  ApiKey, InterestsRecord, MemberRecord, MintedApiKey, presentApiKey, presentMember, presentMintedKey, presentProfile, presentSubscription, Profile_, Subscription,
} from '../records/account.js';

const tags = ['Account'];
/** API-key management needs `api` or `mcp`, checked before validation. */
/** Profile and subscription: any valid token (an account without a subscription reads them too). */
const anyUser = { access: 'user' as const };
const keysConfig = { anyGates: ANY_GATES.apiKeys };
const errors = problemResponses(403, 404, 409);
const SlugParam = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$', description: 'Topic or tag slug' }) });
const UserParam = Type.Object({ user_id: Type.String({ format: 'uuid', maxLength: 36, description: 'The member\'s user id' }) });
const KeyParam = Type.Object({ id: Type.String({ format: 'uuid', maxLength: 36, description: 'The key\'s id' }) });
const Removed = Type.Object({ user_id: Type.String({ format: 'uuid' }), removed: Type.Literal(true) });
const Revoked = Type.Object({ id: Type.String({ format: 'uuid' }), revoked: Type.Literal(true) });
const Invited = Type.Object({ outcome: StringEnum(['joined', 'invited'] as const, { description: 'joined: an existing user was added; invited: an invitation was emailed' }), member: MemberRecord });

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // The web app's page of an invitation; it accepts through POST /v1/account/invitations/{code}.
  const invitationUrl = (token: string) => `${app.publicBaseUrl}/invitations/${token}`;

  r.get('/account/profile', {
    config: anyUser,
    schema: { operationId: 'v1GetProfile', summary: 'The caller\'s profile', tags,
      description: "The profile of the token's user: name, job title, organisation, country (ISO 3166-1 alpha-2) and time zone (IANA).", response: { 200: Profile_, ...errors } },
  }, async (req) => presentProfile(await getProfile(ctxOf(req))));

  r.patch('/account/profile', {
    config: anyUser,
    schema: {
      operationId: 'v1UpdateProfile', summary: 'Change name, job title, organisation, country (ISO alpha-2) or time zone (IANA)', tags,
      description: 'Changes only the fields sent; null clears one; unknown fields and an empty patch are 400. The country must be one of /v1/reference countries (any case in, stored upper-case), the time zone an IANA name (Europe/London; links such as Asia/Kolkata too; the canonical case stored); otherwise 400 naming the field, and nothing changes.',
      body: component('V1ProfilePatch', UpdateProfileInput, { job_title: 'Head of research', country: 'GB', timezone: 'Europe/London' }),
      response: { 200: Profile_, ...errors },
    },
  }, async (req) => presentProfile(await updateProfile(ctxOf(req), req.body)));

  r.get('/account/subscription', {
    config: anyUser,
    schema: { operationId: 'v1GetSubscription', summary: 'The account\'s subscription: plan, status, add-ons, seats, period end, trial end', tags,
      description: "The subscription of the caller's account: plan, status (trialing, active, past_due, canceled), add-ons, seats bought and used, current_period_end (access continues until then, also after cancellation), cancel_at_period_end and the trial end. Once the period is over the status reads canceled. 404 when the account has none.", response: { 200: Subscription, ...errors } },
  }, async (req) => presentSubscription(await getSubscription(ctxOf(req))));

  r.get('/account/members', {
    schema: { operationId: 'v1ListMembers', summary: 'The account\'s members (owner first) and open invitations', tags,
      description: "The members of the caller's account with their role (owner, admin, member), owner first, then open invitations (status invited, user_id null).", response: { 200: Named('members', MemberRecord), ...errors } },
  }, async (req) => ({ members: (await listMembers(ctxOf(req))).map(presentMember) }));

  r.post('/account/members', {
    schema: {
      operationId: 'v1InviteMember', summary: 'Invite by email (owner or admin member): an existing user joins, a new address gets an invitation', tags,
      description: 'Owner or admin member (a plain member: 403 naming the role). Needs a free seat (members plus open invitations below the seats bought): else 409 naming the seat count. An address already a member or with an open invitation is 409; an expired invitation is replaced.',
      body: component('V1MemberInvite', InviteMemberInput, { email: 'colleague@example.test', role: 'member' }),
      response: { 201: Invited, ...errors },
    },
  }, async (req, reply) => {
    const result = await inviteMember(ctxOf(req), req.body, invitationUrl);
    return created(reply, { outcome: result.outcome, member: presentMember(result.member) }, '/v1/account/members');
  });

  r.delete('/account/members/:user_id', {
    schema: { operationId: 'v1RemoveMember', summary: 'Remove a member (owner or admin member), or leave (your own user id); the owner cannot be removed', tags,
      description: "Owner or admin member; any member may also remove their own user id to leave. The removed member loses the account's entitlements at once, and the API keys they minted under this account are revoked. The owner can neither be removed nor leave (409); a plain member removing someone else is 403; a user who is not a member of the caller's account is 404.", params: UserParam, response: { 200: Removed, ...errors } },
  }, async (req) => {
    await removeMember(ctxOf(req), req.params.user_id);
    return { user_id: req.params.user_id, removed: true as const };
  });

  r.get('/account/interests', {
    schema: { operationId: 'v1GetInterests', summary: 'The reader\'s favourite topics, tags, regions and airports (they drive mine=true)', tags,
      description: "The reader's favourite topics, tags, regions and airports. They drive mine=true in /v1/search and the personalised newsletter.", response: { 200: InterestsRecord, ...errors } },
  }, async (req) => getInterests(ctxOf(req)));

  r.put('/account/interests', {
    schema: {
      operationId: 'v1ReplaceInterests', summary: 'Replace the favourites (validated against /v1/reference)', tags,
      description: 'Replaces the whole set. Topics and regions must be slugs of /v1/reference, tags known tag slugs, airports IATA codes; an unknown value is 400 naming the field.',
      body: component('V1InterestsInput', ReplaceInterestsInput, { topics: ['runways', 'sustainability'], tags: [], regions: ['europe'], airports: ['LHR'] }),
      response: { 200: InterestsRecord, ...errors },
    },
  }, async (req) => replaceInterests(ctxOf(req), req.body));

  r.put('/account/interests/terms/:slug', {
    schema: { operationId: 'v1AddInterestTerm', summary: 'Add one topic or tag to the favourites', tags,
      description: 'Adds one topic or tag (by slug) to the favourites; adding it again changes nothing. An unknown slug is 404.', params: SlugParam, response: { 200: InterestsRecord, ...errors } },
  }, async (req) => addInterestTerm(ctxOf(req), req.params.slug));

  r.delete('/account/interests/terms/:slug', {
    schema: { operationId: 'v1RemoveInterestTerm', summary: 'Remove one topic or tag from the favourites', tags,
      description: 'Removes one topic or tag from the favourites; removing one that is not among them changes nothing (idempotent). A slug that is neither a topic nor a tag is 404.', params: SlugParam, response: { 200: InterestsRecord, ...errors } },
  }, async (req) => removeInterestTerm(ctxOf(req), req.params.slug));

  r.get('/account/api-keys', {
    config: keysConfig,
    schema: { operationId: 'v1ListApiKeys', summary: 'The caller\'s API keys with today\'s usage (needs api or mcp; never the plaintext)', tags,
      description: "The caller's keys that are not revoked, newest first: id, label, prefix (first 16 characters), created_at, last_used_at, expires_at, read_only and today's usage against the plan's daily quota. Never the plaintext. Needs api or mcp.", response: { 200: Named('keys', ApiKey), ...errors } },
  }, async (req) => ({ keys: (await listApiKeys(ctxOf(req))).map(presentApiKey) }));

  r.post('/account/api-keys', {
    config: keysConfig,
    schema: {
      operationId: 'v1CreateApiKey', summary: 'Mint an API key (needs api or mcp); the plaintext is in this response only', tags,
      description: 'Mints a key (svc_live_…) for the caller: optional label, expires_at (in the future) and read_only (refuses every non-GET call except search). The plaintext is in this response only; the service keeps its SHA-256 and first 16 characters. Needs api or mcp.',
      body: component('V1ApiKeyCreate', MintApiKeyInput, { label: 'ci', expires_at: '2027-06-30T00:00:00Z', read_only: true }),
      response: { 201: MintedApiKey, ...errors },
    },
  }, async (req, reply) => {
    const key = presentMintedKey(await mintApiKey(ctxOf(req), req.body ?? {}));
    return created(reply, key, '/v1/account/api-keys');
  });

  r.delete('/account/api-keys/:id', {
    config: keysConfig,
    schema: { operationId: 'v1RevokeApiKey', summary: 'Revoke a key at once (another user\'s key is 404)', tags,
      description: "Revokes one of the caller's keys at once: it answers 401 from then on. Another user's key, an unknown or an already revoked key is 404 (and another user's key keeps working). Needs api or mcp.", params: KeyParam, response: { 200: Revoked, ...errors } },
  }, async (req) => {
    await revokeApiKey(ctxOf(req), req.params.id);
    return { id: req.params.id, revoked: true as const };
  });
}
