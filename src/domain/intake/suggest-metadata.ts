import type { Ctx } from '../context.js';
import { requireAdmin } from '../admin/admin.js';
import type { SuggestMetadataInput } from './schemas.js';
import { suggestMetadataFrom, type MetadataSuggestion } from './suggest-engine.js';
import { loadVocabulary } from './vocabulary.js';

/**
 * Suggests topics, tags, airports, region, country and companies for a text (administrators only);
 * writes nothing. The engine is ./suggest-engine.ts, shared with the inbox pre-screen.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN
 */
export async function suggestMetadata(ctx: Ctx, input: SuggestMetadataInput): Promise<MetadataSuggestion> {
  requireAdmin(ctx.identity);
  return suggestMetadataFrom(await loadVocabulary(ctx.db), input.text, input.headline ?? '');
}
