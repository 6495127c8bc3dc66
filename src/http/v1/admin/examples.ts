/**
 * Examples of the /v1/admin record operations (projects, tenders, inbox, calendar, email usage):
 * realistic values shaped like the sample data, shown in /openapi.json as each schema's `examples`.
 */
import { projectExample, v1ProjectExample, v1TenderExample } from '../../examples.js';

const PROJECT_ID = v1ProjectExample.id;
const LHR = { id: '5b0c7f8e-4a51-4f0e-9a7c-2d4e7b1c9a01', iata_code: 'LHR', name: 'London Heathrow Airport' };

/** A project as the admin faces return it. */
export const adminProjectExample = {
  ...(({ is_watched: _w, ...rest }) => rest)(v1ProjectExample),
  airport_id: LHR.id,
  value_usd: projectExample.value_usd,
  value_fx_date: '2025-07-01',
  contractor: null,
  topics: projectExample.topics,
  tags: projectExample.tags,
  companies: [{ id: '0d7a3c1e-2f4b-4c6d-8e9f-1a2b3c4d5e6f', name: 'Heathrow Airport Limited', role: 'owner' }],
  last_seen_edition_number: 96,
  updated_at: projectExample.updated_at,
  version: '3f2b9c0d8e7a6b5c4d3e2f1a0b9c8d7e',
};

/** The links of a project. */
export const projectLinksExample = {
  airports: [{ ...LHR, is_main: true }],
  companies: [{ id: '0d7a3c1e-2f4b-4c6d-8e9f-1a2b3c4d5e6f', name: 'Heathrow Airport Limited', role: 'owner' }],
  topics: [{ slug: 'capacity-expansion', name: 'Capacity expansion' }, { slug: 'runways', name: 'Runways' }],
  tags: [{ slug: 'third-runway', name: 'Third runway' }],
};

/** The body of `PUT …/airports`. */
export const airportSetExample = { airports: ['LHR', 'London Gatwick Airport'] };
/** The body of `PUT /v1/admin/projects/{id}/companies`. */
export const projectCompanySetExample = { companies: [{ name: 'Heathrow Airport Limited', role: 'owner' }, { name: 'Ferrovial', role: 'investor' }] };
/** The body of `PUT /v1/admin/tenders/{id}/companies`. */
export const companySetExample = { companies: ['Heathrow Airport Limited'] };
/** The body of `PUT …/terms`. */
export const termSetExample = { topics: ['capacity-expansion', 'Runways'], tags: ['third-runway'] };

/** A tender as the admin faces return it. */
export const adminTenderExample = {
  ...v1TenderExample,
  airport_id: LHR.id,
  value_usd: 1_200_000,
  published: true,
  updated_at: '2026-11-02T09:00:00.000Z',
  version: '9a8b7c6d5e4f30211f2e3d4c5b6a7980',
  bidders: [{ name: 'Vanderlande', outcome: 'shortlisted' }, { name: 'Siemens Logistics', outcome: 'bid' }],
};

/** The links of a tender. */
export const tenderLinksExample = {
  airports: [{ ...LHR, is_main: true }],
  companies: [{ id: '0d7a3c1e-2f4b-4c6d-8e9f-1a2b3c4d5e6f', name: 'Heathrow Airport Limited' }],
  topics: [{ slug: 'baggage-handling', name: 'Baggage handling' }],
  tags: [],
};

/** A tender as an administrator creates it. */
export const tenderCreateExample = {
  title: 'Baggage handling system replacement, Terminal 2',
  buyer: 'Heathrow Airport Limited',
  type: 'rfp',
  iata_code: 'LHR',
  deadline: '2026-12-15T12:00:00Z',
  estimated_value: 950_000,
  currency: 'GBP',
  categories: ['baggage-handling'],
  bidders: [{ name: 'Vanderlande', outcome: 'bid' }],
};

/** A change of a tender: the award. */
export const tenderPatchExample = {
  status: 'awarded',
  awarded_to: 'Vanderlande',
  awarded_on: '2027-01-20',
  bidders: [{ name: 'Vanderlande', outcome: 'awarded' }, { name: 'Siemens Logistics', outcome: 'unsuccessful' }],
};

export { PROJECT_ID };

/** A calendar event as the admin faces return it. */
export const adminCalendarEventExample = {
  id: '7c2e4f1a-9b3d-4e5f-8a6b-1c2d3e4f5a6b',
  title: 'Passenger Terminal Expo 2027',
  starts_on: '2027-03-16',
  ends_on: '2027-03-18',
  city: 'Frankfurt',
  country_code: 'DE',
  country: 'Germany',
  region_slug: 'europe',
  region: 'Europe',
  venue: 'Messe Frankfurt',
  organiser: 'UKi Media & Events',
  url: 'https://www.passengerterminal-expo.com',
  description: 'Terminal design, operations and technology: conference and exhibition.',
  origin: 'curated',
  article_id: null,
  published: true,
  updated_at: '2026-11-02T09:00:00.000Z',
  version: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
};

/** An event as an administrator creates it. */
export const calendarEventCreateExample = {
  title: 'Passenger Terminal Expo 2027',
  starts_on: '2027-03-16',
  ends_on: '2027-03-18',
  city: 'Frankfurt',
  country: 'DE',
  venue: 'Messe Frankfurt',
  organiser: 'UKi Media & Events',
  url: 'https://www.passengerterminal-expo.com',
};

/** A change of an event: moved by a day, hidden from readers. */
export const calendarEventPatchExample = { starts_on: '2027-03-17', ends_on: '2027-03-19', published: false };
