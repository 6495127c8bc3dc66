/**
 * search_api: the endpoints that answer a plain-language question, for one caller. The best match
 * comes in full (parameters, record members, worked example) with why it ranked; the next few come
 * as compact signatures (method, path, summary, parameter names, why), so a default answer stays
 * small in a model's context. Administrators also see the editorial `/api/v1/admin/*` endpoints.
 * An endpoint the caller's plan cannot reach carries `access` saying which plan or add-on opens it.
 */
import { buildCatalogue, type CatalogueEntry, type OpenApiDocument } from './catalogue.js';
import { indexCatalogue, type CatalogueIndex, type Ranked } from './ranking.js';

/** The catalogue and its index, built once per app. */
export interface Catalogue {
  entries: CatalogueEntry[];
  index: CatalogueIndex;
  /** The HTTP methods the catalogue uses, e.g. GET and POST. */
  methods: string[];
  /** The content gates of each operation (`config.gates` of its route), by operationId. */
  gates: Map<string, readonly string[]>;
}

/** Builds the catalogue of an OpenAPI document; `gates` are the routes' content gates by operationId. */
export function catalogueOf(spec: OpenApiDocument, gates: Map<string, readonly string[]> = new Map()): Catalogue {
  const entries = buildCatalogue(spec);
  return { entries, index: indexCatalogue(entries), methods: [...new Set(entries.map((e) => e.method))], gates };
}

/** Whether the caller can use an endpoint: left out when it can in full. */
export interface Access {
  /** `blocked`: the call answers 403; `preview`: it answers a narrowed trial preview. */
  status: 'blocked' | 'preview';
  /** What is missing and which plan or add-on opens it. */
  note: string;
}

/** Who asks: administrators see the admin endpoints; `access` says what the caller's plan reaches. */
export interface SearchCaller {
  isAdmin: boolean;
  /** The caller's access to an endpoint with these gates (undefined: full access). */
  access(gates: readonly string[]): Access | undefined;
}

/** An endpoint in brief: enough to call it when its parameters are obvious, or to ask for it in full. */
export interface EndpointSignature {
  operation_id: string;
  method: string;
  path: string;
  summary: string;
  /** Parameter names, required ones marked `*`, e.g. `q, region, limit` or `{id}*`. */
  parameters: string;
  why: string;
  access?: Access;
}

/** A full match: the catalogue entry, why it ranked, and the caller's access. */
export type FullMatch = CatalogueEntry & { why: string[]; access?: Access };

/** What search_api returns. */
export interface SearchResult {
  query: string;
  /** The best `limit` matches in full (default 1). */
  matches: FullMatch[];
  /** The next five, as signatures. */
  other_matches: EndpointSignature[];
  /** Endpoints this caller can see. */
  endpoints_total: number;
  hint: string;
  [key: string]: unknown;
}

/** Default number of full matches. */
export const DEFAULT_MATCHES = 1;
/** Signatures after the full matches. */
const OTHERS = 5;

const signatureOf = (r: Ranked, access: Access | undefined): EndpointSignature => ({
  operation_id: r.entry.operation_id,
  method: r.entry.method,
  path: r.entry.path,
  summary: r.entry.summary,
  parameters: r.entry.parameters.map((p) => (p.in === 'path' ? `{${p.name}}` : p.name) + (p.required ? '*' : '')).join(', '),
  why: r.why.slice(0, 2).join('; '),
  ...(access ? { access } : {}),
});

/** Runs search_api over `catalogue` for `caller`. */
export function searchApi(catalogue: Catalogue, query: string, caller: SearchCaller, limit = DEFAULT_MATCHES): SearchResult {
  const visible = (e: CatalogueEntry) => caller.isAdmin || !e.admin_only;
  const ranked = catalogue.index.rank(query, { entries: visible });
  const accessOf = (e: CatalogueEntry) => caller.access(catalogue.gates.get(e.operation_id) ?? []);
  const matches = ranked.slice(0, limit).map((r): FullMatch => {
    const access = accessOf(r.entry);
    return { ...r.entry, why: r.why, ...(access ? { access } : {}) };
  });
  const blocked = matches[0]?.access?.status === 'blocked';
  return {
    query,
    matches,
    other_matches: ranked.slice(limit, limit + OTHERS).map((r) => signatureOf(r, accessOf(r.entry))),
    endpoints_total: catalogue.entries.filter(visible).length,
    hint:
      (blocked ? 'The best match is not in your plan (see access); its call would answer 403. ' : '') +
      'Call the best match with call_api, using its example as a template: fill {placeholders} and choose parameters from its parameters list; ' +
      'names in your question (an airport, a country, a company) go into its filters or q. For another endpoint in full, search again with its words or call it from its signature.',
  };
}
