/** Imagery bound to airports (readers). */
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import type { MediaSummary } from './repository.js';
import { MAX_MEDIA_BATCH, type AirportMediaInput } from './schemas.js';

/** One asset bound to one airport. */
export interface AirportMedia extends MediaSummary {
  airport_id: string;
  iata: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IATA = /^[A-Za-z0-9]{3}$/;

/**
 * The assets bound to each airport asked for (ids or IATA codes), airport by airport in the order
 * asked, oldest asset first. An airport without imagery, or one that does not exist, is simply absent.
 * @throws DomainError VALIDATION (`airports`: neither a UUID nor an IATA code, or more than 100)
 */
export async function listAirportMedia(ctx: Ctx, input: AirportMediaInput): Promise<AirportMedia[]> {
  const refs = [...new Set((input.airports ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  const bad = refs.find((r) => !UUID.test(r) && !IATA.test(r));
  if (bad) throw invalidParam('airports', `"${bad.slice(0, 60)}" is neither an airport id (UUID) nor an IATA code`);
  if (refs.length > MAX_MEDIA_BATCH) throw invalidParam('airports', `at most ${MAX_MEDIA_BATCH} airports`);
  if (!refs.length) return [];
  const ids = refs.filter((r) => UUID.test(r)).map((r) => r.toLowerCase());
  const codes = refs.filter((r) => !UUID.test(r)).map((r) => r.toUpperCase());
  const rows = await ctx.db.selectFrom('media_bindings as b')
    .innerJoin('airports as a', 'a.id', 'b.airport_id').innerJoin('media_assets as m', 'm.id', 'b.media_id')
    .select(['a.id as airport_id', 'a.iata', 'm.id', 'm.content_type', 'm.width', 'm.height', 'm.alt_text', 'm.credit', 'm.licence', 'm.placeholder', 'm.created_at'])
    .where((eb) => eb.or([...(ids.length ? [eb('a.id', 'in', ids)] : []), ...(codes.length ? [eb('a.iata', 'in', codes)] : [])]))
    .orderBy('m.created_at').orderBy('m.id').execute();
  const position = (r: { airport_id: string; iata: string }) => refs.findIndex((ref) => ref.toLowerCase() === r.airport_id || ref.toUpperCase() === r.iata);
  return rows.sort((x, y) => position(x) - position(y)).map(({ created_at: _, ...r }) => r);
}
