/**
 * Creating a company (administrators), with its aliases and parent, audited in the same transaction.
 */
import { adminWrite } from '../admin/admin.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { invalidParam } from '../errors.js';
import { slugify } from '../slug.js';
import { replaceAliases, type CompanyView } from './repository.js';
import type { CompanyCreateInput } from './schemas.js';
import { checkParent, storedCompany } from './write-company.js';

/**
 * Creates a company (slug from the name unless given) and returns it as stored.
 * @throws DomainError UNAUTHENTICATED, FORBIDDEN (not an administrator), VALIDATION (a name without
 *   letters or digits, unknown parent or country), CONFLICT (the name or slug is taken)
 */
export async function createCompany(ctx: Ctx, input: CompanyCreateInput): Promise<CompanyView> {
  return adminWrite(ctx, async (trx, tctx) => {
    const slug = input.slug ?? slugify(input.name);
    if (!slug) throw invalidParam('name', 'needs a letter or a digit (the slug is made from it)');
    if (input.parent_id) await checkParent(trx, input.parent_id);
    const row = await trx.insertInto('companies').values({
      name: input.name.trim(), slug, country_code: input.country_code?.toUpperCase() ?? null, website: input.website ?? null,
      parent_id: input.parent_id ?? null, created_at: tctx.now(),
    }).returning('id').executeTakeFirstOrThrow();
    if (input.aliases) await replaceAliases(trx, row.id, input.name, input.aliases);
    const after = await storedCompany(trx, row.id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'company', entityId: row.id, after });
    return after;
  });
}
