/**
 * /v1/admin imagery (seed 001, section 4: "Media library", "Article covers"; docs/media.md).
 * Administrators only (the scope answers 404 to anyone else):
 * | GET    | /v1/admin/media               | { media }: unbound, q, kind, limit (50), offset               |
 * | POST   | /v1/admin/media               | upload (multipart/form-data: file, alt_text, credit, licence); 201 |
 * | GET    | /v1/admin/media/{id}          | the asset, its bindings, the articles that pin it; ETag       |
 * | PATCH  | /v1/admin/media/{id}          | alt text, credit, licence; bindings to airports, countries, companies; If-Match |
 * | DELETE | /v1/admin/media/{id}          | 409 while an article pins it, unless force=true               |
 * | PUT    | /v1/admin/articles/{id}/cover | pin an asset as the article's cover                            |
 * | DELETE | /v1/admin/articles/{id}/cover | release it: the derived cover applies again                   |
 * Multipart parsing (@fastify/multipart) is registered in this plugin only; the upload is checked
 * by its bytes in the domain (uploadMedia).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CoverPin, DEFAULT_UPLOAD_LIMITS, DeleteMediaQuery, deleteMedia, getMedia, listMedia, MediaFields, MediaFilter, MediaId, MediaPatch,
  pinCover, releaseCover, updateMedia, uploadMedia, type UploadInput, type UploadLimits,
} from '../../../../domain/media/index.js';
import { ctxOf } from '../../../types.js';
import { namedListRoute } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { AdminMedia, AdminMediaDetail, CoverPinRecord, presentAdminMedia, presentAdminMediaDetail, presentCoverPin, presentReleasedCover, ReleasedCoverRecord } from '../../records/media.js';
import { created, deletedAnswer } from '../../../respond.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../preconditions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Caps of an upload (MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS). */
    mediaLimits: UploadLimits;
  }
}

const tags = ['Admin: media'];
const errors = problemResponses(409);
const ArticleId = Type.Object({ id: Type.String({ format: 'uuid', description: 'Article id (UUID)' }) });

/** The file of each multipart request, read by `onFile` (its body field then holds a digest, for Idempotency-Key). */
const files = new WeakMap<FastifyRequest, { bytes: Buffer; filename: string }>();

const uploadOf = (req: FastifyRequest): UploadInput => {
  const body = (req.body ?? {}) as { alt_text?: string; credit?: string; licence?: string };
  const file = files.get(req);
  return { bytes: file?.bytes ?? null, filename: file?.filename ?? null, alt_text: body.alt_text, credit: body.credit, licence: body.licence };
};

const uploadBody = (limits: UploadLimits) => Type.Object({
  file: Type.String({ contentMediaType: 'application/octet-stream', maxLength: limits.maxBytes, description: 'The image: JPEG, PNG, WebP, AVIF or GIF, judged by its bytes (not its name or declared type)' }),
  ...MediaFields,
}, { additionalProperties: false });

export default async function adminMediaRoutes(app: FastifyInstance): Promise<void> {
  const limits = app.hasDecorator('mediaLimits') ? app.mediaLimits : DEFAULT_UPLOAD_LIMITS;
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: limits.maxBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10 },
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const bytes = await part.toBuffer();
      files.set(this, { bytes, filename: part.filename });
      (part as unknown as { value: string }).value = `${bytes.byteLength} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`;
    },
  });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/media', {
    operationId: 'v1AdminListMedia', summary: 'The media library, newest first', tags,
    description: '`unbound=true` keeps the assets bound to no airport, country or company and pinned on no article (candidates for clean-up); `q` searches file name, alt text and credit; `kind` is upload or generated.',
    name: 'media', item: AdminMedia, filter: MediaFilter, defaultLimit: 50,
    list: listMedia, present: presentAdminMedia,
  });

  r.post('/media', {
    schema: {
      operationId: 'v1AdminUploadMedia', summary: 'Upload an image', tags,
      description: `multipart/form-data with the image in \`file\` and optional \`alt_text\`, \`credit\`, \`licence\`. The bytes decide the type (JPEG, PNG, WebP, AVIF, GIF; a PNG named .jpg is stored as PNG; anything else 415), at most ${limits.maxBytes} bytes (413) and ${limits.maxPixels} pixels (413: decompression bombs are refused before decoding); the image is re-encoded without metadata (EXIF, GPS, XMP are gone). An invalid upload stores nothing. 201 with Location.`,
      consumes: ['multipart/form-data'],
      body: uploadBody(limits),
      response: { 201: AdminMediaDetail, ...errors },
    },
  }, async (req, reply) => {
    const media = await uploadMedia(ctxOf(req), uploadOf(req), limits);
    return created(reply, presentAdminMediaDetail(media), `/v1/admin/media/${media.id}`);
  });

  r.get('/media/:id', {
    schema: {
      operationId: 'v1AdminGetMedia', summary: 'One asset, its bindings and the articles that pin it', tags,
      description: 'The asset as the library lists it, plus `pinned_by`: the articles that pin it as their cover (a delete is refused while there are any). `ETag` is its `version`.',
      params: MediaId,
      response: { 200: AdminMediaDetail, ...errors },
    },
  }, async (req, reply) => withETag(reply, presentAdminMediaDetail(await getMedia(ctxOf(req), req.params.id))));

  r.patch('/media/:id', {
    schema: {
      operationId: 'v1AdminUpdateMedia', summary: 'Describe an asset and bind it to airports, countries, companies', tags,
      description: 'Fields given change (`null` clears a text); each binding list given replaces that set (airports by id or IATA code). Derived covers follow the bindings at once. With `If-Match` (the `version` it was edited from: its fields and bindings), an asset changed since is 409 (`stale-version`) and nothing is written.',
      params: MediaId,
      headers: IfMatchHeaders,
      body: MediaPatch,
      response: { 200: AdminMediaDetail, ...errors },
    },
  }, async (req, reply) => withETag(reply, presentAdminMediaDetail(await updateMedia(ctxOf(req), req.params.id, req.body, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete('/media/:id', {
    schema: {
      operationId: 'v1AdminDeleteMedia', summary: 'Delete an asset with its bytes', tags,
      description: '409 while an article pins it as its cover, unless `force=true` (the pins go; those articles fall back to their derived cover).',
      params: MediaId,
      querystring: DeleteMediaQuery,
      response: { ...deletedAnswer(AdminMediaDetail), ...errors },
    },
  }, async (req) => presentAdminMediaDetail(await deleteMedia(ctxOf(req), req.params.id, { force: req.query.force })));

  r.put('/articles/:id/cover', {
    schema: {
      operationId: 'v1AdminPinCover', summary: 'Pin an asset as the article\'s cover', tags,
      description: 'Replaces any earlier pin; the pinned cover wins over every derived one in /v1/media/covers.',
      params: ArticleId,
      body: CoverPin,
      response: { 200: CoverPinRecord, ...errors },
    },
  }, async (req) => presentCoverPin(await pinCover(ctxOf(req), req.params.id, req.body.media_id)));

  r.delete('/articles/:id/cover', {
    schema: {
      operationId: 'v1AdminReleaseCover', summary: 'Release the article\'s pinned cover', tags,
      description: 'The derived cover (airport, country, company) applies again. Releasing an article without a pin is a no-op.',
      params: ArticleId,
      response: { ...deletedAnswer(ReleasedCoverRecord), ...errors },
    },
  }, async (req) => presentReleasedCover(req.params.id, await releaseCover(ctxOf(req), req.params.id)));
}
