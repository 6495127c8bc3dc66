/**
 * /v1/admin metadata suggestion (seed 001, section 4, "Metadata suggestion"); administrators only:
 * | POST | /v1/admin/suggest/metadata | { text, headline? } → topics, tags, airports, region, country, companies with confidence and triggers; writes nothing |
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { suggestMetadata, SuggestMetadataBody } from '../../../../domain/intake/index.js';
import { component } from '../../../schema.js';
import { ctxOf } from '../../../types.js';

const tags = ['Admin: suggestion'];
const why = { confidence: Type.Number({ minimum: 0, maximum: 1, description: '0 to 1' }), triggers: Type.Array(Type.String(), { description: 'The words of the text that triggered it' }) };
const Suggestion = component('V1MetadataSuggestion', Type.Object({
  airports: Type.Array(Type.Object({ iata: Type.String(), name: Type.String(), country_code: Type.String(), ...why })),
  country: Type.Union([Type.Object({ code: Type.String(), name: Type.String(), ...why }), Type.Null()]),
  region: Type.Union([Type.Object({ slug: Type.String(), name: Type.String(), ...why }), Type.Null()]),
  topics: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), ...why })),
  tags: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), ...why })),
  companies: Type.Array(Type.Object({ name: Type.String(), ...why })),
}));

export default async function suggestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/suggest/metadata', {
    schema: {
      operationId: 'v1AdminSuggestMetadata', summary: 'Suggest metadata for a text', tags,
      description: 'Airports (by name, city, IATA or ICAO code), country, region, topics, tags and companies found in the text, each with a confidence and the words that triggered it. Writes nothing; the inbox pre-screen uses the same engine.',
      body: component('V1SuggestMetadataBody', SuggestMetadataBody, { headline: 'Heathrow third runway backed by UK government', text: 'The UK government said it supports a third runway at London Heathrow (LHR) to add capacity.' }),
      response: { 200: Suggestion },
    },
  }, async (req) => suggestMetadata(ctxOf(req), req.body));
}
