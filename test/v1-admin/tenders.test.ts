/**
 * /v1/admin tenders (issue 13): create, read in any state, update (bidders and award), delete,
 * the three replace-the-set writes and the links read; one audit entry per write; 404 to
 * non-administrators.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeTender } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditOf, call, fieldsOf } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;
let companyId: string;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
  const c = await h.database.db.insertInto('companies').values({ name: 'Vanderlande Industries', slug: 'vanderlande-t' }).returning('id').executeTakeFirstOrThrow();
  companyId = c.id;
});
after(() => h.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST and GET /v1/admin/tenders', () => {
  it('creates a tender with bidders (201, Location, audited once) and reads it back', async () => {
    const res = await call(h, admin, 'POST', '/v1/admin/tenders', {
      title: 'Baggage system', buyer: 'Heathrow Airport Limited', type: 'rfp', iata_code: 'LHR', deadline: '2026-12-15T12:00:00Z',
      categories: ['runways'], bidders: [{ name: 'Vanderlande' }, { name: 'Siemens Logistics', outcome: 'shortlisted' }],
    });
    assert.equal(res.statusCode, 201, res.body);
    const t = res.json();
    assert.equal(res.headers.location, `/v1/admin/tenders/${t.id}`);
    assert.equal(t.status, 'open');
    assert.equal(t.published_on, '2026-11-21');
    assert.equal(t.country_code, 'GB');
    assert.deepEqual(t.bidders, [{ name: 'Siemens Logistics', outcome: 'shortlisted' }, { name: 'Vanderlande', outcome: 'bid' }]);
    const read = await call(h, admin, 'GET', `/v1/admin/tenders/${t.id}`);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), t);
    assert.deepEqual((await auditOf(h, 'tender', t.id)).map((a) => a.action), ['create']);
  });

  it('reads an unpublished tender, which readers cannot see', async () => {
    const t = await makeTender(h, { title: 'Hidden notice' });
    await h.database.db.updateTable('tenders').set({ published: false }).where('id', '=', t.id).execute();
    const res = await call(h, admin, 'GET', `/v1/admin/tenders/${t.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().published, false);
    assert.equal((await call(h, pro, 'GET', `/v1/tenders/${t.id}`)).statusCode, 404);
  });

  it('answers 400 naming the field: missing buyer, unknown type, unknown country, bidder outcome, a bidder twice', async () => {
    for (const [body, field] of [
      [{ title: 'x', type: 'rfp' }, 'buyer'], [{ title: 'x', buyer: 'b', type: 'auction' }, 'type'], [{ title: 'x', buyer: 'b', type: 'rfp', country_code: 'QQ' }, 'country_code'],
      [{ title: 'x', buyer: 'b', type: 'rfp', bidders: [{ name: 'A', outcome: 'won' }] }, 'outcome'], [{ title: 'x', buyer: 'b', type: 'rfp', bidders: [{ name: 'A' }, { name: 'a' }] }, 'bidders'],
    ] as const) {
      const res = await call(h, admin, 'POST', '/v1/admin/tenders', body);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(res.json().detail.includes(field) || fieldsOf(res.json()).some((f) => f.includes(field)), `${field}: ${res.body}`);
    }
  });
});

describe('PATCH and DELETE /v1/admin/tenders/{id}', () => {
  it('records the award and the bidders\u2019 outcomes, audited as one update', async () => {
    const t = await makeTender(h, { title: 'To award', bidders: [{ name: 'Vanderlande' }, { name: 'Siemens Logistics' }] });
    const res = await call(h, admin, 'PATCH', `/v1/admin/tenders/${t.id}`, {
      status: 'awarded', awarded_to: 'Vanderlande', awarded_on: '2026-11-20',
      bidders: [{ name: 'Vanderlande', outcome: 'awarded' }, { name: 'Siemens Logistics', outcome: 'unsuccessful' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.status, 'awarded');
    assert.equal(body.awarded_to, 'Vanderlande');
    assert.deepEqual(body.bidders, [{ name: 'Siemens Logistics', outcome: 'unsuccessful' }, { name: 'Vanderlande', outcome: 'awarded' }]);
    const audit = await auditOf(h, 'tender', t.id);
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update']);
    assert.equal((audit[1]!.after as { awarded_to: string }).awarded_to, 'Vanderlande');
  });

  it('deletes a tender, answering it as it was; 404 afterwards and for unknown ids everywhere', async () => {
    const t = await makeTender(h, { title: 'Delete me' });
    const res = await call(h, admin, 'DELETE', `/v1/admin/tenders/${t.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().title, 'Delete me');
    assert.equal((await call(h, admin, 'GET', `/v1/admin/tenders/${t.id}`)).statusCode, 404);
    assert.deepEqual((await auditOf(h, 'tender', t.id)).map((a) => a.action), ['create', 'delete']);
    for (const [method, suffix, body] of [
      ['GET', '', undefined], ['PATCH', '', { status: 'closed' }], ['DELETE', '', undefined], ['PUT', '/airports', { airports: [] }],
      ['PUT', '/companies', { companies: [] }], ['PUT', '/terms', { tags: [] }], ['GET', '/links', undefined],
    ] as const) {
      const r = await call(h, admin, method, `/v1/admin/tenders/${UNKNOWN}${suffix}`, body);
      assert.equal(r.statusCode, 404, `${method} ${suffix}`);
    }
  });
});

describe('links of a tender', () => {
  it('replaces airports (main airport follows), companies and terms; reads them back and accepts them back', async () => {
    const t = await makeTender(h, { title: 'Linked', iata_code: 'LHR' });
    let res = await call(h, admin, 'PUT', `/v1/admin/tenders/${t.id}/airports`, { airports: ['LGW'] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().airports.map((a: { iata_code: string; is_main: boolean }) => [a.iata_code, a.is_main]), [['LGW', true]]);
    res = await call(h, admin, 'PUT', `/v1/admin/tenders/${t.id}/companies`, { companies: ['vanderlande industries', { id: companyId }] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().companies, [{ id: companyId, name: 'Vanderlande Industries' }]);
    res = await call(h, admin, 'PUT', `/v1/admin/tenders/${t.id}/terms`, { topics: [{ slug: 'runways' }], tags: ['baggage'] });
    assert.equal(res.statusCode, 200, res.body);
    const tender = await call(h, admin, 'GET', `/v1/admin/tenders/${t.id}`);
    assert.equal(tender.json().iata_code, 'LGW');
    assert.deepEqual(tender.json().topics, ['runways']);

    const read = (await call(h, admin, 'GET', `/v1/admin/tenders/${t.id}/links`)).json();
    const count = (await auditOf(h, 'tender', t.id)).length;
    assert.equal(count, 4);
    for (const [suffix, body] of [['/airports', { airports: read.airports.map(({ is_main: _m, ...a }: { is_main: boolean }) => a) }], ['/companies', { companies: read.companies }], ['/terms', { topics: read.topics, tags: read.tags }]] as const) {
      const back = await call(h, admin, 'PUT', `/v1/admin/tenders/${t.id}${suffix}`, body);
      assert.equal(back.statusCode, 200, back.body);
      assert.deepEqual(back.json(), read);
    }
    assert.equal((await auditOf(h, 'tender', t.id)).length, count);
  });

  it('names the field of a value it cannot resolve', async () => {
    const t = await makeTender(h);
    for (const [suffix, body, field] of [['/airports', { airports: ['ZZZ'] }, 'airports'], ['/companies', { companies: ['Nobody Ltd'] }, 'companies'], ['/terms', { topics: ['nope'] }, 'topics']] as const) {
      const res = await call(h, admin, 'PUT', `/v1/admin/tenders/${t.id}${suffix}`, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().detail, new RegExp(field));
    }
  });
});

describe('non-administrators', () => {
  it('get 404 problem+json on every tender operation', async () => {
    const t = await makeTender(h);
    for (const [method, url, body] of [
      ['POST', '/v1/admin/tenders', { title: 'x', buyer: 'b', type: 'rfp' }], ['GET', `/v1/admin/tenders/${t.id}`, undefined], ['PATCH', `/v1/admin/tenders/${t.id}`, { title: 'y' }],
      ['DELETE', `/v1/admin/tenders/${t.id}`, undefined], ['PUT', `/v1/admin/tenders/${t.id}/airports`, { airports: [] }],
      ['PUT', `/v1/admin/tenders/${t.id}/companies`, { companies: [] }], ['PUT', `/v1/admin/tenders/${t.id}/terms`, { tags: [] }], ['GET', `/v1/admin/tenders/${t.id}/links`, undefined],
    ] as const) {
      const res = await call(h, pro, method, url, body);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.match(res.headers['content-type'] as string, /problem\+json/);
    }
    assert.equal((await auditOf(h, 'tender', t.id)).length, 1);
  });
});
