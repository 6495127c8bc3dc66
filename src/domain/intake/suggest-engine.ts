/**
 * The metadata suggestion engine: from free text (and optionally a headline) it proposes airports,
 * countries, a region, topics, tags and companies, each with a confidence (0..1) and the words that
 * triggered it. Pure: it reads a {@link Vocabulary} (the reference tables, loaded once by
 * `loadVocabulary`) and writes nothing. The admin suggestion operation, the feed poller (inbox
 * pre-screen) and the measurement test use this one engine (docs/intake.md, "Suggestion").
 *
 * How it matches (case-folded, accents removed, longest phrase first):
 * - airports: full name (0.95), distinctive name core such as "Heathrow" or "Changi" (0.85), the city
 *   of a city's only large airport (0.7), the IATA code written in capitals in parentheses or next to
 *   "airport" (0.9) or alone (0.35, only counts with another hint), the ICAO code in capitals (0.8);
 *   names and cities must start with a capital letter in the text;
 * - countries: name and common aliases (UK, UAE, US…; 0.8), demonyms (0.5), and the countries of
 *   the airports found; the country suggested is the best supported one;
 * - region: the country's region, else a region named in the text;
 * - topics: keyword lists per topic slug (below), weighted; headline hits count double;
 * - tags and companies: their names (and company aliases) as phrases.
 */

/** An airport of the reference table. */
export interface VocabularyAirport {
  iata: string;
  icao: string | null;
  name: string;
  city: string | null;
  country_code: string;
  kind: string;
}

/** The reference data the engine matches against (tables airports, countries, regions, topics, tags, companies). */
export interface Vocabulary {
  airports: VocabularyAirport[];
  countries: { code: string; name: string; region_slug: string }[];
  regions: { slug: string; name: string }[];
  topics: { slug: string; name: string }[];
  tags: { slug: string; name: string }[];
  companies: { name: string; aliases: string[] }[];
}

/** One suggestion: what, how sure (0..1, two decimals) and the words of the text that triggered it. */
export interface Suggestion<K extends string = string> {
  confidence: number;
  triggers: string[];
  key: K;
}

/** What the engine suggests for one text. */
export interface MetadataSuggestion {
  airports: { iata: string; name: string; country_code: string; confidence: number; triggers: string[] }[];
  country: { code: string; name: string; confidence: number; triggers: string[] } | null;
  region: { slug: string; name: string; confidence: number; triggers: string[] } | null;
  topics: { slug: string; name: string; confidence: number; triggers: string[] }[];
  tags: { slug: string; name: string; confidence: number; triggers: string[] }[];
  companies: { name: string; confidence: number; triggers: string[] }[];
}

/** Suggestions below this confidence are not returned. */
export const MIN_CONFIDENCE = 0.5;
/** An airport (or country) whose evidence weighs less than this share of the strongest one is left out. */
const RELATIVE_WEIGHT = 0.35;

// ------------------------------------------------------------------ text
interface Token { norm: string; raw: string; start: number; end: number; headline: boolean }

/** Lower case, accents removed, hyphens and apostrophes as spaces. */
export const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

function tokenize(text: string, headline: boolean, offset = 0): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    out.push({ norm: fold(m[0]), raw: m[0], start: offset + m.index, end: offset + m.index + m[0].length, headline });
  }
  return out;
}

const phraseKey = (s: string): string => tokenize(s, false).map((t) => t.norm).join(' ');

// ------------------------------------------------------------------ the phrase index
type EntryKind = 'airport' | 'country' | 'region' | 'tag' | 'company' | 'topic';
interface Entry {
  kind: EntryKind;
  key: string;
  confidence: number;
  /** The first letter must be a capital in the text. */
  capital?: boolean;
  /** The token must be written exactly like this (codes, short aliases). */
  exact?: string;
  /** A code: full confidence only in parentheses or next to "airport". */
  code?: boolean;
}

interface Index { phrases: Map<string, Entry[]>; maxLen: number; vocab: Vocabulary }

const NAME_NOISE = new Set(['international', 'airport', 'aeropuerto', 'aeroporto', 'aeroport', 'internacional', 'internazionale', 'intl', 'the', 'de', 'of', 'regional', 'domestic', 'airfield', 'field', 'airpark', 'flughafen', 'lic']);
/** Cores that are ordinary words or too vague to name one airport. */
const WEAK_CORES = new Set(['city', 'new', 'king', 'queen', 'national', 'central', 'north', 'south', 'east', 'west', 'metropolitan', 'municipal', 'county', 'general', 'capital', 'grand', 'island', 'islands', 'bay', 'lake', 'river', 'port', 'saint', 'san', 'santa', 'mount', 'terminal', 'sir', 'president', 'civil', 'state', 'memorial', 'air', 'base', 'aviation', 'force', 'army', 'naval', 'station', 'park', 'valley', 'mountain', 'harbour', 'harbor', 'heliport', 'executive', 'downtown', 'main', 'old', 'union', 'independence', 'victoria', 'paradise', 'hope', 'golden', 'green', 'international', 'global', 'world', 'municipal']);
/** Other names of cities in the reference table (the table name first). */
const CITY_ALIASES: Record<string, string[]> = {
  'New Delhi': ['Delhi'], Bangalore: ['Bengaluru'], Mumbai: ['Bombay'], Chennai: ['Madras'], Kolkata: ['Calcutta'],
  'Ho Chi Minh City': ['Saigon'], 'Ciudad de México': ['Mexico City'], Zurich: ['Zürich'], Islands: [],
};
/** Capitalised acronyms that collide with airport codes in trade news. */
const CODE_STOP = new Set(['CEO', 'CFO', 'COO', 'FAA', 'TSA', 'SAF', 'AED', 'USD', 'EUR', 'GBP', 'PIF', 'ETA', 'EES', 'EU', 'ICAO', 'IATA', 'FIFA', 'NAIA', 'JKIA', 'REAL', 'ATC', 'GDP', 'PPP', 'IPO', 'MRO', 'LNG', 'CAA', 'DFT', 'ACI', 'AND', 'THE', 'FOR', 'NEW', 'ALL', 'BUT', 'NOT', 'ARE', 'HAS', 'WAS', 'ONE', 'TWO', 'SIX', 'TEN', 'CAN', 'MAY', 'NOW', 'OUT', 'UPS', 'DHL', 'IAG', 'BAA', 'VAT', 'CO2', 'NET', 'API', 'AIR', 'BIG', 'LCC', 'PRM', 'RFP', 'RFQ', 'EIS', 'ESG', 'KPI', 'CCTV', 'SITA', 'NATS', 'NASA', 'FBI', 'DHS', 'CBP', 'TSA', 'USA', 'UAE', 'NEOM', 'VINCI']);

/** Common short names and aliases of countries (written as shown; short ones are case-exact). */
const COUNTRY_ALIASES: Record<string, string[]> = {
  GB: ['UK', 'United Kingdom', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales'],
  US: ['US', 'U.S.', 'USA', 'United States', 'America'],
  AE: ['UAE', 'Emirates'],
  KR: ['South Korea', 'Korea'],
  RU: ['Russia'],
  CZ: ['Czechia', 'Czech Republic'],
  TR: ['Turkey', 'Türkiye'],
  VN: ['Vietnam'],
  IR: ['Iran'],
  SY: ['Syria'],
  TW: ['Taiwan'],
  LA: ['Laos'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  CI: ["Côte d'Ivoire", 'Ivory Coast'],
  CD: ['DR Congo', 'DRC'],
  NL: ['Netherlands', 'Holland'],
};
/** Demonyms and adjectives (weaker evidence than the name). */
const DEMONYMS: Record<string, string[]> = {
  GB: ['British'], US: ['American'], FR: ['French'], DE: ['German'], ES: ['Spanish'], IT: ['Italian'], PT: ['Portuguese'],
  GR: ['Greek'], HU: ['Hungarian'], PL: ['Polish'], NL: ['Dutch'], IE: ['Irish'], IN: ['Indian'], CN: ['Chinese'],
  JP: ['Japanese'], KR: ['Korean'], SA: ['Saudi'], AE: ['Emirati'], QA: ['Qatari'], KE: ['Kenyan'], NG: ['Nigerian'],
  ET: ['Ethiopian'], MA: ['Moroccan'], EG: ['Egyptian'], ZA: ['South African'], BR: ['Brazilian'], MX: ['Mexican'],
  PE: ['Peruvian'], CL: ['Chilean'], AR: ['Argentine', 'Argentinian'], CO: ['Colombian'], AU: ['Australian'],
  NZ: ['New Zealand'], PH: ['Philippine', 'Filipino'], SG: ['Singaporean'], TR: ['Turkish'], RW: ['Rwandan'],
  CA: ['Canadian'], ID: ['Indonesian'], MY: ['Malaysian'], TH: ['Thai'], VN: ['Vietnamese'], PK: ['Pakistani'],
};
/** Words that name a region without a country. */
const REGION_WORDS: Record<string, string[]> = {
  europe: ['Europe', 'European', 'EU', 'Schengen', 'ReFuelEU'],
  'middle-east': ['Middle East', 'Gulf', 'GCC'],
  africa: ['Africa', 'African'],
  'asia-pacific': ['Asia', 'Asia-Pacific', 'Asia Pacific', 'APAC'],
  'north-america': ['North America', 'North American'],
  'latin-america-caribbean': ['Latin America', 'Caribbean', 'South America'],
};

/**
 * Keywords of each topic of the taxonomy (table `topics`), as phrases; a topic whose slug is not
 * listed is matched by its name only.
 */
export const TOPIC_KEYWORDS: Record<string, string[]> = {
  'capacity-expansion': ['capacity', 'expansion', 'expand', 'million passengers', 'passengers a year', 'masterplan', 'new airport', 'second airport', 'growth', 'headroom', 'megahub', 'mega hub'],
  terminals: ['terminal', 'terminals', 'concourse', 'pier', 'satellite building'],
  runways: ['runway', 'runways', 'airfield', 'taxiway', 'taxiways', 'apron'],
  'finance-investment': ['investment', 'financing', 'funding', 'bond', 'loan', 'billion', 'bn', 'invest', 'listing', 'shareholder', 'fund', 'capital'],
  'privatisation-ppp': ['concession', 'privatisation', 'privatization', 'ppp', 'public private partnership', 'operator', 'private management', 'consortium', 'lease'],
  sustainability: ['sustainable aviation fuel', 'saf', 'emissions', 'net zero', 'carbon', 'decarbonisation', 'sustainability', 'climate', 'electric', 'solar', 'noise'],
  'digital-technology': ['digital', 'biometric', 'biometrics', 'facial recognition', 'software', 'it', 'technology', 'automation', 'data', 'cyber', 'system outage', 'app', 'artificial intelligence', 'ai'],
  'security-border': ['security', 'screening', 'scanner', 'scanners', 'border', 'immigration', 'passport', 'liquids', 'checkpoint', 'visa', 'entry exit', 'travel authorisation', 'eta'],
  'operations-resilience': ['resilience', 'outage', 'disruption', 'shutdown', 'closure', 'closed', 'delays', 'cancelled', 'air traffic control', 'power', 'backup', 'contingency', 'fallback', 'staffing', 'flight cuts'],
  'retail-commercial': ['retail', 'duty free', 'commercial revenue', 'shops', 'food and beverage', 'parking', 'lounge', 'non aeronautical'],
  'cargo-logistics': ['cargo', 'freight', 'logistics', 'e commerce', 'de minimis', 'express', 'air cargo'],
  'route-development': ['route', 'routes', 'new service', 'launches flights', 'connectivity', 'slots', 'slot', 'airline partnerships', 'destinations'],
  'regulation-policy': ['regulation', 'regulator', 'policy', 'government', 'mandate', 'law', 'rules', 'planning approval', 'ministry', 'minister', 'faa', 'decision', 'legislation', 'consultation'],
  'procurement-tenders': ['tender', 'tenders', 'procurement', 'contract', 'contractor', 'bid', 'bidder', 'bidding', 'rfp', 'award'],
  'mergers-acquisitions': ['acquisition', 'acquire', 'acquired', 'stake', 'merger', 'takeover', 'buy', 'sold', 'sale', 'shareholding', 'divest'],
  workforce: ['staff', 'staffing', 'workers', 'workforce', 'controllers', 'strike', 'union', 'recruitment', 'hiring', 'employees', 'labour'],
};

function add(index: Map<string, Entry[]>, phrase: string, e: Entry): void {
  const k = phraseKey(phrase);
  if (!k) return;
  const list = index.get(k);
  if (!list) index.set(k, [e]);
  else if (!list.some((x) => x.kind === e.kind && x.key === e.key && x.confidence >= e.confidence && x.exact === e.exact)) list.push(e);
}

/** The distinctive part of an airport name: without "International Airport" and the like, and without the city. */
function nameCores(a: VocabularyAirport): string[] {
  const cores: string[] = [];
  const paren = /\(([^)]*)\)/.exec(a.name)?.[1];
  const bare = a.name.replace(/\([^)]*\)/g, ' ');
  for (const n of [bare, paren]) {
    if (!n) continue;
    const words = tokenize(n, false).map((t) => t.raw).filter((w) => !NAME_NOISE.has(fold(w)));
    if (!words.length) continue;
    cores.push(words.join(' '));
    const city = a.city ? tokenize(a.city, false).map((t) => t.norm) : [];
    if (city.length && words.length > city.length && words.slice(0, city.length).every((w, i) => fold(w) === city[i])) {
      cores.push(words.slice(city.length).join(' '));
    }
  }
  return cores.filter((c) => c.length >= 4 && !WEAK_CORES.has(fold(c)) && !/^\d/.test(c));
}

const cache = new WeakMap<Vocabulary, Index>();

function buildIndex(vocab: Vocabulary): Index {
  const hit = cache.get(vocab);
  if (hit) return hit;
  const phrases = new Map<string, Entry[]>();
  const coreOwners = new Map<string, Set<string>>();
  const cityKeys = new Set(vocab.airports.filter((a) => a.city).map((a) => phraseKey(a.city!)));
  for (const a of vocab.airports) for (const c of nameCores(a)) {
    const k = phraseKey(c);
    coreOwners.set(k, (coreOwners.get(k) ?? new Set()).add(a.iata));
  }
  const largeByCity = new Map<string, VocabularyAirport[]>();
  const allByCity = new Map<string, VocabularyAirport[]>();
  for (const a of vocab.airports) {
    if (!a.city) continue;
    const k = phraseKey(a.city);
    allByCity.set(k, [...(allByCity.get(k) ?? []), a]);
    if (a.kind === 'large_airport') largeByCity.set(k, [...(largeByCity.get(k) ?? []), a]);
  }
  for (const a of vocab.airports) {
    add(phrases, a.name, { kind: 'airport', key: a.iata, confidence: 0.95, capital: true });
    // "Budapest Airport": the city followed by "Airport" names the city's main airport.
    if (a.city && a.kind === 'large_airport' && (largeByCity.get(phraseKey(a.city))?.length ?? 0) === 1) add(phrases, `${a.city} Airport`, { kind: 'airport', key: a.iata, confidence: 0.9, capital: true });
    for (const c of nameCores(a)) {
      if ((coreOwners.get(phraseKey(c))?.size ?? 0) === 1 && !cityKeys.has(phraseKey(c))) add(phrases, c, { kind: 'airport', key: a.iata, confidence: 0.85, capital: true });
    }
    if (!CODE_STOP.has(a.iata)) add(phrases, a.iata, { kind: 'airport', key: a.iata, confidence: 0.9, exact: a.iata, code: true });
    if (a.icao && /^[A-Z]{4}$/.test(a.icao) && !CODE_STOP.has(a.icao)) add(phrases, a.icao, { kind: 'airport', key: a.iata, confidence: 0.8, exact: a.icao });
  }
  // A city names its airport when it has one large airport (0.6) or only one airport at all (0.45:
  // needs a second hint); a city that is also a country (Singapore) counts for both.
  const cityEntry = (city: string, a: VocabularyAirport, confidence: number) => {
    for (const name of [city, ...(CITY_ALIASES[city] ?? [])]) add(phrases, name, { kind: 'airport', key: a.iata, confidence, capital: true });
  };
  for (const [city, all] of allByCity) {
    if (WEAK_CORES.has(city)) continue;
    const large = largeByCity.get(city) ?? [];
    if (large.length === 1 && all.length <= 2) cityEntry(large[0]!.city!, large[0]!, 0.6);
    else if (all.length === 1) cityEntry(all[0]!.city!, all[0]!, 0.45);
  }
  for (const c of vocab.countries) {
    add(phrases, c.name, { kind: 'country', key: c.code, confidence: 0.8, capital: true });
    for (const alias of COUNTRY_ALIASES[c.code] ?? []) {
      const short = alias.replace(/\./g, '').length <= 3;
      add(phrases, alias, { kind: 'country', key: c.code, confidence: 0.8, capital: true, ...(short ? { exact: alias.replace(/\./g, '') } : {}) });
    }
    for (const d of DEMONYMS[c.code] ?? []) add(phrases, d, { kind: 'country', key: c.code, confidence: 0.5, capital: true });
  }
  for (const r of vocab.regions) {
    add(phrases, r.name, { kind: 'region', key: r.slug, confidence: 0.7, capital: true });
    for (const w of REGION_WORDS[r.slug] ?? []) add(phrases, w, { kind: 'region', key: r.slug, confidence: 0.6, ...(w.length <= 3 ? { exact: w } : { capital: true }) });
  }
  for (const t of vocab.tags) {
    add(phrases, t.name, { kind: 'tag', key: t.slug, confidence: 0.75 });
    add(phrases, t.slug.replace(/-/g, ' '), { kind: 'tag', key: t.slug, confidence: 0.75 });
  }
  for (const c of vocab.companies) {
    for (const n of [c.name, ...c.aliases]) {
      if (n.length < 3) continue;
      add(phrases, n, { kind: 'company', key: c.name, confidence: 0.85, capital: true, ...(n.length <= 4 && n === n.toUpperCase() ? { exact: n } : {}) });
    }
  }
  for (const t of vocab.topics) {
    add(phrases, t.name, { kind: 'topic', key: t.slug, confidence: 0.5 });
    for (const w of TOPIC_KEYWORDS[t.slug] ?? []) add(phrases, w, { kind: 'topic', key: t.slug, confidence: 0.25, ...(w.length <= 3 ? { exact: w.toUpperCase() === w ? w : undefined } : {}) });
  }
  let maxLen = 1;
  for (const k of phrases.keys()) maxLen = Math.max(maxLen, k.split(' ').length);
  const index = { phrases, maxLen: Math.min(maxLen, 8), vocab };
  cache.set(vocab, index);
  return index;
}

// ------------------------------------------------------------------ matching
interface Hit { entry: Entry; surface: string; headline: boolean }

const AIRPORT_WORDS = new Set(['airport', 'airports', 'aeropuerto', 'hub', 'gateway']);

function scan(index: Index, tokens: Token[], source: string): Hit[] {
  const hits: Hit[] = [];
  let i = 0;
  while (i < tokens.length) {
    let matched = 0;
    for (let n = Math.min(index.maxLen, tokens.length - i); n >= 1 && !matched; n--) {
      const slice = tokens.slice(i, i + n);
      const entries = index.phrases.get(slice.map((t) => t.norm).join(' '));
      if (!entries) continue;
      const first = slice[0]!;
      const surface = source.slice(first.start, slice[n - 1]!.end);
      let any = false;
      for (const e of entries) {
        if (e.exact !== undefined && (n !== 1 || first.raw !== e.exact.replace(/\./g, ''))) continue;
        if (e.capital && !/^\p{Lu}/u.test(first.raw)) continue;
        let confidence = e.confidence;
        if (e.code) {
          const before = source.slice(Math.max(0, first.start - 1), first.start);
          const after = source.slice(first.end, first.end + 1);
          const near = [tokens[i - 1], tokens[i + 1]].some((t) => t && AIRPORT_WORDS.has(t.norm));
          if (!((before === '(' && after === ')') || near)) confidence = 0.35;
        }
        hits.push({ entry: { ...e, confidence }, surface, headline: first.headline });
        any = true;
      }
      if (any) matched = n;
    }
    i += matched || 1;
  }
  return hits;
}

/** 1 − Π(1 − cᵢ), two decimals, at most 0.99. */
const combine = (cs: number[]): number => Math.min(0.99, Math.round((1 - cs.reduce((p, c) => p * (1 - c), 1)) * 100) / 100);

function group(hits: Hit[], kind: EntryKind): Map<string, { cs: number[]; triggers: Set<string>; headline: boolean }> {
  const out = new Map<string, { cs: number[]; triggers: Set<string>; headline: boolean }>();
  for (const h of hits) {
    if (h.entry.kind !== kind) continue;
    const g = out.get(h.entry.key) ?? { cs: [], triggers: new Set<string>(), headline: false };
    g.cs.push(h.headline ? Math.min(0.95, h.entry.confidence * 1.5) : h.entry.confidence);
    g.triggers.add(h.surface);
    g.headline ||= h.headline;
    out.set(h.entry.key, g);
  }
  return out;
}

const byConfidence = <T extends { confidence: number }>(a: T, b: T) => b.confidence - a.confidence;

/**
 * Suggests metadata for `text` (and `headline`, whose words weigh more) from `vocab`.
 * Deterministic and side-effect free; suggestions under {@link MIN_CONFIDENCE} are left out.
 */
export function suggestMetadataFrom(vocab: Vocabulary, text: string, headline = ''): MetadataSuggestion {
  const index = buildIndex(vocab);
  const source = `${headline}\n${text}`;
  const tokens = [...tokenize(headline, true), ...tokenize(text, false, headline.length + 1)];
  const hits = scan(index, tokens, source);

  const airportsByIata = new Map(vocab.airports.map((a) => [a.iata, a]));
  const airportHits = [...group(hits, 'airport')]
    .map(([iata, g]) => ({ a: airportsByIata.get(iata)!, weight: g.cs.reduce((s, c) => s + c, 0), confidence: combine(g.cs), triggers: [...g.triggers] }));
  // An airport named in passing next to the airports the text is about is left out.
  const topWeight = Math.max(0, ...airportHits.map((x) => x.weight));
  const airports = airportHits
    .filter((x) => x.confidence >= MIN_CONFIDENCE && x.weight >= topWeight * RELATIVE_WEIGHT)
    .map(({ a, confidence, triggers }) => ({ iata: a.iata, name: a.name, country_code: a.country_code, confidence, triggers }))
    .sort(byConfidence);

  // Country: named countries, plus the countries of the airports found (an airport is strong evidence).
  const countryEvidence = group(hits, 'country');
  for (const a of airports) {
    const g = countryEvidence.get(a.country_code) ?? { cs: [], triggers: new Set<string>(), headline: false };
    g.cs.push(Math.min(0.95, a.confidence));
    for (const t of a.triggers) g.triggers.add(t);
    countryEvidence.set(a.country_code, g);
  }
  const countriesByCode = new Map(vocab.countries.map((c) => [c.code, c]));
  const rankedCountries = [...countryEvidence]
    .map(([code, g]) => ({ code, weight: g.cs.reduce((s, c) => s + c, 0) + (g.headline ? 0.5 : 0), confidence: combine(g.cs), triggers: [...g.triggers] }))
    .filter((c) => countriesByCode.has(c.code))
    .sort((a, b) => b.weight - a.weight);
  const top = rankedCountries[0];
  // A text about several countries alike names none of them (a wider, regional story).
  const clear = top && top.confidence >= MIN_CONFIDENCE && (!rankedCountries[1] || top.weight >= rankedCountries[1].weight * 1.5);
  const country = clear ? { code: top.code, name: countriesByCode.get(top.code)!.name, confidence: top.confidence, triggers: top.triggers } : null;

  const regionsBySlug = new Map(vocab.regions.map((r) => [r.slug, r]));
  let region: MetadataSuggestion['region'] = null;
  if (country) {
    const slug = countriesByCode.get(country.code)!.region_slug;
    region = { slug, name: regionsBySlug.get(slug)?.name ?? slug, confidence: country.confidence, triggers: country.triggers };
  } else {
    const regionHits = [...group(hits, 'region')].map(([slug, g]) => ({ slug, confidence: combine(g.cs), triggers: [...g.triggers] }));
    // Countries that were found but not clear enough still vote for their region.
    for (const c of rankedCountries) {
      const slug = countriesByCode.get(c.code)!.region_slug;
      const r = regionHits.find((x) => x.slug === slug);
      if (r) { r.confidence = combine([r.confidence, c.confidence * 0.8]); r.triggers.push(...c.triggers); } else regionHits.push({ slug, confidence: combine([c.confidence * 0.8]), triggers: c.triggers });
    }
    const best = regionHits.sort(byConfidence)[0];
    if (best && best.confidence >= MIN_CONFIDENCE) region = { slug: best.slug, name: regionsBySlug.get(best.slug)?.name ?? best.slug, confidence: best.confidence, triggers: [...new Set(best.triggers)] };
  }

  const topicNames = new Map(vocab.topics.map((t) => [t.slug, t.name]));
  const topics = [...group(hits, 'topic')]
    .map(([slug, g]) => ({ slug, name: topicNames.get(slug) ?? slug, confidence: combine(g.cs), triggers: [...g.triggers].slice(0, 10) }))
    .filter((t) => t.confidence >= 0.6)
    .sort(byConfidence)
    .slice(0, 4);
  const tagNames = new Map(vocab.tags.map((t) => [t.slug, t.name]));
  const tags = [...group(hits, 'tag')]
    .map(([slug, g]) => ({ slug, name: tagNames.get(slug) ?? slug, confidence: combine(g.cs), triggers: [...g.triggers] }))
    .filter((t) => t.confidence >= MIN_CONFIDENCE)
    .sort(byConfidence);
  const companies = [...group(hits, 'company')]
    .map(([name, g]) => ({ name, confidence: combine(g.cs), triggers: [...g.triggers] }))
    .filter((t) => t.confidence >= MIN_CONFIDENCE)
    .sort(byConfidence);
  return { airports, country, region, topics, tags, companies };
}
