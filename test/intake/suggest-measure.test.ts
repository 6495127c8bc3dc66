/**
 * Measures the metadata suggestion engine on the sample articles: each article's text in, its stored
 * airports, country and topics as the answer. Prints precision and recall; asserts the targets of
 * issue 14 (airports and countries: precision ≥ 0.85, recall ≥ 0.75).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { loadVocabulary, suggestMetadataFrom } from '../../src/domain/intake/index.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => { h = await startHarness({ sample: true }); });
after(() => h.close());

interface Tally { tp: number; fp: number; fn: number }
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });
function count(t: Tally, suggested: string[], expected: string[]): void {
  for (const s of suggested) if (expected.includes(s)) t.tp++; else t.fp++;
  for (const e of expected) if (!suggested.includes(e)) t.fn++;
}
const precision = (t: Tally) => (t.tp + t.fp ? t.tp / (t.tp + t.fp) : 1);
const recall = (t: Tally) => (t.tp + t.fn ? t.tp / (t.tp + t.fn) : 1);

it('suggests airports and countries of the sample articles with precision ≥ 0.85 and recall ≥ 0.75', async () => {
  const db = h.database.db;
  const vocab = await loadVocabulary(db);
  const articles = await db.selectFrom('articles')
    .select(['id', 'headline', 'content', 'why_it_matters', 'takeaways', 'country_code'])
    .select((eb) => [
      eb.fn.coalesce(sql<string[]>`(select array_agg(ap.iata order by ap.iata) from article_airports aa join airports ap on ap.id = aa.airport_id where aa.article_id = articles.id)`, sql<string[]>`'{}'::text[]`).as('airports'),
      eb.fn.coalesce(sql<string[]>`(select array_agg(t.slug order by t.slug) from article_topics at join topics t on t.id = at.topic_id where at.article_id = articles.id)`, sql<string[]>`'{}'::text[]`).as('topics'),
    ])
    .where('kind', '=', 'article')
    .execute();
  assert.ok(articles.length >= 30, `sample articles loaded (${articles.length})`);
  const t = { airports: tally(), countries: tally(), topics: tally() };
  const misses: string[] = [];
  for (const a of articles) {
    const text = [a.content, ...(a.takeaways ?? []), a.why_it_matters].join('\n');
    const s = suggestMetadataFrom(vocab, text, a.headline);
    const expectedAirports = (a.airports as string[]).map((x) => x.trim());
    const gotAirports = s.airports.map((x) => x.iata);
    count(t.airports, gotAirports, expectedAirports);
    count(t.countries, s.country ? [s.country.code] : [], a.country_code ? [a.country_code.trim()] : []);
    count(t.topics, s.topics.map((x) => x.slug), a.topics as string[]);
    if (process.env.SUGGEST_DEBUG) misses.push(`${a.headline.slice(0, 60)} | airports ${gotAirports.join(',')} vs ${expectedAirports.join(',')} | country ${s.country?.code ?? '-'} vs ${a.country_code ?? '-'} | topics ${s.topics.map((x) => x.slug).join(',')} vs ${(a.topics as string[]).join(',')}`);
  }
  if (misses.length) console.log(misses.join('\n'));
  const row = (name: string, x: Tally) => `${name.padEnd(10)} precision ${precision(x).toFixed(2)}  recall ${recall(x).toFixed(2)}  (tp ${x.tp}, fp ${x.fp}, fn ${x.fn})`;
  console.log(`Metadata suggestion on ${articles.length} sample articles:\n${row('airports', t.airports)}\n${row('countries', t.countries)}\n${row('topics', t.topics)}`);
  assert.ok(precision(t.airports) >= 0.85, row('airports', t.airports));
  assert.ok(recall(t.airports) >= 0.75, row('airports', t.airports));
  assert.ok(precision(t.countries) >= 0.85, row('countries', t.countries));
  assert.ok(recall(t.countries) >= 0.75, row('countries', t.countries));
});
