/**
 * The named things of the field that `search_api` recognises in a question, built once per process
 * from data shipped in the repository (no network, no model): airports (names, cities, IATA and
 * ICAO codes of `src/reference/airports.json`), countries and their customer regions
 * (`src/reference/countries.json`), region names, and the companies of the sample data
 * (`src/seed/sample/companies.json`). Each recognised thing says which filter of the API takes it,
 * so the ranking can route "projects in Brazil" to an endpoint with a `country` filter.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The reference files read here (the same files src/db/reference.ts loads into the database). */
const referenceCountries = () => require('../reference/countries.json') as { code: string; name: string; region: string }[];
const referenceAirports = () =>
  require('../reference/airports.json') as { iata: string; icao: string | null; name: string; city: string | null; type: string }[];
const sampleCompanies = () => require('../seed/sample/companies.json') as { name: string; aliases?: string[] }[];

/** What a recognised name is. */
export type EntityKind = 'airport' | 'country' | 'region' | 'company';

/** A name recognised in a question. */
export interface Entity {
  kind: EntityKind;
  /** The words of the question that named it. */
  text: string;
  /** The value a filter takes: an IATA code, an ISO country code, a region slug, a company name. */
  value: string;
  /** A readable name, e.g. "London Heathrow Airport (LHR)". */
  label: string;
}

/** Words of airport names that name no airport on their own. */
const GENERIC = new Set(
  ('international airport airports airfield aerodrome regional municipal county city field base air airbase airstrip ' +
    'national domestic new old north south east west northern southern eastern western central upper lower saint san ' +
    'santa port grand great lake river island islands bay valley mount point royal king queen prince princess general ' +
    'memorial executive intercontinental metropolitan terminal station heliport the and of de del la le los las el al ' +
    'da do dos das di du des von van park district state capital global world united golden palm coast beach harbour ' +
    'harbor hill hills spring springs falls rock green long fort castle bridge village town district sky star').split(' '),
);

/** Common English words that are also city or airport words; matched only when capitalised. */
const ENGLISH = new Set(
  ('mobile nice split male bath reading hope marathon batman orange victoria eagle liberty independence union ' +
    'freedom paradise plenty welcome trade commerce chase hub gateway express page sale mission media sun moon news ' +
    'value money price worth cost data list open latest recent issue edition article story project tender search ' +
    'export summary deadline week month year today new developments development').split(' '),
);

/** Acronyms of the trade that look like IATA codes. */
const NOT_CODES = new Set(
  ('API CSV USD EUR GBP SAF EOI RFP RFQ RFI PPP ATC UAE USA EU UK IT OT PDF ESG CEO CFO KPI FAQ LED CT EDS PV BHS ' +
    'MRO GSE FBO ILS AGL CPK FIFA GDP EES ETA ETIAS MAP ICAO IATA ACI FAA CAA EASA SQL JSON XLS TOP NEW AND THE FOR ' +
    'ALL ANY WHO WHY HOW').split(' '),
);

/** Extra spellings of countries and regions. */
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB', britain: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', british: 'GB', usa: 'US', 'u.s.': 'US',
  america: 'US', american: 'US', 'united states': 'US', uae: 'AE', emirates: 'AE', emirati: 'AE', saudi: 'SA',
  'saudi arabia': 'SA', korea: 'KR', 'south korea': 'KR', korean: 'KR', holland: 'NL', dutch: 'NL', kenyan: 'KE',
  brazilian: 'BR', indian: 'IN', chinese: 'CN', german: 'DE', french: 'FR', spanish: 'ES', italian: 'IT',
  portuguese: 'PT', polish: 'PL', greek: 'GR', turkish: 'TR', japanese: 'JP', australian: 'AU', canadian: 'CA',
  mexican: 'MX', peruvian: 'PE', nigerian: 'NG', ethiopian: 'ET', rwandan: 'RW', moroccan: 'MA', egyptian: 'EG',
  vietnam: 'VN', vietnamese: 'VN', philippine: 'PH', filipino: 'PH', singaporean: 'SG', qatari: 'QA', omani: 'OM',
  kuwaiti: 'KW', irish: 'IE', swiss: 'CH', russia: 'RU', turkey: 'TR', 'czech republic': 'CZ', iran: 'IR',
};
const REGION_ALIASES: Record<string, string> = {
  europe: 'europe', european: 'europe', emea: 'europe', 'middle east': 'middle-east', 'middle-east': 'middle-east',
  'middle eastern': 'middle-east', gulf: 'middle-east', mena: 'middle-east', asia: 'asia-pacific', asian: 'asia-pacific',
  'asia pacific': 'asia-pacific', 'asia-pacific': 'asia-pacific', apac: 'asia-pacific', pacific: 'asia-pacific',
  oceania: 'asia-pacific', africa: 'africa', african: 'africa', 'latin america': 'latin-america-caribbean',
  'south america': 'latin-america-caribbean', 'latin american': 'latin-america-caribbean', latam: 'latin-america-caribbean',
  caribbean: 'latin-america-caribbean', 'central america': 'latin-america-caribbean', 'north america': 'north-america',
  'north american': 'north-america', americas: 'north-america',
};

interface Candidate {
  entity: Omit<Entity, 'text'>;
  /** Matched regardless of case (else only when each word is capitalised in the question). */
  anyCase: boolean;
}

/** Phrases (lower-case, 1-5 words) to what they name; the longest phrase wins. */
interface Lexicon {
  phrases: Map<string, Candidate[]>;
  codes: Map<string, Omit<Entity, 'text'>>;
  maxWords: number;
}

let built: Lexicon | undefined;

const words = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9+&'.-]+/)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);

function lexicon(): Lexicon {
  if (built) return built;
  const phrases = new Map<string, Candidate[]>();
  const codes = new Map<string, Omit<Entity, 'text'>>();
  let maxWords = 1;
  const add = (phrase: string, candidate: Candidate, alias = false) => {
    const key = words(phrase).join(' ');
    if (!key || (!alias && key.split(' ').length === 1 && (GENERIC.has(key) || key.length < 3))) return;
    maxWords = Math.max(maxWords, key.split(' ').length);
    const list = phrases.get(key) ?? [];
    if (!list.some((c) => c.entity.kind === candidate.entity.kind && c.entity.value === candidate.entity.value)) list.push(candidate);
    phrases.set(key, list);
  };
  const countries = referenceCountries();
  const countryName = new Map(countries.map((c) => [c.code, c.name]));
  for (const c of countries) add(c.name, { entity: { kind: 'country', value: c.code, label: `${c.name} (${c.code})` }, anyCase: true });
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
    add(alias, { entity: { kind: 'country', value: code, label: `${countryName.get(code) ?? code} (${code})` }, anyCase: true }, true);
  }
  for (const [alias, slug] of Object.entries(REGION_ALIASES)) add(alias, { entity: { kind: 'region', value: slug, label: slug }, anyCase: true }, true);
  for (const a of referenceAirports()) {
    const entity = { kind: 'airport' as const, value: a.iata, label: `${a.name} (${a.iata})` };
    if (a.iata) codes.set(a.iata, entity);
    if (a.icao) codes.set(a.icao, entity);
    const large = a.type === 'large_airport';
    add(a.name, { entity, anyCase: true });
    const core = a.name.replace(/\b(international|airport|intl)\b/gi, ' ').trim();
    if (core.split(/\s+/).length > 1) add(core, { entity, anyCase: true });
    // Single distinctive words of the name ("Heathrow", "Changi") and the city of a large airport.
    for (const w of words(core)) {
      if (w.length >= 4 && !GENERIC.has(w) && !countryName.has(w.toUpperCase())) add(w, { entity, anyCase: large && !ENGLISH.has(w) });
    }
    if (a.city && large) add(a.city, { entity, anyCase: !ENGLISH.has(a.city.toLowerCase()) });
  }
  for (const company of sampleCompanies()) {
    const entity = { kind: 'company' as const, value: company.name, label: company.name };
    add(company.name, { entity, anyCase: true });
    for (const alias of company.aliases ?? []) add(alias, { entity, anyCase: alias.length >= 4 });
  }
  built = { phrases, codes, maxWords };
  return built;
}

/** Order of preference when one phrase names several kinds of thing ("Dubai": the city's airport). */
const PREFERENCE: EntityKind[] = ['country', 'region', 'airport', 'company'];

/**
 * The airports, countries, regions and companies named in `text`, longest phrase first, each once.
 * Codes count only in capitals (`LHR`, `OMDB`); names of small airports and common words only when
 * capitalised. Runs in well under a millisecond for a question (a few hundred map look-ups).
 */
export function recogniseEntities(text: string): Entity[] {
  const lex = lexicon();
  const found: Entity[] = [];
  const seen = new Set<string>();
  const push = (entity: Omit<Entity, 'text'>, matched: string) => {
    const key = `${entity.kind}:${entity.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ ...entity, text: matched });
  };
  const raw = text.split(/[\s,;:!?()"/]+/).map((w) => w.replace(/^[.'-]+|[.'-]+$/g, '').replace(/['’]s$/, '')).filter(Boolean);
  const lower = raw.map((w) => words(w).join(' '));
  for (let i = 0; i < raw.length; ) {
    let matched = 0;
    for (let n = Math.min(lex.maxWords, raw.length - i); n >= 1 && !matched; n--) {
      const phrase = lower.slice(i, i + n).join(' ');
      const candidates = lex.phrases.get(phrase);
      if (!candidates) continue;
      const capitalised = raw.slice(i, i + n).every((w) => /^[A-Z0-9]/.test(w));
      const usable = candidates.filter((c) => c.anyCase || capitalised);
      if (!usable.length) continue;
      usable.sort((a, b) => PREFERENCE.indexOf(a.entity.kind) - PREFERENCE.indexOf(b.entity.kind));
      const best = usable[0]!.entity.kind;
      for (const c of usable) if (c.entity.kind === best) push(c.entity, raw.slice(i, i + n).join(' '));
      matched = n;
    }
    if (!matched) {
      const word = raw[i]!;
      if (/^[A-Z]{3,4}$/.test(word) && !NOT_CODES.has(word)) {
        const entity = lex.codes.get(word);
        if (entity) push(entity, word);
      }
    }
    i += matched || 1;
  }
  return found;
}
