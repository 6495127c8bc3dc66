/**
 * `GET /v1/search?highlight=true` (decision 0044): each article's headline and a snippet as
 * plain-text fragments `{ text, match }` from PostgreSQL ts_headline; markup in the article's text
 * stays text (never ours), marker characters in the text cannot forge a match, and without the
 * option (or without `q`) the answer is the plain article list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeArticle, makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { ok, problem } from './helpers.js';

interface Fragment { text: string; match: boolean }
interface Hit { id: string; headline: string; highlight?: { headline: Fragment[]; snippet: Fragment[] } }

let h: Harness;
let pro: TestIdentity, trial: TestIdentity;
let plainId: string, markupId: string, forgedId: string;

before(async () => {
  h = await startHarness();
  pro = await h.identity({ plan: 'professional' });
  trial = await h.identity({ plan: 'trial' });
  const edition = await makeEdition(h);
  plainId = (await makeArticle(h, {
    edition_id: edition.id,
    headline: 'Zanzibar opens a new cargo apron',
    why_it_matters: 'Regional freight capacity grows.',
    content: 'The cargo apron at Zanzibar adds twelve stands for freighters. Handlers expect the zanzibar freight hub to double volumes by 2030.',
  })).id;
  markupId = (await makeArticle(h, {
    edition_id: edition.id,
    headline: 'Quokka terminal <b>bold</b> claims',
    content: 'A press release said <script>alert("x")</script> the quokka terminal would open; <b>quokka</b> fans cheered.',
  })).id;
  forgedId = (await makeArticle(h, {
    edition_id: edition.id,
    headline: 'Wombat lounge refurbished',
    content: 'The wombat lounge reopens. \uE000fake\uE001 marker characters in the text never mark anything.',
  })).id;
});
after(() => h.close());

const search = async (query: string, who: TestIdentity = pro) => (await ok<{ articles: Hit[] }>(h, who, `/v1/search?${query}`)).articles;
const joined = (fragments: Fragment[]) => fragments.map((f) => f.text).join('');
const matches = (fragments: Fragment[]) => fragments.filter((f) => f.match).map((f) => f.text.toLowerCase());

describe('GET /v1/search?highlight=true', () => {
  it('marks the query\'s terms in the headline and a snippet of the text, as fragments', async () => {
    const [hit, ...rest] = await search('q=zanzibar&highlight=true');
    assert.equal(rest.length, 0);
    assert.equal(hit!.id, plainId);
    assert.ok(hit!.highlight);
    assert.equal(joined(hit!.highlight.headline), 'Zanzibar opens a new cargo apron', 'the whole headline, unchanged');
    assert.deepEqual(matches(hit!.highlight.headline), ['zanzibar']);
    assert.deepEqual(hit!.highlight.headline[0], { text: 'Zanzibar', match: true });
    assert.ok(matches(hit!.highlight.snippet).length >= 2, JSON.stringify(hit!.highlight.snippet));
    assert.ok(matches(hit!.highlight.snippet).every((m) => m === 'zanzibar'));
    assert.match(joined(hit!.highlight.snippet), /Regional freight capacity grows\. The cargo apron at Zanzibar/);
    assert.ok(hit!.highlight.snippet.every((f) => f.text.length > 0 && typeof f.match === 'boolean'));
  });

  it('a quoted phrase is one match; stemming matches other forms', async () => {
    const [hit] = await search(`q=${encodeURIComponent('"cargo apron"')}&highlight=true`);
    assert.equal(hit!.id, plainId);
    assert.deepEqual(matches(hit!.highlight!.headline), ['cargo apron']);
    const [stemmed] = await search('q=freighter&highlight=true');
    assert.deepEqual(matches(stemmed!.highlight!.snippet), ['freighters']);
  });

  it('markup in the article stays plain text: no fragment carries markup of ours', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/search?q=quokka&highlight=true', headers: pro.keyAuth });
    assert.equal(res.statusCode, 200);
    const [hit] = (res.json() as { articles: Hit[] }).articles;
    assert.equal(hit!.id, markupId);
    // Only the query's word is a match: the article's own <b> and <script> never become marks.
    assert.deepEqual(matches(hit!.highlight!.headline), ['quokka']);
    assert.ok(matches(hit!.highlight!.snippet).every((m) => m === 'quokka'), JSON.stringify(hit!.highlight!.snippet));
    assert.ok(!res.body.includes('<mark'), 'the API writes no markup');
    // Whatever survives of the article's tags is text to render as text, and no marker leaks.
    for (const f of [...hit!.highlight!.headline, ...hit!.highlight!.snippet]) assert.doesNotMatch(f.text, /[\uE000\uE001]/);
    assert.equal(joined(hit!.highlight!.headline).replace(/\s+/g, ' ').includes('Quokka terminal'), true);
  });

  it('marker characters inside an article cannot forge a match', async () => {
    const [hit] = await search('q=wombat&highlight=true');
    assert.equal(hit!.id, forgedId);
    assert.deepEqual(matches(hit!.highlight!.snippet), ['wombat']);
    assert.match(joined(hit!.highlight!.snippet), /fake marker characters/);
  });

  it('without highlight, or without q, the articles carry no highlight', async () => {
    assert.ok((await search('q=zanzibar')).every((a) => !('highlight' in a)));
    assert.ok((await search('q=zanzibar&highlight=false')).every((a) => !('highlight' in a)));
    const all = await search('highlight=true');
    assert.equal(all.length, 3);
    assert.ok(all.every((a) => !('highlight' in a)));
  });

  it('the archive gate and the trial preview hold with highlight', async () => {
    const hits = await search('q=zanzibar&highlight=true', trial);
    assert.deepEqual(hits.map((a) => a.id), [plainId], 'the latest edition is the only one and the trial sees it');
    await problem(h, null, '/v1/search?q=zanzibar&highlight=true', 401);
    await problem(h, pro, '/v1/search?q=zanzibar&highlight=maybe', 400, /highlight/);
  });
});
