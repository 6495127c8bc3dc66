/**
 * `GET /docs`: the OpenAPI description rendered by Swagger UI (@fastify/swagger-ui), served from
 * the package's own assets (no network at runtime, no CDN). The page reads `/docs/json`, the same
 * document as `/openapi.json`.
 */
import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

export default async function docsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, displayOperationId: true, tryItOutEnabled: false },
    staticCSP: true,
  });
}
