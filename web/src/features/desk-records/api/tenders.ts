/**
 * The desk's tender requests (`/v1/admin/tenders…`): the list in any state (unpublished included),
 * create, conditional update (`If-Match`, decision 0050), delete, and the links.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type AdminTender = components['schemas']['V1AdminTender'];

export const tendersKey = ['desk', 'tenders'] as const;

export const tendersQuery = (q: string) => queryOptions({
  queryKey: [...tendersKey, 'list', q],
  queryFn: async () => unwrap(await api.GET('/v1/admin/tenders', { params: { query: { limit: 100, ...(q ? { q } : {}) } } })).tenders,
});
export const useTenders = (q: string) => useQuery(tendersQuery(q));

export const tenderQuery = (id: string) => queryOptions({
  queryKey: [...tendersKey, 'one', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/tenders/{id}', { params: { path: { id } } })),
});

export const tenderLinksQuery = (id: string) => queryOptions({
  queryKey: [...tendersKey, 'links', id],
  queryFn: async () => unwrap(await api.GET('/v1/admin/tenders/{id}/links', { params: { path: { id } } })),
});
export const useTenderLinks = (id: string) => useQuery(tenderLinksQuery(id));

export function useCreateTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => unwrap(await api.POST('/v1/admin/tenders', { body: body as components['schemas']['V1AdminTenderCreate'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: tendersKey }),
  });
}

export function useUpdateTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id: string; version: string; body: Record<string, unknown> }) =>
      unwrap(await api.PATCH('/v1/admin/tenders/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body: body as components['schemas']['V1AdminTenderPatch'] })),
    onSuccess: () => qc.invalidateQueries({ queryKey: tendersKey }),
  });
}

export function useDeleteTender() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/admin/tenders/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: tendersKey }),
  });
}

/** The three replace-the-set writes of a tender's links. */
export function useSetTenderLinks(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ airports, companies, topics, tags }: { airports: string[]; companies: { name: string; role: string }[]; topics: string[]; tags: string[] }) => {
      const path = { path: { id } };
      unwrap(await api.PUT('/v1/admin/tenders/{id}/airports', { params: path, body: { airports } }));
      unwrap(await api.PUT('/v1/admin/tenders/{id}/companies', { params: path, body: { companies: companies.map((c) => c.name) } }));
      return unwrap(await api.PUT('/v1/admin/tenders/{id}/terms', { params: path, body: { topics, tags } }));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: tendersKey }),
  });
}
