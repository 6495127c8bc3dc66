/** TypeBox input schemas of the account operations (profile, members, interests). */
import { Type, type Static } from 'typebox';
import { COUNTRY_CODE, IATA_CODE, NullableString, patchOf } from '../shared/input-schema.js';

/** `PATCH /v1/account/profile`: any of the fields; `null` clears one. */
export const UpdateProfileInput = patchOf({
  name: NullableString({ minLength: 1, maxLength: 200, description: 'Display name' }),
  job_title: NullableString({ minLength: 1, maxLength: 200, description: 'Job title' }),
  organisation: NullableString({ minLength: 1, maxLength: 200, description: 'Organisation' }),
  country: NullableString({ pattern: COUNTRY_CODE, maxLength: 2, description: 'ISO 3166-1 alpha-2 code (one of /v1/reference countries)' }),
  timezone: NullableString({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/London' }),
});
export type UpdateProfileInput = Static<typeof UpdateProfileInput>;

/** Roles of an account member. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** `POST /v1/account/members`: invite by email. */
export const InviteMemberInput = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email', description: 'An existing user joins at once; a new address gets an invitation by email' }),
  role: Type.Optional(Type.Unsafe<'admin' | 'member'>({ type: 'string', enum: ['admin', 'member'], description: 'Default member' })),
}, { additionalProperties: false });
export type InviteMemberInput = Static<typeof InviteMemberInput>;

const SlugList = (description: string) => Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, uniqueItems: true, description });

/** `PUT /v1/account/interests`: the whole set, replacing the previous one. */
export const ReplaceInterestsInput = Type.Object({
  topics: SlugList('Topic slugs (/v1/reference topics)'),
  tags: SlugList('Tag slugs'),
  regions: SlugList('Region slugs (/v1/reference regions)'),
  airports: Type.Array(Type.String({ pattern: IATA_CODE, maxLength: 3 }), { maxItems: 100, uniqueItems: true, description: 'IATA codes' }),
}, { additionalProperties: false });
export type ReplaceInterestsInput = Static<typeof ReplaceInterestsInput>;
