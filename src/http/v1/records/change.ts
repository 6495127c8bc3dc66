/**
 * The change feed's page of the /v1 edition (docs/changes.md): `{ changes, next_cursor }`.
 */
import { Type, type Static } from 'typebox';
import { CHANGE_OPS, CHANGE_TYPES, type Change as ChangeValue, type ChangePage as ChangePageValue } from '../../../domain/changes/index.js';
import { StringEnum, component } from '../../schema.js';

const changeExample = {
  cursor: 'eyJrIjoxLCJ2Ijo0MTIsInMiOjkwMzF9',
  type: 'projects',
  id: '0f5c8a8e-2d5b-4a7e-9b61-3c2f1d0e9a77',
  op: 'updated',
  changed_at: '2026-11-20T14:03:11.000Z',
  changed_fields: ['status', 'value_amount'],
};

export const Change = component('V1Change', Type.Object({
  cursor: Type.String({ description: 'Opaque: resume right after this change with since=<cursor>' }),
  type: StringEnum(CHANGE_TYPES),
  id: Type.String({ format: 'uuid' }),
  op: StringEnum(CHANGE_OPS, { description: 'created: the record appeared for you (new, published, or entered your preview); updated; deleted: gone, unpublished, or out of your scope' }),
  changed_at: Type.String({ format: 'date-time' }),
  changed_fields: Type.Array(Type.String(), { description: 'Stored fields an update changed (links: topics, tags, airports, companies, bidders, articles, projects, edition); [] for created and deleted' }),
}, { title: 'Change' }), changeExample);
export type Change = Static<typeof Change>;

export const ChangePage = component('V1ChangePage', Type.Object({
  changes: Type.Array(Change),
  next_cursor: Type.String({ description: 'Where the next page starts (also when this page was empty): store it, ask again with since=<next_cursor>' }),
}, { title: 'Change page' }), { changes: [changeExample], next_cursor: 'eyJrIjoxLCJ2Ijo0MTIsInMiOjkwMzF9' });
export type ChangePage = Static<typeof ChangePage>;

const presentChange = (c: ChangeValue): Change => ({ ...c, changed_at: c.changed_at.toISOString() });

export const presentChangePage = (p: ChangePageValue): ChangePage => ({ changes: p.changes.map(presentChange), next_cursor: p.next_cursor });
