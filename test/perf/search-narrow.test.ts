/**
 * The narrow search table (migration 0020, decision 0042): a text search reads `article_search`
 * instead of `articles join editions`, and must give the same first page, the same order and the
 * same total as the ranked query of before (written out here) — on the sample data, and after each
 * change that the triggers must carry over: a headline edited, an edition archived and published
 * again, its date moved, an article's order changed, an article deleted, a new article, an article
 * moved to another edition. Also with `year` and `include_events`, and with a filter the narrow
 * table cannot answer (the wide query serves it, same answer).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { countArticles, findArticles, type ArticleFilter } from '../../src/domain/articles/search-engine.js';
import { makeArticle, makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ sample: true });
});
after(() => h.close());

/** Today's ranking before issue 31: ids of the first `limit` matches and their number. */
async function reference(filter: ArticleFilter & { q: string }, limit = 20): Promise<{ ids: string[]; total: number }> {
  const statuses = filter.editionStatuses ?? ['published'];
  const kinds = filter.kinds ?? ['article'];
  const year = filter.year === undefined ? sql`true` : sql`extract(year from e.publish_date) = ${filter.year}`;
  const where = sql`e.status in (${sql.join(statuses)}) and a.kind in (${sql.join(kinds)}) and ${year}
    and a.search_vector @@ websearch_to_tsquery('english', ${filter.q})`;
  const { rows } = await sql<{ id: string }>`select a.id from articles a join editions e on e.id = a.edition_id where ${where}
    order by ts_rank(a.search_vector, websearch_to_tsquery('english', ${filter.q})) desc, e.publish_date desc, a.sort_order, a.id limit ${limit}`.execute(h.database.db);
  const { rows: n } = await sql<{ n: number }>`select count(*)::int as n from articles a join editions e on e.id = a.edition_id where ${where}`.execute(h.database.db);
  return { ids: rows.map((r) => r.id), total: n[0]!.n };
}

const QUERIES = ['airport', 'runway expansion', '"new terminal"', 'terminal OR cargo', 'airport -runway', 'sustainable aviation fuel', 'zyzzyva'];

async function assertSameAsReference(label: string, extra: Partial<ArticleFilter> = {}) {
  for (const q of QUERIES) {
    const filter = { ...extra, q };
    const want = await reference(filter);
    const page = await findArticles(h.database.db, filter, { limit: 20, offset: 0 });
    assert.deepEqual(page.items.map((a) => a.id), want.ids, `${label}: first page of ${q}`);
    assert.equal(page.total, want.total, `${label}: total of ${q}`);
    // The /v1 search reads without a total (`counted: false`): the same page, and no count made.
    const uncounted = await findArticles(h.database.db, filter, { limit: 20, offset: 0, counted: false });
    assert.deepEqual(uncounted.items.map((a) => a.id), want.ids, `${label}: first page of ${q}, uncounted`);
    assert.ok(Number.isNaN(uncounted.total), `${label}: ${q} read uncounted reports no total`);
  }
}

const narrowRows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from article_search`.execute(h.database.db)).rows[0]!.n);
const articleRows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from articles`.execute(h.database.db)).rows[0]!.n);

describe('text search through the narrow table', () => {
  it('gives the ranking of before on the sample, for every status scope, year and kind', async () => {
    assert.equal(await narrowRows(), await articleRows(), 'one narrow row per article');
    assert.ok((await reference({ q: 'airport' })).total > 5, 'the sample has matches');
    await assertSameAsReference('sample');
    await assertSameAsReference('published and archived', { editionStatuses: ['published', 'archived'] });
    await assertSameAsReference('with events', { kinds: ['article', 'event'] });
    const { rows } = await sql<{ y: number }>`select extract(year from publish_date)::int as y from editions where status = 'published' limit 1`.execute(h.database.db);
    await assertSameAsReference('one year', { year: rows[0]!.y });
  });

  it('follows every change the triggers carry: headline, edition status and date, order, delete, insert, move', async () => {
    const db = h.database.db;
    const first = (await reference({ q: 'airport' })).ids;
    await db.updateTable('articles').set({ headline: 'Zyzzyva airport runway plan' }).where('id', '=', first[3]!).execute();
    await assertSameAsReference('headline edited');
    assert.deepEqual((await findArticles(db, { q: 'zyzzyva' }, { limit: 5, offset: 0 })).items.map((a) => a.id), [first[3]]);

    const edition = await db.selectFrom('articles').select('edition_id').where('id', '=', first[0]!).executeTakeFirstOrThrow();
    await db.updateTable('editions').set({ status: 'archived' }).where('id', '=', edition.edition_id).execute();
    await assertSameAsReference('edition archived');
    await assertSameAsReference('edition archived, archive scope', { editionStatuses: ['published', 'archived'] });
    await db.updateTable('editions').set({ status: 'published', publish_date: '2019-01-02' }).where('id', '=', edition.edition_id).execute();
    await assertSameAsReference('edition published again, date moved');

    await db.updateTable('articles').set({ sort_order: 999 }).where('id', '=', first[1]!).execute();
    await assertSameAsReference('order changed');
    await db.deleteFrom('articles').where('id', '=', first[2]!).execute();
    await assertSameAsReference('article deleted');
    assert.equal(await narrowRows(), await articleRows());

    const other = await makeEdition(h);
    const made = await makeArticle(h, { edition_id: other.id, headline: 'Zyzzyva airport opens a second zyzzyva terminal' });
    await assertSameAsReference('article added');
    await db.updateTable('articles').set({ edition_id: edition.edition_id }).where('id', '=', made.id).execute();
    await assertSameAsReference('article moved to another edition');
    assert.equal(await narrowRows(), await articleRows());
  });

  it('skips the count of a list read without a total, with the same window of the same order', async () => {
    const db = h.database.db;
    for (const filter of [{}, { q: 'airport' }, { q: 'airport', kinds: ['article', 'event'] }] as ArticleFilter[]) {
      const counted = await findArticles(db, filter, { limit: 7, offset: 3 });
      const uncounted = await findArticles(db, filter, { limit: 7, offset: 3, counted: false });
      assert.ok(counted.items.length > 0 && counted.total > 10, `the sample has more than a window of ${JSON.stringify(filter)}`);
      assert.equal(counted.total, await countArticles(db, filter));
      assert.deepEqual(uncounted.items.map((a) => a.id), counted.items.map((a) => a.id), JSON.stringify(filter));
      assert.ok(Number.isNaN(uncounted.total), `${JSON.stringify(filter)}: no total when none is asked for`);
    }
  });

  it('answers a filter the narrow table cannot (terms) through the wide query, with the same page', async () => {
    const filter = { q: 'airport', allTerms: ['terminals'] };
    const wide = await findArticles(h.database.db, filter, { limit: 20, offset: 0 });
    assert.equal(wide.total, await countArticles(h.database.db, filter));
    const uncounted = await findArticles(h.database.db, filter, { limit: 20, offset: 0, counted: false });
    assert.deepEqual(uncounted.items.map((a) => a.id), wide.items.map((a) => a.id));
    assert.ok(Number.isNaN(uncounted.total));
  });
});
