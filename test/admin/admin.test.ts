/**
 * Editorial admin on /api/v1: every admin route for an administrator (works), a subscriber (403)
 * and no token (401); publish changes the public reads; the audit log records each write with the
 * fields before and after; bad input changes nothing; the inbox workflow incl. 409 on a second promote.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;

before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: TestIdentity | null = admin, payload?: unknown) =>
  h.app.inject({ method, url, headers: who ? who.keyAuth : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const ok = async (method: Method, url: string, payload?: unknown, status = 200) => {
  const res = await call(method, url, admin, payload);
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
  return res.json().data;
};
const audit = async (query: string) => (await call('GET', `/api/v1/admin/audit?${query}`)).json().data as { action: string; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actor_email: string }[];
const count = async (table: 'editions' | 'articles' | 'audit_log' | 'projects' | 'tenders') =>
  Number((await h.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('access to the admin routes', () => {
  it('answers 401 without a token and 403 {error} to a subscriber on every admin route; the admin gets through', async () => {
    const spec = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths).filter(([p]) => p.startsWith('/api/v1/admin/') || p.startsWith('/api/admin/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, url: p.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000') })));
    assert.equal(routes.length, 23, routes.map((r) => `${r.method} ${r.url}`).join('\n'));
    for (const r of routes) {
      const body = r.method === 'POST' || r.method === 'PATCH' ? { payload: {} } : {};
      const none = await h.app.inject({ method: r.method, url: r.url, ...body });
      assert.equal(none.statusCode, 401, `${r.method} ${r.url}`);
      const sub = await h.app.inject({ method: r.method, url: r.url, headers: pro.keyAuth, ...body });
      assert.equal(sub.statusCode, 403, `${r.method} ${r.url}`);
      assert.match(sub.json().error, /administrators/);
      const session = await h.app.inject({ method: r.method, url: r.url, headers: pro.sessionAuth, ...body });
      assert.equal(session.statusCode, 403);
    }
  });
});

describe('editions', () => {
  let id: string;
  it('lists every status with the status filter', async () => {
    const drafts = await ok('GET', '/api/v1/admin/editions?status=draft');
    assert.ok(drafts.length >= 1 && drafts.every((e: { status: string }) => e.status === 'draft'));
    const all = (await call('GET', '/api/v1/admin/editions?limit=100')).json();
    assert.deepEqual(new Set(all.data.map((e: { status: string }) => e.status)), new Set(['draft', 'published', 'archived']));
    assert.equal((await call('GET', '/api/v1/admin/editions?status=gone')).statusCode, 400);
  });

  it('creates a draft by default, refuses a taken number with 409, and audits the create', async () => {
    const e = await ok('POST', '/api/v1/admin/editions', { number: 500, publish_date: '2026-12-04', summary: 'Winter issue', top_developments: ['One'] }, 201);
    id = e.id;
    assert.equal(e.status, 'draft');
    assert.equal(e.article_count, 0);
    const dup = await call('POST', '/api/v1/admin/editions', admin, { number: 500, publish_date: '2026-12-05' });
    assert.equal(dup.statusCode, 409);
    assert.deepEqual(Object.keys(dup.json()), ['error']);
    const [entry] = await audit(`entity=edition&entity_id=${id}`);
    assert.equal(entry!.action, 'create');
    assert.equal(entry!.before, null);
    assert.equal(entry!.after!.number, 500);
    assert.equal(entry!.actor_email, admin.email);
  });

  it('PATCH updates metadata and summary; the audit entry holds only the changed fields before and after', async () => {
    const e = await ok('PATCH', `/api/v1/admin/editions/${id}`, { summary: 'Winter issue, revised', key_trends: ['Capacity'] });
    assert.equal(e.summary, 'Winter issue, revised');
    const [entry] = await audit(`entity=edition&entity_id=${id}&action=update`);
    assert.deepEqual(entry!.before, { summary: 'Winter issue', key_trends: [] });
    assert.deepEqual(entry!.after, { summary: 'Winter issue, revised', key_trends: ['Capacity'] });
  });

  it('bad input: unknown field, wrong type, invalid enum, unknown id, taken number; nothing changes', async () => {
    const before = await count('audit_log');
    const cases: [Method, string, unknown, number, RegExp][] = [
      ['PATCH', `/api/v1/admin/editions/${id}`, { colour: 'blue' }, 400, /"colour": is not a known field/],
      ['PATCH', `/api/v1/admin/editions/${id}`, { number: '7' }, 400, /"number": must be an integer/],
      ['PATCH', `/api/v1/admin/editions/${id}`, { status: 'live' }, 400, /"status": must be one of: draft, published, archived/],
      ['PATCH', `/api/v1/admin/editions/${id}`, { summary: 'x', publish_date: 'soon' }, 400, /"publish_date"/],
      ['POST', '/api/v1/admin/editions', { publish_date: '2026-12-04' }, 400, /"number": is required/],
      ['PATCH', '/api/v1/admin/editions/4a1c0f3e-0000-4000-8000-000000000001', { summary: 'x' }, 404, /not found/],
      ['DELETE', '/api/v1/admin/editions/4a1c0f3e-0000-4000-8000-000000000001', undefined, 404, /not found/],
      ['PATCH', `/api/v1/admin/editions/${id}`, { summary: 'changed', number: 100 }, 409, /already exists/],
      ['PATCH', '/api/v1/admin/editions/not-a-uuid', { summary: 'x' }, 400, /"id": must be a UUID/],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await call(method, url, admin, payload);
      assert.equal(res.statusCode, status, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.match(res.json().error, message);
    }
    assert.equal((await ok('GET', '/api/v1/admin/editions?status=draft')).find((e: { id: string }) => e.id === id).summary, 'Winter issue, revised');
    assert.equal(await count('audit_log'), before);
  });

  it('publish makes the edition public, recomputes article_count and the projects\u2019 last_seen_edition', async () => {
    const article = await ok('POST', '/api/v1/admin/articles', { edition_id: id, headline: 'Heathrow third runway consultation opens', content: 'Text', topics: ['runways'], airports: ['LHR'], country: 'GB', tags: ['third-runway'] }, 201);
    assert.equal(article.region, 'Europe');
    assert.deepEqual(article.iata_codes, ['LHR']);
    // Not public while the edition is a draft.
    assert.equal((await call('GET', '/api/v1/editions/500', pro)).statusCode, 404);
    assert.equal((await call('GET', `/api/v1/articles/${article.id}`, pro)).statusCode, 404);
    const project = await h.database.db.selectFrom('projects').select('id').executeTakeFirstOrThrow();
    await h.database.db.insertInto('article_projects').values({ article_id: article.id, project_id: project.id }).execute();

    const published = await ok('POST', `/api/v1/admin/editions/${id}/publish`);
    assert.equal(published.status, 'published');
    assert.equal(published.article_count, 1);
    const pub = await call('GET', '/api/v1/editions/500', pro);
    assert.equal(pub.statusCode, 200);
    assert.equal(pub.json().data.articles[0].headline, 'Heathrow third runway consultation opens');
    assert.equal((await call('GET', '/api/v1/editions/latest', pro)).json().data.number, 500);
    const search = (await call('GET', '/api/v1/search?q=%22third%20runway%20consultation%22', pro)).json();
    assert.equal(search.data[0].id, article.id);
    const p = (await call('GET', `/api/v1/projects/${project.id}`, pro)).json().data;
    assert.equal(p.last_seen_edition, 500);
    const [entry] = await audit(`entity=edition&entity_id=${id}&action=publish`);
    assert.deepEqual(entry!.before!.status, 'draft');
    assert.deepEqual(entry!.after!.status, 'published');

    // Back to draft: public reads lose it again, the rollup moves back.
    await ok('PATCH', `/api/v1/admin/editions/${id}`, { status: 'draft' });
    assert.equal((await call('GET', '/api/v1/editions/500', pro)).statusCode, 404);
    assert.notEqual((await call('GET', `/api/v1/projects/${project.id}`, pro)).json().data.last_seen_edition, 500);
  });

  it('DELETE cascades to the articles, is audited with the record before, and a second DELETE is 404', async () => {
    const articlesBefore = await count('articles');
    await ok('DELETE', `/api/v1/admin/editions/${id}`);
    assert.equal(await count('articles'), articlesBefore - 1);
    const [entry] = await audit(`entity=edition&entity_id=${id}&action=delete`);
    assert.equal(entry!.before!.number, 500);
    assert.equal((entry!.before!.articles as unknown[]).length, 1);
    assert.equal(entry!.after, null);
    assert.equal((await call('DELETE', `/api/v1/admin/editions/${id}`)).statusCode, 404);
  });
});

describe('articles', () => {
  it('creates, updates any field and deletes an article, each audited', async () => {
    const draft = (await ok('GET', '/api/v1/admin/editions?status=draft'))[0];
    const a = await ok('POST', '/api/v1/admin/articles', { edition_id: draft.id, headline: 'Draft story', takeaways: ['One'] }, 201);
    assert.equal(a.edition_number, draft.number);
    const b = await ok('PATCH', `/api/v1/admin/articles/${a.id}`, {
      takeaways: ['One', 'Two'], why_it_matters: 'Because', content: 'Body', topics: ['Terminals'], tags: ['new-tag'], airports: ['SIN', 'HKG'], featured: true,
    });
    assert.deepEqual(b.takeaways, ['One', 'Two']);
    assert.deepEqual(b.topics, ['Terminals']);
    assert.deepEqual(b.iata_codes, ['HKG', 'SIN']);
    const [entry] = await audit(`entity=article&entity_id=${a.id}&action=update`);
    assert.deepEqual(entry!.before!.takeaways, ['One']);
    assert.deepEqual(entry!.after!.takeaways, ['One', 'Two']);
    assert.equal(entry!.after!.why_it_matters, 'Because');
    assert.ok(!('headline' in entry!.after!));

    for (const [payload, message] of [
      [{ airports: ['ZZZ'] }, /"airports": unknown airport/],
      [{ topics: ['basket weaving'] }, /"topics": unknown topic/],
      [{ takeaways: 'one' }, /"takeaways": must be a list/],
      [{ featured: 'yes' }, /"featured": must be a boolean/],
      [{ headline: 'x', extra: 1 }, /"extra": is not a known field/],
    ] as [unknown, RegExp][]) {
      const res = await call('PATCH', `/api/v1/admin/articles/${a.id}`, admin, payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().error, message);
    }
    assert.equal((await call('POST', '/api/v1/admin/articles', admin, { edition_id: '4a1c0f3e-0000-4000-8000-000000000001', headline: 'x' })).statusCode, 400);
    assert.equal((await call('PATCH', '/api/v1/admin/articles/4a1c0f3e-0000-4000-8000-000000000001', admin, { headline: 'x' })).statusCode, 404);
    await ok('DELETE', `/api/v1/admin/articles/${a.id}`);
    assert.equal((await audit(`entity=article&entity_id=${a.id}`))[0]!.action, 'delete');
    assert.equal((await call('DELETE', `/api/v1/admin/articles/${a.id}`)).statusCode, 404);
  });
});

describe('projects and tenders', () => {
  it('creates, updates (USD value and place re-derived) and deletes a project, each audited', async () => {
    const p = await ok('POST', '/api/v1/admin/projects', { title: 'Test apron expansion', iata_code: 'ATH', project_type: 'airfield', value_amount: 100_000_000, value_currency: 'EUR', topics: ['capacity-expansion'] }, 201);
    assert.equal(p.country_code, 'GR');
    assert.equal(p.status, 'planned');
    assert.ok(p.value_usd > 100_000_000);
    const q = await ok('PATCH', `/api/v1/admin/projects/${p.id}`, { status: 'ongoing', value_currency: 'USD', iata_code: 'SIN' });
    assert.equal(q.status, 'ongoing');
    assert.equal(q.value_usd, 100_000_000);
    assert.equal(q.country_code, 'SG');
    const [entry] = await audit(`entity=project&entity_id=${p.id}&action=update`);
    assert.equal(entry!.before!.status, 'planned');
    assert.equal(entry!.after!.status, 'ongoing');
    assert.equal((await call('GET', `/api/v1/projects/${p.id}`, pro)).json().data.status, 'ongoing');
    const bad = await call('PATCH', `/api/v1/admin/projects/${p.id}`, admin, { status: 'dreaming' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().error, /"status": must be one of/);
    assert.equal((await call('PATCH', `/api/v1/admin/projects/${p.id}`, admin, { iata_code: 'QQQ' })).statusCode, 400);
    assert.equal((await call('GET', `/api/v1/projects/${p.id}`, pro)).json().data.iata_code, 'SIN');
    await ok('DELETE', `/api/v1/admin/projects/${p.id}`);
    assert.equal((await call('GET', `/api/v1/projects/${p.id}`, pro)).statusCode, 404);
    assert.equal((await call('PATCH', `/api/v1/admin/projects/${p.id}`, admin, { title: 'x' })).statusCode, 404);
  });

  it('creates, updates and deletes a tender, each audited', async () => {
    const t = await ok('POST', '/api/v1/admin/tenders', { title: 'Baggage system RFP', buyer: 'Test Airport Company', type: 'rfp', iata_code: 'LIS', deadline: '2099-01-01T12:00:00Z', categories: ['digital-technology'] }, 201);
    assert.equal(t.status, 'open');
    assert.equal(t.country_code, 'PT');
    assert.deepEqual(t.categories, ['Digital & technology']);
    const u = await ok('PATCH', `/api/v1/admin/tenders/${t.id}`, { status: 'awarded', awarded_to: 'Winner Ltd', awarded_on: '2026-11-01' });
    assert.equal(u.status, 'awarded');
    const [entry] = await audit(`entity=tender&entity_id=${t.id}&action=update`);
    assert.deepEqual([entry!.before!.status, entry!.after!.status, entry!.after!.awarded_to], ['open', 'awarded', 'Winner Ltd']);
    assert.equal((await call('PATCH', `/api/v1/admin/tenders/${t.id}`, admin, { type: 'auction' })).statusCode, 400);
    assert.equal((await call('POST', '/api/v1/admin/tenders', admin, { title: 'x', buyer: 'y' })).statusCode, 400);
    await ok('DELETE', `/api/v1/admin/tenders/${t.id}`);
    assert.equal((await call('GET', `/api/v1/tenders/${t.id}`, pro)).statusCode, 404);
  });
});

describe('editorial inbox', () => {
  it('lists the pending sample items built from real news, highest score first', async () => {
    const res = await call('GET', '/api/v1/admin/inbox?status=pending');
    const body = res.json();
    assert.ok(body.meta.total >= 10);
    const scores = body.data.map((i: { score: number }) => i.score);
    assert.deepEqual(scores, [...scores].sort((a: number, b: number) => b - a));
    assert.ok(body.data.every((i: { status: string; url: string }) => i.status === 'pending' && /^https:\/\/[^/]+\/#sample-inbox-\d+$/.test(i.url)));
    assert.equal((await call('GET', '/api/v1/admin/inbox?status=maybe')).statusCode, 400);
  });

  it('approve, skip, reopen; refuses an unknown status and the promoted status; audits each move', async () => {
    const [item] = (await call('GET', '/api/v1/admin/inbox?status=pending&limit=1')).json().data;
    assert.equal((await ok('PATCH', `/api/v1/admin/inbox/${item.id}`, { status: 'approved' })).status, 'approved');
    assert.equal((await ok('PATCH', `/api/v1/admin/inbox/${item.id}`, { status: 'skipped' })).status, 'skipped');
    assert.equal((await ok('GET', '/api/v1/admin/inbox?status=skipped')).some((i: { id: string }) => i.id === item.id), true);
    assert.equal((await ok('PATCH', `/api/v1/admin/inbox/${item.id}`, { status: 'pending' })).status, 'pending');
    const moves = await audit(`entity=inbox_item&entity_id=${item.id}`);
    assert.deepEqual(moves.map((m) => m.after!.status).reverse(), ['approved', 'skipped', 'pending']);
    assert.equal((await call('PATCH', `/api/v1/admin/inbox/${item.id}`, admin, { status: 'promoted' })).statusCode, 400);
    assert.equal((await call('PATCH', `/api/v1/admin/inbox/${item.id}`, admin, { status: 'approved', note: 'x' })).statusCode, 400);
    assert.equal((await call('PATCH', '/api/v1/admin/inbox/4a1c0f3e-0000-4000-8000-000000000001', admin, { status: 'approved' })).statusCode, 404);
  });

  it('promote makes an unpublished article on a draft edition; a second promote is 409; a published target is 409', async () => {
    const [item] = (await call('GET', '/api/v1/admin/inbox?status=pending&limit=1')).json().data;
    const draft = (await ok('GET', '/api/v1/admin/editions?status=draft'))[0];
    const published = (await ok('GET', '/api/v1/admin/editions?status=published'))[0];
    const refused = await call('POST', `/api/v1/admin/inbox/${item.id}/promote`, admin, { edition_id: published.id });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().error, /draft/);
    assert.equal((await call('POST', `/api/v1/admin/inbox/${item.id}/promote`, admin, {})).statusCode, 400);

    const promoted = await ok('POST', `/api/v1/admin/inbox/${item.id}/promote`, { edition_id: draft.id }, 201);
    assert.equal(promoted.item.status, 'promoted');
    assert.equal(promoted.item.promoted_article_id, promoted.article.id);
    assert.equal((await call('GET', `/api/v1/admin/articles/${promoted.article.id}`)).statusCode, 200, 'Location reads the article');
    assert.equal(promoted.article.headline, item.title);
    assert.equal(promoted.article.source_url, item.url);
    assert.equal(promoted.article.edition_number, draft.number);
    // Not public: the subscriber cannot read it, and it is in no public list.
    assert.equal((await call('GET', `/api/v1/articles/${promoted.article.id}`, pro)).statusCode, 404);
    const q = encodeURIComponent(`"${item.title}"`);
    assert.equal((await call('GET', `/api/v1/search?q=${q}`, pro)).json().data.some((a: { id: string }) => a.id === promoted.article.id), false);

    const again = await call('POST', `/api/v1/admin/inbox/${item.id}/promote`, admin, { edition_number: draft.number });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(Object.keys(again.json()), ['error']);
    assert.equal((await call('PATCH', `/api/v1/admin/inbox/${item.id}`, admin, { status: 'pending' })).statusCode, 409);
    const entries = await audit(`entity=inbox_item&entity_id=${item.id}&action=promote`);
    assert.equal(entries.length, 1);
  });
});

describe('audit log', () => {
  it('is paginated, newest first', async () => {
    const res = await call('GET', '/api/v1/admin/audit?limit=2&page=1');
    const body = res.json();
    assert.equal(body.data.length, 2);
    assert.ok(body.meta.total > 10);
    assert.equal(body.meta.pages, Math.ceil(body.meta.total / 2));
    assert.ok(body.data[0].id > body.data[1].id);
  });
});
