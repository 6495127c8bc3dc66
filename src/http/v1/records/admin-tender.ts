/**
 * The tender record of `/v1/admin` (any state): the /v1 tender's fields plus what an editor writes
 * and checks (main airport id, converted value, whether readers see it, bidders with outcomes); and
 * the record of its links (`GET /v1/admin/tenders/{id}/links`).
 */
import { Type, type Static } from 'typebox';
import { BIDDER_OUTCOMES, type TenderLinks, type TenderView } from '../../../domain/tenders/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';
import { adminTenderExample, tenderLinksExample } from '../admin/examples.js';
import { presentTender, Tender } from './tender.js';
import { RecordVersion } from '../admin/preconditions.js';

const Term = Type.Object({ slug: Type.String(), name: Type.String() });

export const AdminTender = component('V1AdminTender', Type.Object({
  ...Tender.properties,
  airport_id: Nullable(Type.String({ format: 'uuid', description: 'The main airport' })),
  value_usd: Nullable(Type.Integer({ description: 'Whole US dollars' })),
  published: Type.Boolean({ description: 'Whether readers see it (the admin read shows every tender)' }),
  updated_at: Type.String({ format: 'date-time' }),
  version: RecordVersion,
  bidders: Type.Array(Type.Object({ name: Type.String(), outcome: StringEnum(BIDDER_OUTCOMES) }), { description: 'By name; writable back as `bidders`' }),
}, { title: 'AdminTender' }), adminTenderExample);
export type AdminTender = Static<typeof AdminTender>;

export const presentAdminTender = (t: TenderView): AdminTender => ({
  ...presentTender(t),
  airport_id: t.airport_id,
  value_usd: t.value_usd,
  published: t.published,
  updated_at: t.updated_at.toISOString(),
  version: t.record_version,
  bidders: t.bidders as AdminTender['bidders'],
});

export const TenderLinksRecord = component('V1AdminTenderLinks', Type.Object({
  airports: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }), iata_code: Type.String(), name: Type.String(),
    is_main: Type.Boolean({ description: "The tender's main airport (sets its country and region)" }),
  }), { description: 'The main airport first' }),
  companies: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
  topics: Type.Array(Term, { description: 'The categories' }),
  tags: Type.Array(Term),
}, { title: 'AdminTenderLinks' }), tenderLinksExample);

export const presentTenderLinks = (l: TenderLinks): Static<typeof TenderLinksRecord> => l;
