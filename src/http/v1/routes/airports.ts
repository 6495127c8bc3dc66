/**
 * /v1 airports (seed 001, section 4):
 * | GET | /v1/airports                | { airports }: q (name, IATA code or city), limit (50), offset    |
 * | GET | /v1/airports/{ref}          | ref: database id or IATA code                                    |
 * | GET | /v1/airports/{ref}/articles | { articles } mentioning it; archive gate (preview: latest edition) |
 * | GET | /v1/airports/{ref}/projects | { projects } at it; projects gate (preview: five rows)           |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AirportFilter, AirportRef as Ref, getAirport, listAirportArticles, listAirportProjects, listAirports } from '../../../domain/airports/index.js';
import { ctxOf } from '../../types.js';
import { Named, namedList, namedListRoute, Paging } from '../named.js';
import { problemResponses } from '../problem.js';
import { Airport, presentAirport } from '../records/airport.js';
import { Article, presentArticle } from '../records/article.js';
import { Project, presentProject } from '../records/project.js';

const tags = ['Airports'];
const errors = problemResponses(404);

export default async function airportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  namedListRoute(r, '/airports', {
    operationId: 'v1ListAirports', summary: 'Airports by name, IATA code or city', tags,
    description: 'The exact IATA match first, then by name.',
    name: 'airports', item: Airport, filter: AirportFilter, defaultLimit: 50,
    list: listAirports, present: presentAirport, errors: { ...errors },
  });

  r.get('/airports/:ref', {
    schema: {
      operationId: 'v1GetAirport', summary: 'One airport by database id or IATA code', tags,
      params: Ref,
      response: { 200: Airport, ...errors },
    },
  }, async (req) => presentAirport(await getAirport(ctxOf(req), req.params.ref)));

  r.get('/airports/:ref/articles', {
    config: { gates: listAirportArticles.gates },
    schema: {
      operationId: 'v1ListAirportArticles', summary: 'Articles that mention the airport, newest first', tags,
      params: Ref,
      querystring: Type.Object(Paging(50)),
      response: { 200: Named('articles', Article), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'articles', req.query, (window) => listAirportArticles(ctxOf(req), { ref: req.params.ref, window }), presentArticle));

  r.get('/airports/:ref/projects', {
    config: { gates: listAirportProjects.gates },
    schema: {
      operationId: 'v1ListAirportProjects', summary: 'Projects at the airport, by title', tags,
      params: Ref,
      querystring: Type.Object(Paging(50)),
      response: { 200: Named('projects', Project), ...errors },
    },
  }, async (req, reply) => namedList(reply, 'projects', req.query, (window) => listAirportProjects(ctxOf(req), { ref: req.params.ref, window }), presentProject));
}
