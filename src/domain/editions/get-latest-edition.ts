/** Reading the latest published edition, with its articles (/api/v1/editions/latest). */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { withAllArticles, type EditionWithArticles } from './edition-articles.js';
import { findLatestPublished } from './repository.js';

/** The most recent published edition (by publish date, then number) with all its articles. @throws DomainError NOT_FOUND when nothing is published */
export async function getLatestEdition(ctx: Ctx): Promise<EditionWithArticles> {
  const edition = await findLatestPublished(ctx.db);
  if (!edition) throw notFound('Published edition');
  return withAllArticles(ctx.db, edition);
}
