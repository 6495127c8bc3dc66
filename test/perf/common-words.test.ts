/**
 * The common words' postings (migration 0030, decision 0061): a one-word query for a common word,
 * read without a total, takes its window off the word's postings, and must give exactly the window
 * of the ranked query of before (written out here) — for windows the postings fill and for those
 * they do not (the engine then ranks the matches), after a refresh and after every change the
 * triggers must carry: a headline edited, an edition archived and published again with its date
 * moved, an article's order changed, an article deleted, a new article, an article moved. The
 * postings must always be exactly the matches that sort at or before the word's floor. On the
 * sample with a threshold of a few articles and five postings a word (the service's are 5 000 and
 * 1 000).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types.js';
import { commonWordOf, findArticles, refreshCommonWords, REFRESH_COMMON_WORDS_JOB } from '../../src/domain/articles/index.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { adminCtx, makeArticle, makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { callers, ok, type Callers } from '../v1/helpers.js';

let h: Harness;
let who: Callers;
before(async () => {
  h = await startHarness({ sample: true });
  who = await callers(h);
});
after(() => h.close());

const PER_WORD = 5;
/** About 25 of the sample's words (4 lists 141, and every check below reads every listed word). */
const MIN = 8;

/**
 * The ranked query of before issue 31 (published articles only): the ids in order. `q` is the
 * query's text, or a listed word's stored tsquery (`{ lexeme }`: a lexeme such as `expans` is not
 * its own query text, it would be stemmed again).
 */
async function reference(db: Kysely<DB>, q: string | { lexeme: string }): Promise<string[]> {
  const query = typeof q === 'string' ? sql`websearch_to_tsquery('english', ${q})` : sql`(select query from search_common_words where lexeme = ${q.lexeme})`;
  const { rows } = await sql<{ id: string }>`
    select a.id from articles a join editions e on e.id = a.edition_id
     where e.status = 'published' and a.kind = 'article' and a.search_vector @@ ${query}
     order by ts_rank(a.search_vector, ${query}) desc, e.publish_date desc, a.sort_order, a.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The listed words and phrases, sorted in JavaScript's order (a database's collation may sort `air traffic` after `airlin`). */
const words = async (db: Kysely<DB>) =>
  (await sql<{ lexeme: string }>`select lexeme from search_common_words`.execute(db)).rows.map((r) => r.lexeme).sort();

/** The word's postings, in the index's order. */
const postings = async (db: Kysely<DB>, lexeme: string) =>
  (await sql<{ article_id: string }>`select article_id from article_search_postings where lexeme = ${lexeme}
     order by rank desc, publish_date desc, sort_order, article_id`.execute(db)).rows.map((r) => r.article_id);

/**
 * For every listed word: its postings are exactly the reference's matches up to the floor's
 * article, and every window (inside the postings, across their end, past them) is the reference's.
 */
async function assertExact(label: string): Promise<void> {
  const db = h.database.db;
  const listed = await words(db);
  assert.ok(listed.length >= 3, `${label}: the sample has common words (${listed.join(', ')})`);
  let queried = 0;
  for (const lexeme of listed) {
    const want = await reference(db, { lexeme });
    // The postings: every match that sorts at or before the floor's key, spelled out part by part.
    const { rows: upToFloor } = await sql<{ id: string }>`
      select m.id from (
        select a.id, ts_rank(a.search_vector, c.query) as rank, e.publish_date, a.sort_order, c.floor_rank, c.floor_date, c.floor_sort_order, c.floor_article_id
          from articles a join editions e on e.id = a.edition_id, search_common_words c
         where c.lexeme = ${lexeme} and e.status = 'published' and a.kind = 'article' and a.search_vector @@ c.query) m
       where m.rank > m.floor_rank or (m.rank = m.floor_rank and (m.publish_date > m.floor_date or (m.publish_date = m.floor_date
             and (m.sort_order < m.floor_sort_order or (m.sort_order = m.floor_sort_order and m.id <= m.floor_article_id)))))
       order by m.rank desc, m.publish_date desc, m.sort_order, m.id`.execute(db);
    const kept = await postings(db, lexeme);
    assert.deepEqual(kept, upToFloor.map((r) => r.id), `${label}: postings of ${lexeme}`);
    assert.deepEqual(kept, want.slice(0, kept.length), `${label}: the postings of ${lexeme} are its first matches`);
    // The engine, for the words whose text is their own query (most: `airport`, not `expans`), and
    // the phrases whose quoted text is (`"intern airport"`).
    const text = lexeme.includes(' ') ? `"${lexeme}"` : lexeme;
    if ((await commonWordOf(db, text)) !== lexeme) continue;
    queried++;
    for (const [limit, offset] of [[3, 0], [2, 2], [PER_WORD, 0], [4, 3], [20, 0], [3, 30]] as const) {
      const page = await findArticles(db, { q: text }, { limit, offset, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), want.slice(offset, offset + limit), `${label}: ${lexeme} limit ${limit} offset ${offset}`);
    }
  }
  assert.ok(queried >= listed.length / 2, `${label}: most words queried (${queried} of ${listed.length})`);
}

describe('common words read from their postings', () => {
  it('chooses the words in enough published articles and keeps each one\'s first matches', async () => {
    const ctx = await adminCtx(h);
    assert.deepEqual(await words(h.database.db), [], 'no word is common before a refresh');
    const report = await refreshCommonWords(ctx, { minArticles: MIN, postingsPerWord: PER_WORD });
    assert.ok(report.added.length >= 3 && report.added.every((w) => w.articles >= MIN), JSON.stringify(report.added));
    assert.deepEqual(report.added.map((w) => w.lexeme).sort(), await words(h.database.db));
    const expected = report.added.reduce((n, w) => n + Math.min(w.articles, PER_WORD), 0);
    assert.equal(report.postings, expected, 'five postings a word, or all its matches when fewer');
    assert.ok(report.added.some((w) => w.lexeme === 'airport'));
    await assertExact('after the first refresh');
    // The query's spellings all reach the word; two words, a phrase and another scope do not.
    assert.equal(await commonWordOf(h.database.db, 'Airports'), 'airport');
    assert.equal(await commonWordOf(h.database.db, '"airport"'), 'airport');
    assert.equal(await commonWordOf(h.database.db, 'airport terminal'), undefined);
    assert.equal(await commonWordOf(h.database.db, 'zyzzyva'), undefined);
  });

  it('reads a full window off the postings (shown by a posting moved), and ranks the matches for the rest', async () => {
    const db = h.database.db;
    const kept = await postings(db, 'airport');
    const fifth = kept[4]!;
    // Inside a transaction that is rolled back: the fifth posting raised to the top shows that the
    // engine read the postings for a window they fill, and ranked the matches for one they do not.
    await db.transaction().execute(async (trx) => {
      await sql`update article_search_postings set rank = rank + 100 where lexeme = 'airport' and article_id = ${fifth}`.execute(trx);
      const inside = await findArticles(trx, { q: 'airport' }, { limit: 3, offset: 0, counted: false });
      assert.equal(inside.items[0]?.id, fifth, 'a window inside the postings comes off them');
      const across = await findArticles(trx, { q: 'airport' }, { limit: 3, offset: 4, counted: false });
      assert.deepEqual(across.items.map((a) => a.id), (await reference(trx, 'airport')).slice(4, 7), 'a window across their end is ranked');
      const counted = await findArticles(trx, { q: 'airport' }, { limit: 3, offset: 0 });
      assert.notEqual(counted.items[0]?.id, fifth, 'a counted window (the /api/v1 search) ranks the matches');
      const archived = await findArticles(trx, { q: 'airport', editionStatuses: ['published', 'archived'] }, { limit: 3, offset: 0, counted: false });
      assert.notEqual(archived.items[0]?.id, fifth, 'another scope ranks the matches');
      throw new Error('roll back');
    }).catch((err: Error) => assert.equal(err.message, 'roll back'));
    assert.deepEqual(await postings(db, 'airport'), kept, 'rolled back');
    // Over HTTP, the /v1 search answers the same first page as the ranking of before.
    const res = await ok<{ articles: { id: string }[] }>(h, who.pro, '/v1/search?q=airport&limit=3');
    assert.deepEqual(res.articles.map((a) => a.id), (await reference(db, 'airport')).slice(0, 3));
  });

  it('keeps the postings exact through every change the triggers carry', async () => {
    const db = h.database.db;
    const first = await reference(db, 'airport');
    await db.updateTable('articles').set({ headline: 'Airport airport airport: the airport of airports' }).where('id', '=', first[7]!).execute();
    await assertExact('headline edited');
    assert.equal((await postings(db, 'airport'))[0], first[7], 'the article that now ranks first is the first posting');

    const edition = await db.selectFrom('articles').select('edition_id').where('id', '=', first[0]!).executeTakeFirstOrThrow();
    await db.updateTable('editions').set({ status: 'archived' }).where('id', '=', edition.edition_id).execute();
    await assertExact('edition archived');
    await db.updateTable('editions').set({ status: 'published', publish_date: '2031-01-02' }).where('id', '=', edition.edition_id).execute();
    await assertExact('edition published again, date moved');

    await db.updateTable('articles').set({ sort_order: 999 }).where('id', '=', first[1]!).execute();
    await assertExact('order changed');
    await db.deleteFrom('articles').where('id', '=', first[2]!).execute();
    await assertExact('article deleted');

    const other = await makeEdition(h);
    const made = await makeArticle(h, { edition_id: other.id, headline: 'Airport airport airport airport opens a second airport terminal' });
    await assertExact('article added');
    await db.updateTable('articles').set({ edition_id: edition.edition_id }).where('id', '=', made.id).execute();
    await assertExact('article moved to another edition');
  });

  it('keeps a hyphenated compound as a word: its query is the phrase of the compound and its parts, read from their positions', async () => {
    const db = h.database.db;
    const edition = await makeEdition(h);
    const made: string[] = [];
    const texts = [
      'Zephyrport net-zero plan', 'Net-zero apron at Zephyrport', 'Zephyrport goes net-zero by 2030 net-zero',
      'A net gain: zero emissions and net-zero hangars at Zephyrport', 'Net-zero, net-zero, net-zero', 'Net-zero taxiways',
      'Zephyrport buys net-zero tugs', 'Net-zero: the Zephyrport roadmap', 'Zephyrport net result: zero',
    ];
    for (const [i, headline] of texts.entries()) made.push((await makeArticle(h, { edition_id: edition.id, headline, sort_order: i })).id);
    // A compound whose parts stem otherwise inside it: the lexeme `public-priv` with the parts
    // `public` and `privat` (websearch_to_tsquery of the lexeme would give `'public-priv' <-> 'public'
    // <-> 'priv'`, which matches nothing: until 2026-12-07 it was skipped).
    for (let i = 0; i < MIN; i++) await makeArticle(h, { edition_id: edition.id, headline: `Public-private partnership number ${i + 1}`, sort_order: 20 + i });
    const skipped: string[] = [];
    const report = await refreshCommonWords(await adminCtx(h), {
      minArticles: MIN, postingsPerWord: 3, onWord: (lexeme, change) => { if (change === 'skipped') skipped.push(lexeme); },
    });
    assert.ok(report.added.some((w) => w.lexeme === 'net-zero') || (await words(db)).includes('net-zero'), JSON.stringify(report.added));
    assert.deepEqual(skipped, [], 'every word chosen matches articles');
    assert.ok(report.added.some((w) => w.lexeme === 'public-priv'), `the compound read from its positions is listed: ${JSON.stringify(report.added)}`);
    const { rows: compound } = await sql<{ q: string }>`select query::text as q from search_common_words where lexeme = 'public-priv'`.execute(db);
    assert.deepEqual(compound, [{ q: `'public-priv' <-> 'public' <-> 'privat'` }]);
    for (const q of ['public-private', 'Public-Private', '"public-private"']) assert.equal(await commonWordOf(db, q), 'public-priv', q);
    const partnerships = await reference(db, 'public-private');
    assert.equal(partnerships.length, MIN);
    assert.deepEqual(await postings(db, 'public-priv'), partnerships.slice(0, 3));
    // A quoted phrase with the compound: the compound's phrase and the next word's.
    assert.ok(report.added.some((w) => w.lexeme === 'public-priv partnership'), JSON.stringify(report.added));
    const { rows: phrase } = await sql<{ q: string; anchor: string }>`select query::text as q, anchor from search_common_words where lexeme = 'public-priv partnership'`.execute(db);
    assert.deepEqual(phrase, [{ q: `'public-priv' <-> 'public' <-> 'privat' <-> 'partnership'`, anchor: 'public-priv' }]);
    assert.equal(await commonWordOf(db, '"Public-private partnerships"'), 'public-priv partnership');
    for (const [q, limit, offset] of [['public-private', 3, 0], ['public-private', 4, 2], ['"public-private partnership"', 3, 0], ['"public-private partnership"', 5, 3]] as const) {
      const page = await findArticles(db, { q }, { limit, offset, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), (await reference(db, q)).slice(offset, offset + limit), `${q} limit ${limit} offset ${offset}`);
    }
    assert.equal(report.words, (await words(db)).length);
    const { rows } = await sql<{ q: string }>`select query::text as q from search_common_words where lexeme = 'net-zero'`.execute(db);
    assert.equal(rows[0]?.q, `'net-zero' <-> 'net' <-> 'zero'`);
    for (const q of ['net-zero', 'Net-Zero', '"net-zero"']) assert.equal(await commonWordOf(db, q), 'net-zero', q);
    assert.equal(await commonWordOf(db, 'net zero'), undefined, 'two words are not the compound');
    // The last headline has "net" and "zero" apart, not the compound: not a match.
    const want = await reference(db, 'net-zero');
    assert.equal(want.length, 8);
    assert.ok(!want.includes(made[8]!));
    for (const [limit, offset] of [[3, 0], [2, 1], [5, 0], [8, 0]] as const) {
      const page = await findArticles(db, { q: 'net-zero' }, { limit, offset, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), want.slice(offset, offset + limit), `net-zero limit ${limit} offset ${offset}`);
    }
    // The trigger keeps the compound's postings: a new article that ranks first joins them.
    const first = await makeArticle(h, { edition_id: edition.id, headline: 'Net-zero net-zero net-zero net-zero: Zephyrport net-zero', sort_order: 0 });
    assert.equal((await postings(db, 'net-zero'))[0], first.id);
    assert.deepEqual((await findArticles(db, { q: 'net-zero' }, { limit: 2, offset: 0, counted: false })).items.map((a) => a.id), (await reference(db, 'net-zero')).slice(0, 2));
    await assertExact('with a compound');
  });

  it('keeps a two-word phrase of common words: its query is the phrase, and the quoted phrase reads its postings', async () => {
    const db = h.database.db;
    const edition = await makeEdition(h);
    const made: string[] = [];
    for (let i = 0; i < MIN; i++) {
      made.push((await makeArticle(h, { edition_id: edition.id, headline: `Quokkaport apron works, phase ${i + 1}${i % 3 === 0 ? ': the Quokkaport apron again' : ''}`, sort_order: i })).id);
    }
    // Both words, not side by side: not a match of the phrase.
    const apart = await makeArticle(h, { edition_id: edition.id, headline: 'An apron at Quokkaport', sort_order: 40 });
    const report = await refreshCommonWords(await adminCtx(h), { minArticles: MIN, postingsPerWord: 3 });
    assert.ok(report.added.some((w) => w.lexeme === 'quokkaport apron'), JSON.stringify(report.added));
    const { rows } = await sql<{ q: string; anchor: string }>`select query::text as q, anchor from search_common_words where lexeme = 'quokkaport apron'`.execute(db);
    assert.deepEqual(rows, [{ q: `'quokkaport' <-> 'apron'`, anchor: 'quokkaport' }]);
    assert.equal(await commonWordOf(db, '"Quokkaport aprons"'), 'quokkaport apron');
    assert.equal(await commonWordOf(db, 'Quokkaport apron'), undefined, 'the two words unquoted are not the phrase');
    const want = await reference(db, '"Quokkaport apron"');
    assert.equal(want.length, MIN);
    assert.ok(!want.includes(apart.id));
    assert.deepEqual(await postings(db, 'quokkaport apron'), want.slice(0, 3));
    for (const [limit, offset] of [[3, 0], [2, 1], [5, 0], [MIN, 0]] as const) {
      const page = await findArticles(db, { q: '"Quokkaport apron"' }, { limit, offset, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), want.slice(offset, offset + limit), `phrase limit ${limit} offset ${offset}`);
    }
    // The trigger finds a phrase's postings by its anchor: a headline that loses the phrase loses
    // its posting, and one that ranks first joins them.
    const top = want[0]!;
    await db.updateTable('articles').set({ headline: 'Apron works at Quokkaport' }).where('id', '=', top).execute();
    assert.ok(!(await postings(db, 'quokkaport apron')).includes(top), 'the posting of a headline without the phrase is gone');
    const first = await makeArticle(h, { edition_id: edition.id, headline: 'Quokkaport apron, Quokkaport apron, Quokkaport apron', sort_order: 0 });
    assert.equal((await postings(db, 'quokkaport apron'))[0], first.id);
    assert.deepEqual((await findArticles(db, { q: '"quokkaport apron"' }, { limit: 3, offset: 0, counted: false })).items.map((a) => a.id), (await reference(db, '"Quokkaport apron"')).slice(0, 3));
    await db.deleteFrom('articles').where('id', '=', first.id).execute();
    assert.ok(!(await postings(db, 'quokkaport apron')).includes(first.id), 'a deleted article leaves no posting');
    await assertExact('with a phrase');
  });

  it('keeps a three-word phrase whose two-word phrases are common: the quoted phrase of three reads its postings', async () => {
    const db = h.database.db;
    const edition = await makeEdition(h);
    for (let i = 0; i < MIN; i++) {
      await makeArticle(h, { edition_id: edition.id, headline: `Wombatport taxiway lights renewed, phase ${i + 1}${i % 4 === 0 ? ': Wombatport taxiway lights again' : ''}`, sort_order: i });
    }
    // Both two-word phrases, never the three words in a row: a match of neither three-word query.
    const pairs: string[] = [];
    for (let i = 0; i < 2; i++) {
      pairs.push((await makeArticle(h, { edition_id: edition.id, headline: `Wombatport taxiway works and new taxiway lights, part ${i + 1}`, sort_order: 40 + i })).id);
    }
    // A three-word run with a word in one article only: not counted.
    await makeArticle(h, { edition_id: edition.id, headline: 'Wombatport taxiway quolls', sort_order: 50 });
    const report = await refreshCommonWords(await adminCtx(h), { minArticles: MIN, postingsPerWord: 3 });
    const added = report.added.map((w) => w.lexeme);
    assert.ok(added.includes('wombatport taxiway light'), JSON.stringify(report.added));
    assert.ok(added.includes('wombatport taxiway') && added.includes('taxiway light'), 'and its two-word phrases');
    assert.ok(!added.some((w) => w.includes('quoll')), 'no phrase of a rare word');
    const { rows } = await sql<{ q: string; anchor: string }>`select query::text as q, anchor from search_common_words where lexeme = 'wombatport taxiway light'`.execute(db);
    assert.deepEqual(rows, [{ q: `'wombatport' <-> 'taxiway' <-> 'light'`, anchor: 'wombatport' }]);
    assert.equal(await commonWordOf(db, '"Wombatport taxiway lights"'), 'wombatport taxiway light');
    assert.equal(await commonWordOf(db, '"Wombatport taxiway"'), 'wombatport taxiway');
    assert.equal(await commonWordOf(db, 'Wombatport taxiway lights'), undefined, 'the three words unquoted are not the phrase');
    const want = await reference(db, '"Wombatport taxiway lights"');
    assert.equal(want.length, MIN);
    assert.ok(pairs.every((id) => !want.includes(id)), 'an article with both pairs apart is not a match');
    assert.deepEqual(await postings(db, 'wombatport taxiway light'), want.slice(0, 3));
    for (const [limit, offset] of [[3, 0], [2, 1], [5, 0], [MIN, 0], [3, MIN - 2]] as const) {
      const page = await findArticles(db, { q: '"Wombatport taxiway lights"' }, { limit, offset, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), want.slice(offset, offset + limit), `three-word phrase limit ${limit} offset ${offset}`);
    }
    // The trigger keeps the phrase's postings by its anchor: a headline that breaks the run loses its
    // posting, and one that ranks first joins them.
    const top = want[0]!;
    await db.updateTable('articles').set({ headline: 'Wombatport taxiway and its lights', content: 'Lights of the taxiway at Wombatport.' }).where('id', '=', top).execute();
    assert.ok(!(await postings(db, 'wombatport taxiway light')).includes(top), 'the posting of a headline without the run is gone');
    const first = await makeArticle(h, { edition_id: edition.id, headline: 'Wombatport taxiway lights, Wombatport taxiway lights, Wombatport taxiway lights', sort_order: 0 });
    assert.equal((await postings(db, 'wombatport taxiway light'))[0], first.id);
    assert.deepEqual((await findArticles(db, { q: '"wombatport taxiway light"' }, { limit: 3, offset: 0, counted: false })).items.map((a) => a.id), (await reference(db, '"Wombatport taxiway lights"')).slice(0, 3));
    await assertExact('with a three-word phrase');
  });

  it('rebuilds the words on the next refresh and drops those that became rare', async () => {
    const ctx = await adminCtx(h);
    const before = await words(h.database.db);
    const again = await refreshCommonWords(ctx, { minArticles: MIN, postingsPerWord: PER_WORD });
    assert.equal(again.rebuilt + again.added.length, again.words);
    assert.ok(again.rebuilt >= before.length - again.dropped.length);
    await assertExact('after a second refresh');
    const listed = await words(h.database.db);
    const raised = await refreshCommonWords(ctx, { minArticles: 10_000 });
    assert.deepEqual(raised.added, []);
    assert.deepEqual([...raised.dropped].sort(), listed, 'every listed word is dropped');
    assert.equal(raised.words, 0);
    assert.equal(raised.postings, 0, 'a dropped word leaves no postings');
    for (const q of ['airport', 'terminal']) {
      const page = await findArticles(h.database.db, { q }, { limit: 3, offset: 0, counted: false });
      assert.deepEqual(page.items.map((a) => a.id), (await reference(h.database.db, q)).slice(0, 3), `${q} without postings`);
    }
  });

  it('estimates the words from a sample of a larger archive, and the postings stay exact', async () => {
    const db = h.database.db;
    await sql`analyze article_search`.execute(db);
    const rows = Number((await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = 'article_search'::regclass`.execute(db)).rows[0]!.n);
    assert.ok(rows > 20, `the planner knows the table's size (${rows})`);
    const sampled = await refreshCommonWords(await adminCtx(h), { minArticles: MIN, postingsPerWord: PER_WORD, sampleRows: Math.ceil(rows / 2) });
    // Estimated from about half the pages: counts are scaled back to the whole (multiples of about 2).
    assert.ok(sampled.words > 0, 'some words are chosen from the sample');
    assert.ok(sampled.added.every((w) => w.articles >= MIN), JSON.stringify(sampled.added));
    await assertExact('chosen from a sample');
  });

  it('runs as a recurring job of the worker', () => {
    const handler = jobHandlers({ outboundAllowedHosts: parseAllowedHosts(''), mail: undefined as never }).find((j) => j.kind === REFRESH_COMMON_WORDS_JOB);
    assert.ok(handler, 'the worker runs the refresh');
    assert.equal(handler.every, 86_400_000, 'daily');
  });
});
