/**
 * The vocabulary and randomness of the synthetic corpus: subjects, actions, contractors and
 * sentences of the airport industry, a seedable PRNG, and the real airports stories are set at.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The subjects of stories: what is built, bought or changed, with the topics and tags it implies. */
export const SUBJECTS: { thing: string; topics: string[]; tags: string[] }[] = [
  { thing: 'runway expansion', topics: ['runways', 'capacity-expansion'], tags: ['runway-extension', 'airfield'] },
  { thing: 'new passenger terminal', topics: ['terminals', 'capacity-expansion'], tags: ['terminal-expansion', 'masterplan'] },
  { thing: 'baggage handling system upgrade', topics: ['digital-technology', 'terminals'], tags: ['baggage-handling', 'automation'] },
  { thing: 'biometric boarding rollout', topics: ['digital-technology', 'security-border'], tags: ['biometrics', 'passenger-experience'] },
  { thing: 'security screening lanes with CT scanners', topics: ['security-border'], tags: ['ct-scanners', 'security-screening'] },
  { thing: 'sustainable aviation fuel supply deal', topics: ['sustainability'], tags: ['saf', 'decarbonisation'] },
  { thing: 'solar farm on airport land', topics: ['sustainability'], tags: ['solar', 'net-zero'] },
  { thing: 'cargo terminal expansion', topics: ['cargo-logistics', 'capacity-expansion'], tags: ['air-cargo', 'e-commerce'] },
  { thing: 'duty-free and retail concession', topics: ['retail-commercial'], tags: ['duty-free', 'concessions'] },
  { thing: 'airport rail link', topics: ['capacity-expansion'], tags: ['surface-access', 'rail-link'] },
  { thing: 'air traffic control tower replacement', topics: ['operations-resilience'], tags: ['air-traffic-control', 'airfield'] },
  { thing: 'apron and stand expansion', topics: ['capacity-expansion', 'runways'], tags: ['apron', 'aircraft-stands'] },
  { thing: 'public-private partnership concession', topics: ['privatisation-ppp', 'finance-investment'], tags: ['ppp', 'concession'] },
  { thing: 'green bond financing', topics: ['finance-investment', 'sustainability'], tags: ['green-bond', 'financing'] },
  { thing: 'new long-haul route', topics: ['route-development'], tags: ['new-routes', 'airline-partnership'] },
  { thing: 'MRO hangar development', topics: ['capacity-expansion'], tags: ['mro', 'hangar'] },
  { thing: 'ground handling contract', topics: ['procurement-tenders', 'operations-resilience'], tags: ['ground-handling', 'contract-award'] },
  { thing: 'cyber-security and IT resilience programme', topics: ['digital-technology', 'operations-resilience'], tags: ['cyber-security', 'it-resilience'] },
  { thing: 'electric ground support equipment fleet', topics: ['sustainability', 'operations-resilience'], tags: ['electrification', 'gse'] },
  { thing: 'terminal refurbishment', topics: ['terminals'], tags: ['refurbishment', 'passenger-experience'] },
  { thing: 'airport privatisation tender', topics: ['privatisation-ppp', 'procurement-tenders'], tags: ['privatisation', 'tender'] },
  { thing: 'staff recruitment drive', topics: ['workforce'], tags: ['recruitment', 'staffing'] },
  { thing: 'noise and night-flight rules', topics: ['regulation-policy', 'sustainability'], tags: ['noise', 'night-flights'] },
  { thing: 'stake sale by shareholders', topics: ['mergers-acquisitions', 'finance-investment'], tags: ['stake-sale', 'infrastructure-funds'] },
];

export const ACTIONS = [
  'approves', 'awards contract for', 'opens', 'breaks ground on', 'completes', 'launches tender for',
  'secures funding for', 'unveils plans for', 'delays', 'expands', 'shortlists bidders for', 'begins consultation on',
];
export const BUILDERS = [
  'VINCI Construction', 'Ferrovial', 'Bechtel', 'AECOM', 'Arup', 'Jacobs', 'Larsen & Toubro', 'China State Construction',
  'Limak', 'Skanska', 'Balfour Beatty', 'Mace', 'Turner Construction', 'Hochtief', 'Acciona', 'Siemens Logistics',
  'Vanderlande', 'SITA', 'Thales', 'Smiths Detection', 'Collins Aerospace', 'dnata', 'Swissport', 'Menzies Aviation',
];
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'AED', 'SAR', 'INR', 'AUD', 'BRL'];
export const PHRASES = [
  'Passenger numbers have recovered beyond pre-pandemic levels, putting pressure on existing capacity.',
  'The operator says the work will be phased to keep the airport open throughout construction.',
  'Airlines have pressed for the investment to be reflected fairly in airport charges.',
  'The regulator is expected to review the business case before the final investment decision.',
  'Local authorities have raised questions about surface access and noise for nearby communities.',
  'The project forms part of a long-term masterplan that runs into the next decade.',
  'Procurement will follow an open tender, with pre-qualification of bidders expected first.',
  'Sustainability commitments, including net-zero airport operations, shape the design brief.',
  'Digital systems are being specified to share data across airlines, ground handlers and border agencies.',
  'The announcement follows a period of record cargo volumes driven by e-commerce demand.',
  'Financing combines operator cash flow, bank debt and, in some cases, green bonds.',
  'Industry analysts see the move as a signal of growing competition between regional hubs.',
];

export const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** A large airport with its country and region. */
export interface AirportRow {
  id: string;
  iata: string;
  name: string;
  city: string | null;
  country_code: string;
  country_name: string;
  region_slug: string;
}

/** The large airports of the reference data. @throws Error when none are loaded (run the migrations first) */
export async function largeAirports(db: Kysely<DB>): Promise<AirportRow[]> {
  const { rows } = await sql<AirportRow>`
    select a.id, a.iata, a.name, a.city, a.country_code, c.name as country_name, c.region_slug
      from airports a join countries c on c.code = a.country_code
     where a.kind = 'large_airport' order by a.iata`.execute(db);
  if (rows.length === 0) throw new Error('No airports in the database: run "airport-intel migrate" first');
  return rows;
}

/** What every synthetic generator shares. */
export interface SyntheticContext {
  db: Kysely<DB>;
  rand: () => number;
  airports: AirportRow[];
  /** topic slug → id */
  topicIds: Map<string, string>;
  /** tag slug → id */
  tagIds: Map<string, string>;
}
