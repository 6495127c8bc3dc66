/**
 * The edition record both editions share (seed 000 and seed 001, section 2): the neutral home of
 * the full schema, with the executive summary. /api/v1 presents it whole; /v1 picks its fields.
 */
import { Type, type Static } from 'typebox';

/** An edition with its executive summary (regional highlights, key metrics). */
export const EditionBase = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.Integer({ description: 'Issue number' }),
  publish_date: Type.String({ format: 'date' }),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')]),
  summary: Type.String({ description: 'Executive summary' }),
  top_developments: Type.Array(Type.String()),
  key_trends: Type.Array(Type.String()),
  regional_highlights: Type.Array(Type.Object({ region: Type.String(), highlight: Type.String() })),
  key_metrics: Type.Array(
    Type.Object({ label: Type.String(), value: Type.String(), context: Type.Optional(Type.String()) }),
  ),
  article_count: Type.Integer(),
});
export type EditionBase = Static<typeof EditionBase>;
