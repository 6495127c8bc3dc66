/**
 * /v1 project history:
 * | GET | /v1/projects/{id}/history | { history }: status, value, completion year, contractor, title changes |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getProjectHistory } from '../../../domain/projects/index.js';
import { ctxOf } from '../../types.js';
import { UuidParam } from '../named.js';
import { problemResponses } from '../problem.js';
import { presentHistory, ProjectHistory } from '../records/project-history.js';

export default async function projectHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/projects/:id/history', {
    config: { gates: getProjectHistory.gates },
    schema: {
      operationId: 'v1GetProjectHistory', summary: 'How a project changed', tags: ['Projects'],
      description: 'Every change of the project\'s status, stated value (amount, currency and basis together), expected completion year, contractor and title, oldest first, with the values before and after and the edition or article that reported it when known. Recorded since the feature shipped; a write that changes none of these fields adds nothing.',
      params: UuidParam('Project'),
      response: { 200: ProjectHistory, ...problemResponses(404) },
    },
  }, async (req) => presentHistory(await getProjectHistory(ctxOf(req), req.params.id)));
}
