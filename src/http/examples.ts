/**
 * Examples of the records and inputs of the OpenAPI description, taken from the sample data
 * (src/seed/sample/*.json: edition 96, its Heathrow article, the Heathrow expansion programme, the
 * Heathrow enabling-works framework tender). Shown by /docs and checked against their schemas by
 * both linters (`npm run lint:openapi`). Ids are illustrative UUIDs.
 */

const EDITION_ID = '7c1d5e2a-4b3f-4a8e-9d6c-2f0e1b3a5c47';
const ARTICLE_ID = 'b52e8f10-6c3d-4f7a-8e91-0a2d4c6b8e13';
const PROJECT_ID = '1e9a7c35-2d4b-4c6e-8f10-3a5b7d9e1f24';
const TENDER_ID = 'd4f6a8c0-1b3d-4e5f-9a7b-6c8d0e2f4a61';

const HEADLINE = "Heathrow shutdown after North Hyde substation fire exposes hub's grid dependence";
const CONTENT = 'Heathrow closed for most of Friday 21 March 2025 after a fire at the North Hyde electricity substation in Hayes, west London, cut power to large parts of the airport. …';
const TAKEAWAYS = [
  "A single external substation failure halted operations at the UK's largest airport for most of a day.",
  'Backup power protected safety systems but was not designed to run the whole airport.',
  "Separate reviews are examining the grid fault and Heathrow's own crisis response.",
];
const WHY = 'Airport operators and their energy suppliers will face pressure to quantify grid redundancy and fund extra resilience, a cost likely to surface in future regulatory settlements.';
const SLUG = 'heathrow-shutdown-after-north-hyde-substation-fire-exposes-hubs-grid-dependence';
const PROJECT_DESCRIPTION = "Heathrow's privately financed plan to expand the UK's hub airport, submitted to the government in summer 2025 after the Chancellor endorsed a third runway in January. …";
const TENDER_TITLE = 'Expansion enabling works: early contractor involvement framework (airfield and M25 packages)';
const TENDER_DESCRIPTION = 'Multi-supplier framework for early contractor involvement on expansion enabling works. Lot 1 covers airfield earthworks, drainage and pavements; lot 2 covers highways, structures and tunnelling associated with the M25 realignment. …';

/** Edition 96 without its articles (/api/v1 `ApiV1Edition`). */
export const editionExample = {
  id: EDITION_ID,
  number: 96,
  publish_date: '2025-03-28',
  status: 'archived',
  summary: "Heathrow's day-long shutdown on 21 March, triggered by a fire at a nearby electricity substation, has put infrastructure resilience at the top of the agenda. …",
  top_developments: ['A substation fire closed Heathrow for most of 21 March 2025, disrupting well over a thousand flights.', 'The UK government backed a third runway at Heathrow in January 2025.'],
  key_trends: ['Grid dependence and backup power are becoming board-level risk topics for hub airports.'],
  regional_highlights: [{ region: 'europe', highlight: "Heathrow's closure and London's runway decisions dominate the agenda." }],
  key_metrics: [{ label: 'Hong Kong three-runway system cost', value: 'HK$141.5bn', context: 'Total cost of the expansion completed on 28 November 2024.' }],
  article_count: 6,
};

/** The same edition in the /v1 fields. */
export const v1EditionExample = (({ regional_highlights: _r, key_metrics: _k, ...rest }) => rest)(editionExample);

/** The Heathrow shutdown article (/api/v1). */
export const articleExample = {
  id: ARTICLE_ID,
  headline: HEADLINE,
  slug: SLUG,
  content: CONTENT,
  takeaways: TAKEAWAYS,
  why_it_matters: WHY,
  region: 'Europe',
  region_slug: 'europe',
  country: 'United Kingdom',
  country_code: 'GB',
  airports: ['London Heathrow Airport'],
  iata_codes: ['LHR'],
  topics: ['Operations & resilience'],
  tags: ['Power resilience', 'Business continuity', 'Crisis management'],
  companies: ['Heathrow Airport Limited'],
  source_name: 'Heathrow Airport',
  source_url: 'https://www.heathrow.com/',
  sort_order: 1,
  featured: true,
  edition_number: 96,
  publish_date: '2025-03-28',
};

/** The same article in the /v1 fields. */
export const v1ArticleExample = {
  id: ARTICLE_ID,
  kind: 'article',
  headline: HEADLINE,
  slug: SLUG,
  content: CONTENT,
  takeaways: TAKEAWAYS,
  why_it_matters: WHY,
  region: 'Europe',
  region_slug: 'europe',
  country_code: 'GB',
  source_name: 'Heathrow Airport',
  source_url: 'https://www.heathrow.com/',
  edition_id: EDITION_ID,
  edition_number: 96,
  publish_date: '2025-03-28',
  featured: true,
  topics: ['operations-resilience'],
  tags: ['power-resilience', 'business-continuity', 'crisis-management'],
  airports: ['LHR'],
  companies: [{ id: '6f1c2a4e-0b7d-4c1e-9a55-3d2b8e7f9a10', slug: 'heathrow-airport-holdings', name: 'Heathrow Airport Holdings' }],
  is_saved: false,
};

/** The Heathrow expansion programme (/api/v1). */
export const projectExample = {
  id: PROJECT_ID,
  title: 'Heathrow expansion programme',
  description: PROJECT_DESCRIPTION,
  airport_name: 'London Heathrow Airport',
  iata_code: 'LHR',
  country: 'United Kingdom',
  country_code: 'GB',
  region: 'Europe',
  region_slug: 'europe',
  project_type: 'Masterplan',
  project_type_slug: 'masterplan',
  value_usd: 62_230_000_000,
  value_amount: 49_000_000_000,
  value_currency: 'GBP',
  value_basis: 'estimated',
  contractor: null,
  status: 'planned',
  expected_completion_year: null,
  announced_on: '2025-07-01',
  parent_project_id: null,
  tags: ['third-runway', 'runway-expansion', 'planning-consent', 'megaproject'],
  topics: ['capacity-expansion', 'runways', 'finance-investment'],
  companies: ['Heathrow Airport Limited', 'Ardian', 'Public Investment Fund'],
  last_seen_edition: 96,
  updated_at: '2025-07-04T09:30:00.000Z',
};

/** The same project in the /v1 fields (stated value, never converted). */
export const v1ProjectExample = {
  id: PROJECT_ID,
  title: 'Heathrow expansion programme',
  description: PROJECT_DESCRIPTION,
  airport: 'London Heathrow Airport',
  iata_code: 'LHR',
  country_code: 'GB',
  region: 'Europe',
  region_slug: 'europe',
  project_type: 'Masterplan',
  project_type_slug: 'masterplan',
  status: 'planned',
  value_amount: 49_000_000_000,
  value_currency: 'GBP',
  value_basis: 'estimated',
  announced_on: '2025-07-01',
  expected_completion_year: null,
  parent_project_id: null,
  is_watched: false,
};

/** `GET /v1/projects/{id}`: the project with its companies and mentions. */
export const v1ProjectDetailExample = {
  ...v1ProjectExample,
  companies: [{ id: '6f1c2a4e-0b7d-4c1e-9a55-3d2b8e7f9a10', slug: 'heathrow-airport-holdings', name: 'Heathrow Airport Holdings', role: 'client' }],
  articles: [{ id: ARTICLE_ID, slug: 'heathrow-third-runway-consultation-opens', headline: 'Heathrow third runway consultation opens', edition_number: 42, publish_date: '2026-11-20' }],
};

/** A project as an administrator creates it (`POST /api/v1/admin/projects`). */
export const projectCreateExample = {
  title: 'Heathrow expansion programme',
  description: PROJECT_DESCRIPTION,
  iata_code: 'LHR',
  project_type: 'masterplan',
  status: 'planned',
  value_amount: 49_000_000_000,
  value_currency: 'GBP',
  value_basis: 'estimated',
  announced_on: '2025-07-01',
  topics: ['capacity-expansion', 'runways'],
  tags: ['third-runway', 'megaproject'],
};

/** A change of a project (`PATCH /api/v1/admin/projects/{id}`). */
export const projectPatchExample = { status: 'ongoing', expected_completion_year: 2035 };

/** The Heathrow enabling-works framework tender (/api/v1). */
export const tenderExample = {
  id: TENDER_ID,
  title: TENDER_TITLE,
  description: TENDER_DESCRIPTION,
  reference: 'SAMPLE-LHR-2026-014',
  buyer: 'Heathrow Airport Limited',
  airport_name: 'London Heathrow Airport',
  iata_code: 'LHR',
  country: 'United Kingdom',
  country_code: 'GB',
  region: 'Europe',
  region_slug: 'europe',
  type: 'framework',
  status: 'closing_soon',
  published_at: '2026-01-05',
  deadline: '2026-02-23T12:00:00.000Z',
  days_to_deadline: 14,
  estimated_value: 750_000_000,
  currency: 'GBP',
  value_usd: 952_500_000,
  categories: ['Procurement & tenders', 'Capacity expansion', 'Runways'],
  tags: ['third-runway', 'framework', 'early-contractor-involvement'],
  source_name: 'Heathrow Airport',
  source_url: 'https://www.heathrow.com/',
  awarded_to: null,
  awarded_on: null,
};

/** The same tender in the /v1 fields. */
export const v1TenderExample = {
  id: TENDER_ID,
  title: TENDER_TITLE,
  description: TENDER_DESCRIPTION,
  reference: 'SAMPLE-LHR-2026-014',
  buyer: 'Heathrow Airport Limited',
  airport: 'London Heathrow Airport',
  iata_code: 'LHR',
  country_code: 'GB',
  region: 'Europe',
  region_slug: 'europe',
  type: 'framework',
  status: 'closing_soon',
  published_on: '2026-01-05',
  deadline: '2026-02-23T12:00:00.000Z',
  days_to_deadline: 14,
  estimated_value: 750_000_000,
  currency: 'GBP',
  topics: ['procurement-tenders', 'capacity-expansion', 'runways'],
  tags: ['third-runway', 'framework', 'early-contractor-involvement'],
  source_name: 'Heathrow Airport',
  source_url: 'https://www.heathrow.com/',
  awarded_to: null,
  awarded_on: null,
};

/** London Heathrow (/v1). */
export const airportExample = {
  id: 'a0c2e4f6-8b1d-4a3c-9e5f-7b9d1f3a5c82',
  iata: 'LHR',
  icao: 'EGLL',
  name: 'London Heathrow Airport',
  city: 'London',
  country_code: 'GB',
  country: 'United Kingdom',
  region_slug: 'europe',
  region: 'Europe',
  lat: 51.47,
  lon: -0.4543,
};

/** A problem document (/v1): `limit` above 200. */
export const problemExample = {
  type: 'about:blank',
  title: 'Unprocessable Entity',
  status: 422,
  detail: 'validation failed',
  instance: '/v1/projects',
  errors: [{ name: 'limit', in: 'query', reason: 'must be <= 200' }],
};

/** An error body (/api/v1). */
export const apiV1ErrorExample = { error: 'Invalid query parameter "limit": must be <= 100' };
