/**
 * `airport-intel seed synthetic --articles N`: a large, realistic corpus for scale tests and
 * benchmarks. Articles are composed from the vocabulary of the field (terminals, runways, baggage
 * systems, concessions, SAF, biometrics …) around real airports and countries from the reference
 * data, in published editions of 50 articles dated every 3 days backwards from before the oldest
 * existing edition. Deterministic for a given `seed`. Each batch of editions is one transaction,
 * written with a few multi-row statements (`unnest` of arrays), so 100 000 articles load in minutes
 * on the embedded database.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { upsertTags } from './sample.js';
import { slugify } from './slug.js';

/** Options of a synthetic load. */
export interface SyntheticOptions {
  /** Articles to generate. */
  articles: number;
  /** PRNG seed (same seed, same corpus). Default 1. */
  seed?: number;
  /** Called after each committed batch. */
  onProgress?: (done: number, total: number) => void;
}

/** What a synthetic load inserted. */
export interface SyntheticReport {
  editions: number;
  articles: number;
}

export const ARTICLES_PER_EDITION = 50;
const EDITIONS_PER_BATCH = 40; // 2 000 articles per transaction
const DAY_MS = 86_400_000;

/** mulberry32: a small, fast, seedable PRNG. */
function prng(seed: number): () => number {
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
const SUBJECTS: { thing: string; topics: string[]; tags: string[] }[] = [
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

const ACTIONS = [
  'approves', 'awards contract for', 'opens', 'breaks ground on', 'completes', 'launches tender for',
  'secures funding for', 'unveils plans for', 'delays', 'expands', 'shortlists bidders for', 'begins consultation on',
];
const BUILDERS = [
  'VINCI Construction', 'Ferrovial', 'Bechtel', 'AECOM', 'Arup', 'Jacobs', 'Larsen & Toubro', 'China State Construction',
  'Limak', 'Skanska', 'Balfour Beatty', 'Mace', 'Turner Construction', 'Hochtief', 'Acciona', 'Siemens Logistics',
  'Vanderlande', 'SITA', 'Thales', 'Smiths Detection', 'Collins Aerospace', 'dnata', 'Swissport', 'Menzies Aviation',
];
const CURRENCIES = ['USD', 'EUR', 'GBP', 'AED', 'SAR', 'INR', 'AUD', 'BRL'];
const PHRASES = [
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

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

interface AirportRow {
  id: string;
  iata: string;
  name: string;
  city: string | null;
  country_code: string;
  country_name: string;
  region_slug: string;
}

/**
 * Generates `articles` articles in new published editions.
 * @throws Error when the reference data (airports, topics) is missing: run the migrations first.
 */
export async function seedSynthetic(db: Kysely<DB>, options: SyntheticOptions): Promise<SyntheticReport> {
  const rand = prng(options.seed ?? 1);
  const airports = (
    await sql<AirportRow>`
      select a.id, a.iata, a.name, a.city, a.country_code, c.name as country_name, c.region_slug
        from airports a join countries c on c.code = a.country_code
       where a.kind = 'large_airport' order by a.iata`.execute(db)
  ).rows;
  if (airports.length === 0) throw new Error('No airports in the database: run "airport-intel migrate" first');
  const topicIds = new Map((await db.selectFrom('topics').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]));
  const tagIds = await upsertTags(db, SUBJECTS.flatMap((s) => s.tags));

  const bounds = await db
    .selectFrom('editions')
    .select([sql<number>`coalesce(max(number), 0)::int`.as('max_number'), sql<string | null>`min(publish_date)::text`.as('oldest')])
    .executeTakeFirstOrThrow();
  const oldest = bounds.oldest ? Date.parse(`${bounds.oldest}T00:00:00Z`) : Date.UTC(2026, 0, 1);
  const editionCount = Math.ceil(options.articles / ARTICLES_PER_EDITION);
  let done = 0;

  for (let first = 0; first < editionCount; first += EDITIONS_PER_BATCH) {
    const editions = { id: [] as string[], number: [] as number[], date: [] as string[], summary: [] as string[], count: [] as number[] };
    const art = {
      id: [] as string[], edition: [] as string[], headline: [] as string[], slug: [] as string[], content: [] as string[],
      takeaways: [] as string[], why: [] as string[], region: [] as string[], country: [] as string[], source: [] as string[],
      sort: [] as number[], featured: [] as boolean[],
    };
    const links = { topics: [[], []] as [string[], string[]], tags: [[], []] as [string[], string[]], airports: [[], []] as [string[], string[]] };

    for (let e = first; e < Math.min(first + EDITIONS_PER_BATCH, editionCount); e++) {
      const editionId = crypto.randomUUID();
      // The newest synthetic edition is 3 days before the oldest existing one; older ones follow every 3 days.
      const date = new Date(oldest - (editionCount - e) * 3 * DAY_MS).toISOString().slice(0, 10);
      const inEdition = Math.min(ARTICLES_PER_EDITION, options.articles - e * ARTICLES_PER_EDITION);
      const headlines: string[] = [];
      for (let i = 0; i < inEdition; i++) {
        const airport = pick(rand, airports);
        const subject = pick(rand, SUBJECTS);
        const builder = pick(rand, BUILDERS);
        const amount = Math.round(5 + rand() * 4995);
        const currency = pick(rand, CURRENCIES);
        const year = Number(date.slice(0, 4)) + 1 + Math.floor(rand() * 6);
        const headline = `${airport.name} ${pick(rand, ACTIONS)} ${subject.thing}`;
        headlines.push(headline);
        const id = crypto.randomUUID();
        art.id.push(id);
        art.edition.push(editionId);
        art.headline.push(headline);
        art.slug.push(`${slugify(headline)}-${i + 1}`);
        art.content.push(
          [
            `${airport.name} (${airport.iata}) in ${airport.city ?? airport.country_name}, ${airport.country_name}, has moved ahead with its ${subject.thing}. ` +
              `The programme is valued at about ${amount} million ${currency}, with ${builder} named among the lead contractors, and completion is targeted for ${year}.`,
            `${pick(rand, PHRASES)} ${pick(rand, PHRASES)}`,
            `${pick(rand, PHRASES)} Officials said further details of the ${subject.thing} would be published as procurement progresses.`,
          ].join('\n\n'),
        );
        art.takeaways.push(
          [
            `${airport.iata}: ${subject.thing} valued at about ${amount}m ${currency}.`,
            `${builder} is among the lead contractors.`,
            `Completion is targeted for ${year}.`,
          ].join('\u001f'),
        );
        art.why.push(`Suppliers and investors tracking ${airport.country_name} should note the ${subject.thing} pipeline at ${airport.iata}.`);
        art.region.push(airport.region_slug);
        art.country.push(airport.country_code);
        art.source.push(`${airport.name}`);
        art.sort.push(i + 1);
        art.featured.push(i === 0);
        for (const t of subject.topics) {
          links.topics[0].push(id);
          links.topics[1].push(topicIds.get(t)!);
        }
        for (const t of subject.tags) {
          links.tags[0].push(id);
          links.tags[1].push(tagIds.get(t)!);
        }
        links.airports[0].push(id);
        links.airports[1].push(airport.id);
      }
      editions.id.push(editionId);
      editions.number.push(bounds.max_number + e + 1);
      editions.date.push(date);
      editions.count.push(inEdition);
      editions.summary.push(`This issue covers ${inEdition} developments, led by: ${headlines.slice(0, 3).join('; ')}.`);
    }

    await db.transaction().execute(async (trx) => {
      await sql`
        insert into editions (id, number, publish_date, status, summary, article_count, published_at)
        select id, number, publish_date, 'published', summary, article_count, publish_date::timestamptz
          from unnest(${editions.id}::uuid[], ${editions.number}::int[], ${editions.date}::date[], ${editions.summary}::text[], ${editions.count}::int[])
            as t(id, number, publish_date, summary, article_count)`.execute(trx);
      await sql`
        insert into articles (id, edition_id, headline, slug, content, takeaways, why_it_matters, region_slug, country_code, source_name, sort_order, featured)
        select id, edition_id, headline, slug, content, string_to_array(takeaways, chr(31)), why, region, country, source, sort_order, featured
          from unnest(${art.id}::uuid[], ${art.edition}::uuid[], ${art.headline}::text[], ${art.slug}::text[], ${art.content}::text[],
                      ${art.takeaways}::text[], ${art.why}::text[], ${art.region}::text[], ${art.country}::text[], ${art.source}::text[],
                      ${art.sort}::int[], ${art.featured}::boolean[])
            as t(id, edition_id, headline, slug, content, takeaways, why, region, country, source, sort_order, featured)`.execute(trx);
      await sql`insert into article_topics (article_id, topic_id) select * from unnest(${links.topics[0]}::uuid[], ${links.topics[1]}::uuid[])`.execute(trx);
      await sql`insert into article_tags (article_id, tag_id) select * from unnest(${links.tags[0]}::uuid[], ${links.tags[1]}::uuid[])`.execute(trx);
      await sql`insert into article_airports (article_id, airport_id) select * from unnest(${links.airports[0]}::uuid[], ${links.airports[1]}::uuid[])`.execute(trx);
    });
    done += art.id.length;
    options.onProgress?.(done, options.articles);
  }
  return { editions: editionCount, articles: done };
}
