/**
 * A typed client of airport-intel in a few lines: the types come from the live OpenAPI description
 * (`npm run check:client` regenerates ./schema.d.ts with openapi-typescript and type-checks this
 * file), the calls go through openapi-fetch. Run it against a server:
 *
 *   AIRPORT_INTEL_URL=http://127.0.0.1:3000 AIRPORT_INTEL_TOKEN=svc_live_… node --import tsx examples/typed-client/client.ts
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

/** A project record of the /v1 edition, as the description names it. */
export type Project = components['schemas']['V1Project'];
/** The filters of the project export: every one optional. */
export type ProjectExportFilters = NonNullable<paths['/v1/projects/export']['get']['parameters']['query']>;

const baseUrl = process.env.AIRPORT_INTEL_URL ?? 'http://127.0.0.1:3000';
const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${process.env.AIRPORT_INTEL_TOKEN ?? ''}` } });

/** The newest editions (/api/v1: `{ data, meta }`, paged with page/limit; both optional). */
export async function latestEditions(limit = 5) {
  const { data, error } = await client.GET('/api/v1/editions', { params: { query: { limit } } });
  if (error) throw new Error(error.error);
  return { editions: data.data.map((e) => ({ number: e.number, date: e.publish_date, articles: e.article_count })), total: data.meta.total };
}

/** Archive search (/api/v1, web-search syntax). */
export async function search(q: string) {
  const { data, error } = await client.GET('/api/v1/search', { params: { query: { q } } });
  if (error) throw new Error(error.error);
  return data.data.map((a) => `${a.publish_date} #${a.edition_number} ${a.headline}`);
}

/** One project (/v1: the record itself; errors are problem+json). */
export async function project(id: string): Promise<Project> {
  const { data, error } = await client.GET('/v1/projects/{id}', { params: { path: { id } } });
  if (error) throw new Error(`${error.title}: ${error.detail}`);
  return data;
}

/** The URL of a CSV export of matching projects, to download with the same token. */
export function projectExportUrl(filters: ProjectExportFilters): string {
  const url = new URL('/v1/projects/export', baseUrl);
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await latestEditions());
  console.log(await search('terminal expansion'));
  console.log(projectExportUrl({ country: 'SA', status: 'ongoing', min_value: 1_000_000 }));
}
