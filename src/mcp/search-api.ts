/**
 * search_api: the best catalogue entries for a plain-language query, in full (parameters, record
 * members, worked example), followed by the next few in brief. When no word matches, the whole
 * catalogue in brief, so the model can still choose.
 */
import { buildCatalogue, type CatalogueEntry, type OpenApiDocument } from './catalogue.js';
import { indexCatalogue, type CatalogueIndex } from './ranking.js';

/** The catalogue and its index, built once per app. */
export interface Catalogue {
  entries: CatalogueEntry[];
  index: CatalogueIndex;
  /** The HTTP methods the catalogue uses, e.g. GET and POST. */
  methods: string[];
}

/** Builds the catalogue of an OpenAPI document. */
export function catalogueOf(spec: OpenApiDocument): Catalogue {
  const entries = buildCatalogue(spec);
  return { entries, index: indexCatalogue(entries), methods: [...new Set(entries.map((e) => e.method))] };
}

/** An endpoint in brief. */
export interface EndpointBrief {
  method: string;
  path: string;
  summary: string;
}

/** What search_api returns. */
export interface SearchResult {
  query: string;
  matches: CatalogueEntry[];
  other_matches: EndpointBrief[];
  endpoints_total: number;
  hint: string;
  [key: string]: unknown;
}

const brief = (e: CatalogueEntry): EndpointBrief => ({ method: e.method, path: e.path, summary: e.summary });

/** Default number of full matches. */
export const DEFAULT_MATCHES = 3;

/** Runs search_api over `catalogue`. */
export function searchApi(catalogue: Catalogue, query: string, limit = DEFAULT_MATCHES): SearchResult {
  const ranked = catalogue.index.rank(query).map((r) => r.entry);
  if (ranked.length === 0) {
    return {
      query,
      matches: [],
      other_matches: catalogue.entries.map(brief),
      endpoints_total: catalogue.entries.length,
      hint: 'No endpoint matched these words; other_matches lists every endpoint. Search again with one of their words, or pick one and call it with call_api.',
    };
  }
  return {
    query,
    matches: ranked.slice(0, limit),
    other_matches: ranked.slice(limit, limit + 5).map(brief),
    endpoints_total: catalogue.entries.length,
    hint: 'Call the best match with call_api, using its example as a template: fill {placeholders} and choose parameters from its parameters list. Words of your question that name things (an airport, a country, a topic) usually go into its filters or q.',
  };
}
