/** Filter schemas of airports (TypeBox, i.e. JSON Schema); the operations take their `Static<>` types. */
import { Type, type Static } from 'typebox';
import { FilterText } from '../shared/input-schema.js';

/** The airport search (/v1/airports). */
export const AirportFilter = Type.Object({
  q: FilterText('IATA code, or part of the name or city'),
});
/** The airport search's filter. */
export type AirportFilterInput = Static<typeof AirportFilter>;

/** The path parameter naming one airport. */
export const AirportRef = Type.Object({
  ref: Type.String({ minLength: 1, maxLength: 64, description: 'Airport database id (UUID) or IATA code' }),
});
