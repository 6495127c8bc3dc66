/** Reading one edition by issue number, with its articles (/api/v1/editions/{number}). */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { readableStatuses } from './get-edition.js';
import { withAllArticles, type EditionWithArticles } from './edition-articles.js';
import { findEditionByNumber } from './repository.js';

/**
 * The edition with issue `number` and all its articles in edition order: published and archived
 * editions for everyone, drafts for admins only. @throws DomainError NOT_FOUND
 */
export async function getEditionByNumber(ctx: Ctx, number: number): Promise<EditionWithArticles> {
  const edition = await findEditionByNumber(ctx.db, number, readableStatuses(ctx));
  if (!edition) throw notFound(`Edition ${number}`);
  return withAllArticles(ctx.db, edition);
}
