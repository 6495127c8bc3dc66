/** The account records of /v1 (fields not shown by the seed; ours): profile, subscription, member, interests, API key. */
import { Type } from 'typebox';
import type { ApiKeyListing, ApiKeyRecord } from '../../../domain/identity/index.js';
import type { Member, Profile, SubscriptionView } from '../../../domain/accounts/index.js';
import { component, Nullable, StringEnum } from '../../schema.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DateTime = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

export const Profile_ = component('V1Profile', Type.Object({
  user_id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  organisation: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2' })),
  timezone: Nullable(Type.String({ description: 'IANA time zone' })),
}, { title: 'Profile' }), {
  user_id: '3f6c2a1e-8b4d-4e2f-9a7c-5d1e0b3c6a48', email: 'ana@example.test', name: 'Ana Lyst', job_title: 'Head of research',
  organisation: 'Example Airports', country: 'GB', timezone: 'Europe/London',
});
export const presentProfile = (p: Profile) => p;

export const Subscription = component('V1Subscription', Type.Object({
  id: Type.String({ format: 'uuid' }),
  account_id: Type.String({ format: 'uuid' }),
  plan: Type.String(),
  status: StringEnum(['trialing', 'active', 'past_due', 'canceled'] as const),
  addons: Type.Array(Type.String()),
  seats: Type.Object({
    bought: Type.Integer({ minimum: 0, description: 'Seats of the subscription (at least the plan\'s included seats)' }),
    used: Type.Integer({ minimum: 0, description: 'Members plus open invitations' }),
  }),
  current_period_end: DateTime('Access continues until then (also after cancellation); null: no end'),
  cancel_at_period_end: Type.Boolean(),
  trial_end: DateTime('End of the trial, when there was one'),
}, { title: 'Subscription' }));
export const presentSubscription = (s: SubscriptionView) => ({
  ...s, status: s.status as 'trialing' | 'active' | 'past_due' | 'canceled', current_period_end: iso(s.current_period_end), trial_end: iso(s.trial_end),
});

export const MemberRecord = component('V1Member', Type.Object({
  user_id: Nullable(Type.String({ format: 'uuid', description: 'null for an open invitation' })),
  email: Type.String(),
  name: Nullable(Type.String()),
  role: StringEnum(['owner', 'admin', 'member'] as const),
  status: StringEnum(['active', 'invited'] as const),
  joined_at: Type.String({ format: 'date-time', description: 'When the member joined, or was invited' }),
}, { title: 'Member' }));
export const presentMember = (m: Member) => ({ ...m, joined_at: m.joined_at.toISOString() });

export const InterestsRecord = component('V1Interests', Type.Object({
  topics: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  regions: Type.Array(Type.String()),
  airports: Type.Array(Type.String({ description: 'IATA code' })),
}, { title: 'Interests' }), { topics: ['runways', 'sustainability'], tags: [], regions: ['europe'], airports: ['LHR'] });

const keyFields = {
  id: Type.String({ format: 'uuid' }),
  label: Nullable(Type.String()),
  prefix: Type.String({ description: 'The first 16 characters of the key' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: DateTime('Last call with the key (to the minute)'),
  expires_at: DateTime('When the key stops working; null: never'),
  read_only: Type.Boolean({ description: 'Refuses every non-GET call except search' }),
};
export const ApiKey = component('V1ApiKey', Type.Object({
  ...keyFields,
  usage: Type.Object({
    today: Type.Integer({ minimum: 0, description: 'Requests counted today (UTC)' }),
    daily_quota: Nullable(Type.Integer({ minimum: 0, description: 'Requests per key per UTC day of the plan' })),
  }),
}, { title: 'ApiKey' }));
export const MintedApiKey = component('V1MintedApiKey', Type.Object({
  ...keyFields,
  key: Type.String({ description: 'The plaintext key (svc_live_…): shown this once only, keep it safe' }),
}, { title: 'MintedApiKey' }));

const keyBase = (k: ApiKeyRecord) => ({
  id: k.id, label: k.label, prefix: k.prefix, created_at: k.created_at.toISOString(), last_used_at: iso(k.last_used_at), expires_at: iso(k.expires_at), read_only: k.read_only,
});
export const presentApiKey = (k: ApiKeyListing) => ({ ...keyBase(k), usage: { today: k.used_today, daily_quota: k.daily_quota } });
export const presentMintedKey = (k: ApiKeyRecord & { key: string }) => ({ ...keyBase(k), key: k.key });
