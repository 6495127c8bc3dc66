/**
 * The desk's tender requests (`/v1/admin/tenders…`): the list in any state (unpublished included),
 * create, conditional update (`If-Match`, decision 0050), delete, and the links.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiQuery, useApiMutation } from '../../../lib/api/hooks';
import { apiPagesQuery } from '../../../lib/api/pages';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminTender = components['schemas']['V1AdminTender'];

export const tendersKey = ['desk', 'tenders'] as const;

/** The list matching `q`, 100 at a time ("Load more"). */
export const tendersQuery = (q: string) => apiPagesQuery([...tendersKey, 'list', q],
  (offset, signal) => api.GET('/v1/admin/tenders', { params: { query: { limit: 100, offset, ...(q ? { q } : {}) } }, signal }), (d) => d.tenders);
export const useTenders = (q: string) => useInfiniteQuery(tendersQuery(q));

export const tenderQuery = (id: string) => apiQuery([...tendersKey, 'one', id], () => api.GET('/v1/admin/tenders/{id}', { params: { path: { id } } }));

export const tenderLinksQuery = (id: string) => apiQuery([...tendersKey, 'links', id], () => api.GET('/v1/admin/tenders/{id}/links', { params: { path: { id } } }));
export const useTenderLinks = (id: string) => useQuery(tenderLinksQuery(id));

export const useCreateTender = () => useApiMutation((body: Record<string, unknown>) =>
  api.POST('/v1/admin/tenders', { body: body as components['schemas']['V1AdminTenderCreate'] }), { invalidates: tendersKey });

export const useUpdateTender = () => useApiMutation(({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
  api.PATCH('/v1/admin/tenders/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['V1AdminTenderPatch'] }),
{ invalidates: tendersKey });

export const useDeleteTender = () => useApiMutation((id: string) => api.DELETE('/v1/admin/tenders/{id}', { params: { path: { id } } }), { invalidates: tendersKey });

/** The three replace-the-set writes of a tender's links. */
export const useSetTenderLinks = (id: string) => useApiMutation(async ({ airports, companies, topics, tags }: { airports: string[]; companies: { name: string; role: string }[]; topics: string[]; tags: string[] }) => {
  const path = { path: { id } };
  unwrap(await api.PUT('/v1/admin/tenders/{id}/airports', { params: path, body: { airports } }));
  unwrap(await api.PUT('/v1/admin/tenders/{id}/companies', { params: path, body: { companies: companies.map((c) => c.name) } }));
  return api.PUT('/v1/admin/tenders/{id}/terms', { params: path, body: { topics, tags } });
}, { invalidates: tendersKey });
