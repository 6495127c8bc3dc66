/** Changing an asset's describing fields and bindings (administrators; audited). */
import { adminWrite } from '../admin/admin.js';
import { checkIfMatch, type IfMatch } from '../admin/preconditions.js';
import { recordUpdate } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam, notFound } from '../errors.js';
import { loadMediaDetail, type MediaDetail } from './get-media.js';
import type { MediaPatchInput } from './schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Updates alt text, credit and licence (those given; `null` clears) and replaces each binding list
 * given (airports by id or IATA code, countries by ISO code, companies by id).
 * @param options.ifMatch the versions (`record_version`) the change was made from; another one is refused
 * @throws DomainError NOT_FOUND (asset), VALIDATION (an airport, country or company that does not
 * exist, named by its field), CONFLICT (the asset or its bindings changed since the version
 * `options.ifMatch` names: decision 0050), UNAUTHENTICATED, FORBIDDEN
 */
export async function updateMedia(ctx: Ctx, id: string, patch: MediaPatchInput, options: { ifMatch?: IfMatch } = {}): Promise<MediaDetail> {
  return adminWrite(ctx, async (trx, tctx) => {
    const locked = await trx.selectFrom('media_assets').select('id').where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
    if (!locked) throw notFound('Media asset');
    const before = await loadMediaDetail(tctx, id);
    checkIfMatch(`Media asset ${id}`, before.record_version, options.ifMatch);
    const fields = Object.fromEntries((['alt_text', 'credit', 'licence'] as const).filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]));
    if (Object.keys(fields).length) await trx.updateTable('media_assets').set(fields).where('id', '=', id).execute();
    if (patch.airports) {
      const refs = patch.airports.map((r) => r.trim());
      const ids = refs.filter((r) => UUID.test(r));
      const codes = refs.filter((r) => !UUID.test(r)).map((r) => r.toUpperCase());
      const found = refs.length
        ? await trx.selectFrom('airports').select(['id', 'iata']).where((eb) => eb.or([
          ...(ids.length ? [eb('id', 'in', ids)] : []), ...(codes.length ? [eb('iata', 'in', codes)] : []),
        ])).execute()
        : [];
      const missing = refs.find((r) => !found.some((a) => a.id === r.toLowerCase() || a.iata === r.toUpperCase()));
      if (missing) throw invalidParam('airports', `no airport "${missing}"`);
      await trx.deleteFrom('media_bindings').where('media_id', '=', id).where('airport_id', 'is not', null).execute();
      const unique = [...new Set(found.map((a) => a.id))];
      if (unique.length) await trx.insertInto('media_bindings').values(unique.map((airport_id) => ({ media_id: id, airport_id }))).execute();
    }
    if (patch.countries) {
      const codes = [...new Set(patch.countries.map((c) => c.toUpperCase()))];
      const found = codes.length ? await trx.selectFrom('countries').select('code').where('code', 'in', codes).execute() : [];
      const missing = codes.find((c) => !found.some((f) => f.code === c));
      if (missing) throw invalidParam('countries', `no country "${missing}"`);
      await trx.deleteFrom('media_bindings').where('media_id', '=', id).where('country_code', 'is not', null).execute();
      if (codes.length) await trx.insertInto('media_bindings').values(codes.map((country_code) => ({ media_id: id, country_code }))).execute();
    }
    if (patch.companies) {
      const ids = [...new Set(patch.companies.map((c) => c.toLowerCase()))];
      const found = ids.length ? await trx.selectFrom('companies').select('id').where('id', 'in', ids).execute() : [];
      const missing = ids.find((c) => !found.some((f) => f.id === c));
      if (missing) throw invalidParam('companies', `no company "${missing}"`);
      await trx.deleteFrom('media_bindings').where('media_id', '=', id).where('company_id', 'is not', null).execute();
      if (ids.length) await trx.insertInto('media_bindings').values(ids.map((company_id) => ({ media_id: id, company_id }))).execute();
    }
    const after = await loadMediaDetail(tctx, id);
    await recordUpdate(trx, tctx, 'media', id, before, after);
    return after;
  });
}
