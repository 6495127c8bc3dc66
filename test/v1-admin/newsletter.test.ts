/**
 * /v1/admin newsletter of an edition: preview (dry run with reasons), test send, send (exactly
 * once per edition and recipient under concurrent calls, shared with /api/admin/newsletter/send),
 * deliveries (state counts and the per-recipient list).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeArticle, makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditCount, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let readers: TestIdentity[];
let editionId: string;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  readers = [await h.identity({ plan: 'professional' }), await h.identity({ plan: 'enterprise' }), await h.identity({ plan: 'professional' })];
  const edition = await makeEdition(h);
  await makeArticle(h, { edition_id: edition.id, headline: 'Newsletter lead story' });
  editionId = edition.id;
});
after(() => h.close());

const outboxRows = async () => h.database.db.selectFrom('email_outbox as o').innerJoin('newsletter_sends as s', 's.id', 'o.send_id')
  .select(['o.to_email', 's.mode']).where('s.edition_id', '=', editionId).execute();

describe('/v1/admin/editions/{id}/newsletter', () => {
  it('previews who would receive it and why, sending nothing', async () => {
    const res = await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/preview`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    for (const r of readers) assert.ok(body.addressees.some((a: { email: string; action: string; reasons: string[] }) => a.email === r.email && a.action === 'queue' && a.reasons.includes('active subscription')), r.email);
    assert.equal(body.would_queue, body.recipients);
    assert.equal((await outboxRows()).length, 0);
  });

  it('renders the digest as a subscriber receives it (subject, HTML, text), any status, sending nothing; 404 to others', async () => {
    const res = await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/digest`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { subject: string; html: string; text: string };
    assert.match(body.subject, /Airport Intelligence — Edition \d+/);
    assert.match(body.html, /Newsletter lead story/);
    assert.match(body.text, /Newsletter lead story/);
    const draft = await makeEdition(h, { status: 'draft' });
    await makeArticle(h, { edition_id: draft.id, headline: 'Draft digest story' });
    assert.match((await call(h, admin, 'GET', `/v1/admin/editions/${draft.id}/newsletter/digest`)).json().text, /Draft digest story/);
    assert.equal((await outboxRows()).length, 0);
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/editions/${NOBODY}/newsletter/digest`), 404);
    await expectProblem(await call(h, readers[0]!, 'GET', `/v1/admin/editions/${editionId}/newsletter/digest`), 404);
  });

  it('test-sends one copy to a named address (a draft too), naming a bad address', async () => {
    const draft = await makeEdition(h, { status: 'draft' });
    const res = await call(h, admin, 'POST', `/v1/admin/editions/${draft.id}/newsletter/test`, { email: 'checker@example.test' });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().mode, 'test');
    assert.equal(res.json().queued, 1);
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/editions/${draft.id}/newsletter/test`, { email: 'not-an-address' }), 400, 'email');
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/editions/${draft.id}/newsletter/send`), 409);
  });

  it('sends exactly once per recipient under two concurrent calls, and /api/admin/newsletter/send queues nobody again', async () => {
    const [a, b] = await Promise.all([
      call(h, admin, 'POST', `/v1/admin/editions/${editionId}/newsletter/send`),
      call(h, admin, 'POST', `/v1/admin/editions/${editionId}/newsletter/send`),
    ]);
    assert.equal(a.statusCode, 202, a.body);
    assert.equal(b.statusCode, 202, b.body);
    const queued = a.json().queued + b.json().queued;
    const rows = (await outboxRows()).filter((r) => r.mode === 'all');
    assert.equal(queued, rows.length);
    assert.equal(new Set(rows.map((r) => r.to_email)).size, rows.length, 'one message per recipient');
    for (const r of readers) assert.ok(rows.some((x) => x.to_email === r.email), r.email);
    assert.equal(a.json().send_id, b.json().send_id, 'the repeat answers the earlier send');
    assert.equal(await auditCount(h, 'newsletter_send', a.json().send_id), 1);

    const number = (await h.database.db.selectFrom('editions').select('number').where('id', '=', editionId).executeTakeFirstOrThrow()).number;
    const api = await h.app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: { ...admin.keyAuth, 'content-type': 'application/json' }, payload: JSON.stringify({ editionNumber: number }) });
    assert.equal(api.statusCode, 202, api.body);
    assert.equal(api.json().data.queued, 0);
    const preview = (await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/preview`)).json();
    assert.equal(preview.would_queue, 0);
  });

  it('lists deliveries with state counts and filters', async () => {
    await call(h, admin, 'POST', `/v1/admin/editions/${editionId}/newsletter/test`, { email: 'layout@example.test' });
    const res = await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/deliveries`);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    const rows = await outboxRows();
    assert.equal(body.counts.total, rows.length);
    assert.equal(body.counts.queued, rows.length);
    assert.equal(body.counts.sent + body.counts.failed + body.counts.dead, 0);
    const tests = (await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/deliveries?mode=test`)).json();
    assert.deepEqual(tests.deliveries.map((d: { email: string }) => d.email), ['layout@example.test']);
    const one = (await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/deliveries?email=${encodeURIComponent(readers[0]!.email.slice(0, 12))}&limit=1`)).json();
    assert.equal(one.deliveries.length, 1);
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/editions/${editionId}/newsletter/deliveries?status=lost`), 400, 'status');
  });

  it('answers 404 for an unknown edition and for a non-administrator', async () => {
    for (const [m, suffix, b] of [['GET', 'preview', undefined], ['POST', 'test', { email: 'x@example.test' }], ['POST', 'send', undefined], ['GET', 'deliveries', undefined]] as const) {
      await expectProblem(await call(h, admin, m, `/v1/admin/editions/${NOBODY}/newsletter/${suffix}`, b), 404);
      await expectProblem(await call(h, readers[1]!, m, `/v1/admin/editions/${editionId}/newsletter/${suffix}`, b), 404);
    }
  });
});
