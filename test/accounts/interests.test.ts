/**
 * The reader's interests over HTTP (issue 11): GET/PUT /v1/account/interests (PUT replaces the whole
 * set; topics and regions of /v1/reference, tags of the taxonomy, airports by IATA code of the
 * reference airports; an unknown value is a 400 naming the field and the value, and changes
 * nothing), PUT/DELETE /v1/account/interests/terms/{slug} (both idempotent; a slug that is no
 * topic or tag is 404), and `mine=true` on /v1/search driven by what was set here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

interface Interests { topics: string[]; tags: string[]; regions: string[]; airports: string[] }
interface Article { id: string; region_slug: string | null; topics: string[]; tags: string[]; airports: string[] }

let h: Harness;
let pro: TestIdentity;
before(async () => {
  h = await startHarness({ sample: true });
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

const EMPTY: Interests = { topics: [], tags: [], regions: [], airports: [] };
const auth = (who: TestIdentity) => ({ ...who.sessionAuth, 'content-type': 'application/json' });
const get = async (who: TestIdentity = pro) => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/account/interests', headers: who.sessionAuth });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Interests;
};
const put = (body: unknown, who: TestIdentity = pro) => h.app.inject({ method: 'PUT', url: '/v1/account/interests', headers: auth(who), payload: JSON.stringify(body) });
const term = (method: 'PUT' | 'DELETE', slug: string, who: TestIdentity = pro) =>
  h.app.inject({ method, url: `/v1/account/interests/terms/${slug}`, headers: who.sessionAuth });
const rows = (userId: string) => h.database.db.selectFrom('user_interests').select(['kind', 'ref']).where('user_id', '=', userId).orderBy('kind').orderBy('ref').execute();
const mine = async (who: TestIdentity = pro) => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/search?mine=true&limit=200', headers: who.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { articles: Article[] }).articles;
};
const allArticles = async () => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/search?limit=200', headers: pro.keyAuth });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { articles: Article[] }).articles;
};
/** Vocabulary of the sample: two topics and regions of /v1/reference, two tags, two airports. */
async function vocabulary() {
  const ref = (await h.app.inject({ method: 'GET', url: '/v1/reference', headers: pro.sessionAuth })).json() as { topics: { slug: string }[]; regions: { slug: string }[] };
  const tags = (await h.database.db.selectFrom('tags').select('slug').orderBy('slug').limit(2).execute()).map((t) => t.slug);
  return { topics: ref.topics.slice(0, 2).map((t) => t.slug).sort(), regions: ref.regions.slice(0, 2).map((r) => r.slug).sort(), tags: tags.sort(), airports: ['LHR', 'SIN'] };
}

describe('GET/PUT /v1/account/interests', () => {
  it('starts empty; PUT replaces the whole set (airports upper-cased, duplicates folded) and GET reads it back', async () => {
    assert.deepEqual(await get(), EMPTY);
    const v = await vocabulary();
    const first = await put({ topics: v.topics, tags: v.tags, regions: v.regions, airports: ['lhr', 'LHR', 'SIN'] });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), v);
    assert.deepEqual(await get(), v);
    assert.equal((await rows(pro.userId)).length, 8);

    const second = { topics: [v.topics[1]!], tags: [], regions: [], airports: ['CDG'] };
    const res = await put(second);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), second, 'replaced, not merged');
    assert.deepEqual(await rows(pro.userId), [{ kind: 'airport', ref: 'CDG' }, { kind: 'topic', ref: v.topics[1]! }]);
    assert.deepEqual((await put(second)).json(), second, 'the same PUT again: the same set');
    assert.deepEqual((await put(EMPTY)).json(), EMPTY, 'empty lists clear');
    assert.deepEqual(await rows(pro.userId), []);
  });

  it('an unknown topic, tag, region or airport is a 400 naming the field and the value; nothing changes', async () => {
    const v = await vocabulary();
    await put(v);
    const before = await rows(pro.userId);
    const unknownAirport = 'QQX';
    assert.equal((await h.database.db.selectFrom('airports').select('id').where('iata', '=', unknownAirport).execute()).length, 0);
    for (const [field, value] of [['topics', 'no-such-topic'], ['tags', 'no-such-tag'], ['regions', 'atlantis'], ['airports', unknownAirport]] as const) {
      const body = { ...v, [field]: [...v[field], value] };
      const res = await put(body);
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      const p = res.json() as { detail: string; errors?: { name: string }[] };
      assert.ok(p.detail.includes(value), `names the value: ${p.detail}`);
      assert.ok(p.detail.includes(field) || (p.errors ?? []).some((e) => e.name === field), `names the field: ${res.body}`);
      assert.deepEqual(await rows(pro.userId), before, 'nothing changed');
    }
    // A topic slug is not a region, nor a region a topic.
    assert.equal((await put({ ...v, regions: [v.topics[0]!] })).statusCode, 400);
    assert.equal((await put({ ...v, topics: [v.regions[0]!] })).statusCode, 400);
    assert.deepEqual(await rows(pro.userId), before);
  });

  it('refuses a partial set, an unknown field, a malformed airport, duplicates and too many values (400) and changes nothing', async () => {
    const v = await vocabulary();
    await put(v);
    const before = await rows(pro.userId);
    for (const [body, field] of [
      [{ topics: v.topics, tags: [], regions: [] }, 'airports'],
      [{ ...v, companies: [] }, 'companies'],
      [{ ...v, airports: ['LHRX'] }, 'airports'],
      [{ ...v, topics: [v.topics[0]!, v.topics[0]!] }, 'topics'],
      [{ ...v, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'tags'],
    ] as const) {
      const res = await put(body);
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      const p = res.json() as { detail: string; errors?: { name: string }[] };
      assert.ok(p.detail.includes(field) || (p.errors ?? []).some((e) => e.name.includes(field)), `names ${field}: ${res.body}`);
    }
    assert.deepEqual(await rows(pro.userId), before);
  });
  it('concurrent PUTs queue: each answers 200 and the set is one of them whole', async () => {
    const who = await h.identity({ plan: 'professional' });
    const v = await vocabulary();
    const bodies = Array.from({ length: 8 }, (_, i) => (i % 2 ? { ...EMPTY, topics: [v.topics[0]!], airports: ['LHR'] } : { ...v }));
    const answers = await Promise.all(bodies.map((b) => put(b, who)));
    assert.deepEqual(answers.map((r) => r.statusCode), bodies.map(() => 200), answers.map((r) => r.body).join('\n'));
    const final = await get(who);
    const same = (a: Interests, b: Interests) => (['topics', 'tags', 'regions', 'airports'] as const).every((k) => a[k].join() === b[k].join());
    assert.ok(bodies.some((b) => same(b, final)), JSON.stringify(final));
  });
});

describe('PUT/DELETE /v1/account/interests/terms/{slug}', () => {
  it('adds and removes one topic or tag; both are idempotent; a slug that is no topic or tag is 404', async () => {
    const who = await h.identity({ plan: 'professional' });
    const v = await vocabulary();
    const topic = v.topics[0]!;
    const tag = v.tags[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await term('PUT', topic, who);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { ...EMPTY, topics: [topic] });
    }
    assert.deepEqual((await term('PUT', tag, who)).json(), { ...EMPTY, topics: [topic], tags: [tag] }, 'a tag goes to tags');
    assert.deepEqual(await rows(who.userId), [{ kind: 'tag', ref: tag }, { kind: 'topic', ref: topic }], 'one row each');

    for (let i = 0; i < 2; i++) {
      const res = await term('DELETE', topic, who);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { ...EMPTY, tags: [tag] }, i === 0 ? 'removed' : 'removing again changes nothing');
    }
    assert.deepEqual(await get(who), { ...EMPTY, tags: [tag] });

    const before = await rows(who.userId);
    for (const method of ['PUT', 'DELETE'] as const) {
      const unknown = await term(method, 'no-such-term', who);
      assert.equal(unknown.statusCode, 404, unknown.body);
      assert.match(String(unknown.headers['content-type']), /^application\/problem\+json/);
      assert.match((unknown.json() as { detail: string }).detail, /no-such-term/);
      assert.equal((await term(method, v.regions[0]!, who)).statusCode, 404, 'a region is not a term');
      assert.equal((await term(method, 'Bad_Slug', who)).statusCode, 400, 'malformed');
    }
    assert.deepEqual(await rows(who.userId), before);
  });

  it('are one reader\'s own: another reader\'s favourites are untouched', async () => {
    const a = await h.identity({ plan: 'professional' });
    const b = await h.identity({ plan: 'professional' });
    const v = await vocabulary();
    await put(v, b);
    await term('PUT', v.topics[0]!, a);
    await term('DELETE', v.tags[0]!, a);
    assert.deepEqual(await get(b), v);
    assert.deepEqual(await get(a), { ...EMPTY, topics: [v.topics[0]!] });
  });
});

describe('mine=true on /v1/search uses the interests set here', () => {
  it('a reader without interests matches nothing; with them, only articles matching one of them', async () => {
    const reader = await h.identity({ plan: 'professional' });
    assert.deepEqual(await mine(reader), []);
    const all = await allArticles();
    const withAirport = all.find((a) => a.airports.length > 0)!;
    const airport = withAirport.airports[0]!;
    const withTopic = all.find((a) => a.topics.length > 0 && !a.airports.includes(airport))!;
    const topic = withTopic.topics[0]!;
    const res = await put({ topics: [topic], tags: [], regions: [], airports: [airport.toLowerCase()] }, reader);
    assert.equal(res.statusCode, 200, res.body);

    const found = await mine(reader);
    assert.ok(found.every((a) => a.topics.includes(topic) || a.airports.includes(airport)), 'every row matches a favourite');
    const expected = all.filter((a) => a.topics.includes(topic) || a.airports.includes(airport)).map((a) => a.id).sort();
    assert.deepEqual(found.map((a) => a.id).sort(), expected, 'and every matching article is found');
    assert.ok(found.length < all.length);
    assert.deepEqual(await mine(await h.identity({ plan: 'professional' })), [], 'another reader\'s interests are theirs');

    // A tag added through the terms operation counts at once; removing it takes it out again.
    const tagged = all.find((a) => a.tags.length > 0 && !a.topics.includes(topic) && !a.airports.includes(airport));
    assert.ok(tagged, 'the sample has a tagged article matching neither favourite');
    const tag = tagged.tags[0]!;
    assert.ok(!found.some((a) => a.id === tagged.id));
    assert.equal((await term('PUT', tag, reader)).statusCode, 200);
    assert.ok((await mine(reader)).some((a) => a.id === tagged.id));
    assert.equal((await term('DELETE', tag, reader)).statusCode, 200);
    assert.ok(!(await mine(reader)).some((a) => a.id === tagged.id));
    // A region.
    const region = all.find((a) => a.region_slug)!.region_slug!;
    await put({ ...EMPTY, regions: [region] }, reader);
    const inRegion = await mine(reader);
    assert.deepEqual(inRegion.map((a) => a.id).sort(), all.filter((a) => a.region_slug === region).map((a) => a.id).sort());
    await put(EMPTY, reader);
    assert.deepEqual(await mine(reader), []);
  });
});
