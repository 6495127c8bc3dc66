/**
 * Issue 26 (decision 0056): the /v1 article record names its companies as `{ id, slug, name }` (the
 * slug as `/v1/companies/{ref}` takes it) wherever the record appears (one article, an edition's
 * articles, related, search, the library, a company's articles), the project record's companies
 * carry their slug too, and both are written back unchanged by the admin writes (decision 0023).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { callers, ok, type Callers } from './helpers.js';

let h: Harness;
let who: Callers;
before(async () => {
  h = await startHarness();
  who = await callers(h);
});
after(() => h.close());

type Named = { id: string; slug: string; name: string };
type Art = { id: string; headline: string; companies: Named[] };

const send = (as: TestIdentity, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
  h.app.inject({ method, url, headers: { ...as.keyAuth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

async function company(name: string, aliases: string[] = []): Promise<Named> {
  const res = await send(who.admin, 'POST', '/v1/admin/companies', { name, aliases });
  assert.equal(res.statusCode, 201, res.body);
  const { id, slug } = res.json() as Named;
  return { id, slug, name };
}

describe('the companies of a /v1 article', () => {
  let zephyr: Named;
  let aldgate: Named;
  let article: { id: string; edition_id: string };

  before(async () => {
    zephyr = await company('Zephyr Terminal Builders', ['ZTB']);
    aldgate = await company('Aldgate Airfield Engineering');
    const edition = await makeEdition(h);
    // Written by alias and by slug; read back by name, in name order.
    const res = await send(who.admin, 'POST', '/v1/admin/articles', {
      edition_id: edition.id, headline: 'Quokkaville apron contract awarded', content: 'The quokkaville apron goes to two builders.', companies: ['ZTB', aldgate.slug], tags: ['Quokkaville apron'],
    });
    assert.equal(res.statusCode, 201, res.body);
    article = { id: (res.json() as { id: string }).id, edition_id: edition.id };
    // A second article with the same tag, so that `related` has the first one to show.
    assert.equal((await send(who.admin, 'POST', '/v1/admin/articles', { edition_id: edition.id, headline: 'Quokkaville apron second phase', content: 'More quokkaville apron works.', tags: ['Quokkaville apron'] })).statusCode, 201);
  });

  it('GET /v1/articles/{id} lists them as { id, slug, name } in name order, and the slug opens the company profile', async () => {
    const a = await ok<Art>(h, who.pro, `/v1/articles/${article.id}`);
    assert.deepEqual(a.companies, [aldgate, zephyr]);
    for (const c of a.companies) assert.equal((await ok<Named>(h, who.pro, `/v1/companies/${c.slug}`)).id, c.id);
  });

  it('every list of articles carries them: an edition\u2019s articles, search, related, the library, a company\u2019s articles', async () => {
    const pick = (list: Art[]) => list.find((x) => x.id === article.id)?.companies;
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, `/v1/editions/${article.edition_id}/articles`)).articles), [aldgate, zephyr]);
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, '/v1/search?q=quokkaville')).articles), [aldgate, zephyr]);
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, '/v1/search?q=quokkaville&highlight=true')).articles), [aldgate, zephyr]);
    const second = (await ok<{ articles: Art[] }>(h, who.pro, '/v1/search?q=second')).articles.find((x) => x.headline === 'Quokkaville apron second phase');
    assert.ok(second);
    assert.deepEqual(second.companies, []);
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, `/v1/articles/${second.id}/related`)).articles), [aldgate, zephyr]);
    const save = await h.app.inject({ method: 'PUT', url: `/v1/articles/${article.id}/save`, headers: who.pro.keyAuth });
    assert.ok(save.statusCode < 300, save.body);
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, '/v1/library/saved')).articles), [aldgate, zephyr]);
    assert.deepEqual(pick((await ok<{ articles: Art[] }>(h, who.pro, `/v1/companies/${zephyr.slug}/articles`)).articles), [aldgate, zephyr]);
  });

  it('a renamed company is named anew in the next read (the cached answer is not served again)', async () => {
    const first = await h.app.inject({ method: 'GET', url: `/v1/articles/${article.id}`, headers: who.pro.keyAuth });
    const etag = String(first.headers.etag ?? '');
    assert.equal((await send(who.admin, 'PATCH', `/v1/admin/companies/${aldgate.id}`, { name: 'Aldgate Airfield Engineering Ltd' })).statusCode, 200);
    const again = await h.app.inject({ method: 'GET', url: `/v1/articles/${article.id}`, headers: { ...who.pro.keyAuth, ...(etag ? { 'if-none-match': etag } : {}) } });
    assert.equal(again.statusCode, 200, 'a changed record is not a 304');
    assert.equal((again.json() as Art).companies.find((c) => c.id === aldgate.id)?.name, 'Aldgate Airfield Engineering Ltd');
    assert.equal((await send(who.admin, 'PATCH', `/v1/admin/companies/${aldgate.id}`, { name: aldgate.name })).statusCode, 200);
  });

  it('the admin write takes the reader\u2019s record back unchanged, audits nothing, and sets companies from { id, slug, name } objects', async () => {
    const read = await ok<Art & Record<string, unknown>>(h, who.admin, `/v1/articles/${article.id}`);
    const audits = async () => Number((await h.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await audits();
    const same = await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, read);
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(await audits(), before, 'an unchanged record audits nothing');
    assert.deepEqual((same.json() as { companies: string[] }).companies, [aldgate.name, zephyr.name], 'the admin record keeps company names');

    // Objects resolve by id first, then slug, then name; an unknown one is a 400 naming the field.
    const patched = await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { companies: [{ slug: zephyr.slug }, { id: aldgate.id, slug: 'ignored-when-the-id-is-given', name: 'x' }] });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual((await ok<Art>(h, who.pro, `/v1/articles/${article.id}`)).companies, [aldgate, zephyr]);
    const onlyName = await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { companies: [{ name: 'ztb' }] });
    assert.equal(onlyName.statusCode, 200, onlyName.body);
    assert.deepEqual((await ok<Art>(h, who.pro, `/v1/articles/${article.id}`)).companies, [zephyr]);
    const unknown = await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { companies: [{ slug: 'no-such-company' }] });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.match((unknown.json() as { detail: string }).detail, /companies.*no-such-company/s);
    const extra = await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { companies: [{ slug: zephyr.slug, role: 'owner' }] });
    assert.equal(extra.statusCode, 400, 'an article company has no role');
    assert.equal((await send(who.admin, 'PATCH', `/v1/admin/articles/${article.id}`, { companies: read.companies })).statusCode, 200);
    assert.deepEqual((await ok<Art>(h, who.pro, `/v1/articles/${article.id}`)).companies, [aldgate, zephyr]);
  });

  it('the project record\u2019s companies carry their slug, and PUT …/companies takes them back', async () => {
    const project = await makeProject(h, { title: 'Quokkaville apron' });
    assert.equal((await send(who.admin, 'PUT', `/v1/admin/projects/${project.id}/companies`, { companies: [{ id: zephyr.id, role: 'contractor' }, { name: aldgate.name, role: 'designer' }] })).statusCode, 200);
    type P = { companies: Array<Named & { role: string }> };
    const read = await ok<P>(h, who.pro, `/v1/projects/${project.id}`);
    assert.deepEqual(read.companies, [{ ...aldgate, role: 'designer' }, { ...zephyr, role: 'contractor' }]);
    const back = await send(who.admin, 'PUT', `/v1/admin/projects/${project.id}/companies`, { companies: read.companies });
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual((await ok<P>(h, who.pro, `/v1/projects/${project.id}`)).companies, read.companies);
  });
});
