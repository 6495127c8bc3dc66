/**
 * Procurement requests (issue 11): the public submission (validation, dedupe within ten minutes by
 * the service clock, the per-address limit with Retry-After, the administrators' email through the
 * outbox) and the admin list, read and reviews (trail, not idempotent, activation by invoice).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
});
after(() => h.close());

const MIN = 60_000;
const json = { 'content-type': 'application/json' };
let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({
  organisation: 'Aeroporto di Esempio', contact_name: 'Giulia Rossi', email: `buyer${++seq}@example.com`, country: 'IT',
  plan: 'enterprise', seats: 25, billing_details: 'VAT IT01234567890', message: 'Invoice annually', ...over,
});
const submit = (b: unknown, ip = '203.0.113.7') =>
  h.app.inject({ method: 'POST', url: '/v1/procurement-requests', headers: json, payload: JSON.stringify(b), remoteAddress: ip });
const get = (url: string, auth: Record<string, string>) => h.app.inject({ method: 'GET', url, headers: auth });
const review = (id: string, auth: Record<string, string>, b: unknown) =>
  h.app.inject({ method: 'POST', url: `/v1/admin/procurement/${id}/reviews`, headers: { ...auth, ...json }, payload: JSON.stringify(b) });

describe('POST /v1/procurement-requests', () => {
  it('needs no token, answers 201 with Location, and a repeat within ten minutes returns the request on file; after ten minutes a new one', async () => {
    const b = body({ email: 'Dedupe@Example.com' });
    const first = await submit(b, '198.51.100.1');
    assert.equal(first.statusCode, 201, first.body);
    const id = (first.json() as { id: string; status: string }).id;
    assert.equal(first.headers.location, `/v1/admin/procurement/${id}`, 'Location: the read of the request (administrators)');
    assert.equal((first.json() as { status: string }).status, 'new');

    h.clock.advance(9 * MIN);
    const repeat = await submit({ ...b, email: 'dedupe@example.com', message: 'again' }, '198.51.100.2');
    assert.equal(repeat.statusCode, 200, repeat.body);
    assert.equal((repeat.json() as { id: string }).id, id, 'the same request');
    const stored = await h.database.db.selectFrom('procurement_requests').select(['id', 'message']).where('organisation', '=', b.organisation as string).where('email', 'ilike', 'dedupe@example.com').execute();
    assert.equal(stored.length, 1, 'nothing new stored');

    h.clock.advance(1 * MIN + 1);
    const later = await submit(b, '198.51.100.1');
    assert.equal(later.statusCode, 201, later.body);
    assert.notEqual((later.json() as { id: string }).id, id, 'a new request after ten minutes');
  });

  it('validates every field with 400 naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ organisation: undefined }, /organisation/],
      [{ contact_name: '' }, /contact_name/],
      [{ email: 'not-an-email' }, /email/],
      [{ country: 'ZZ' }, /country/],
      [{ country: 'ITA' }, /country/],
      [{ plan: 'platinum' }, /plan/],
      [{ plan: 'trial' }, /plan/],
      [{ seats: 0 }, /seats/],
      [{ seats: 'many' }, /seats/],
      [{ billing_details: 'x'.repeat(2001) }, /billing_details/],
      [{ message: 'x'.repeat(5001) }, /message/],
      [{ extra: 1 }, /extra|additional/],
    ];
    for (const [over, field] of cases) {
      const res = await submit(body(over), '198.51.100.50');
      assert.equal(res.statusCode, 400, `${JSON.stringify(over)}: ${res.body}`);
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
      assert.match(res.body, field, JSON.stringify(over));
    }
  });

  it('queues an email to every administrator through the outbox', async () => {
    const second = await h.identity({ admin: true });
    const res = await submit(body({ organisation: 'Mail Test Airport' }), '198.51.100.60');
    assert.equal(res.statusCode, 201, res.body);
    const id = (res.json() as { id: string }).id;
    const mails = await h.database.db.selectFrom('email_outbox').select(['to_email', 'subject', 'text_body', 'status']).where('dedupe_key', 'like', `procurement:${id}:%`).execute();
    const to = mails.map((m) => m.to_email).sort();
    assert.ok(to.includes(admin.email) && to.includes(second.email), JSON.stringify(to));
    assert.ok(mails.every((m) => m.status === 'queued' && /Mail Test Airport/.test(m.subject) && m.text_body.includes(id)));
  });

  it('limits one client address to 10 new requests an hour: 429 problem+json with Retry-After, counted in the database', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 10; i++) {
      const res = await submit(body(), ip);
      assert.equal(res.statusCode, 201, res.body);
      h.clock.advance(MIN);
    }
    const refused = await submit(body(), ip);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.match(refused.headers['content-type'] as string, /application\/problem\+json/);
    // The first of the ten was 10 minutes ago: it leaves the window in 50 minutes.
    assert.equal(refused.headers['retry-after'], String(50 * 60));
    assert.equal((await submit(body(), '192.0.2.100')).statusCode, 201, 'another address is not limited');
    h.clock.advance(50 * MIN + 1000);
    assert.equal((await submit(body(), ip)).statusCode, 201, 'the window moved on');
  });
});

describe('/v1/admin/procurement', () => {
  it('is 404 for a non-administrator on every path and 401 without a token', async () => {
    const user = await h.identity({ plan: 'professional' });
    const id = (await submit(body(), '198.51.100.70')).json().id as string;
    for (const res of [
      await get('/v1/admin/procurement', user.keyAuth),
      await get(`/v1/admin/procurement/${id}`, user.keyAuth),
      await review(id, user.keyAuth, { decision: 'approved' }),
    ]) {
      assert.equal(res.statusCode, 404, res.body);
      assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    }
    assert.equal((await get('/v1/admin/procurement', {})).statusCode, 401);
    const reviews = await h.database.db.selectFrom('procurement_reviews').select('id').where('request_id', '=', id).execute();
    assert.equal(reviews.length, 0);
  });

  it('lists with filters and paging, reads one with its trail, and appends reviews (not idempotent, audited)', async () => {
    const a = (await submit(body({ organisation: 'Filter Alpha Airports' }), '198.51.100.80')).json().id as string;
    h.clock.advance(MIN);
    const b = (await submit(body({ organisation: 'Filter Beta Airports' }), '198.51.100.80')).json().id as string;

    const list = await get('/v1/admin/procurement?organisation=filter%20&limit=1', admin.keyAuth);
    assert.equal(list.statusCode, 200, list.body);
    const firstPage = (list.json() as { requests: { id: string }[] }).requests;
    assert.deepEqual(firstPage.map((r) => r.id), [b], 'newest first, one per page');
    assert.match(list.headers.link as string, /rel="next"/);
    const second = (await get('/v1/admin/procurement?organisation=FILTER&limit=1&offset=1', admin.keyAuth)).json() as { requests: { id: string }[] };
    assert.deepEqual(second.requests.map((r) => r.id), [a]);

    const r1 = await review(a, admin.keyAuth, { decision: 'in_review', note: 'Checking the PO' });
    assert.equal(r1.statusCode, 201, r1.body);
    assert.equal((await get(String(r1.headers.location), admin.keyAuth)).statusCode, 200, 'Location reads the request');
    const r2 = await review(a, admin.keyAuth, { decision: 'in_review', note: 'Checking the PO' });
    assert.equal(r2.statusCode, 201, r2.body);
    const detail = r2.json() as { status: string; reviews: { decision: string; note: string; reviewer: { id: string; email: string } }[] };
    assert.equal(detail.status, 'in_review');
    assert.equal(detail.reviews.length, 2, 'repeating records two reviews');
    assert.deepEqual(detail.reviews[0]!.reviewer, { id: admin.userId, email: admin.email });

    const filtered = (await get('/v1/admin/procurement?status=in_review', admin.keyAuth)).json() as { requests: { id: string }[] };
    assert.deepEqual(filtered.requests.map((r) => r.id), [a]);
    const today = h.clock.now().toISOString().slice(0, 10);
    const byDay = (await get(`/v1/admin/procurement?organisation=filter&date_from=${today}&date_to=${today}`, admin.keyAuth)).json() as { requests: unknown[] };
    assert.equal(byDay.requests.length, 2);
    const before = (await get('/v1/admin/procurement?date_to=2000-01-01', admin.keyAuth)).json() as { requests: unknown[] };
    assert.equal(before.requests.length, 0);
    assert.equal((await get('/v1/admin/procurement?status=lost', admin.keyAuth)).statusCode, 400);

    const one = await get(`/v1/admin/procurement/${a}`, admin.keyAuth);
    assert.equal(one.statusCode, 200);
    assert.equal((one.json() as { reviews: unknown[]; organisation: string }).reviews.length, 2);
    assert.equal((await get('/v1/admin/procurement/00000000-0000-4000-8000-000000000000', admin.keyAuth)).statusCode, 404);
    assert.equal((await review(a, admin.keyAuth, { decision: 'maybe' })).statusCode, 400);

    const audit = await h.database.db.selectFrom('audit_log').select(['actor_user_id', 'entity']).where('entity', '=', 'procurement_review').execute();
    assert.ok(audit.length >= 2 && audit.every((e) => e.actor_user_id === admin.userId));
  });

  it('an approved request activates the requested plan, paid by invoice, for the requester\'s account', async () => {
    const buyer = await h.identity();
    const id = (await submit(body({ email: buyer.email, plan: 'enterprise', seats: 25 }), '198.51.100.90')).json().id as string;
    assert.equal((await review(id, admin.keyAuth, { decision: 'rejected', activate_subscription: true })).statusCode, 400);
    const res = await review(id, admin.keyAuth, { decision: 'approved', note: 'PO 118', activate_subscription: true });
    assert.equal(res.statusCode, 201, res.body);
    const sub = await get('/v1/account/subscription', buyer.sessionAuth);
    assert.equal(sub.statusCode, 200, sub.body);
    const s = sub.json() as { plan: string; status: string; seats: { bought: number } };
    assert.equal(s.plan, 'enterprise');
    assert.equal(s.status, 'active');
    assert.equal(s.seats.bought, 25);

    const stranger = (await submit(body({ email: 'nobody-here@example.com' }), '198.51.100.90')).json().id as string;
    assert.equal((await review(stranger, admin.keyAuth, { decision: 'approved', activate_subscription: true })).statusCode, 409);
    const after409 = (await get(`/v1/admin/procurement/${stranger}`, admin.keyAuth)).json() as { status: string; reviews: unknown[] };
    assert.equal(after409.status, 'new', 'a refused review changes nothing');
    assert.equal(after409.reviews.length, 0);
  });
});
