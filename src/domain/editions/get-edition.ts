/** Reading one edition by id: published and archived editions for everyone, drafts for administrators only. */
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { findEdition, type EditionView } from './repository.js';
import type { EditionStatus } from './schemas.js';

/** Statuses of editions the caller may open: administrators also see drafts. */
export const readableStatuses = (ctx: Ctx): EditionStatus[] =>
  ctx.identity?.isAdmin ? ['published', 'archived', 'draft'] : ['published', 'archived'];

/**
 * The edition with `id` (published and archived for everyone, drafts for admins only), without its
 * articles (/v1/editions/{id}). @throws DomainError NOT_FOUND
 */
export async function getEdition(ctx: Ctx, id: string): Promise<EditionView> {
  const edition = await findEdition(ctx.db, { id }, readableStatuses(ctx));
  if (!edition) throw notFound(`Edition ${id}`);
  return edition;
}

/**
 * The edition with issue `number` (published and archived for everyone, drafts for admins only),
 * without its articles (/v1/editions/by-number/{number}: the reader's `/editions/{number}` page).
 * @throws DomainError NOT_FOUND
 */
export async function getEditionOfNumber(ctx: Ctx, number: number): Promise<EditionView> {
  const edition = await findEdition(ctx.db, { number }, readableStatuses(ctx));
  if (!edition) throw notFound(`Edition ${number}`);
  return edition;
}
