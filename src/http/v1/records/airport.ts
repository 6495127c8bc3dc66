/** The airport record of the /v1 edition (fields not shown by the seed; ours). */
import { Type, type Static } from 'typebox';
import type { AirportView } from '../../../domain/airports/index.js';
import { pick } from '../../records/pick.js';
import { Nullable, component } from '../../schema.js';
import { airportExample } from '../../examples.js';

export const Airport = component('V1Airport', Type.Object({
  id: Type.String({ format: 'uuid' }),
  iata: Type.String({ description: 'IATA code' }),
  icao: Nullable(Type.String({ description: 'ICAO code' })),
  name: Type.String(),
  city: Nullable(Type.String()),
  country_code: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  country: Type.String({ description: 'Country name' }),
  region_slug: Type.String(),
  region: Type.String({ description: 'Region name' }),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
}, { title: 'Airport' }), airportExample);
export type Airport = Static<typeof Airport>;

export const presentAirport = (a: AirportView): Airport => ({
  ...pick(a, 'id', 'iata', 'icao', 'name', 'city', 'country_code'),
  country: a.country_name,
  region_slug: a.region_slug,
  region: a.region_name,
  ...pick(a, 'lat', 'lon'),
});
