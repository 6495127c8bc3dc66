/**
 * /v1/admin news sources (seed 001, section 4, "News sources"); administrators only:
 * | GET    | /v1/admin/sources       | { sources }, by name                                |
 * | POST   | /v1/admin/sources       | 201 the source, Location                            |
 * | PATCH  | /v1/admin/sources/{id}  | the source; If-Match: 409 when stale (decision 0050) |
 * | GET    | /v1/admin/sources/{id}  | the source, ETag: its version                       |
 * | DELETE | /v1/admin/sources/{id}  | the source as it was                                |
 * | POST   | /v1/admin/sources/poll  | { results }: per enabled source fetched, new items, duplicates, error |
 * | POST   | /v1/admin/sources/{id}/poll | one source now, enabled or not: its report       |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  createNewsSource, deleteNewsSource, getNewsSource, listNewsSources, NewsSourceCreate, NewsSourcePatch, pollNewsSourceNow, pollNewsSources, updateNewsSource,
  type NewsSource as NewsSourceView,
} from '../../../../domain/intake/index.js';
import { created, deletedAnswer } from '../../../respond.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';
import { Named, namedListRoute, UuidParam } from '../../named.js';
import { problemResponses } from '../../problem.js';
import { IfMatchHeaders, ifMatchOf, RecordVersion, withETag } from '../preconditions.js';

const tags = ['Admin: sources'];
const errors = problemResponses(409);

const iso = { type: 'string', format: 'date-time' } as const;
/** A news source as /v1/admin presents it. */
export const NewsSource = component('V1NewsSource', Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  feed_url: Type.String(),
  kind: Type.String({ description: 'rss, atom, json or rdf' }),
  poll_interval_minutes: Type.Integer(),
  enabled: Type.Boolean(),
  default_topics: Type.Array(Type.String()),
  default_region: Type.Union([Type.String(), Type.Null()]),
  trust_weight: Type.Integer({ description: '0 to 100' }),
  last_polled_at: Type.Union([Type.Unsafe<string>(iso), Type.Null()]),
  last_success_at: Type.Union([Type.Unsafe<string>(iso), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last poll failed; null after a success' }),
  failure_count: Type.Integer({ description: 'Failed polls in a row (the next poll backs off)' }),
  next_poll_at: Type.Union([Type.Unsafe<string>(iso), Type.Null()]),
  created_at: Type.Unsafe<string>(iso),
  updated_at: Type.Unsafe<string>(iso),
  version: RecordVersion,
}, { description: 'A news source with its polling state. `version` covers what editors set, not the polling state: a poll never makes a save stale.' }), {
  id: '4d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d', name: 'Example Airport News', feed_url: 'https://news.example.com/feed.xml', kind: 'rss', poll_interval_minutes: 60,
  enabled: true, default_topics: ['terminals'], default_region: 'europe', trust_weight: 70, last_polled_at: '2026-11-21T08:00:00.000Z',
  last_success_at: '2026-11-21T08:00:00.000Z', last_error: null, failure_count: 0, next_poll_at: '2026-11-21T09:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-20T16:30:00.000Z', version: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
});

/** A news source view as the record: its `record_version` is `version`. */
const presentSource = ({ record_version, ...source }: NewsSourceView) => ({ ...source, version: record_version });

const PollResult = component('V1SourcePollResult', Type.Object({
  source_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  fetched: Type.Boolean({ description: 'A response came back (200 or 304)' }),
  not_modified: Type.Boolean({ description: 'The server answered 304 to the conditional GET' }),
  items_in_feed: Type.Integer(),
  new_items: Type.Integer(),
  duplicates: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
}));

const createExample = { name: 'Example Airport News', feed_url: 'https://news.example.com/feed.xml', kind: 'rss', poll_interval_minutes: 60, enabled: true, default_topics: ['terminals'], default_region: 'europe', trust_weight: 70 };

export default async function sourceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/sources', {
    operationId: 'v1AdminListSources', summary: 'News sources', tags,
    description: 'Every news source with its polling state (last poll, last error, failures in a row, next poll), by name.',
    name: 'sources', item: NewsSource, filter: Type.Object({}), defaultLimit: 50, errors,
    list: (ctx, _all, w) => listNewsSources(ctx, w), present: presentSource,
  });

  r.post('/sources', {
    schema: {
      operationId: 'v1AdminCreateSource', summary: 'Add a news source', tags,
      description: 'Disabled unless `enabled` is true; an enabled source is polled at once and then every `poll_interval_minutes`. Only public addresses are polled (see OUTBOUND_ALLOWED_HOSTS).',
      body: component('V1NewsSourceCreate', NewsSourceCreate, createExample),
      response: { 201: NewsSource, ...errors },
    },
  }, async (req, reply) => {
    const source = presentSource(await createNewsSource(ctxOf(req), req.body));
    return created(reply, source, `/v1/admin/sources/${source.id}`);
  });

  r.post('/sources/poll', {
    schema: {
      operationId: 'v1AdminPollSources', summary: 'Poll every enabled news source now', tags,
      description: 'Fetches each enabled source once (conditional GET, timeout, size cap, at most 3 redirects, public addresses only) and adds new items to the inbox. Reports per source; one failing source does not stop the others.',
      response: { 200: Named('results', PollResult), ...errors },
    },
  }, async (req) => ({ results: await pollNewsSources(ctxOf(req), { allowedHosts: app.outboundAllowedHosts }) }));

  r.post('/sources/:id/poll', {
    schema: {
      operationId: 'v1AdminPollSource', summary: 'Poll one news source now', tags,
      description: 'Fetches this source once now, enabled or not (check a feed address before enabling it), with the same safeguards as the scheduled poll, and adds new items to the inbox. A failure of the feed is recorded on the source (`last_error`, backoff) and reported in `error`, not as an error status.',
      params: UuidParam('News source'),
      response: { 200: PollResult },
    },
  }, async (req) => pollNewsSourceNow(ctxOf(req), req.params.id, { allowedHosts: app.outboundAllowedHosts }));

  r.get('/sources/:id', {
    schema: {
      operationId: 'v1AdminGetSource', summary: 'Read a news source', tags,
      description: 'One source with its polling state: what `Location` of its creation points at. `ETag` is its `version`.',
      params: UuidParam('News source'),
      response: { 200: NewsSource },
    },
  }, async (req, reply) => withETag(reply, presentSource(await getNewsSource(ctxOf(req), req.params.id))));

  r.patch('/sources/:id', {
    schema: {
      operationId: 'v1AdminUpdateSource', summary: 'Change a news source', tags,
      description: 'A new feed URL forgets the conditional-GET validators and the failure count; enabling makes a poll due at once. With `If-Match` (the `version` it was edited from), a source changed since is 409 (`stale-version`) and nothing is written.',
      params: UuidParam('News source'),
      headers: IfMatchHeaders,
      body: component('V1NewsSourcePatch', NewsSourcePatch, { enabled: true, trust_weight: 80 }),
      response: { 200: NewsSource, ...errors },
    },
  }, async (req, reply) => withETag(reply, presentSource(await updateNewsSource(ctxOf(req), req.params.id, req.body, { ifMatch: ifMatchOf(req.headers['if-match']) }))));

  r.delete('/sources/:id', {
    schema: {
      operationId: 'v1AdminDeleteSource', summary: 'Delete a news source', tags,
      description: 'Its inbox items stay, with the source name they were added under. Answers the source as it was.',
      params: UuidParam('News source'),
      response: { ...deletedAnswer(NewsSource), ...errors },
    },
  }, async (req) => presentSource(await deleteNewsSource(ctxOf(req), req.params.id)));
}
