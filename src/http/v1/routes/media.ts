/**
 * /v1 imagery (seed 001, section 4, "Imagery"; docs/media.md). Any subscriber (the /v1 default
 * access; no content gate), like the airports they illustrate:
 * | GET | /v1/media/covers   | { covers }: articles=<id>,<id> (at most 100); pinned, else airport, country, company |
 * | GET | /v1/media/airports | { media }: airports=<id or IATA>,… (at most 100); an airport without imagery is absent |
 * | GET | /v1/media/{id}     | the image bytes; w one of 144, 288, 320, 640, 960, 1280 (else 400); none: the original |
 * The bytes carry a strong ETag (SHA-256 of exactly those bytes; 304 on If-None-Match) and
 * `Cache-Control: private, max-age=31536000, immutable` (a token is needed, so shared caches keep none).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AirportMediaQuery, CoversQuery, listAirportMedia, MediaBytesQuery, MediaId, readMediaBytes, resolveCovers, type LadderWidth, type MediaBytes } from '../../../domain/media/index.js';
import { ctxOf } from '../../types.js';
import { Named } from '../named.js';
import { problemResponses } from '../problem.js';
import { AirportMediaRecord, Cover, presentAirportMedia, presentCover } from '../records/media.js';

const tags = ['Imagery'];
const errors = problemResponses(404);

/** A year: the bytes behind an ETag never change (a new upload gets a new id). */
export const IMMUTABLE = 'private, max-age=31536000, immutable';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
const Binary = Type.String({ format: 'binary', maxLength: 1024 * 1024 * 1024, description: 'The image bytes' });

/** The entity tags of `If-None-Match` (weak or strong, quotes removed); `*` matches anything stored. */
export function etagsOf(header: string | undefined): string[] {
  return (header ?? '').split(',').map((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, '')).filter(Boolean);
}

/** Sends the bytes (or 304) with their validators and caching headers. */
export function sendImage(reply: FastifyReply, image: MediaBytes): FastifyReply {
  reply.header('etag', `"${image.sha256}"`).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
  if (image.negotiated) reply.header('vary', 'Accept');
  if (!image.bytes) return reply.code(304).send();
  return reply.type(image.contentType).send(image.bytes);
}

const bytesInput = (req: FastifyRequest) => ({
  id: (req.params as { id: string }).id,
  w: (req.query as { w?: LadderWidth }).w,
  accept: req.headers.accept,
  etags: etagsOf(req.headers['if-none-match']),
});

export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/media/covers', {
    schema: {
      operationId: 'v1ListCovers', summary: 'Resolved covers of a batch of articles', tags,
      description: 'One cover per article asked for, in the order asked: the cover an editor pinned, else one derived from the article\'s airport, then its country, then its company (`rule` says which; `none` with `media: null` when nothing applies, also for an id that names no published article). Each carries the URL of its bytes and a ThumbHash placeholder.',
      querystring: CoversQuery,
      response: { 200: Named('covers', Cover), ...errors },
    },
  }, async (req) => ({ covers: (await resolveCovers(ctxOf(req), req.query)).map(presentCover) }));

  r.get('/media/airports', {
    schema: {
      operationId: 'v1ListAirportMedia', summary: 'Imagery bound to airports', tags,
      description: 'The images bound to each airport asked for (database ids or IATA codes), airport by airport in the order asked. An airport without imagery (or unknown) is simply absent.',
      querystring: AirportMediaQuery,
      response: { 200: Named('media', AirportMediaRecord), ...errors },
    },
  }, async (req) => ({ media: (await listAirportMedia(ctxOf(req), req.query)).map(presentAirportMedia) }));

  r.get('/media/:id', {
    schema: {
      operationId: 'v1GetMediaBytes', summary: 'The image bytes (original or a ladder width)', tags,
      description: 'Without `w`: the original as uploaded (re-encoded without metadata). With `w` (one of 144, 288, 320, 640, 960, 1280; any other value is 400 before any lookup): a variant that wide, never enlarged past the original, rendered on its first request and cached. Variants are WebP when `Accept` lists image/webp, else the original\'s format (JPEG or PNG; JPEG for other originals, PNG when transparent); `Vary: Accept`. A strong `ETag` (SHA-256 of the bytes) answers 304 to `If-None-Match`; `Cache-Control: private, max-age=31536000, immutable`. Errors are problem+json.',
      params: MediaId,
      querystring: MediaBytesQuery,
      response: {
        200: { description: 'The image', content: Object.fromEntries(IMAGE_TYPES.map((t) => [t, { schema: Binary }])) },
        304: { description: 'Not modified: If-None-Match names these bytes' },
        ...errors,
      },
    },
  }, async (req, reply) => sendImage(reply, await readMediaBytes(ctxOf(req), bytesInput(req))));
}
