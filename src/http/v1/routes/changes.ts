/**
 * /v1 change feed (docs/changes.md):
 * | GET | /v1/changes | { changes, next_cursor }: since (cursor or `now`), types, limit (100, max 200) |
 * Any subscriber; each type needs its gate (projects, wat for tenders, archive for articles; a
 * trial follows its preview). Changes are listed in commit order; a cursor older than the changes
 * kept (90 days at least) is 410.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CHANGE_PAGE, CHANGE_TYPES, listChanges, type ChangeType } from '../../../domain/changes/index.js';
import { ctxOf } from '../../types.js';
import { splitList } from '../named.js';
import { problemResponses } from '../problem.js';
import { ChangePage, presentChangePage } from '../records/change.js';

const TYPE = `(${CHANGE_TYPES.join('|')})`;

export default async function changeRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/changes', {
    schema: {
      operationId: 'v1ListChanges', summary: 'What changed since a cursor (projects, tenders, articles, events)', tags: ['Changes'],
      description: 'The change feed an integration follows to keep a copy current: `{ changes, next_cursor }` in commit order, each `{ cursor, type, id, op, changed_at, changed_fields }`. Start with `since=now` just before an export, then ask again with `since=<next_cursor>` until `changes` is empty, and again later. `op` is what you see: `created` (new, published, or in your preview), `updated`, `deleted` (deleted, unpublished, or out of your scope). Each type needs its gate (projects: `projects`; tenders: `wat`; articles: `archive`; events: any plan); without `types`, every type you reach. Deletions are kept at least 90 days; an older cursor is 410 (export again). See docs/changes.md.',
      querystring: Type.Object({
        since: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'A `next_cursor` (or a change\'s `cursor`) you were given; `now` for the current end of the feed; absent: from the oldest change kept' })),
        types: Type.Optional(Type.String({ pattern: `^${TYPE}(,${TYPE})*$`, maxLength: 100, description: `Comma-separated: ${CHANGE_TYPES.join(', ')} (default: every type you reach)` })),
        limit: Type.Integer({ minimum: 1, maximum: CHANGE_PAGE.max, format: 'int32', default: CHANGE_PAGE.default, description: `Changes to return (default ${CHANGE_PAGE.default}, max ${CHANGE_PAGE.max})` }),
      }),
      response: { 200: ChangePage, ...problemResponses(410) },
    },
  }, async (req) => {
    const { since, types, limit } = req.query;
    return presentChangePage(await listChanges(ctxOf(req), { since, types: splitList(types) as ChangeType[] | undefined, limit }));
  });
}
