/**
 * Synthetic airport tenders for scale tests: procurement notices by airport operators at real
 * airports, with types, stored statuses, deadlines spread from two months ago to five months ahead
 * of the load day, estimated values and bidders. Batches of 5 000 rows written with `unnest`.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { nearestRate } from '../domain/shared/fx.js';
import { pick, type SyntheticContext } from './synthetic-vocabulary.js';

const BATCH = 5000;
const DAY_MS = 86_400_000;

/** What is procured, with its topics and the companies that bid for such work. */
const TENDER_SUBJECTS: { thing: string; topics: string[]; bidders: string[] }[] = [
  { thing: 'Baggage handling system replacement', topics: ['digital-technology', 'procurement-tenders'], bidders: ['Vanderlande', 'Siemens Logistics', 'Beumer Group', 'Alstef'] },
  { thing: 'Passenger boarding bridges supply and maintenance', topics: ['terminals', 'procurement-tenders'], bidders: ['CIMC-Tianda', 'ADELTE', 'TK Airport Solutions', 'JBT AeroTech'] },
  { thing: 'CT security screening equipment', topics: ['security-border', 'procurement-tenders'], bidders: ['Smiths Detection', 'Rapiscan Systems', 'Leidos', 'Nuctech'] },
  { thing: 'Airfield ground lighting upgrade', topics: ['runways', 'procurement-tenders'], bidders: ['ADB SAFEGATE', 'Honeywell', 'Eaton'] },
  { thing: 'Terminal retail and duty-free concession', topics: ['retail-commercial', 'procurement-tenders'], bidders: ['Avolta', 'Lagardère Travel Retail', 'SSP Group'] },
  { thing: 'Ground handling licence', topics: ['operations-resilience', 'procurement-tenders'], bidders: ['Swissport', 'dnata', 'Menzies Aviation', 'Çelebi Aviation'] },
  { thing: 'Masterplan and design consultancy', topics: ['capacity-expansion', 'procurement-tenders'], bidders: ['Arup', 'AECOM', 'Jacobs', 'Egis', 'Mott MacDonald'] },
  { thing: 'Airport collaborative decision making (A-CDM) system', topics: ['digital-technology', 'operations-resilience'], bidders: ['SITA', 'Amadeus', 'Collins Aerospace', 'Thales'] },
  { thing: 'Rooftop solar and energy storage', topics: ['sustainability', 'procurement-tenders'], bidders: ['ENGIE', 'EDF Renewables', 'Iberdrola'] },
  { thing: 'Cyber-security operations centre services', topics: ['digital-technology', 'security-border'], bidders: ['Thales', 'Leidos', 'SITA'] },
];
const TYPES = ['rfp', 'tender', 'tender', 'framework', 'eoi'];
const STORED = ['open', 'open', 'open', 'open', 'open', 'open', 'open', 'closed', 'awarded', 'awarded', 'cancelled'];
const CURRENCY_OF_REGION: Record<string, string> = {
  europe: 'EUR', 'middle-east': 'AED', 'asia-pacific': 'USD', 'north-america': 'USD', 'latin-america-caribbean': 'USD', africa: 'USD',
};

/** Generates `count` tenders with deadlines relative to the load day. */
export async function seedSyntheticTenders(
  { db, rand, airports, topicIds }: SyntheticContext,
  count: number,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    const t = {
      id: [] as string[], title: [] as string[], description: [] as string[], reference: [] as string[], buyer: [] as string[],
      airport: [] as string[], country: [] as string[], region: [] as string[], type: [] as string[], status: [] as string[],
      published: [] as string[], deadline: [] as string[], value: [] as number[], currency: [] as string[], awardedTo: [] as (string | null)[],
    };
    const topics: [string[], string[]] = [[], []];
    const bidders: [string[], string[], string[]] = [[], [], []];
    for (let i = 0; i < size; i++) {
      const id = crypto.randomUUID();
      const airport = pick(rand, airports);
      const subject = pick(rand, TENDER_SUBJECTS);
      const status = pick(rand, STORED);
      const deadline = today + Math.floor(-60 + rand() * 210) * DAY_MS + 17 * 3600_000;
      const published = Math.min(today, deadline - Math.floor(20 + rand() * 60) * DAY_MS);
      const bidding = subject.bidders.filter(() => rand() < 0.6);
      const winner = status === 'awarded' ? (bidding[0] ?? subject.bidders[0]!) : null;
      t.id.push(id);
      t.title.push(`${subject.thing} at ${airport.name}`);
      t.description.push(`${airport.name} (${airport.iata}) invites ${pick(rand, ['proposals', 'bids', 'expressions of interest'])} for ${subject.thing.toLowerCase()}. Lots cover supply, installation and multi-year maintenance.`);
      t.reference.push(`SYN-${airport.iata}-${done + i + 1}`);
      t.buyer.push(`${airport.name} operator`);
      t.airport.push(airport.id);
      t.country.push(airport.country_code);
      t.region.push(airport.region_slug);
      t.type.push(pick(rand, TYPES));
      t.status.push(status);
      t.published.push(new Date(published).toISOString().slice(0, 10));
      t.deadline.push(new Date(deadline).toISOString());
      t.value.push(Math.round(1 + rand() * 300) * 1_000_000);
      t.currency.push(CURRENCY_OF_REGION[airport.region_slug] ?? 'USD');
      t.awardedTo.push(winner);
      for (const slug of subject.topics) {
        topics[0].push(id);
        topics[1].push(topicIds.get(slug)!);
      }
      for (const name of winner && !bidding.includes(winner) ? [...bidding, winner] : bidding) {
        bidders[0].push(id);
        bidders[1].push(name);
        bidders[2].push(status === 'awarded' ? (name === winner ? 'awarded' : 'unsuccessful') : 'bid');
      }
    }
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into tenders (id, title, description, reference, buyer_name, airport_id, country_code, region_slug, tender_type, status,
                             published_on, deadline, estimated_value, currency, value_usd, awarded_to)
        select x.id, x.title, x.description, x.reference, x.buyer, x.airport, x.country, x.region, x.type, x.status, x.published, x.deadline,
               x.value, x.currency, round(x.value * r.usd_per_unit)::bigint, x.awarded_to
          from unnest(${t.id}::uuid[], ${t.title}::text[], ${t.description}::text[], ${t.reference}::text[], ${t.buyer}::text[], ${t.airport}::uuid[],
                      ${t.country}::text[], ${t.region}::text[], ${t.type}::text[], ${t.status}::text[], ${t.published}::date[],
                      ${t.deadline}::timestamptz[], ${t.value}::bigint[], ${t.currency}::text[], ${t.awardedTo}::text[])
            as x(id, title, description, reference, buyer, airport, country, region, type, status, published, deadline, value, currency, awarded_to)
          left join lateral ${nearestRate(sql`x.currency`, sql`x.published`)} r on true`.execute(trx);
      await sql`insert into tender_airports (tender_id, airport_id) select * from unnest(${t.id}::uuid[], ${t.airport}::uuid[])`.execute(trx);
      await sql`insert into tender_topics (tender_id, topic_id) select * from unnest(${topics[0]}::uuid[], ${topics[1]}::uuid[]) on conflict do nothing`.execute(trx);
      await sql`insert into tender_bidders (tender_id, bidder_name, outcome) select * from unnest(${bidders[0]}::uuid[], ${bidders[1]}::text[], ${bidders[2]}::text[])`.execute(trx);
    });
    done += size;
    onProgress(done, count);
  }
  return done;
}
