/**
 * Ranking of catalogue entries for a plain-language question ("tenders closing this month").
 *
 * Two parts, both explainable and local (no network, no model; well under 5 ms per question):
 *
 * 1. **Words**: BM25 (k1 1.2, b 0.5) over weighted fields of each entry (path words count most, then
 *    summary and tags, then parameter names, then descriptions and allowed values). Words are
 *    lower-cased, lightly stemmed and mapped onto one canonical word per synonym group of the
 *    trade's vocabulary ("closing", "due" → deadline; "bids", "rfp" → tender), on entries and query.
 * 2. **Understanding** (./intent.ts): what the question names and asks for, read from the trade's
 *    vocabulary and the reference data (./lexicon.ts): the resource (editions, articles, projects,
 *    tenders, the archive, the editorial inbox), the kind of answer (a list, one record by id or
 *    number, the latest edition, a CSV file, a write), airports, countries, regions, companies,
 *    years, UUIDs and issue numbers, routed to the endpoints whose filters take them.
 *
 * Every point an entry earns comes with a reason (`why`), so a caller can see why it ranked.
 * When nothing matches at all, the archive search ranks first (it reads every word of a question).
 */
import type { CatalogueEntry } from './catalogue.js';
import { readQuestion, type Question } from './intent.js';
import { recogniseEntities } from './lexicon.js';

const STOPWORDS = new Set(
  ('a an and are as at be by can do does for from get give has have how i in is it its me my of on or please show ' +
    'that the their them these this those to us want we what when where which who with would you your about all any ' +
    'some find api v1 endpoint endpoints call').split(' '),
);

/** Groups of words that mean the same here; the first word of each group is its canonical form. */
const SYNONYMS: string[][] = [
  ['latest', 'newest', 'current'],
  ['edition', 'issue', 'newsletter', 'bulletin', 'digest', 'briefing'],
  ['article', 'news', 'story', 'stories', 'coverage', 'report', 'reports', 'piece', 'headline'],
  ['tender', 'bid', 'bids', 'procurement', 'rfp', 'rfq', 'rfi', 'contract', 'solicitation', 'opportunity', 'wat', 'eoi', 'notice'],
  ['deadline', 'closing', 'close', 'closes', 'due', 'expire', 'expiring', 'expires'],
  ['export', 'download', 'csv', 'spreadsheet', 'excel', 'dump', 'file', 'xlsx'],
  ['project', 'projects', 'programme', 'program', 'scheme', 'investment', 'capex', 'pipeline', 'development', 'construction'],
  ['search', 'lookup', 'keyword', 'keywords', 'fulltext', 'archive', 'archived'],
  ['region', 'regions'],
  ['country', 'countries', 'nation', 'national'],
  ['airport', 'airports', 'hub', 'iata'],
  ['value', 'worth', 'money', 'usd', 'dollar', 'dollars', 'cost', 'budget'],
  ['award', 'awarded', 'won', 'winner', 'bidder', 'bidders', 'shortlisted', 'shortlist'],
];

/** Light suffix stripping, the same on entries and queries. */
export function stem(word: string): string {
  let w = word;
  const strip = (suffix: string, replacement = '') => {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      return true;
    }
    return false;
  };
  if (!strip('ies', 'y') && !strip('sses', 'ss') && !strip('ing') && !strip('ed') && !strip('es')) {
    if (!w.endsWith('ss')) strip('s');
  }
  strip('e');
  return w;
}

const CANONICAL = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) CANONICAL.set(stem(word), stem(group[0]!));

/** The index terms of a text: words split on anything but letters and digits, stemmed and canonical. */
export function terms(text: string): string[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  return words.map((w) => CANONICAL.get(stem(w)) ?? stem(w));
}

/** The weighted texts of an entry. */
function fieldsOf(entry: CatalogueEntry): [string, number][] {
  const pathWords = entry.path.replace(/\{[^}]+\}/g, ' ').replace(/^\/api\/v1\//, '');
  return [
    [pathWords, 3],
    [entry.summary, 2],
    [entry.tags.join(' '), 2],
    [entry.description ?? '', 1],
    [entry.parameters.map((p) => p.name.replace(/_/g, ' ')).join(' '), 1],
    [entry.parameters.map((p) => p.description ?? '').join(' '), 0.5],
    [entry.parameters.map((p) => (p.allowed_values ?? []).join(' ')).join(' '), 0.5],
  ];
}

/** A ranked entry, with the reasons of its score. */
export interface Ranked {
  entry: CatalogueEntry;
  score: number;
  /** Why it ranked: the words it matched and what the question was understood to ask. */
  why: string[];
}

/** An index over catalogue entries; build once, query often. */
export interface CatalogueIndex {
  /** Every entry with a positive score for `query`, best first. */
  rank(query: string, options?: { entries?: (entry: CatalogueEntry) => boolean }): Ranked[];
}

const K1 = 1.2;
const B = 0.5;
/** Weight of the word score against the understanding's points. */
const WORDS = 0.35;

/** Builds the index of `entries`. */
export function indexCatalogue(entries: CatalogueEntry[]): CatalogueIndex {
  const docs = entries.map((entry) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const [text, weight] of fieldsOf(entry)) {
      for (const term of terms(text)) {
        tf.set(term, (tf.get(term) ?? 0) + weight);
        length += weight;
      }
    }
    return { entry, tf, length };
  });
  recogniseEntities(''); // builds the reference lexicon now, not on the first question
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };

  return {
    rank(query, options = {}) {
      const queryTerms = [...new Set(terms(query))];
      const question: Question = readQuestion(query);
      const ranked: Ranked[] = [];
      for (const d of docs) {
        if (options.entries && !options.entries(d.entry)) continue;
        let words = 0;
        const matched: string[] = [];
        for (const term of queryTerms) {
          const f = d.tf.get(term);
          if (!f) continue;
          matched.push(term);
          words += (idf(term) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength));
        }
        const understood = question.score(d.entry);
        const score = WORDS * words + understood.points;
        const why = [...(matched.length ? [`words: ${matched.join(', ')}`] : []), ...understood.why];
        if (score > 0) ranked.push({ entry: d.entry, score: Math.round(score * 100) / 100, why });
      }
      ranked.sort((a, b) => b.score - a.score);
      if (ranked.length === 0 || ranked[0]!.score < 0.5) {
        // Nothing understood: the archive search reads every word of a question, so it goes first.
        const search = docs.find((d) => d.entry.path === '/api/v1/search' && d.entry.method === 'GET' && (!options.entries || options.entries(d.entry)));
        if (search) {
          const rest = ranked.filter((r) => r.entry !== search.entry);
          return [{ entry: search.entry, score: 0.5, why: ['nothing else matched: the archive search reads any words, with include_archived=1 for older editions'] }, ...rest];
        }
      }
      return ranked;
    },
  };
}
