/** Publishing an edition (administrators; audited as `publish`). */
import type { Ctx } from '../context.js';
import type { EditionView } from './repository.js';
import { updateEdition } from './update-edition.js';

/**
 * Publishes an edition (a draft or an archived one) and recomputes its rollups, audited once as
 * `publish`. Idempotent: publishing an edition that is already published (also by a concurrent
 * call, which waits for the first on the edition's row lock) returns it unchanged, with no second
 * recompute and no second audit entry. @throws DomainError NOT_FOUND
 */
export const publishEdition = (ctx: Ctx, id: string): Promise<EditionView> => updateEdition(ctx, id, { status: 'published' }, 'publish');

