/**
 * The company profile of the /v1 edition: name, slug, country, aliases, parent and
 * subsidiaries, and counts of the published projects, tenders and articles it reaches (with its
 * other names and subsidiaries, as `company_id` filters reach them). The admin record adds when
 * it was created and its version (decision 0050).
 */
import { Type, type Static } from 'typebox';
import type { CompanyView } from '../../../domain/companies/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, component } from '../../schema.js';
import { RecordVersion } from '../admin/preconditions.js';

const CompanyLink = component('V1CompanyLink', Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  slug: Type.String(),
}, { title: 'Company link' }), { id: '6a1f0b7e-3c55-4e1a-9a57-0c2d4f3e8b11', name: 'Ferrovial', slug: 'ferrovial' });

const companyExample = {
  id: '2b9f7c1e-8d4a-4f3b-a6e5-1c0d9e8f7a62',
  name: 'Heathrow Airport Holdings',
  slug: 'heathrow-airport-holdings',
  country_code: 'GB',
  country_name: 'United Kingdom',
  website: 'https://www.heathrow.com',
  aliases: ['HAL', 'Heathrow Airport Ltd'],
  parent: { id: '6a1f0b7e-3c55-4e1a-9a57-0c2d4f3e8b11', name: 'FGP TopCo', slug: 'fgp-topco' },
  subsidiaries: [{ id: '9c3e2d1f-0a4b-4c5d-8e6f-7a8b9c0d1e2f', name: 'Heathrow Express', slug: 'heathrow-express' }],
  project_count: 4,
  tender_count: 2,
  article_count: 11,
};

const companyFields = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  slug: Type.String({ description: 'Stable handle: GET /v1/companies/{slug}' }),
  country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 of the head office' })),
  country_name: Nullable(Type.String()),
  website: Nullable(Type.String()),
  aliases: Type.Array(Type.String(), { description: 'Other names it is known by (a company_id, name or alias finds it)' }),
  parent: Nullable(CompanyLink),
  subsidiaries: Type.Array(CompanyLink),
  project_count: Type.Integer({ minimum: 0, description: 'Published projects of the company, its other names and subsidiaries' }),
  tender_count: Type.Integer({ minimum: 0, description: 'Published tenders they list, buy or bid for' }),
  article_count: Type.Integer({ minimum: 0, description: 'Articles of published editions naming them' }),
};

export const Company = component('V1Company', Type.Object(companyFields, { title: 'Company' }), companyExample);
export type Company = Static<typeof Company>;

export const AdminCompany = component('V1AdminCompany', Type.Object({
  ...companyFields,
  created_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
}, { title: 'Company (admin)' }), { ...companyExample, created_at: '2026-03-02T09:00:00.000Z', version: '3c2b1a09f8e7d6c5b4a3928170f6e5d4' });
export type AdminCompany = Static<typeof AdminCompany>;

export const presentCompany = (c: CompanyView): Company =>
  pick(c, 'id', 'name', 'slug', 'country_code', 'country_name', 'website', 'aliases', 'parent', 'subsidiaries', 'project_count', 'tender_count', 'article_count');

/** The admin record: the reader's record plus `created_at` and `version`. */
export const presentAdminCompany = (c: CompanyView): AdminCompany => ({ ...presentCompany(c), created_at: new Date(c.created_at).toISOString(), version: c.record_version });

/** Examples of the admin bodies. */
export const companyCreateExample = { name: 'Heathrow Airport Holdings', country_code: 'GB', website: 'https://www.heathrow.com', aliases: ['HAL'] };
export const companyPatchExample = { aliases: ['HAL', 'Heathrow Airport Ltd'], parent_id: '6a1f0b7e-3c55-4e1a-9a57-0c2d4f3e8b11' };
export const companyMergeExample = { absorbed_id: '9c3e2d1f-0a4b-4c5d-8e6f-7a8b9c0d1e2f' };
