/**
 * The edition record of the /api/v1 edition: its schema (with the executive summary) and how an
 * `EditionView` is presented.
 */
import { Type, type Static } from 'typebox';
import type { EditionView } from '../../../domain/editions/index.js';
import { pick } from '../../records/pick.js';
import { EditionBase } from '../../records/edition-base.js';
import { Article } from './article.js';
import { component } from '../../schema.js';
import { editionExample } from '../../examples.js';

export const Edition = component('ApiV1Edition', EditionBase, editionExample);
export type Edition = Static<typeof Edition>;

export const EditionWithArticles = component('ApiV1EditionWithArticles', Type.Intersect([Edition, Type.Object({ articles: Type.Array(Article) })]));

/** An edition in this edition's words. */
export function presentEdition(e: EditionView): Edition {
  return {
    ...pick(e, 'id', 'number', 'publish_date', 'status', 'summary', 'top_developments', 'key_trends', 'regional_highlights', 'key_metrics', 'article_count'),
  };
}
