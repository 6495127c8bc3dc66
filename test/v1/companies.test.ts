/**
 * Issue 30: company profiles (/v1/companies…) and their administration (/v1/admin/companies…),
 * and the sample's project history, over HTTP on the sample data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeProject, makeTender } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, ok, problem, type Callers } from './helpers.js';

let h: Harness;
let who: Callers;
before(async () => {
  h = await startHarness({ sample: true });
  who = await callers(h);
});
after(() => h.close());

type Company = {
  id: string; name: string; slug: string; country_code: string | null; aliases: string[]; parent: { id: string; slug: string } | null;
  subsidiaries: { id: string; name: string; slug: string }[]; project_count: number; tender_count: number; article_count: number; created_at?: string;
};

const send = (admin: TestIdentity, method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: { ...admin.keyAuth, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });

async function create(body: Record<string, unknown>): Promise<Company> {
  const res = await send(who.admin, 'POST', '/v1/admin/companies', body);
  assert.equal(res.statusCode, 201, res.body);
  assert.match(String(res.headers.location), /^\/v1\/admin\/companies\/[0-9a-f-]{36}$/);
  return res.json() as Company;
}

describe('company profiles', () => {
  let group: Company;
  let sub: Company;
  let projectIds: string[];
  let tenderId: string;

  before(async () => {
    group = await create({ name: 'Skyline Group', country_code: 'gb', aliases: ['SkyGrp', 'Skyline Holdings'], website: 'https://skyline.example.com' });
    sub = await create({ name: 'Skyline Build', parent_id: group.id });
    const own = await makeProject(h, { title: 'Skyline own terminal' });
    const subs = await makeProject(h, { title: 'Skyline subsidiary apron' });
    projectIds = [own.id, subs.id];
    assert.equal((await send(who.admin, 'PUT', `/v1/admin/projects/${own.id}/companies`, { companies: [{ id: group.id, role: 'owner' }] })).statusCode, 200);
    assert.equal((await send(who.admin, 'PUT', `/v1/admin/projects/${subs.id}/companies`, { companies: [{ name: 'Skyline Build' }] })).statusCode, 200);
    const tender = await makeTender(h, { title: 'Skyline baggage system', deadline: '2027-03-01T12:00:00.000Z' });
    tenderId = tender.id;
    assert.equal((await send(who.admin, 'PUT', `/v1/admin/tenders/${tender.id}/companies`, { companies: [sub.id] })).statusCode, 200);
    // An article of the latest published edition names the subsidiary.
    const latest = await h.database.db.selectFrom('articles as a').innerJoin('editions as e', 'e.id', 'a.edition_id').select('a.id')
      .where('e.status', '=', 'published').orderBy('e.publish_date', 'desc').orderBy('a.sort_order').executeTakeFirstOrThrow();
    await h.database.db.insertInto('article_companies').values({ article_id: latest.id, company_id: sub.id }).execute();
  });

  it('reads a company by id, slug and alias, with aliases, parent, subsidiaries and counts over its subsidiaries', async () => {
    assert.equal(group.slug, 'skyline-group');
    assert.equal(group.country_code, 'GB');
    for (const ref of [group.id, 'skyline-group', 'SkyGrp', 'skyline holdings', 'Skyline Group']) {
      const c = await ok<Company>(h, who.core, `/v1/companies/${encodeURIComponent(ref)}`);
      assert.equal(c.id, group.id, ref);
    }
    const c = await ok<Company>(h, who.core, '/v1/companies/skyline-group');
    assert.deepEqual(c.aliases, ['SkyGrp', 'Skyline Holdings']);
    assert.deepEqual(c.subsidiaries.map((s) => s.slug), ['skyline-build']);
    assert.equal(c.parent, null);
    assert.deepEqual([c.project_count, c.tender_count, c.article_count], [2, 1, 1]);
    const s = await ok<Company>(h, who.core, `/v1/companies/${sub.id}`);
    assert.equal(s.parent?.id, group.id);
    assert.deepEqual([s.project_count, s.tender_count, s.article_count], [1, 1, 1]);
    await problem(h, who.core, '/v1/companies/no-such-company', 404);
    await problem(h, who.nosub, '/v1/companies/skyline-group', 403);
  });

  it('lists companies by name, alias or slug and by country', async () => {
    const { companies } = await ok<{ companies: Company[] }>(h, who.core, '/v1/companies?q=skyline&limit=10');
    assert.deepEqual(companies.map((x) => x.slug), ['skyline-build', 'skyline-group']);
    assert.deepEqual((await ok<{ companies: Company[] }>(h, who.core, '/v1/companies?q=SkyGrp')).companies.map((x) => x.id), [group.id]);
    const gb = (await ok<{ companies: Company[] }>(h, who.core, '/v1/companies?country=GB&limit=200')).companies;
    assert.ok(gb.some((x) => x.id === group.id) && gb.every((x) => x.country_code === 'GB'));
    const vinci = (await ok<{ companies: Company[] }>(h, who.core, '/v1/companies?q=vinci')).companies;
    assert.ok(vinci.some((x) => x.name === 'VINCI Airports'), 'sample companies');
  });

  it('lists the projects, tenders and articles of a company and its subsidiaries, behind their gates and previews', async () => {
    const projects = (await ok<{ projects: { id: string }[] }>(h, who.ent, '/v1/companies/SkyGrp/projects')).projects.map((p) => p.id).sort();
    assert.deepEqual(projects, [...projectIds].sort());
    assert.deepEqual((await ok<{ projects: { id: string }[] }>(h, who.ent, '/v1/companies/skyline-build/projects')).projects.map((p) => p.id), [projectIds[1]]);
    assert.deepEqual((await ok<{ tenders: { id: string }[] }>(h, who.proWat, '/v1/companies/skyline-group/tenders')).tenders.map((t) => t.id), [tenderId]);
    const articles = (await ok<{ articles: { id: string }[] }>(h, who.ent, '/v1/companies/skyline-group/articles')).articles;
    assert.equal(articles.length, 1);
    await problem(h, who.pro, '/v1/companies/skyline-group/tenders', 403, /feature "wat"/);
    await problem(h, who.core, '/v1/companies/skyline-group/projects', 403, /feature "projects"/);
    // A trial: at most five projects of VINCI's group (many in the sample), the latest edition only.
    const vinciAll = (await ok<{ projects: unknown[] }>(h, who.ent, '/v1/companies/vinci/projects?limit=200')).projects;
    const vinciTrial = (await ok<{ projects: unknown[] }>(h, who.trial, '/v1/companies/vinci/projects?limit=200')).projects;
    assert.ok(vinciTrial.length <= 5 && vinciTrial.length <= vinciAll.length);
    if (vinciAll.length > 5) assert.equal(vinciTrial.length, 5);
    assert.equal((await ok<{ articles: unknown[] }>(h, who.trial, '/v1/companies/skyline-group/articles')).articles.length, 1);
  });

  it('administers companies: create, update with aliases and parent, refuse a cycle, delete answering the record', async () => {
    const listed = (await ok<{ companies: Company[] }>(h, who.admin, '/v1/admin/companies?q=skyline')).companies;
    assert.ok(listed.every((x) => typeof x.created_at === 'string'));
    const one = await ok<Company>(h, who.admin, `/v1/admin/companies/${group.id}`);
    assert.equal(one.name, 'Skyline Group');
    const cycle = await send(who.admin, 'PATCH', `/v1/admin/companies/${group.id}`, { parent_id: sub.id });
    assert.equal(cycle.statusCode, 400, cycle.body);
    assert.match((cycle.json() as { detail: string }).detail, /parent_id/);
    const dup = await send(who.admin, 'POST', '/v1/admin/companies', { name: 'Skyline Group' });
    assert.equal(dup.statusCode, 409, dup.body);
    const temp = await create({ name: 'Skyline Temporary', aliases: ['SkyTemp'] });
    const patched = await send(who.admin, 'PATCH', `/v1/admin/companies/${temp.id}`, { aliases: ['SkyTemp2'], country_code: 'FR' });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual((patched.json() as Company).aliases, ['SkyTemp2']);
    const deleted = await send(who.admin, 'DELETE', `/v1/admin/companies/${temp.id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal((deleted.json() as Company).name, 'Skyline Temporary');
    assert.equal((await send(who.admin, 'DELETE', `/v1/admin/companies/${temp.id}`)).statusCode, 404);
    const audit = await h.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'company').where('entity_id', '=', temp.id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['create', 'update', 'delete']);
    await problem(h, who.ent, '/v1/admin/companies', 404);
  });

  it('merges a company into another: every link moves and the absorbed slug resolves to the survivor', async () => {
    const absorbed = await create({ name: 'Skyline Legacy', aliases: ['SkyLeg'] });
    const child = await create({ name: 'Skyline Legacy Child', parent_id: absorbed.id });
    const p = await makeProject(h, { title: 'Skyline legacy runway' });
    await send(who.admin, 'PUT', `/v1/admin/projects/${p.id}/companies`, { companies: [{ id: absorbed.id }, { id: group.id }] });
    const t = await makeTender(h, { title: 'Skyline legacy tender', buyer: 'Skyline Legacy' });
    await send(who.admin, 'PUT', `/v1/admin/tenders/${t.id}/companies`, { companies: [absorbed.id] });
    await h.database.db.updateTable('tenders').set({ buyer_company_id: absorbed.id }).where('id', '=', t.id).execute();

    const res = await send(who.admin, 'POST', `/v1/admin/companies/${group.id}/merge`, { absorbed_id: absorbed.id });
    assert.equal(res.statusCode, 200, res.body);
    const survivor = res.json() as Company;
    assert.ok(survivor.aliases.includes('Skyline Legacy') && survivor.aliases.includes('SkyLeg'));
    assert.ok(survivor.subsidiaries.some((s) => s.id === child.id));
    // A profile read before the merge is not served stale from the response cache.
    assert.ok((await ok<Company>(h, who.core, '/v1/companies/skyline-group')).aliases.includes('SkyLeg'));
    for (const ref of ['skyline-legacy', 'SkyLeg', 'Skyline Legacy']) {
      assert.equal((await ok<Company>(h, who.core, `/v1/companies/${encodeURIComponent(ref)}`)).id, group.id, ref);
    }
    const db = h.database.db;
    assert.deepEqual(await db.selectFrom('companies').select('id').where('id', '=', absorbed.id).execute(), []);
    assert.deepEqual((await db.selectFrom('project_companies').select('company_id').where('project_id', '=', p.id).execute()).map((r) => r.company_id), [group.id]);
    assert.deepEqual((await db.selectFrom('tender_companies').select('company_id').where('tender_id', '=', t.id).execute()).map((r) => r.company_id), [group.id]);
    assert.equal((await db.selectFrom('tenders').select('buyer_company_id').where('id', '=', t.id).executeTakeFirstOrThrow()).buyer_company_id, group.id);
    const projects = (await ok<{ projects: { id: string }[] }>(h, who.ent, '/v1/companies/skyline-legacy/projects')).projects.map((x) => x.id);
    assert.ok(projects.includes(p.id));
    const self = await send(who.admin, 'POST', `/v1/admin/companies/${group.id}/merge`, { absorbed_id: group.id });
    assert.equal(self.statusCode, 400);
  });
});

describe('the sample history', () => {
  it('gives a few sample projects a history sourced by their articles', async () => {
    const rows = await h.database.db.selectFrom('project_history').select('project_id').distinct().execute();
    assert.ok(rows.length >= 1 && rows.length <= 4, `${rows.length} projects`);
    const { history } = await ok<{ history: { field: string; edition: { number: number } | null; article: { headline: string } | null }[] }>(h, who.ent, `/v1/projects/${rows[0]!.project_id}/history`);
    assert.ok(history.length >= 1);
    assert.ok(history.every((e) => e.edition && e.article));
  });
});
