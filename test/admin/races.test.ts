/**
 * Races on the admin writes (issue 17): ten parallel requests of one write over HTTP, checked by
 * their statuses AND the rows they left. PGlite runs one query at a time, so the run on a
 * PostgreSQL server (`TEST_DATABASE_URL`) is the real proof; both must pass.
 * - creates of one edition number: one 201, nine 409 naming the number; one row, one audit entry;
 * - renumbering ten editions to one number: one 200, nine 409;
 * - creates of one headline in one edition: ten 201 with ten slugs (as ten sequential creates);
 * - publishes of one edition: ten 200 with the same edition, one audit entry;
 * - promotes of one inbox item: one 201, nine 409 naming the article; one article, one audit entry;
 * - newsletter sends of one edition: ten 202 with one send id; one set of outbox rows, one send
 *   record, one audit entry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { makeArticle, makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

const N = 10;
let h: Harness;
let admin: TestIdentity;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const call = (method: 'POST' | 'PATCH', url: string, payload: object = {}) =>
  h.app.inject({ method, url, headers: admin.keyAuth, payload });
/** `N` copies of one request, all started before any is answered. */
const parallel = (request: (i: number) => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: N }, (_, i) => request(i)));
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
const auditCount = async (entityId: string, action: string) =>
  Number((await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity_id', '=', entityId).where('action', '=', action).executeTakeFirstOrThrow()).n);

describe('parallel writes of one record', () => {
  it(`${N} creates of one edition number: one 201 and ${N - 1} 409 naming the number; one row, one audit entry`, async () => {
    const responses = await parallel(() => call('POST', '/api/v1/admin/editions', { number: 4242, publish_date: '2026-12-04' }));
    assert.deepEqual(statuses(responses), [201, ...Array(N - 1).fill(409)], responses.map((r) => r.body).join('\n'));
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      assert.deepEqual(r.json(), { error: 'An edition with number 4242 already exists' });
    }
    const rows = await h.database.db.selectFrom('editions').select('id').where('number', '=', 4242).execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id, responses.find((r) => r.statusCode === 201)!.json().data.id);
    assert.equal(await auditCount(rows[0]!.id, 'create'), 1);
  });

  it(`${N} editions renumbered to one number at once: one 200 and ${N - 1} 409; one edition has it`, async () => {
    const editions = await Promise.all(Array.from({ length: N }, (_, i) => makeEdition(h, { number: 5000 + i, status: 'draft' })));
    const responses = await parallel((i) => call('PATCH', `/api/v1/admin/editions/${editions[i]!.id}`, { number: 4343 }));
    assert.deepEqual(statuses(responses), [200, ...Array(N - 1).fill(409)], responses.map((r) => r.body).join('\n'));
    assert.match(responses.find((r) => r.statusCode === 409)!.json().error, /^An edition with number 4343 already exists$/);
    const numbers = (await h.database.db.selectFrom('editions').select('number').where('id', 'in', editions.map((e) => e.id)).execute()).map((r) => r.number);
    assert.equal(numbers.filter((n) => n === 4343).length, 1);
    assert.equal(numbers.filter((n) => n >= 5000 && n < 5000 + N).length, N - 1);
  });

  it(`${N} creates of one headline in one edition: ${N} 201 with ${N} slugs and sort orders, as sequential creates would`, async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const responses = await parallel(() => call('POST', '/api/v1/admin/articles', { edition_id: edition.id, headline: 'Runway race', content: 'Text' }));
    assert.deepEqual(statuses(responses), Array(N).fill(201), responses.map((r) => r.body).join('\n'));
    const rows = await h.database.db.selectFrom('articles').select(['id', 'slug', 'sort_order']).where('edition_id', '=', edition.id).execute();
    assert.equal(rows.length, N);
    assert.deepEqual(new Set(rows.map((r) => r.slug)), new Set(['runway-race', ...Array.from({ length: N - 1 }, (_, i) => `runway-race-${i + 2}`)]));
    assert.equal(new Set(rows.map((r) => r.sort_order)).size, N);
    const count = await h.database.db.selectFrom('editions').select('article_count').where('id', '=', edition.id).executeTakeFirstOrThrow();
    assert.equal(count.article_count, N);
  });

  it(`${N} publishes of one edition: ${N} times 200 with the same edition; one audit entry, rollups right`, async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const article = await makeArticle(h, { edition_id: edition.id });
    const project = await makeProject(h);
    await h.database.db.insertInto('article_projects').values({ article_id: article.id, project_id: project.id }).execute();
    const responses = await parallel(() => call('POST', `/api/v1/admin/editions/${edition.id}/publish`));
    assert.deepEqual(statuses(responses), Array(N).fill(200), responses.map((r) => r.body).join('\n'));
    const bodies = responses.map((r) => r.json().data);
    for (const b of bodies) assert.deepEqual(b, bodies[0]);
    assert.equal(bodies[0].status, 'published');
    assert.equal(bodies[0].article_count, 1);
    assert.equal(await auditCount(edition.id, 'publish'), 1);
    const row = await h.database.db.selectFrom('editions').select(['status', 'published_at']).where('id', '=', edition.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 'published');
    assert.equal(new Date(row.published_at as unknown as string).toISOString(), h.clock.now().toISOString());
    const p = await h.database.db.selectFrom('projects').select('last_seen_edition_id').where('id', '=', project.id).executeTakeFirstOrThrow();
    assert.equal(p.last_seen_edition_id, edition.id);
    // A later publish of the published edition is the same no-op.
    const again = await call('POST', `/api/v1/admin/editions/${edition.id}/publish`);
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json().data, bodies[0]);
    assert.equal(await auditCount(edition.id, 'publish'), 1);
  });

  it(`${N} promotes of one inbox item: one 201 and ${N - 1} 409 naming the article; one article, one audit entry`, async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const item = await h.database.db.insertInto('inbox_items').values({
      source_name: 'Race Wire', url: 'https://example.test/race-wire/1', title: 'Promoted once', excerpt: 'Only once.', score: 90,
      detected_entities: JSON.stringify({ airports: ['LHR'] }), status: 'pending',
    }).returning('id').executeTakeFirstOrThrow();
    const responses = await parallel(() => call('POST', `/api/v1/admin/inbox/${item.id}/promote`, { edition_id: edition.id }));
    assert.deepEqual(statuses(responses), [201, ...Array(N - 1).fill(409)], responses.map((r) => r.body).join('\n'));
    const articleId = responses.find((r) => r.statusCode === 201)!.json().data.article.id as string;
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      assert.deepEqual(r.json(), { error: `Inbox item ${item.id} is already promoted (article ${articleId})` });
    }
    const articles = await h.database.db.selectFrom('articles').select('id').where('source_url', '=', 'https://example.test/race-wire/1').execute();
    assert.deepEqual(articles.map((a) => a.id), [articleId]);
    const stored = await h.database.db.selectFrom('inbox_items').select(['status', 'promoted_article_id']).where('id', '=', item.id).executeTakeFirstOrThrow();
    assert.deepEqual(stored, { status: 'promoted', promoted_article_id: articleId });
    assert.equal(await auditCount(item.id, 'promote'), 1);
    assert.equal(await auditCount(articleId, 'create'), 1);
  });

  it(`${N} newsletter sends of one edition: ${N} times 202 with one send id; one set of outbox rows, one send record, one audit entry`, async () => {
    for (let i = 0; i < 3; i++) await h.identity({ plan: 'professional' });
    const edition = await makeEdition(h, { number: 9000 });
    await makeArticle(h, { edition_id: edition.id });
    const responses = await parallel(() => h.app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin.keyAuth, payload: { editionNumber: 9000 } }));
    assert.deepEqual(statuses(responses), Array(N).fill(202), responses.map((r) => r.body).join('\n'));
    const results = responses.map((r) => r.json().data);
    const recipients = results[0].recipients as number;
    assert.ok(recipients >= 3);
    assert.equal(new Set(results.map((d) => d.send_id)).size, 1, 'every caller sees the one send');
    assert.deepEqual(results.map((d) => d.queued).sort((a, b) => b - a), [recipients, ...Array(N - 1).fill(0)]);
    const sends = await h.database.db.selectFrom('newsletter_sends').select(['id', 'queued']).where('edition_id', '=', edition.id).execute();
    assert.deepEqual(sends, [{ id: results[0].send_id, queued: recipients }]);
    const outbox = await h.database.db.selectFrom('email_outbox').select(['dedupe_key', 'send_id']).where('dedupe_key', 'like', `newsletter:${edition.id}:%`).execute();
    assert.equal(outbox.length, recipients);
    assert.equal(new Set(outbox.map((o) => o.dedupe_key)).size, recipients);
    assert.ok(outbox.every((o) => o.send_id === results[0].send_id));
    assert.equal(await auditCount(results[0].send_id, 'send'), 1);
    const sendAudits = await h.database.db.selectFrom('audit_log').select('id').where('entity', '=', 'newsletter_send').where('action', '=', 'send').execute();
    assert.equal(sendAudits.length, 1);
  });
});
