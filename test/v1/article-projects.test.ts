/**
 * `GET /v1/articles/{id}/projects`: the projects an article mentions, for the article page. Exactly
 * the linked, published projects, with watch flags; the `projects` gate and the trial preview of the
 * project list; 404 for an unknown article and for a draft's (non-administrators).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeArticle, makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { callers, ok, problem, type Callers } from './helpers.js';

let h: Harness;
let who: Callers;
before(async () => {
  h = await startHarness();
  who = await callers(h);
});
after(() => h.close());

type Projects = { projects: Array<{ id: string; title: string; is_watched: boolean }> };

/** Links `projects` to `articleId` as an editor does. */
async function link(articleId: string, projects: string[]) {
  const res = await h.app.inject({ method: 'PUT', url: `/v1/admin/articles/${articleId}/projects`, headers: { ...who.admin.sessionAuth, 'content-type': 'application/json' }, payload: { projects } });
  assert.equal(res.statusCode, 200, res.body);
}

describe('GET /v1/articles/{id}/projects', () => {
  it('answers exactly the linked projects, in title order, with the caller\u2019s watch flags', async () => {
    const article = await makeArticle(h);
    const [b, a, other] = [await makeProject(h, { title: 'B apron works' }), await makeProject(h, { title: 'A terminal expansion' }), await makeProject(h, { title: 'C unrelated' })];
    await link(article.id, [b.id, a.id]);
    const watch = await h.app.inject({ method: 'PUT', url: `/v1/projects/${b.id}/watch`, headers: who.pro.sessionAuth });
    assert.ok([200, 201, 204].includes(watch.statusCode), watch.body);

    const body = await ok<Projects>(h, who.pro, `/v1/articles/${article.id}/projects`);
    assert.deepEqual(body.projects.map((p) => p.title), ['A terminal expansion', 'B apron works']);
    assert.deepEqual(body.projects.map((p) => p.is_watched), [false, true]);
    assert.ok(!body.projects.some((p) => p.id === other.id));
    const theirs = await ok<Projects>(h, who.ent, `/v1/articles/${article.id}/projects`);
    assert.deepEqual(theirs.projects.map((p) => p.is_watched), [false, false], 'another reader\u2019s flags are their own');
  });

  it('an article with no links answers an empty list; an unknown article is 404; a draft\u2019s is 404 but for administrators', async () => {
    const article = await makeArticle(h);
    assert.deepEqual((await ok<Projects>(h, who.pro, `/v1/articles/${article.id}/projects`)).projects, []);
    await problem(h, who.pro, '/v1/articles/00000000-0000-4000-8000-000000000000/projects', 404);
    const draft = await makeArticle(h, { edition_id: (await makeEdition(h, { status: 'draft' })).id });
    const p = await makeProject(h);
    await link(draft.id, [p.id]);
    await problem(h, who.pro, `/v1/articles/${draft.id}/projects`, 404);
    assert.deepEqual((await ok<Projects>(h, who.admin, `/v1/articles/${draft.id}/projects`)).projects.map((x) => x.id), [p.id]);
  });

  it('needs projects: a plan without it is 403 naming the feature; no credentials is 401; a bad id is 400', async () => {
    const article = await makeArticle(h);
    await problem(h, who.core, `/v1/articles/${article.id}/projects`, 403, /projects/);
    await problem(h, null, `/v1/articles/${article.id}/projects`, 401);
    await problem(h, who.pro, '/v1/articles/not-a-uuid/projects', 400);
  });
});
