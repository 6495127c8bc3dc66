/**
 * Every route the app registers (method and URL), recorded by an `onRoute` hook installed first
 * thing in buildApp, so that tests can check each one against the OpenAPI description and the
 * security matrix can reach them all.
 */
import type { FastifyInstance } from 'fastify';

/** A registered route. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `schema.hide`: left out of the OpenAPI description on purpose. */
  hidden: boolean;
  /** `schema.operationId`, when the route has one. */
  operationId?: string;
  /** `config.gates`: the content gates of the route (src/domain/entitlements.ts GATES), when it has them. */
  gates?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (HEAD routes Fastify derives from GET are left out). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Installs the registry; call before any route is registered. */
export function installRouteRegistry(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = route.schema as { hide?: boolean; operationId?: string } | undefined;
      const gates = (route.config as { gates?: readonly string[] } | undefined)?.gates;
      routes.push({
        method,
        url: route.url,
        hidden: schema?.hide === true,
        ...(schema?.operationId ? { operationId: schema.operationId } : {}),
        ...(gates ? { gates } : {}),
      });
    }
  });
}
