/** TypeBox input schemas of the procurement operations (seed 001, section 4, "Procurement"). */
import { Type, type Static } from 'typebox';
import { COUNTRY_CODE, MAX_FILTER_TEXT } from '../shared/input-schema.js';

/** Statuses of a procurement request (the last review's decision; `new` before any). */
export const PROCUREMENT_STATUSES = ['new', 'in_review', 'approved', 'rejected'] as const;
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number];
/** Decisions a review records (each sets the request's status). */
export const REVIEW_DECISIONS = ['in_review', 'approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

const Enum = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

/** `POST /v1/procurement-requests` (no token). */
export const ProcurementRequestInput = Type.Object({
  organisation: Type.String({ minLength: 1, maxLength: 200, description: 'The buying organisation' }),
  contact_name: Type.String({ minLength: 1, maxLength: 200, description: 'Who to contact' }),
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email', description: 'The contact\'s email; a repeat from it within ten minutes returns the request already on file' }),
  country: Type.String({ pattern: COUNTRY_CODE, minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 code (one of /v1/reference countries)' }),
  plan: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'A plan code of GET /v1/plans (enterprise is sold this way); not the trial' })),
  seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Seats wanted' })),
  billing_details: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Invoice address, VAT number, purchase-order reference' })),
  message: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'Anything else' })),
}, { additionalProperties: false });
export type ProcurementRequestInput = Static<typeof ProcurementRequestInput>;

/** Filters of `GET /v1/admin/procurement`. */
export const ProcurementListFilter = Type.Object({
  status: Type.Optional(Enum(PROCUREMENT_STATUSES, 'Only requests in this status')),
  organisation: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_FILTER_TEXT, description: 'Organisation contains this text (case-insensitive)' })),
  date_from: Type.Optional(Type.String({ format: 'date', description: 'Received on or after this UTC day (YYYY-MM-DD)' })),
  date_to: Type.Optional(Type.String({ format: 'date', description: 'Received on or before this UTC day (YYYY-MM-DD)' })),
});
export type ProcurementListFilter = Static<typeof ProcurementListFilter>;

/** `POST /v1/admin/procurement/{id}/reviews`. */
export const ProcurementReviewInput = Type.Object({
  decision: Enum(REVIEW_DECISIONS, 'The decision; it becomes the request\'s status'),
  note: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'Why' })),
  activate_subscription: Type.Optional(Type.Boolean({ description: 'With decision approved: activate the requested plan for the account owned by the user with the request\'s email, paid by invoice (no card). 409 when there is no such user or the request names no plan.' })),
}, { additionalProperties: false });
export type ProcurementReviewInput = Static<typeof ProcurementReviewInput>;
