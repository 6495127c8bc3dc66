/**
 * Replacing the companies of a tender (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { CompanySetInput } from '../shared/link-refs.js';
import { replaceTenderCompanies, writeTenderLinks, type TenderLinks } from './links.js';

/**
 * Sets the companies (ids, names or aliases), for tender `id`. Returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown company, naming `companies`)
 */
export async function setTenderCompanies(ctx: Ctx, id: string, input: CompanySetInput): Promise<TenderLinks> {
  return writeTenderLinks(ctx, id, (trx) => replaceTenderCompanies(trx, id, input.companies));
}
