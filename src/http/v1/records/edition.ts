/**
 * The edition record of the /v1 edition (seed 001, section 2): the /api/v1 edition record without
 * the regional highlights and key metrics of the executive summary.
 */
import { Type, type Static } from 'typebox';
import type { EditionView } from '../../../domain/editions/index.js';
import { EditionBase } from '../../records/edition-base.js';
import { component } from '../../schema.js';
import { v1EditionExample } from '../../examples.js';

const FIELDS = ['id', 'number', 'publish_date', 'status', 'summary', 'top_developments', 'key_trends', 'article_count'] as const;

export const Edition = component('V1Edition', Type.Pick(EditionBase, FIELDS, { title: 'Edition' }), v1EditionExample);
export type Edition = Static<typeof Edition>;

export const presentEdition = (e: EditionView): Edition =>
  Object.fromEntries(FIELDS.map((f) => [f, e[f]])) as Edition;
