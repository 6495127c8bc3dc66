/**
 * /v1 procurement requests (seed 001, section 4, "Procurement"; docs/accounts.md) and the acceptance of an
 * account invitation; both without a token:
 * | POST | /v1/procurement-requests            | 201 new, 200 the request already on file (same email, ten minutes); 429 per address |
 * | GET  | /v1/account/invitations/{code}      | who invites whom into which account, and whether it can still be accepted            |
 * | POST | /v1/account/invitations/{code}      | accepts an invitation: creates the user if new, joins the account, opens a session (cookie too) |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { acceptInvitation, getInvitation, type AcceptedInvitation as Accepted, type InvitationView } from '../../../domain/accounts/index.js';
import { ProcurementRequestInput, PROCUREMENT_STATUSES, submitProcurementRequest } from '../../../domain/procurement/index.js';
import type { FastifyReply } from 'fastify';
import { component, Nullable, StringEnum } from '../../schema.js';
import { clientOf, setSessionCookie } from '../../session-cookie.js';
import { created } from '../../respond.js';
import { ctxOf } from '../../types.js';
import { problemResponses } from '../problem.js';

const open = { access: 'public' as const };

const ProcurementReceipt = component('V1ProcurementReceipt', Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: StringEnum(PROCUREMENT_STATUSES),
  created_at: Type.String({ format: 'date-time' }),
}, { title: 'ProcurementReceipt', description: 'The request on file (what was sent is not echoed back: anyone may submit)' }));

const AcceptedInvitation = component('V1AcceptedInvitation', Type.Object({
  account_id: Type.String({ format: 'uuid' }), account_name: Type.String(),
  user_id: Type.String({ format: 'uuid' }), email: Type.String(),
  role: StringEnum(['owner', 'admin', 'member'] as const),
  created_user: Type.Boolean({ description: 'True when the invitation created the user' }),
  session: Type.Object({ token: Type.String({ description: 'A Bearer token for the new member (also set as the browser session cookie)' }), expires_at: Type.String({ format: 'date-time' }) }),
  csrf_token: Type.String({ description: 'The session\'s CSRF token: send it in X-CSRF-Token with cookie-authenticated writes' }),
}, { title: 'AcceptedInvitation' }));

const Invitation = component('V1Invitation', Type.Object({
  invitation: Type.Object({
    account_name: Type.String(),
    invited_by: Nullable(Type.Object({ name: Type.String({ description: 'The inviter\'s name, else their address' }) })),
    email: Type.String({ description: 'The address invited' }),
    role: StringEnum(['owner', 'admin', 'member'] as const, { description: 'admin or member (an invitation never makes an owner)' }),
    expires_at: Type.String({ format: 'date-time' }),
    status: StringEnum(['open', 'accepted', 'expired'] as const, { description: 'open: it can be accepted' }),
  }),
}, { title: 'Invitation' }), { invitation: { account_name: 'Aeroporto di Esempio', invited_by: { name: 'Giulia Rossi' }, email: 'marco@example.com', role: 'member', expires_at: '2026-12-05T10:00:00.000Z', status: 'open' } });

const CodeParam = Type.Object({ code: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', description: 'The one-time code of the invitation link' }) });

/** An invitation in this edition's words. */
const presentInvitation = (i: InvitationView) => ({ invitation: { ...i, expires_at: i.expires_at.toISOString() } });

export default async function procurementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/procurement-requests', {
    config: open,
    schema: {
      operationId: 'v1CreateProcurementRequest', summary: 'Ask for a plan paid by invoice (no token)', tags: ['Account'], 
      description: 'For organisations that cannot pay by card; the one unauthenticated write. The country must be one of /v1/reference countries, the plan one of /v1/plans (not the trial). A repeat from the same email within ten minutes returns the request already on file (200, same id); a new request is 201. At most 10 new requests per client address per hour: beyond, 429 with Retry-After. Administrators are told by email.',
      body: component('V1ProcurementRequestInput', ProcurementRequestInput, {
        organisation: 'Aeroporto di Esempio S.p.A.', contact_name: 'Giulia Rossi', email: 'procurement@example.com', country: 'IT',
        plan: 'enterprise', seats: 25, billing_details: 'VAT IT01234567890, PO 2026-118', message: 'Annual invoice in EUR, please.',
      }),
      response: { 200: ProcurementReceipt, 201: ProcurementReceipt, ...problemResponses(429) },
    },
  }, async (req, reply) => {
    const { request, created: isNew } = await submitProcurementRequest(ctxOf(req), req.body, req.ip);
    const body = { id: request.id, status: request.status, created_at: request.created_at.toISOString() };
    return isNew ? created(reply, body, `/v1/admin/procurement/${request.id}`) : reply.status(200).send(body);
  });

  r.get('/account/invitations/:code', {
    config: open,
    schema: {
      operationId: 'v1GetInvitation', summary: 'An invitation as the invited person sees it (no token: the link is the credential)', tags: ['Account'], 
      description: 'What the page /invitations/{code} shows before accepting: the account, who invites (their name, else their address), the address invited, the role, the expiry and whether it can still be accepted (status open, accepted or expired). An unknown code is 404.',
      params: CodeParam,
      response: { 200: Invitation, ...problemResponses(404) },
    },
  }, async (req) => presentInvitation(await getInvitation(ctxOf(req), req.params.code)));

  r.post('/account/invitations/:code', {
    config: { ...open, idempotency: false },
    schema: {
      operationId: 'v1AcceptInvitation', summary: 'Accept an invitation to an account (no token: the link is the credential)', tags: ['Account'], 
      description: 'The code of an invitation email\'s link (PUBLIC_BASE_URL/invitations/{code}). Creates the user when the address has none, adds them to the account with the invited role, marks the address verified and opens a session: the answer carries its token and CSRF token and sets the browser session cookie. An unknown, expired or already used code is 404; an address that is already a member is 409.',
      params: CodeParam,
      body: component('V1AcceptInvitationInput', Type.Object({
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Display name of a new user' })),
      }, { additionalProperties: false }), { name: 'Marco Bianchi' }),
      response: { 200: AcceptedInvitation, ...problemResponses(404, 409) },
    },
  }, async (req, reply) => presentAccepted(reply, await acceptInvitation(ctxOf(req), req.server.sessionSecret, req.params.code, req.body ?? {}, clientOf(req))));
}

/** An accepted invitation: sets the session cookie and answers the record. */
function presentAccepted(reply: FastifyReply, a: Accepted) {
  setSessionCookie(reply, a.session.token, a.session.expires_at);
  return { ...a, session: { token: a.session.token, expires_at: a.session.expires_at.toISOString() } };
}
