/**
 * Replacing the topics and tags of a project (administrators), audited.
 */
import type { Ctx } from '../context.js';
import type { TermSetInput } from '../shared/link-refs.js';
import { replaceTermLinks, writeLinks } from '../links/index.js';
import type { ProjectLinks } from './get-project-links.js';

/**
 * Sets the topics and tags of project `id` (slugs or names; unknown tags are created); a list left
 * out keeps its links. Returns the links as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), NOT_FOUND, VALIDATION (an unknown topic, naming `topics`)
 */
export async function setProjectTerms(ctx: Ctx, id: string, input: TermSetInput): Promise<ProjectLinks> {
  return writeLinks(ctx, 'project', id, (trx) => replaceTermLinks(trx, 'project', id, input)) as Promise<ProjectLinks>;
}
