/**
 * Replacing the terms of a tender (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { TermSetInput } from '../shared/link-refs.js';
import { replaceTermLinks, writeLinks } from '../links/index.js';
import type { TenderLinks } from './get-tender-links.js';

/**
 * Sets the topics (categories; slugs or names) and tags (unknown tags are created); a list left out keeps its links, for tender `id`. Returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown topic, naming `topics`)
 */
export async function setTenderTerms(ctx: Ctx, id: string, input: TermSetInput): Promise<TenderLinks> {
  return writeLinks(ctx, 'tender', id, (trx) => replaceTermLinks(trx, 'tender', id, input)) as Promise<TenderLinks>;
}
