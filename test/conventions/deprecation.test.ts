/**
 * The deprecation mechanism (docs/versioning.md, src/http/plugins/deprecation.ts): a route with
 * `config.deprecation` answers every request, errors included, with `Deprecation` (RFC 9745, a
 * structured-field date), `Sunset` (RFC 8594, an HTTP date) and a `Link` with rel="deprecation", is
 * `deprecated: true` in the OpenAPI description with its sunset in the description, and a notice
 * shorter than six months refuses to start.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { installDeprecation } from '../../src/http/plugins/deprecation.js';
import { openapiOptions } from '../../src/http/openapi.js';

async function appWith(deprecation: { since: string; sunset: string; link?: string }) {
  const app = Fastify({ logger: false });
  installDeprecation(app);
  await app.register(swagger, openapiOptions('0.0.0-test'));
  app.get('/v1/old-thing/:id', {
    config: { deprecation },
    schema: { operationId: 'v1GetOldThing', summary: 'An old thing', description: 'Reads an old thing.', tags: ['Test'], params: { type: 'object', properties: { id: { type: 'string' } } } },
  }, async (request, reply) => ((request.params as { id: string }).id === 'missing' ? reply.code(404).send({ title: 'Not Found' }) : { ok: true }));
  app.get('/v1/new-thing', { schema: { operationId: 'v1GetNewThing', summary: 'A new thing', tags: ['Test'] } }, async () => ({ ok: true }));
  return app;
}

it('adds Deprecation, Sunset and Link to every answer of a deprecated route and marks it in OpenAPI', async () => {
  const app = await appWith({ since: '2027-01-15', sunset: '2027-07-15', link: 'https://docs.example.test/migrate/old-thing' });
  try {
    await app.ready();
    for (const url of ['/v1/old-thing/1', '/v1/old-thing/missing']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.headers.deprecation, `@${Date.UTC(2027, 0, 15) / 1000}`, url);
      assert.equal(res.headers.sunset, 'Thu, 15 Jul 2027 00:00:00 GMT');
      assert.equal(res.headers.link, '<https://docs.example.test/migrate/old-thing>; rel="deprecation"; type="text/html"');
    }
    const fresh = await app.inject({ method: 'GET', url: '/v1/new-thing' });
    assert.equal(fresh.headers.deprecation, undefined);
    assert.equal(fresh.headers.sunset, undefined);
    const spec = app.swagger() as { paths: Record<string, { get: { deprecated?: boolean; description?: string } }> };
    assert.equal(spec.paths['/v1/old-thing/{id}']!.get.deprecated, true);
    assert.match(spec.paths['/v1/old-thing/{id}']!.get.description!, /^Reads an old thing\.\n\nDeprecated since 2027-01-15; it stops answering on 2027-07-15/);
    assert.equal(spec.paths['/v1/new-thing']!.get.deprecated, undefined);
  } finally {
    await app.close();
  }
});

it('refuses a sunset less than six months after the deprecation', async () => {
  await assert.rejects(async () => {
    const app = await appWith({ since: '2027-01-15', sunset: '2027-07-14' });
    await app.ready();
  }, /must be at least 6 months after the deprecation/);
});
