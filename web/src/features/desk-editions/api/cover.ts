/**
 * The article's cover: upload an image to the library (`POST /v1/admin/media`, multipart), pin an
 * asset (`PUT /v1/admin/articles/{id}/cover`), release it (`DELETE …/cover`), and the library
 * (`GET /v1/admin/media`) to pin from.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { apiQueryOf, useApiMutation } from '../../../lib/api/hooks';

export function useMediaLibrary(q: string) {
  return useQuery(apiQueryOf(['desk', 'media', q], () => api.GET('/v1/admin/media', { params: { query: { limit: 24, ...(q ? { q } : {}) } } }), (d) => d.media));
}

/** Uploads `file` with its alt text; answers the stored asset. */
export const useUploadMedia = () => useApiMutation(({ file, altText }: { file: File; altText: string }) => {
  const form = new FormData();
  form.append('alt_text', altText);
  form.append('file', file);
  return api.POST('/v1/admin/media', { body: form as never, bodySerializer: (b: unknown) => b as FormData });
});

export const usePinCover = (articleId: string) => useApiMutation((mediaId: string) =>
  api.PUT('/v1/admin/articles/{id}/cover', { params: { path: { id: articleId } }, body: { media_id: mediaId } }));

export const useReleaseCover = (articleId: string) => useApiMutation(() =>
  api.DELETE('/v1/admin/articles/{id}/cover', { params: { path: { id: articleId } } }));
