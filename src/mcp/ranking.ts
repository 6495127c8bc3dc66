/**
 * Ranking of catalogue entries for a plain-language query ("tenders closing this month").
 *
 * BM25 over weighted fields of each entry (path words count most, then summary and tags, then
 * parameter names, then descriptions and allowed values). Words are lower-cased, lightly stemmed and
 * mapped onto one canonical word per group of synonyms from the field's vocabulary ("closing",
 * "due" → deadline; "bids", "procurement" → tender; "csv", "download" → export), on both the entries
 * and the query. A small prior then separates endpoints that match the same words: an export
 * (non-JSON) endpoint ranks below its list unless the query asks to export, and a read by id ranks
 * below its list unless the query names an id or a number.
 */
import type { CatalogueEntry } from './catalogue.js';

const STOPWORDS = new Set(
  ('a an and are as at be by can do does for from get give has have how i in is it its me my of on or please show ' +
    'that the their them these this those to us want we what when where which who with would you your about all any ' +
    'some find api v1 endpoint endpoints call').split(' '),
);

/** Groups of words that mean the same here; the first word of each group is its canonical form. */
const SYNONYMS: string[][] = [
  ['latest', 'newest', 'new', 'recent', 'current', 'last'],
  ['edition', 'issue', 'newsletter', 'bulletin', 'digest'],
  ['article', 'news', 'story', 'stories', 'coverage', 'report', 'reports', 'piece', 'headline'],
  ['tender', 'bid', 'bids', 'procurement', 'rfp', 'rfq', 'rfi', 'contract', 'solicitation', 'opportunity', 'wat'],
  ['deadline', 'closing', 'close', 'closes', 'due', 'expire', 'expiring', 'expires'],
  ['export', 'download', 'csv', 'spreadsheet', 'excel', 'dump', 'bulk', 'file'],
  ['project', 'projects', 'programme', 'program', 'scheme', 'investment', 'capex', 'pipeline'],
  ['search', 'lookup', 'keyword', 'keywords', 'fulltext', 'text', 'archive'],
  ['day', 'days', 'week', 'weeks', 'month', 'months', 'soon', 'upcoming', 'within', 'next'],
  ['region', 'regions', 'europe', 'asia', 'africa', 'america', 'americas', 'middle', 'east', 'pacific', 'latin', 'caribbean', 'gulf', 'oceania'],
  ['country', 'countries', 'nation', 'national'],
  ['airport', 'airports', 'hub', 'iata'],
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

/** What a query asks for beyond its words. */
interface Intent {
  export: boolean;
  one: boolean;
}

function intentOf(query: string, queryTerms: string[]): Intent {
  return {
    export: queryTerms.includes(stem('export')),
    one: /\b\d+\b|[0-9a-f]{8}-[0-9a-f]{4}-|\b(id|uuid|number|single|one|detail|details)\b/i.test(query),
  };
}

/** `export` for a non-JSON (CSV) endpoint, `one` for a read by id, else `list`. */
function kindOf(entry: CatalogueEntry): 'export' | 'one' | 'list' {
  if (!entry.returns.includes('json') || /\/export$/.test(entry.path)) return 'export';
  if (/\}$/.test(entry.path)) return 'one';
  return 'list';
}

function prior(entry: CatalogueEntry, intent: Intent): number {
  const kind = kindOf(entry);
  if (kind === 'export') return intent.export ? 1.3 : 0.7;
  if (kind === 'one') return intent.one ? 1.15 : 0.85;
  return entry.method === 'GET' ? 1 : 0.95;
}

/** The weighted texts of an entry. */
function fieldsOf(entry: CatalogueEntry): [string, number][] {
  const pathWords = entry.path.replace(/\{[^}]+\}/g, ' ').replace(/^\/api\/v1\//, '');
  return [
    [pathWords, 3],
    [entry.summary, 2],
    [entry.tags.join(' '), 2],
    [entry.description ?? '', 1],
    [entry.parameters.map((p) => p.name).join(' '), 1],
    [entry.parameters.map((p) => p.description ?? '').join(' '), 0.5],
    [entry.parameters.map((p) => (p.allowed_values ?? []).join(' ')).join(' '), 0.5],
  ];
}

/** A ranked entry. */
export interface Ranked {
  entry: CatalogueEntry;
  score: number;
}

/** An index over catalogue entries; build once, query often. */
export interface CatalogueIndex {
  /** The entries matching `query`, best first; entries with no matching word are left out. */
  rank(query: string): Ranked[];
}

const K1 = 1.2;
const B = 0.5;

/** Builds the BM25 index of `entries`. */
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
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = df.get(term) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };

  return {
    rank(query) {
      const queryTerms = [...new Set(terms(query))];
      const intent = intentOf(query, queryTerms);
      const ranked: Ranked[] = [];
      for (const d of docs) {
        let score = 0;
        for (const term of queryTerms) {
          const f = d.tf.get(term);
          if (!f) continue;
          score += (idf(term) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avgLength));
        }
        if (score > 0) ranked.push({ entry: d.entry, score: score * prior(d.entry, intent) });
      }
      return ranked.sort((a, b) => b.score - a.score);
    },
  };
}
