/**
 * Replacing the companies of a project (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { ProjectCompanySetInput } from '../shared/link-refs.js';
import { replaceCompanyLinks, writeLinks } from '../links/index.js';
import type { ProjectLinks } from './get-project-links.js';

/**
 * Sets the companies of project `id` (each by id, name or alias, with its role) to `input.companies`.
 * Returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown company, naming `companies`)
 */
export async function setProjectCompanies(ctx: Ctx, id: string, input: ProjectCompanySetInput): Promise<ProjectLinks> {
  return writeLinks(ctx, 'project', id, (trx) => replaceCompanyLinks(trx, 'project', id, input.companies)) as Promise<ProjectLinks>;
}
