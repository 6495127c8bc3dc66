/**
 * /v1/admin projects (issue 13): create, update, delete, the three replace-the-set writes and the
 * links read; programmes without cycles; one audit entry per write; 404 to non-administrators.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeProject } from '../helpers/factories.js';
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
  const c = await h.database.db.insertInto('companies').values({ name: 'Ferrovial Airports', slug: 'ferrovial-airports-t' }).returning('id').executeTakeFirstOrThrow();
  companyId = c.id;
  await h.database.db.insertInto('company_aliases').values({ company_id: companyId, alias: 'Ferrovial' }).execute();
});
after(() => h.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /v1/admin/projects', () => {
  it('creates a project, answers 201 with Location and the stored record, audited once', async () => {
    const res = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'Admin runway', iata_code: 'LHR', value_amount: 1000, value_currency: 'GBP', topics: ['runways'] });
    assert.equal(res.statusCode, 201, res.body);
    const p = res.json();
    assert.equal(res.headers.location, `/v1/admin/projects/${p.id}`);
    assert.equal(p.status, 'planned');
    assert.equal(p.iata_code, 'LHR');
    assert.equal(p.country_code, 'GB');
    assert.deepEqual(p.topics, ['runways']);
    const audit = await auditOf(h, 'project', p.id);
    assert.deepEqual(audit.map((a) => a.action), ['create']);
    assert.equal(audit[0]!.actor_user_id, admin.userId);
  });

  it('answers 400 naming the field for a missing title, an unknown airport, an unknown topic', async () => {
    const missing = await call(h, admin, 'POST', '/v1/admin/projects', { description: 'x' });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.headers['content-type'] as string, /problem\+json/);
    assert.ok(fieldsOf(missing.json()).includes('title') || /title/.test(missing.json().detail), missing.body);
    const airport = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'x', iata_code: 'QQQ' });
    assert.equal(airport.statusCode, 400);
    assert.match(airport.json().detail, /iata_code/);
    const topic = await call(h, admin, 'POST', '/v1/admin/projects', { title: 'x', topics: ['no-such-topic'] });
    assert.equal(topic.statusCode, 400);
    assert.match(topic.json().detail, /topics/);
  });
});

describe('PATCH and DELETE /v1/admin/projects/{id}', () => {
  it('updates the fields sent and audits the change', async () => {
    const p = await makeProject(h, { title: 'Patch me' });
    const res = await call(h, admin, 'PATCH', `/v1/admin/projects/${p.id}`, { status: 'ongoing', expected_completion_year: 2030 });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'ongoing');
    assert.equal(res.json().title, 'Patch me');
    const audit = await auditOf(h, 'project', p.id);
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update']);
    assert.deepEqual(audit[1]!.after, { status: 'ongoing', expected_completion_year: 2030 });
  });

  it('refuses a programme cycle at any depth, naming parent_project_id; a valid programme is accepted', async () => {
    const top = await makeProject(h, { title: 'Programme' });
    const mid = await makeProject(h, { title: 'Package', parent_project_id: top.id });
    const leaf = await makeProject(h, { title: 'Sub-package', parent_project_id: mid.id });
    for (const [id, parent] of [[top.id, leaf.id], [top.id, mid.id], [mid.id, mid.id]] as const) {
      const res = await call(h, admin, 'PATCH', `/v1/admin/projects/${id}`, { parent_project_id: parent });
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().detail, /parent_project_id/);
    }
    const unknown = await call(h, admin, 'PATCH', `/v1/admin/projects/${leaf.id}`, { parent_project_id: UNKNOWN });
    assert.equal(unknown.statusCode, 400);
    const ok = await call(h, admin, 'PATCH', `/v1/admin/projects/${leaf.id}`, { parent_project_id: top.id });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().parent_project_id, top.id);
    const stored = await h.database.db.selectFrom('projects').select('parent_project_id').where('id', '=', top.id).executeTakeFirstOrThrow();
    assert.equal(stored.parent_project_id, null);
  });

  it('deletes a project, answers it as it was, audits once; a second delete is 404', async () => {
    const p = await makeProject(h, { title: 'Delete me' });
    const res = await call(h, admin, 'DELETE', `/v1/admin/projects/${p.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().title, 'Delete me');
    assert.equal((await call(h, admin, 'DELETE', `/v1/admin/projects/${p.id}`)).statusCode, 404);
    assert.deepEqual((await auditOf(h, 'project', p.id)).map((a) => a.action), ['create', 'delete']);
  });

  it('answers 404 for unknown ids on every record operation, 400 for a malformed id', async () => {
    for (const [method, suffix, body] of [
      ['PATCH', '', { status: 'ongoing' }], ['DELETE', '', undefined], ['PUT', '/airports', { airports: [] }],
      ['PUT', '/companies', { companies: [] }], ['PUT', '/terms', { tags: [] }], ['GET', '/links', undefined],
    ] as const) {
      const res = await call(h, admin, method, `/v1/admin/projects/${UNKNOWN}${suffix}`, body);
      assert.equal(res.statusCode, 404, `${method} ${suffix}: ${res.body}`);
      assert.match(res.headers['content-type'] as string, /problem\+json/);
    }
    assert.equal((await call(h, admin, 'GET', '/v1/admin/projects/not-a-uuid/links')).statusCode, 400);
  });
});

describe('links of a project', () => {
  it('replaces airports (main airport follows), companies (by id, name or alias, with roles) and terms; reads them back and accepts them back', async () => {
    const p = await makeProject(h, { title: 'Linked', iata_code: 'LHR' });
    let res = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}/airports`, { airports: ['lgw', { iata_code: 'LHR' }] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().airports.map((a: { iata_code: string; is_main: boolean }) => [a.iata_code, a.is_main]), [['LHR', true], ['LGW', false]]);

    res = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}/airports`, { airports: ['LGW'] });
    assert.deepEqual(res.json().airports.map((a: { iata_code: string; is_main: boolean }) => [a.iata_code, a.is_main]), [['LGW', true]]);
    const stored = await h.database.db.selectFrom('projects').select(['iata_code', 'airport_name']).where('id', '=', p.id).executeTakeFirstOrThrow();
    assert.equal(stored.iata_code, 'LGW');

    res = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}/companies`, { companies: [{ name: 'ferrovial', role: 'investor' }, { id: companyId }] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().companies.map((c: { id: string; role: string }) => [c.id, c.role]), [[companyId, 'contractor'], [companyId, 'investor']]);

    res = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}/terms`, { topics: ['Runways'], tags: ['Third Runway'] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().topics.map((t: { slug: string }) => t.slug), ['runways']);
    assert.deepEqual(res.json().tags.map((t: { slug: string }) => t.slug), ['third-runway']);

    const links = await call(h, admin, 'GET', `/v1/admin/projects/${p.id}/links`);
    assert.equal(links.statusCode, 200);
    const read = links.json();
    const countBefore = (await auditOf(h, 'project', p.id)).length;
    // What the read returns is accepted back unchanged, and changes nothing (no audit entry).
    for (const [suffix, body] of [['/airports', { airports: read.airports.map(({ is_main: _m, ...a }: { is_main: boolean }) => a) }], ['/companies', { companies: read.companies }], ['/terms', { topics: read.topics, tags: read.tags }]] as const) {
      const back = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}${suffix}`, body);
      assert.equal(back.statusCode, 200, `${suffix}: ${back.body}`);
      assert.deepEqual(back.json(), read);
    }
    assert.equal((await auditOf(h, 'project', p.id)).length, countBefore);
    // Each link write that changed something was audited once: the create and four link writes.
    assert.equal(countBefore, 5);
  });

  it('names the field of a value it cannot resolve', async () => {
    const p = await makeProject(h, { title: 'Bad links' });
    for (const [suffix, body, field] of [
      ['/airports', { airports: ['ZZZ'] }, 'airports'], ['/companies', { companies: [{ name: 'No Such Company Ltd' }] }, 'companies'],
      ['/terms', { topics: ['no-such-topic'] }, 'topics'], ['/airports', { airports: 'LHR' }, 'airports'], ['/companies', { companies: [{ role: 'owner', extra: 1 }] }, 'companies'],
    ] as const) {
      const res = await call(h, admin, 'PUT', `/v1/admin/projects/${p.id}${suffix}`, body);
      assert.equal(res.statusCode, 400, `${suffix}: ${res.body}`);
      assert.ok(res.json().detail.includes(field) || fieldsOf(res.json()).some((f) => f.includes(field)), res.body);
    }
  });
});

describe('non-administrators', () => {
  it('get 404 problem+json on every project operation, and nothing changes', async () => {
    const p = await makeProject(h, { title: 'Guarded' });
    for (const [method, url, body] of [
      ['POST', '/v1/admin/projects', { title: 'x' }], ['PATCH', `/v1/admin/projects/${p.id}`, { title: 'y' }], ['DELETE', `/v1/admin/projects/${p.id}`, undefined],
      ['PUT', `/v1/admin/projects/${p.id}/airports`, { airports: [] }], ['PUT', `/v1/admin/projects/${p.id}/companies`, { companies: [] }],
      ['PUT', `/v1/admin/projects/${p.id}/terms`, { tags: [] }], ['GET', `/v1/admin/projects/${p.id}/links`, undefined],
    ] as const) {
      const res = await call(h, pro, method, url, body);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.match(res.headers['content-type'] as string, /problem\+json/);
    }
    assert.equal((await auditOf(h, 'project', p.id)).length, 1);
  });
});
