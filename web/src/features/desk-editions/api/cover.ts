/**
 * The article's cover: upload an image to the library (`POST /v1/admin/media`, multipart), pin an
 * asset (`PUT /v1/admin/articles/{id}/cover`), release it (`DELETE …/cover`), and the library
 * (`GET /v1/admin/media`) to pin from.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

export function useMediaLibrary(q: string) {
  return useQuery({
    queryKey: ['desk', 'media', q],
    queryFn: async () => unwrap(await api.GET('/v1/admin/media', { params: { query: { limit: 24, ...(q ? { q } : {}) } } })).media,
  });
}

/** Uploads `file` with its alt text; answers the stored asset. */
export function useUploadMedia() {
  return useMutation({
    mutationFn: async ({ file, altText }: { file: File; altText: string }) => {
      const form = new FormData();
      form.append('alt_text', altText);
      form.append('file', file);
      return unwrap(await api.POST('/v1/admin/media', {
        body: form as never,
        bodySerializer: (b: unknown) => b as FormData,
      }));
    },
  });
}

export function usePinCover(articleId: string) {
  return useMutation({
    mutationFn: async (mediaId: string) => unwrap(await api.PUT('/v1/admin/articles/{id}/cover', { params: { path: { id: articleId } }, body: { media_id: mediaId } })),
  });
}

export function useReleaseCover(articleId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/v1/admin/articles/{id}/cover', { params: { path: { id: articleId } } })),
  });
}
