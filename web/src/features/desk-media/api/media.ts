/**
 * The desk's media-library requests (`/v1/admin/media…`): the library (unbound filter, search),
 * one asset, upload (multipart), alt text and credit (conditional: `If-Match` with the version the
 * page loaded, decision 0050), delete (409 while an article pins the asset: the problem's detail
 * says why).
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import { apiPagesQuery } from '../../../lib/api/pages';
import { ifMatch } from '../../../lib/api/problem-fields';
import type { components } from '../../../lib/api/schema';

export type MediaAsset = components['schemas']['V1AdminMedia'];

export const mediaKey = ['desk', 'media'] as const;

/** The library matching `filter`, 100 assets at a time ("Load more"). */
export const mediaQuery = (filter: { unbound: boolean; q: string }) => apiPagesQuery([...mediaKey, filter],
  (offset, signal) => api.GET('/v1/admin/media', { params: { query: { limit: 100, offset, ...(filter.unbound ? { unbound: true } : {}), ...(filter.q ? { q: filter.q } : {}) } }, signal }), (d) => d.media);
export const useMedia = (filter: { unbound: boolean; q: string }) => useInfiniteQuery(mediaQuery(filter));

/** Asset `id` as stored now (a stale form's reload). */
export const readMedia = async (id: string) => unwrap(await api.GET('/v1/admin/media/{id}', { params: { path: { id } } }));

export function useUploadMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, alt_text, credit }: { file: File; alt_text: string; credit: string }) => {
      const form = new FormData();
      if (alt_text.trim()) form.append('alt_text', alt_text.trim());
      if (credit.trim()) form.append('credit', credit.trim());
      form.append('file', file);
      return unwrap(await api.POST('/v1/admin/media', { body: form as never, bodySerializer: (b: unknown) => b as FormData }));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaKey }),
  });
}

/** Saves `body` from `version` (the one the page loaded); a stale version is refused with 409. */
export function useUpdateMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, body }: { id: string; version: string; body: { alt_text: string | null; credit: string | null } }) =>
      unwrap(await api.PATCH('/v1/admin/media/{id}', { params: { path: { id }, header: { 'if-match': ifMatch(version) } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaKey }),
  });
}

export function useDeleteMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/v1/admin/media/{id}', { params: { path: { id } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: mediaKey }),
  });
}
