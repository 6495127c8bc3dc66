/** The SQL of imagery (Kysely): assets with their bindings, pins, and the cover candidates. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { Window } from '../pagination.js';
import type { MediaFilterInput } from './schemas.js';
import { recordVersion } from '../sql/record-version.js';

/** What a reader needs to show an asset: its id, size, describing fields and placeholder. */
export interface MediaSummary {
  id: string;
  content_type: string;
  width: number | null;
  height: number | null;
  alt_text: string | null;
  credit: string | null;
  licence: string | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
}

/** What an asset is bound to. */
export interface MediaBindingsView {
  airports: { id: string; iata: string; name: string }[];
  countries: { code: string; name: string }[];
  companies: { id: string; name: string }[];
}

/** An asset as the admin library shows it. */
export interface MediaView extends MediaSummary {
  filename: string;
  byte_size: number;
  kind: string;
  created_at: Date;
  bindings: MediaBindingsView;
  /** How many articles pin it as their cover. */
  pinned_count: number;
  /** The version of its row and bindings (the admin faces' ETag, decision 0050); pins are the articles' own. */
  record_version: string;
}

const SUMMARY = ['m.id', 'm.content_type', 'm.width', 'm.height', 'm.alt_text', 'm.credit', 'm.licence', 'm.placeholder'] as const;

/** Bindings of each asset of `ids`. */
async function bindingsOf(db: Kysely<DB>, ids: string[]): Promise<Map<string, MediaBindingsView>> {
  const out = new Map<string, MediaBindingsView>(ids.map((id) => [id, { airports: [], countries: [], companies: [] }]));
  if (!ids.length) return out;
  const airports = await db.selectFrom('media_bindings as b').innerJoin('airports as a', 'a.id', 'b.airport_id')
    .select(['b.media_id', 'a.id', 'a.iata', 'a.name']).where('b.media_id', 'in', ids).orderBy('a.iata').execute();
  const countries = await db.selectFrom('media_bindings as b').innerJoin('countries as c', 'c.code', 'b.country_code')
    .select(['b.media_id', 'c.code', 'c.name']).where('b.media_id', 'in', ids).orderBy('c.code').execute();
  const companies = await db.selectFrom('media_bindings as b').innerJoin('companies as c', 'c.id', 'b.company_id')
    .select(['b.media_id', 'c.id', 'c.name']).where('b.media_id', 'in', ids).orderBy('c.name').execute();
  for (const r of airports) out.get(r.media_id)!.airports.push({ id: r.id, iata: r.iata, name: r.name });
  for (const r of countries) out.get(r.media_id)!.countries.push({ code: r.code, name: r.name });
  for (const r of companies) out.get(r.media_id)!.companies.push({ id: r.id, name: r.name });
  return out;
}

const version = recordVersion('m', { links: [{ table: 'media_bindings', key: 'media_id' }] });
const pinnedCount = sql<number>`(select count(*)::int from article_covers ac where ac.media_id = m.id)`;
const bound = sql<boolean>`(exists (select 1 from media_bindings b where b.media_id = m.id) or exists (select 1 from article_covers ac where ac.media_id = m.id))`;

/** Assets of `ids` with their bindings, in the order of `ids` (unknown ids left out). */
export async function loadMediaViews(db: Kysely<DB>, ids: string[]): Promise<MediaView[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('media_assets as m')
    .select([...SUMMARY, 'm.filename', 'm.byte_size', 'm.kind', 'm.created_at', pinnedCount.as('pinned_count'), version.as('record_version')])
    .where('m.id', 'in', ids).execute();
  const bindings = await bindingsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.id, { ...r, bindings: bindings.get(r.id)! }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A window of the library, newest first. */
export async function queryMedia(db: Kysely<DB>, filter: MediaFilterInput, window: Window): Promise<MediaView[]> {
  let q = db.selectFrom('media_assets as m').select('m.id');
  if (filter.unbound !== undefined) q = q.where(filter.unbound ? sql<boolean>`not ${bound}` : bound);
  if (filter.kind) q = q.where('m.kind', '=', filter.kind);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('m.filename', 'ilike', like), eb('m.alt_text', 'ilike', like), eb('m.credit', 'ilike', like)]));
  }
  const ids = await q.orderBy('m.created_at', 'desc').orderBy('m.id').limit(window.limit).offset(window.offset).execute();
  return loadMediaViews(db, ids.map((r) => r.id));
}

/** The article ids and headlines that pin asset `id`. */
export const pinsOf = (db: Kysely<DB>, id: string) =>
  db.selectFrom('article_covers as c').innerJoin('articles as a', 'a.id', 'c.article_id')
    .select(['a.id as article_id', 'a.headline', 'c.pinned_at']).where('c.media_id', '=', id).orderBy('c.pinned_at').execute();

/** Media summaries of `ids`. */
export async function summaries(db: Kysely<DB>, ids: string[]): Promise<Map<string, MediaSummary>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('media_assets as m').select([...SUMMARY]).where('m.id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The cover candidates of each article of `articleIds` that is published (in a published or
 * archived edition): the pinned asset, the first asset bound to one of its airports (by IATA code,
 * then oldest asset), to its country (the article's own, else one of its airports'), to one of its
 * companies (by name). One row per article and rule, the first asset only.
 */
export async function coverCandidates(db: Kysely<DB>, articleIds: string[]) {
  if (!articleIds.length) return [];
  const visible = db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id')
    .select('a.id').where('a.id', 'in', articleIds).where('e.status', 'in', ['published', 'archived']);
  const { rows } = await sql<{ article_id: string; rule: 'pinned' | 'airport' | 'country' | 'company'; media_id: string }>`
    with v as (${visible}),
    pinned as (
      select c.article_id, 'pinned' as rule, c.media_id, 0 as rank from article_covers c join v on v.id = c.article_id
    ),
    by_airport as (
      select distinct on (aa.article_id) aa.article_id, 'airport' as rule, b.media_id, 1 as rank
      from article_airports aa join v on v.id = aa.article_id
      join airports ap on ap.id = aa.airport_id
      join media_bindings b on b.airport_id = aa.airport_id join media_assets m on m.id = b.media_id
      order by aa.article_id, ap.iata, m.created_at, m.id
    ),
    article_countries as (
      select a.id as article_id, a.country_code, 0 as pos from articles a join v on v.id = a.id where a.country_code is not null
      union
      select aa.article_id, ap.country_code, 1 as pos from article_airports aa join v on v.id = aa.article_id join airports ap on ap.id = aa.airport_id
    ),
    by_country as (
      select distinct on (ac.article_id) ac.article_id, 'country' as rule, b.media_id, 2 as rank
      from article_countries ac join media_bindings b on b.country_code = ac.country_code join media_assets m on m.id = b.media_id
      order by ac.article_id, ac.pos, ac.country_code, m.created_at, m.id
    ),
    by_company as (
      select distinct on (x.article_id) x.article_id, 'company' as rule, b.media_id, 3 as rank
      from article_companies x join v on v.id = x.article_id join companies co on co.id = x.company_id
      join media_bindings b on b.company_id = x.company_id join media_assets m on m.id = b.media_id
      order by x.article_id, co.name, m.created_at, m.id
    )
    select distinct on (article_id) article_id, rule, media_id from (
      select * from pinned union all select * from by_airport union all select * from by_country union all select * from by_company
    ) c order by article_id, rank
  `.execute(db);
  return rows;
}
