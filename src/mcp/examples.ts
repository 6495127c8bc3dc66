/**
 * Worked examples of call_api for the catalogue. Each is the exact argument object of a call_api
 * invocation. Endpoints listed in CURATED get a hand-picked, realistic example (test/mcp checks
 * that every curated example names a real operation and passes validation); any other endpoint gets
 * one generated from its parameters, so a new route never lacks an example.
 */
import type { CatalogueParameter } from './catalogue.js';

/** The arguments of one call_api invocation. */
export interface ExampleCall {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  fields?: string[];
  max_items?: number;
  /** What to fill in before calling, when the path has `{placeholders}`. */
  note?: string;
}

/** Hand-picked examples by operationId (method and path come from the catalogue). */
export const CURATED: Record<string, Omit<ExampleCall, 'method' | 'path'> & { path?: string }> = {
  apiV1ListEditions: { query: { limit: 5 } },
  apiV1GetLatestEdition: { fields: ['number', 'publish_date', 'summary', 'top_developments', 'articles.headline', 'articles.id'] },
  apiV1ListArticles: { query: { airport: 'LHR', q: 'runway', limit: 5 }, fields: ['id', 'headline', 'why_it_matters', 'publish_date'] },
  apiV1SearchGet: { query: { q: '"third runway" OR expansion', region: 'Europe', limit: 5 } },
  apiV1SearchPost: { body: { q: 'biometrics', any_tags: ['ppp', 'biometrics'], include_archived: true, limit: 5 } },
  apiV1ListProjects: { query: { region: 'middle east', type: 'terminal', limit: 5 }, fields: ['id', 'title', 'airport_name', 'status', 'value_usd'] },
  apiV1ExportProjects: { query: { region: 'middle east' }, max_items: 20 },
  apiV1ListTenders: { query: { deadline_days: 30, limit: 10 }, fields: ['id', 'title', 'buyer', 'country', 'deadline', 'days_to_deadline', 'status'] },
  apiV1ExportTenders: { query: { deadline_days: 30 }, max_items: 20 },
};

const placeholderNote = (params: CatalogueParameter[]) =>
  params
    .filter((p) => p.in === 'path')
    .map((p) => `replace {${p.name}} with ${p.description ?? p.name}, e.g. the ${p.name} of a record from the matching list endpoint`)
    .join('; ');

/** A small page: `limit` at most 5 when the endpoint pages. */
function generated(params: CatalogueParameter[], place: 'query' | 'body'): Record<string, number> | undefined {
  const limit = params.find((p) => p.name === 'limit' && p.in === place);
  if (!limit) return undefined;
  const value = Math.min(5, typeof limit.default === 'number' ? limit.default : 5, limit.maximum ?? 5);
  return { limit: value };
}

/** The example of one endpoint: the curated one when there is one, else one made from its parameters. */
export function exampleFor(op: { operationId: string | undefined; method: string; path: string; parameters: CatalogueParameter[] }): ExampleCall {
  const curated = op.operationId ? CURATED[op.operationId] : undefined;
  const example: ExampleCall = { method: op.method, path: op.path };
  if (curated) Object.assign(example, curated);
  else {
    const query = generated(op.parameters, 'query');
    const body = generated(op.parameters, 'body');
    if (query) example.query = query;
    if (body || op.method === 'POST') example.body = body ?? {};
  }
  if (example.path.includes('{')) example.note = placeholderNote(op.parameters);
  return example;
}
