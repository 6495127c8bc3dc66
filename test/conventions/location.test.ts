/**
 * `Location` on 201 (docs/conventions.md, "Creating and deleting"): following the `Location` of a
 * creation reads the new record. Every operation of /openapi.json that answers 201 is either
 * followed here or named with the test file that follows it; a new 201 without either fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeEdition } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;

before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'professional' });
});
after(() => h.close());

const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2, 8)}`;

/** POSTs `payload` to `url`, expects 201, GETs its `Location` as `reader` (default: the caller) and returns both bodies. */
async function createAndFollow(url: string, payload: unknown, caller: TestIdentity, reader: TestIdentity = caller) {
  const res = await h.app.inject({ method: 'POST', url, headers: { ...caller.keyAuth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  assert.equal(res.statusCode, 201, `${url}: ${res.body}`);
  const location = String(res.headers.location);
  assert.match(location, /^\/(api\/)?v1\//, `${url}: Location is a URL of the service`);
  const read = await h.app.inject({ method: 'GET', url: location, headers: reader.keyAuth });
  assert.equal(read.statusCode, 200, `GET ${location} (Location of POST ${url}): ${read.body.slice(0, 200)}`);
  return { created: res.json() as Record<string, unknown>, read: read.json() as Record<string, unknown>, location };
}

/** The record of an answer of either edition (`{ data }` on /api/v1). */
const recordOf = (body: Record<string, unknown>) => ('data' in body ? body.data : body) as { id: string };

/** Operations answering 201 whose `Location` another test file follows. */
const FOLLOWED_ELSEWHERE: Record<string, string> = {
  v1AdminUploadMedia: 'test/v1/admin-media.test.ts (multipart upload; GET /v1/admin/media/{id})',
  v1CreateCheckout: 'test/accounts/billing.test.ts (needs the Stripe stand-in; GET /v1/billing/checkout/{id})',
  v1StartTrial: 'test/accounts/billing.test.ts (GET /v1/account/subscription)',
  v1InviteMember: 'test/accounts/members.test.ts (GET /v1/account/members)',
  v1AdminPromoteInboxItem: 'test/v1-admin/inbox.test.ts (Location: /v1/admin/articles/{id}, read below)',
  apiV1AdminPromoteInboxItem: 'test/admin/admin.test.ts (Location: /api/v1/admin/articles/{id}, read below)',
  v1AdminReviewProcurement: 'test/accounts/procurement.test.ts (Location: /v1/admin/procurement/{id})',
};
const followed = new Set<string>();

describe('Location on 201 reads the new record', () => {
  it('on /api/v1/admin: editions, articles, projects, tenders', async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const creates: [string, string, object][] = [
      ['apiV1AdminCreateEdition', 'editions', { number: edition.number + 100, publish_date: '2026-11-21' }],
      ['apiV1AdminCreateArticle', 'articles', { edition_id: edition.id, headline: unique('Located article'), content: 'Body.' }],
      ['apiV1AdminCreateProject', 'projects', { title: unique('Located project') }],
      ['apiV1AdminCreateTender', 'tenders', { title: unique('Located tender'), buyer: 'Test Airport Authority', type: 'tender' }],
    ];
    for (const [operationId, collection, body] of creates) {
      const { created, read, location } = await createAndFollow(`/api/v1/admin/${collection}`, body, admin);
      assert.equal(location, `/api/v1/admin/${collection}/${recordOf(created).id}`);
      assert.deepEqual(read, created, `${collection}: the read answers the record the create answered`);
      followed.add(operationId);
    }
  });

  it('on /v1/admin: editions (created and imported), articles, projects, tenders, calendar events, news sources, companies', async () => {
    const edition = await makeEdition(h, { status: 'draft' });
    const creates: [string, string, object][] = [
      ['v1AdminCreateEdition', '/v1/admin/editions', { number: edition.number + 200, publish_date: '2026-11-22' }],
      ['v1AdminImportEdition', '/v1/admin/editions/import', { content: `# Airport Intel, issue ${edition.number + 300} (28 March 2025)\n\nSummary.\n\n## A located headline\n\nBody.\n` }],
      ['v1AdminCreateArticle', '/v1/admin/articles', { edition_id: edition.id, headline: unique('Located article') }],
      ['v1AdminCreateProject', '/v1/admin/projects', { title: unique('Located project') }],
      ['v1AdminCreateTender', '/v1/admin/tenders', { title: unique('Located tender'), buyer: 'Test buyer', type: 'rfp' }],
      ['v1AdminCreateCalendarEvent', '/v1/admin/calendar', { title: unique('Located event'), starts_on: '2027-03-16' }],
      ['v1AdminCreateSource', '/v1/admin/sources', { name: unique('Located source'), feed_url: 'https://feeds.example.com/located.xml' }],
      ['v1AdminCreateCompany', '/v1/admin/companies', { name: unique('Located company') }],
    ];
    for (const [operationId, url, body] of creates) {
      const { created, read } = await createAndFollow(url, body, admin);
      const record = (operationId === 'v1AdminImportEdition' ? created.edition : created) as { id: string };
      assert.deepEqual(read, record, `${url}: the read answers the record the create answered`);
      followed.add(operationId);
    }
  });

  it('on /v1 for readers: an alert rule, an API key (the list of keys), a procurement request (its administrators\u2019 read)', async () => {
    const rule = await createAndFollow('/v1/alert-rules', { name: unique('Located rule'), subject: 'articles', query: { q: 'airport' } }, pro);
    assert.equal(rule.read.id, rule.created.id);
    followed.add('v1CreateAlertRule');

    const key = await createAndFollow('/v1/account/api-keys', { label: 'located' }, pro);
    assert.ok((key.read.keys as { id: string }[]).some((k) => k.id === key.created.id), 'the list holds the new key');
    followed.add('v1CreateApiKey');

    const request = { organisation: 'Located Airports', contact_name: 'Located Buyer', email: 'located@example.com', country: 'GB', plan: 'enterprise', seats: 3 };
    const res = await h.app.inject({ method: 'POST', url: '/v1/procurement-requests', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(request) });
    assert.equal(res.statusCode, 201, res.body);
    const read = await h.app.inject({ method: 'GET', url: String(res.headers.location), headers: admin.keyAuth });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().id, res.json().id);
    followed.add('v1CreateProcurementRequest');
  });

  it('covers every operation that answers 201 (here or in the file named)', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    const creates = Object.values(doc.paths).flatMap((item) => Object.values(item)).filter((op) => op.responses?.['201']).map((op) => op.operationId);
    assert.deepEqual(creates.filter((id) => !followed.has(id) && !FOLLOWED_ELSEWHERE[id]), [], 'a 201 whose Location no test follows');
    assert.deepEqual(Object.keys(FOLLOWED_ELSEWHERE).filter((id) => !creates.includes(id)), [], 'a stale entry');
  });
});
