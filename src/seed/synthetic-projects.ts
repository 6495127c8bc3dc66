/**
 * Synthetic airport projects for scale tests: programmes and their packages at real airports, with
 * types, statuses, stated values in the local currency (converted to USD by the same nearest-rate
 * rule as real data), taxonomy links and a link to the company that leads the works (the builders of
 * the vocabulary, created as companies when missing, so filters by company have real sets to read at
 * every scale). Batches of 5 000 rows, one transaction each,
 * written with `unnest` so a million projects load on PostgreSQL in minutes.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { nearestRate } from '../domain/shared/fx.js';
import { slugify } from '../domain/slug.js';
import { BUILDERS, pick, type SyntheticContext } from './synthetic-vocabulary.js';

const BATCH = 5000;

/** What projects are about: type, title words, topics and tags. */
const PROJECT_SUBJECTS: { type: string; thing: string; topics: string[]; tags: string[] }[] = [
  { type: 'terminal', thing: 'terminal expansion', topics: ['terminals', 'capacity-expansion'], tags: ['terminal-expansion'] },
  { type: 'terminal', thing: 'new passenger terminal', topics: ['terminals', 'capacity-expansion'], tags: ['masterplan'] },
  { type: 'runway', thing: 'runway extension', topics: ['runways', 'capacity-expansion'], tags: ['runway-extension'] },
  { type: 'runway', thing: 'second runway', topics: ['runways', 'capacity-expansion'], tags: ['airfield'] },
  { type: 'airfield', thing: 'apron and taxiway upgrade', topics: ['runways'], tags: ['apron', 'aircraft-stands'] },
  { type: 'landside', thing: 'rail link and multimodal hub', topics: ['capacity-expansion'], tags: ['surface-access', 'rail-link'] },
  { type: 'cargo', thing: 'cargo terminal', topics: ['cargo-logistics'], tags: ['air-cargo'] },
  { type: 'mro', thing: 'MRO hangar complex', topics: ['capacity-expansion'], tags: ['mro', 'hangar'] },
  { type: 'energy', thing: 'solar farm and battery storage', topics: ['sustainability'], tags: ['solar', 'net-zero'] },
  { type: 'technology', thing: 'baggage handling system replacement', topics: ['digital-technology'], tags: ['baggage-handling'] },
  { type: 'technology', thing: 'biometric passenger processing', topics: ['digital-technology', 'security-border'], tags: ['biometrics'] },
  { type: 'commercial', thing: 'airport city and retail development', topics: ['retail-commercial'], tags: ['concessions'] },
];

const CURRENCY_OF_REGION: Record<string, string[]> = {
  europe: ['EUR', 'GBP', 'EUR', 'CHF'],
  'middle-east': ['AED', 'SAR', 'QAR', 'USD'],
  'asia-pacific': ['INR', 'SGD', 'AUD', 'JPY', 'CNY', 'KRW'],
  'north-america': ['USD', 'CAD'],
  'latin-america-caribbean': ['BRL', 'MXN', 'USD', 'PEN'],
  africa: ['USD', 'ZAR', 'KES', 'MAD'],
};
const STATUSES = ['planned', 'planned', 'ongoing', 'ongoing', 'ongoing', 'complete', 'on_hold', 'cancelled'];
const DAY_MS = 86_400_000;

/** Generates `count` projects; about one in twelve is a programme that later packages belong to. */
export async function seedSyntheticProjects(
  { db, rand, airports, topicIds, tagIds }: SyntheticContext,
  count: number,
  onProgress: (done: number, total: number) => void,
): Promise<number> {
  if (count <= 0) return 0;
  const builders = await builderCompanies(db);
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH, count - done);
    const p = {
      id: [] as string[], title: [] as string[], description: [] as string[], airport: [] as string[], airportName: [] as string[],
      iata: [] as string[], country: [] as string[], region: [] as string[], type: [] as string[], status: [] as string[],
      amount: [] as (number | null)[], currency: [] as (string | null)[], announced: [] as string[], year: [] as number[],
      contractor: [] as string[], parent: [] as (string | null)[], terms: [] as string[],
    };
    const links = { topics: [[], []] as [string[], string[]], tags: [[], []] as [string[], string[]], companies: [[], []] as [string[], string[]] };
    const programmes: { id: string; index: number }[] = [];
    for (let i = 0; i < size; i++) {
      const id = crypto.randomUUID();
      const isProgramme = rand() < 0.08;
      const parent = !isProgramme && programmes.length > 0 && rand() < 0.3 ? pick(rand, programmes) : null;
      const airport = parent ? airports.find((a) => a.iata === p.iata[parent.index])! : pick(rand, airports);
      const subject = pick(rand, PROJECT_SUBJECTS);
      const announced = new Date(Date.UTC(2019, 0, 1) + Math.floor(rand() * 2880) * DAY_MS);
      const stated = rand() < 0.85;
      p.id.push(id);
      p.title.push(isProgramme ? `${airport.name} development programme` : `${airport.name} ${subject.thing}${parent ? ' package' : ''}`);
      p.description.push(
        `${isProgramme ? 'Multi-phase development programme' : `The ${subject.thing}`} at ${airport.name} (${airport.iata}), ${airport.city ?? airport.country_name}, ${airport.country_name}. ` +
          `Works are led by ${pick(rand, BUILDERS)} with completion targeted in the second half of the decade.`,
      );
      p.airport.push(airport.id);
      p.airportName.push(airport.name);
      p.iata.push(airport.iata);
      p.country.push(airport.country_code);
      p.region.push(airport.region_slug);
      p.type.push(isProgramme ? 'masterplan' : subject.type);
      p.status.push(pick(rand, STATUSES));
      p.amount.push(stated ? Math.round((isProgramme ? 500 + rand() * 20000 : 5 + rand() * 2500)) * 1_000_000 : null);
      p.currency.push(stated ? pick(rand, CURRENCY_OF_REGION[airport.region_slug] ?? ['USD']) : null);
      p.announced.push(announced.toISOString().slice(0, 10));
      p.year.push(announced.getUTCFullYear() + 1 + Math.floor(rand() * 9));
      const contractor = pick(rand, BUILDERS);
      p.contractor.push(contractor);
      p.parent.push(parent ? parent.id : null);
      if (isProgramme) programmes.push({ id, index: i });
      const terms: string[] = [];
      for (const t of subject.topics) {
        links.topics[0].push(id);
        links.topics[1].push(topicIds.get(t)!);
        terms.push(topicIds.get(t)!);
      }
      for (const t of subject.tags) {
        const tag = tagIds.get(t);
        if (!tag) continue;
        links.tags[0].push(id);
        links.tags[1].push(tag);
        terms.push(tag);
      }
      // The project carries its term ids from the start (migration 0028's copy, sorted in SQL below),
      // so the link triggers find nothing to rewrite: rewriting every project was a new version of
      // each row in every index of `projects` (at a million, indexes of four times their size).
      p.terms.push(`{${terms.join(',')}}`);
      links.companies[0].push(id);
      links.companies[1].push(builders.get(contractor)!);
    }
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into projects (id, title, description, airport_id, airport_name, iata_code, country_code, region_slug, project_type_slug,
                              status, value_amount, value_currency, value_basis, value_usd, value_fx_date, contractor, announced_on,
                              expected_completion_year, parent_project_id, term_ids)
        select t.id, t.title, t.description, t.airport_id, t.airport_name, t.iata, t.country, t.region, t.type, t.status, t.amount, t.currency,
               case when t.amount is null then null else 'estimated' end,
               round(t.amount * r.usd_per_unit)::bigint, r.rate_date, t.contractor, t.announced, t.year, t.parent,
               array(select distinct x from unnest(t.terms::uuid[]) x order by x)
          from unnest(${p.id}::uuid[], ${p.title}::text[], ${p.description}::text[], ${p.airport}::uuid[], ${p.airportName}::text[],
                      ${p.iata}::text[], ${p.country}::text[], ${p.region}::text[], ${p.type}::text[], ${p.status}::text[],
                      ${p.amount}::bigint[], ${p.currency}::text[], ${p.announced}::date[], ${p.year}::int[], ${p.contractor}::text[], ${p.parent}::uuid[], ${p.terms}::text[])
            as t(id, title, description, airport_id, airport_name, iata, country, region, type, status, amount, currency, announced, year, contractor, parent, terms)
          left join lateral ${nearestRate(sql`t.currency`, sql`t.announced`)} r on t.amount is not null`.execute(trx);
      await sql`insert into project_airports (project_id, airport_id) select * from unnest(${p.id}::uuid[], ${p.airport}::uuid[])`.execute(trx);
      // Topics and tags in ONE statement: the link triggers fire after both, when the links are
      // what `term_ids` already says.
      await sql`with topics as (insert into project_topics (project_id, topic_id) select * from unnest(${links.topics[0]}::uuid[], ${links.topics[1]}::uuid[]) on conflict do nothing)
        insert into project_tags (project_id, tag_id) select * from unnest(${links.tags[0]}::uuid[], ${links.tags[1]}::uuid[]) on conflict do nothing`.execute(trx);
      await sql`insert into project_companies (project_id, company_id) select * from unnest(${links.companies[0]}::uuid[], ${links.companies[1]}::uuid[]) on conflict do nothing`.execute(trx);
    });
    done += size;
    onProgress(done, count);
  }
  return done;
}

/**
 * The builders of the vocabulary as companies: inserted when missing (a name or slug already taken,
 * as by the sample's companies, keeps its row), then read by name, else by slug.
 * @returns builder name → company id, for every name of `BUILDERS`.
 */
async function builderCompanies(db: Kysely<DB>): Promise<Map<string, string>> {
  await db
    .insertInto('companies')
    .values(BUILDERS.map((name) => ({ name, slug: slugify(name) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const slugs = BUILDERS.map(slugify);
  const rows = await db.selectFrom('companies').select(['id', 'name', 'slug']).where((eb) => eb.or([eb('name', 'in', BUILDERS), eb('slug', 'in', slugs)])).execute();
  return new Map(BUILDERS.map((name, i) => [name, (rows.find((r) => r.name === name) ?? rows.find((r) => r.slug === slugs[i]))!.id]));
}
