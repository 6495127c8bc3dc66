/** Publishing an edition (administrators; audited as `publish`). */
import type { Ctx } from '../context.js';
import type { EditionView } from './repository.js';
import { updateEdition } from './update-edition.js';

/** Publishes an edition (whatever its status) and recomputes its rollups. @throws DomainError NOT_FOUND */
export const publishEdition = (ctx: Ctx, id: string): Promise<EditionView> => updateEdition(ctx, id, { status: 'published' }, 'publish');

