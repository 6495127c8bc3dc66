/**
 * /v1/admin article entity links (topics and tags, airports, companies) and project links (read,
 * replace, ranked candidates, auto-link), over the sample data. Prints the candidate ranking
 * figure: for the sample articles an editor linked to a project, how often the top 3 candidates
 * contain that project (must be at least 90 %).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminCtx } from '../helpers/factories.js';
import { rankProjectCandidates } from '../../src/domain/articles/index.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { auditCount, call, expectProblem, NOBODY } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let reader: TestIdentity;
let articleId: string;
before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true });
  reader = await h.identity({ plan: 'enterprise' });
  const edition = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 7101, publish_date: '2026-11-20' })).json();
  articleId = (await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: edition.id, headline: 'Links test', airports: ['LHR'] })).json().id;
});
after(() => h.close());

describe('/v1/admin/articles/{id}/links, terms, airports, companies', () => {
  it('reads and replaces each set, one audit entry per write', async () => {
    const company = await h.database.db.selectFrom('companies').select(['id', 'name']).orderBy('name').executeTakeFirstOrThrow();
    const topic = await h.database.db.selectFrom('topics').select(['name', 'slug']).orderBy('slug').executeTakeFirstOrThrow();
    const links = await call(h, admin, 'GET', `/v1/admin/articles/${articleId}/links`);
    assert.equal(links.statusCode, 200);
    assert.deepEqual(links.json().airports.map((a: { iata_code: string }) => a.iata_code), ['LHR']);
    const audits = await auditCount(h, 'article', articleId);

    let res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/terms`, { topics: [topic.name], tags: ['Resilience'] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().topics, [{ slug: topic.slug, name: topic.name }]);
    assert.deepEqual(res.json().tags.map((t: { slug: string }) => t.slug), ['resilience']);
    res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/airports`, { airports: ['London Gatwick Airport', 'LHR'] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().airports.map((a: { iata_code: string }) => a.iata_code), ['LGW', 'LHR']);
    res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/companies`, { companies: [company.name.toLowerCase()] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().companies, [{ id: company.id, name: company.name }]);
    res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/companies`, { companies: [company.id] }); // the same set: no change
    assert.equal(res.statusCode, 200);
    assert.equal(await auditCount(h, 'article', articleId), audits + 3);
  });

  it('takes back what its read returns (airports as { id, iata_code, name }); a company slug resolves on articles, projects and tenders alike', async () => {
    const company = await h.database.db.selectFrom('companies').select(['id', 'name', 'slug']).orderBy('name').executeTakeFirstOrThrow();
    await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/companies`, { companies: [company.slug] });
    const read = (await call(h, admin, 'GET', `/v1/admin/articles/${articleId}/links`)).json();
    assert.deepEqual(read.companies, [{ id: company.id, name: company.name }]);
    assert.deepEqual(Object.keys(read.airports[0]).sort(), ['iata_code', 'id', 'name']);
    const audits = await auditCount(h, 'article', articleId);
    for (const [set, body] of [['terms', { topics: read.topics, tags: read.tags }], ['airports', { airports: read.airports }], ['companies', { companies: read.companies }]] as const) {
      const res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/${set}`, body);
      assert.equal(res.statusCode, 200, `${set}: ${res.body}`);
      assert.deepEqual(res.json(), read, `${set}: written back unchanged`);
    }
    assert.equal(await auditCount(h, 'article', articleId), audits, 'an unchanged write audits nothing');
    for (const kind of ['projects', 'tenders']) {
      const rec = (await call(h, admin, 'POST', `/v1/admin/${kind}`, kind === 'projects' ? { title: 'Slug project' } : { title: 'Slug tender', buyer: 'Buyer', type: 'rfp' })).json();
      const res = await call(h, admin, 'PUT', `/v1/admin/${kind}/${rec.id}/companies`, { companies: kind === 'projects' ? [{ name: company.slug }] : [company.slug] });
      assert.equal(res.statusCode, 200, `${kind}: ${res.body}`);
      assert.deepEqual(res.json().companies.map((c: { id: string }) => c.id), [company.id], kind);
    }
  });

  it('names the field of bad input; 404 for unknown ids and non-administrators', async () => {
    await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/terms`, { topics: [] }), 400, 'tags');
    const p = await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/airports`, { airports: ['ZZZ'] }), 400, 'airports');
    assert.match(p.detail, /ZZZ/);
    await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/companies`, { companies: 'x' }), 400, 'companies');
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/articles/${NOBODY}/links`), 404);
    await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${NOBODY}/airports`, { airports: [] }), 404);
    for (const [m, u, b] of [['GET', `/v1/admin/articles/${articleId}/links`, undefined], ['PUT', `/v1/admin/articles/${articleId}/terms`, { topics: [], tags: [] }],
      ['PUT', `/v1/admin/articles/${articleId}/airports`, { airports: [] }], ['PUT', `/v1/admin/articles/${articleId}/companies`, { companies: [] }]] as const) {
      await expectProblem(await call(h, reader, m, u, b), 404);
    }
  });
});

describe('/v1/admin/articles/{id}/projects', () => {
  it('replaces and reads the links (manual), audited once per change, rollups follow', async () => {
    const projects = await h.database.db.selectFrom('projects').select(['id', 'title']).orderBy('title').limit(2).execute();
    const audits = await auditCount(h, 'article', articleId);
    let res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/projects`, { projects: projects.map((p) => p.id) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().projects.map((p: { project_id: string }) => p.project_id).sort(), projects.map((p) => p.id).sort());
    assert.ok(res.json().projects.every((p: { link_source: string }) => p.link_source === 'manual'));
    res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/projects`, { projects: projects.map((p) => p.id) });
    assert.equal(res.statusCode, 200);
    assert.equal(await auditCount(h, 'article', articleId), audits + 1, 'the same set again changes and audits nothing');
    res = await call(h, admin, 'GET', `/v1/admin/articles/${articleId}/projects`);
    assert.equal(res.json().projects.length, 2);
    res = await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/projects`, { projects: [] });
    assert.deepEqual(res.json().projects, []);
    assert.equal(await auditCount(h, 'article', articleId), audits + 2);
    const p = await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/projects`, { projects: [NOBODY] }), 400, 'projects');
    assert.match(p.detail, new RegExp(NOBODY));
    await expectProblem(await call(h, admin, 'PUT', `/v1/admin/articles/${articleId}/projects`, { projects: ['nope'] }), 400, 'projects.0');
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/articles/${NOBODY}/projects`), 404);
    for (const [m, u, b] of [['GET', `/v1/admin/articles/${articleId}/projects`, undefined], ['PUT', `/v1/admin/articles/${articleId}/projects`, { projects: [] }],
      ['GET', `/v1/admin/articles/${articleId}/projects/candidates`, undefined], ['POST', `/v1/admin/articles/${articleId}/projects/auto-link`, {}]] as const) {
      await expectProblem(await call(h, reader, m, u, b), 404);
    }
  });

  it('ranks candidates with score and reasons; auto-link is idempotent', async () => {
    // An article naming a project's title at its airport.
    const project = await h.database.db.selectFrom('projects as p').innerJoin('airports as a', 'a.id', 'p.airport_id')
      .select(['p.id', 'p.title', 'a.iata']).orderBy('p.title').executeTakeFirstOrThrow();
    const edition = (await call(h, admin, 'POST', '/v1/admin/editions', { number: 7102, publish_date: '2026-11-20' })).json();
    const art = (await call(h, admin, 'POST', '/v1/admin/articles', { edition_id: edition.id, headline: `Progress on ${project.title}`, content: `An update on ${project.title}.`, airports: [project.iata] })).json();
    const res = await call(h, admin, 'GET', `/v1/admin/articles/${art.id}/projects/candidates?limit=3`);
    assert.equal(res.statusCode, 200, res.body);
    const top = res.json().candidates[0];
    assert.equal(top.project_id, project.id);
    assert.ok(top.score >= 70 && top.reasons.some((r: { reason: string }) => /title/.test(r.reason)), JSON.stringify(top));
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/articles/${art.id}/projects/candidates?min_score=101`), 400, 'min_score');
    await expectProblem(await call(h, admin, 'GET', `/v1/admin/articles/${NOBODY}/projects/candidates`), 404);

    const audits = await auditCount(h, 'article', art.id);
    const first = await call(h, admin, 'POST', `/v1/admin/articles/${art.id}/projects/auto-link`, {});
    assert.equal(first.statusCode, 200, first.body);
    assert.ok(first.json().linked.some((c: { project_id: string }) => c.project_id === project.id));
    assert.ok(first.json().projects.every((p: { link_source: string }) => p.link_source === 'auto'));
    const again = await call(h, admin, 'POST', `/v1/admin/articles/${art.id}/projects/auto-link`, {});
    assert.deepEqual(again.json().linked, []);
    assert.deepEqual(again.json().projects, first.json().projects);
    assert.equal(await auditCount(h, 'article', art.id), audits + 1);
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/articles/${art.id}/projects/auto-link`, { threshold: 0 }), 400, 'threshold');
    await expectProblem(await call(h, admin, 'POST', `/v1/admin/articles/${NOBODY}/projects/auto-link`, {}), 404);
  });

  it('top-3 candidates contain the editor-linked project for at least 90 % of linked sample articles', async () => {
    const links = await h.database.db.selectFrom('article_projects').select(['article_id', 'project_id']).where('link_source', '=', 'manual').execute();
    const byArticle = new Map<string, Set<string>>();
    for (const l of links) byArticle.set(l.article_id, (byArticle.get(l.article_id) ?? new Set()).add(l.project_id));
    const ctx = await adminCtx(h);
    let hits = 0;
    let pairs = 0;
    for (const [article, linked] of byArticle) {
      const ranked = await rankProjectCandidates(ctx, article, { limit: 3, offset: 0 });
      const top3 = new Set(ranked.map((c) => c.project_id));
      for (const p of linked) {
        pairs++;
        if (top3.has(p)) hits++;
        else if (process.env.DEBUG_RANK) {
          const all = await rankProjectCandidates(ctx, article, { limit: 50, offset: 0 });
          const a = await h.database.db.selectFrom('articles').select(['headline']).where('id', '=', article).executeTakeFirstOrThrow();
          const pr = await h.database.db.selectFrom('projects').select(['title']).where('id', '=', p).executeTakeFirstOrThrow();
          console.log('MISS', a.headline, '| linked:', pr.title, JSON.stringify(all.find((c) => c.project_id === p)), '| top:', JSON.stringify(ranked.map((c) => [c.title, c.score, c.reasons.map((r) => r.reason)])));
        }
      }
    }
    const share = hits / pairs;
    console.log(`candidate ranking: top-3 contains the editor-linked project for ${hits}/${pairs} links (${(share * 100).toFixed(1)} %) over ${byArticle.size} linked sample articles`);
    assert.ok(pairs >= 10, `enough linked sample articles (${pairs})`);
    assert.ok(share >= 0.9, `top-3 share ${share}`);
  });
});
