/**
 * The test factories (test/helpers/factories.ts) on an empty migrated database: each record they
 * make is readable over HTTP as an administrator (or, for a user, with that user's own key), and
 * derived state follows the harness clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { createApiKey } from '../../src/domain/identity/index.js';
import { makeArticle, makeEdition, makeProject, makeTender, makeUser } from '../helpers/factories.js';
import { startHarness, TEST_NOW, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const get = async (url: string, headers = admin.keyAuth) => {
  const res = await h.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json();
};

describe('factories', () => {
  it('makeEdition: a published edition, numbered after the last, dated on the clock', async () => {
    const first = await makeEdition(h);
    const second = await makeEdition(h, { summary: 'The second one.' });
    assert.equal(second.number, first.number + 1);
    const { data } = await get(`/api/v1/editions/${second.number}`);
    assert.equal(data.number, second.number);
    assert.equal(data.summary, 'The second one.');
    assert.equal(String(data.publish_date).slice(0, 10), TEST_NOW.slice(0, 10));
  });

  it('makeArticle: an article on a new edition, or on the one given', async () => {
    const article = await makeArticle(h, { headline: 'Gatwick opens a new pier', airports: ['LGW'] });
    const { data } = await get(`/api/v1/articles/${article.id}`);
    assert.equal(data.headline, 'Gatwick opens a new pier');
    const edition = await makeEdition(h);
    const two = [await makeArticle(h, { edition_id: edition.id }), await makeArticle(h, { edition_id: edition.id })];
    const { data: full } = await get(`/api/v1/editions/${edition.number}`);
    assert.deepEqual(new Set(full.articles.map((a: { id: string }) => a.id)), new Set(two.map((a) => a.id)));
  });

  it('makeProject: the title asked for, the rest defaulted', async () => {
    const project = await makeProject(h, { title: 'X', iata_code: 'LHR' });
    const { data } = await get(`/api/v1/projects/${project.id}`);
    assert.equal(data.title, 'X');
    assert.equal(data.iata_code, 'LHR');
    assert.equal(data.status, 'planned');
  });

  it('makeTender: status derived at the harness clock, and moving with it', async () => {
    const deadline = new Date(h.clock.now().getTime() + 3 * DAY_MS).toISOString();
    const tender = await makeTender(h, { title: 'Baggage system', deadline });
    const { data } = await get(`/api/v1/tenders/${tender.id}`);
    assert.equal(data.title, 'Baggage system');
    assert.equal(data.status, 'closing_soon');
    h.clock.advance(4 * DAY_MS);
    try {
      assert.equal((await get(`/api/v1/tenders/${tender.id}`)).data.status, 'closed');
    } finally {
      h.clock.set(TEST_NOW);
    }
  });

  it('makeUser: a user on a plan, who can use a key of their own', async () => {
    const user = await makeUser(h, { plan: 'professional' });
    assert.equal(user.subscription?.plan, 'professional');
    const { key } = await createApiKey(h.ctx(), { email: user.email });
    const me = await get('/v1/me', { authorization: `Bearer ${key}` });
    assert.equal(me.user_id, user.id);
    assert.equal(me.is_admin, false);
  });
});
