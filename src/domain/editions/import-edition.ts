/**
 * Importing a past newsletter issue (administrators; audited once as the edition's `create`): a
 * paste (parse-import.ts) becomes an **archived** edition with its articles. Idempotent on the
 * issue number: when an edition of that number exists, nothing is written and it is returned with
 * `created: false`. Entities are resolved value by value against the vocabularies (the resolvers
 * of src/domain/admin/taxonomy.ts); a value that resolves to nothing is left out and reported in
 * `unresolved`, never a reason to refuse the issue.
 */
import { adminWrite } from '../admin/admin.js';
import { resolveAirports, resolveCountry, resolveRegion, resolveTopics } from '../sql/vocabulary.js';
import { resolveCompanies } from '../companies/index.js';
import { insertArticle } from '../articles/index.js';
import { recordAudit } from '../audit/audit-log.js';
import type { Ctx } from '../context.js';
import { DomainError, invalidParam } from '../errors.js';
import { slugify } from '../slug.js';
import { findEditionByNumber, jsonb, loadEdition, type EditionView } from './repository.js';
import { parseImport } from './parse-import.js';
import type { EditionImportInput } from './schemas.js';

/** A value of an imported article that matched nothing in the vocabularies. */
export interface UnresolvedValue {
  /** 0-based position of the article in the import */
  article: number;
  headline: string;
  field: 'airports' | 'topics' | 'companies' | 'country' | 'region';
  value: string;
  reason: string;
}

/** What an import did. */
export interface ImportResult {
  edition: EditionView;
  /** false: an edition of that number existed; nothing was written */
  created: boolean;
  format: 'json' | 'text';
  articles: number;
  unresolved: UnresolvedValue[];
}

/**
 * Imports a pasted issue as an archived edition (see the file comment). `number` and
 * `publish_date` of the input win over what the paste says. With `dry_run` the import runs in its
 * transaction and is rolled back: the report is what the import would do, nothing is written or audited.
 * @throws DomainError VALIDATION naming `content` (nothing readable), `number` or `publish_date`
 * (found nowhere); CONFLICT when a concurrent import of the same number commits first
 */
export async function importEdition(ctx: Ctx, input: EditionImportInput): Promise<ImportResult> {
  const parsed = parseImport(input.content);
  const number = input.number ?? parsed.number;
  if (number === null || number === undefined) throw invalidParam('number', 'no issue number in the paste; send number');
  const publishDate = input.publish_date ?? parsed.publish_date;
  // A dry run is adminWrite's (decision 0026): every step runs, then the transaction is rolled back.
  const writeCtx = input.dry_run && ctx.identity ? { ...ctx, identity: { ...ctx.identity, dryRun: true as const } } : ctx;
  return adminWrite(writeCtx, async (trx, tctx) => {
    const existing = await findEditionByNumber(trx, number, ['draft', 'published', 'archived']);
    if (existing) return { edition: existing, created: false, format: parsed.format, articles: existing.article_count, unresolved: [] };
    if (!publishDate) throw invalidParam('publish_date', 'no date in the paste; send publish_date');
    const row = await trx.insertInto('editions').values({
      number, publish_date: publishDate, status: 'archived', summary: parsed.summary,
      top_developments: jsonb(parsed.top_developments), key_trends: jsonb(parsed.key_trends),
      regional_highlights: jsonb(parsed.regional_highlights), key_metrics: jsonb(parsed.key_metrics), published_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    const unresolved: UnresolvedValue[] = [];
    for (const [index, a] of parsed.articles.entries()) {
      const note = (field: UnresolvedValue['field'], value: string, e: unknown) => {
        if (!(e instanceof DomainError) || e.code !== 'VALIDATION') throw e;
        unresolved.push({ article: index, headline: a.headline, field, value, reason: e.message });
      };
      const keep = async (field: 'airports' | 'topics' | 'companies', values: string[], resolve: (v: string) => Promise<unknown>) => {
        const ok: string[] = [];
        for (const v of values) {
          try { await resolve(v); ok.push(v); } catch (e) { note(field, v, e); }
        }
        return ok;
      };
      const one = async (field: 'country' | 'region', value: string | null, resolve: (v: string) => Promise<unknown>) => {
        if (value === null) return undefined;
        try { await resolve(value); return value; } catch (e) { note(field, value, e); return undefined; }
      };
      const country = await one('country', a.country, (v) => resolveCountry(trx, v));
      const region = await one('region', a.region, (v) => resolveRegion(trx, v));
      await insertArticle(trx, {
        edition_id: row.id,
        headline: a.headline,
        content: a.content,
        takeaways: a.takeaways.slice(0, 100),
        why_it_matters: a.why_it_matters,
        ...(country ? { country } : {}),
        ...(region ? { region } : {}),
        airports: await keep('airports', a.airports.slice(0, 100), (v) => resolveAirports(trx, [v])),
        topics: await keep('topics', a.topics.slice(0, 100), (v) => resolveTopics(trx, [v])),
        tags: a.tags.filter((t) => slugify(t)).slice(0, 100),
        companies: await keep('companies', a.companies.slice(0, 100), (v) => resolveCompanies(trx, [v])),
        source_name: a.source_name?.slice(0, 300) ?? null,
        source_url: a.source_url && /^https?:\/\/\S+$/.test(a.source_url) ? a.source_url.slice(0, 2000) : null,
        sort_order: index + 1,
      }, tctx.now());
    }
    const edition = await loadEdition(trx, row.id);
    await recordAudit(trx, tctx, { action: 'create', entity: 'edition', entityId: row.id, after: { ...edition, imported: { format: parsed.format, articles: parsed.articles.length, unresolved } } });
    return { edition, created: true, format: parsed.format, articles: parsed.articles.length, unresolved };
  });
}
