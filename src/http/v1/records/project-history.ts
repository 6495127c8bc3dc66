/**
 * A project's history of the /v1 edition: `{ history: [...] }`, oldest first.
 */
import { Type, type Static } from 'typebox';
import { HISTORY_FIELDS, type ProjectHistoryEntry } from '../../../domain/projects/index.js';
import { Nullable, StringEnum, component } from '../../schema.js';

const StatedValue = component('V1StatedValue', Type.Object({
  amount: Nullable(Type.Integer({ description: 'As stated, in currency units' })),
  currency: Nullable(Type.String({ description: 'ISO 4217' })),
  basis: Nullable(Type.String({ description: 'estimated, budget, contract, announced' })),
}, { title: 'Stated value' }), { amount: 14_000_000_000, currency: 'GBP', basis: 'estimated' });

const Value = Nullable(Type.Union([Type.String(), Type.Integer(), StatedValue]));

export const HistoryEntry = component('V1ProjectHistoryEntry', Type.Object({
  field: StringEnum(HISTORY_FIELDS, { description: 'status, value (amount, currency and basis together), expected_completion_year, contractor or title' }),
  changed_at: Type.String({ format: 'date-time' }),
  previous: Value,
  new: Value,
  edition: Nullable(Type.Object({ id: Type.String({ format: 'uuid' }), number: Type.Integer() }, { description: 'The edition that reported it, when known' })),
  article: Nullable(Type.Object({ id: Type.String({ format: 'uuid' }), headline: Type.String() }, { description: 'The article that reported it, when known' })),
}, { title: 'Project history entry' }), {
  field: 'status', changed_at: '2026-10-02T08:00:00.000Z', previous: 'planned', new: 'ongoing',
  edition: { id: '5b0c7a8e-1d2f-4e3a-9b4c-6d7e8f9a0b1c', number: 212 }, article: { id: '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918', headline: 'Heathrow starts work on the third runway' },
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const ProjectHistory = component('V1ProjectHistory', Type.Object({ history: Type.Array(HistoryEntry) }, { title: 'Project history' }));

export const presentHistory = (entries: ProjectHistoryEntry[]) => ({
  history: entries.map((e) => ({ ...e, changed_at: e.changed_at.toISOString() })),
});
