/**
 * Issue 10, alert rules and notifications on /v1: CRUD for two users (isolation both ways), the
 * query validated by the list schemas (400 naming the parameter), a list the caller cannot read
 * (403 naming the feature), the webhook secret shown once; notifications: a status change of a
 * watched project gives exactly one notification per watcher, written with the admin write (a
 * failed write writes none), the unread count, mark-read by ids and all.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { updateProject } from '../../src/domain/projects/index.js';
import { adminCtx, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let a: TestIdentity, b: TestIdentity, core: TestIdentity, admin: TestIdentity;

before(async () => {
  h = await startHarness();
  a = await h.identity({ plan: 'enterprise' });
  b = await h.identity({ plan: 'enterprise' });
  core = await h.identity({ plan: 'core' });
  admin = await h.identity({ admin: true });
});
after(() => h.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';
const call = (who: TestIdentity, method: Method, url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: who.keyAuth, ...(payload === undefined ? {} : { payload: payload as object }) });
async function json<T = Record<string, unknown>>(who: TestIdentity, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(who, method, url, payload);
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body.slice(0, 300)}`);
  return res.json() as T;
}
interface Rule { id: string; name: string; subject: string; query: Record<string, unknown>; frequency: string; channels: string[]; enabled: boolean; webhook_secret?: string; deliveries?: unknown[] }

describe('alert rules', () => {
  it('create, list, read, change and delete: each user sees and touches only their own', async () => {
    const res = await call(a, 'POST', '/v1/alert-rules', { name: 'Runways', subject: 'articles', query: { q: 'runway', year: '2026' } });
    assert.equal(res.statusCode, 201, res.body);
    const rule = res.json() as Rule;
    assert.equal(res.headers.location, `/v1/alert-rules/${rule.id}`);
    assert.deepEqual([rule.frequency, rule.channels, rule.enabled], ['instant', ['email'], true]);
    assert.deepEqual(rule.query, { q: 'runway', year: 2026 }, 'stored as the list reads it');
    assert.equal(rule.webhook_secret, undefined);
    assert.deepEqual((await json<{ rules: Rule[] }>(a, 'GET', '/v1/alert-rules')).rules.map((r) => r.id), [rule.id]);
    assert.deepEqual((await json<{ rules: Rule[] }>(b, 'GET', '/v1/alert-rules')).rules, []);
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const res = await call(b, method, `/v1/alert-rules/${rule.id}`, body);
      assert.equal(res.statusCode, 404, `B ${method}`);
      assert.match(String(res.headers['content-type']), /problem\+json/);
    }
    const changed = await json<Rule>(a, 'PATCH', `/v1/alert-rules/${rule.id}`, { name: 'Runway news', frequency: 'weekly', channels: ['email', 'in_app'] });
    assert.deepEqual([changed.name, changed.frequency, changed.channels], ['Runway news', 'weekly', ['email', 'in_app']]);
    const one = await json<Rule>(a, 'GET', `/v1/alert-rules/${rule.id}`);
    assert.deepEqual(one.deliveries, []);
    assert.equal(one.name, 'Runway news');
    await json(a, 'DELETE', `/v1/alert-rules/${rule.id}`);
    assert.equal((await call(a, 'GET', `/v1/alert-rules/${rule.id}`)).statusCode, 404);
  });

  it('validates the query with the list\u2019s own schema, naming the parameter', async () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['projects', { status: 'finished' }, /query\.status/],
      ['projects', { country: 'Saudi' }, /query\.country/],
      ['projects', { min_value: -5 }, /query\.min_value/],
      ['projects', { limit: 5 }, /query\.limit/],
      ['tenders', { status: 'open,bogus' }, /query\.status/],
      ['tenders', { type: 'auction' }, /query\.type/],
      ['articles', { year: 'last' }, /query\.year/],
      ['articles', { colour: 'red' }, /query\.colour/],
    ];
    for (const [subject, query, field] of bad) {
      const res = await call(a, 'POST', '/v1/alert-rules', { name: 'x', subject, query });
      assert.equal(res.statusCode, 400, `${subject} ${JSON.stringify(query)}: ${res.body}`);
      assert.match(res.body, field);
    }
    for (const body of [{ name: 'x', subject: 'planes', query: {} }, { name: 'x', subject: 'articles', query: {}, frequency: 'hourly' }, { name: 'x', subject: 'articles', query: {}, channels: ['sms'] }]) {
      assert.equal((await call(a, 'POST', '/v1/alert-rules', body)).statusCode, 400, JSON.stringify(body));
    }
    const hook = await call(a, 'POST', '/v1/alert-rules', { name: 'x', subject: 'articles', query: {}, channels: ['webhook'] });
    assert.equal(hook.statusCode, 400);
    assert.match(hook.body, /webhook_url/);
    const ok = await json<Rule>(a, 'POST', '/v1/alert-rules', { name: 'Gulf terminals', subject: 'projects', query: { type: 'terminal', region: 'middle-east', min_value: 1000 } }, 201);
    assert.equal(ok.subject, 'projects');
    assert.equal((await call(a, 'PATCH', `/v1/alert-rules/${ok.id}`, { query: { sort: 'title_asc' } })).statusCode, 400);
  });

  it('a query on a list the caller cannot read is 403 naming the feature', async () => {
    const res = await call(core, 'POST', '/v1/alert-rules', { name: 'Tenders', subject: 'tenders', query: {} });
    assert.equal(res.statusCode, 403);
    assert.match(res.json().detail, /feature "wat"/);
    const p = await call(core, 'POST', '/v1/alert-rules', { name: 'Projects', subject: 'projects', query: {} });
    assert.equal(p.statusCode, 403);
    assert.match(p.json().detail, /feature "projects"/);
    assert.equal((await call(core, 'POST', '/v1/alert-rules', { name: 'Archive', subject: 'articles', query: { q: 'airport' } })).statusCode, 201);
  });

  it('the webhook secret is shown once, in the answer that made it', async () => {
    const rule = await json<Rule>(a, 'POST', '/v1/alert-rules', { name: 'Hook', subject: 'articles', query: {}, channels: ['webhook'], webhook_url: 'https://hooks.example.com/x' }, 201);
    assert.match(rule.webhook_secret!, /^whsec_[A-Za-z0-9+/]{43}=$/); // Standard Webhooks: 32 random bytes in base64
    assert.equal((await json<Rule>(a, 'GET', `/v1/alert-rules/${rule.id}`)).webhook_secret, undefined);
    assert.equal((await json<{ rules: Rule[] }>(a, 'GET', '/v1/alert-rules')).rules.find((r) => r.id === rule.id)!.webhook_secret, undefined);
    assert.equal((await json<Rule>(a, 'PATCH', `/v1/alert-rules/${rule.id}`, { name: 'Hook 2' })).webhook_secret, undefined);
    assert.equal((await call(a, 'POST', '/v1/alert-rules', { name: 'x', subject: 'articles', query: {}, channels: ['webhook'], webhook_url: 'ftp://x.example/' })).statusCode, 400);
  });
});

describe('notifications', () => {
  it('a status change of a watched project gives exactly one notification per watcher, in the admin write', async () => {
    const project = await makeProject(h, { title: 'Terminal 9', status: 'planned' });
    await json(a, 'PUT', `/v1/projects/${project.id}/watch`);
    await json(b, 'PUT', `/v1/projects/${project.id}/watch`);
    await json(b, 'PUT', `/v1/projects/${project.id}/watch`);
    const before = (await json<{ unread: number }>(a, 'GET', '/v1/notifications/count')).unread;
    await updateProject(await adminCtx(h), project.id, { status: 'ongoing' });
    const rows = await h.database.db.selectFrom('notifications').selectAll().where('project_id', '=', project.id).execute();
    assert.deepEqual(rows.map((r) => r.user_id).sort(), [a.userId, b.userId].sort(), 'one per watcher');
    const feed = await json<{ notifications: { kind: string; payload: { old_status: string; new_status: string }; read: boolean }[]; unread: number }>(a, 'GET', '/v1/notifications');
    assert.equal(feed.unread, before + 1);
    assert.equal(feed.notifications[0]!.kind, 'project_status_changed');
    assert.deepEqual([feed.notifications[0]!.payload.old_status, feed.notifications[0]!.payload.new_status], ['planned', 'ongoing']);
    // A change the feed does not report (the description) notifies nobody; the completion year does.
    await updateProject(await adminCtx(h), project.id, { description: 'Longer text' });
    await updateProject(await adminCtx(h), project.id, { expected_completion_year: 2031 });
    const after = await h.database.db.selectFrom('notifications').select(['kind']).where('project_id', '=', project.id).where('user_id', '=', a.userId).orderBy('created_at').execute();
    assert.deepEqual(after.map((r) => r.kind), ['project_status_changed', 'project_changed']);
    // A write that fails (unknown project type) writes no notification either.
    await assert.rejects(updateProject(await adminCtx(h), project.id, { status: 'complete', project_type: 'no-such-type' }));
    assert.equal((await h.database.db.selectFrom('notifications').select('id').where('project_id', '=', project.id).execute()).length, 4);
    // The admin edition's HTTP write notifies the same way.
    const res = await h.app.inject({ method: 'PATCH', url: `/api/v1/admin/projects/${project.id}`, headers: admin.keyAuth, payload: { status: 'on_hold' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await h.database.db.selectFrom('notifications').select('id').where('project_id', '=', project.id).where('kind', '=', 'project_status_changed').execute()).length, 4);
  });

  it('the unread count, mark read by ids (another user\u2019s ids ignored) and all', async () => {
    const na = (await json<{ notifications: { id: string }[]; unread: number }>(a, 'GET', '/v1/notifications?unread_only=true'));
    const nb = (await json<{ notifications: { id: string }[]; unread: number }>(b, 'GET', '/v1/notifications?unread_only=true'));
    assert.ok(na.unread >= 2 && nb.unread >= 2);
    const marked = await json<{ marked: number; unread: number }>(b, 'POST', '/v1/notifications/read', { ids: na.notifications.map((n) => n.id) });
    assert.equal(marked.marked, 0, "A's ids do nothing for B");
    assert.equal((await json<{ unread: number }>(a, 'GET', '/v1/notifications/count')).unread, na.unread);
    const one = await json<{ marked: number; unread: number }>(a, 'POST', '/v1/notifications/read', { ids: [na.notifications[0]!.id] });
    assert.deepEqual(one, { marked: 1, unread: na.unread - 1 });
    assert.equal((await json<{ notifications: unknown[] }>(a, 'GET', '/v1/notifications?unread_only=true')).notifications.length, na.unread - 1);
    assert.deepEqual(await json(a, 'POST', '/v1/notifications/read', { all: true }), { marked: na.unread - 1, unread: 0 });
    assert.equal((await json<{ unread: number }>(b, 'GET', '/v1/notifications/count')).unread, nb.unread, "B's untouched");
    assert.equal((await call(a, 'POST', '/v1/notifications/read', {})).statusCode, 400);
  });

  it('pages like every /v1 list: a Link rel="next" while more follow, the unread count on every window', async () => {
    const project = await makeProject(h, { title: `Paged notices ${Date.now()}`, status: 'planned' });
    await json(a, 'PUT', `/v1/projects/${project.id}/watch`);
    for (const status of ['ongoing', 'complete', 'planned'] as const) await updateProject(await adminCtx(h), project.id, { status });
    const total = (await h.database.db.selectFrom('notifications').select('id').where('user_id', '=', a.userId).execute()).length;
    assert.ok(total >= 3, `at least three notifications (${total})`);
    const unread = (await json<{ unread: number }>(a, 'GET', '/v1/notifications/count')).unread;
    const seen: string[] = [];
    let url: string | undefined = '/v1/notifications?limit=2';
    while (url) {
      const res = await call(a, 'GET', url);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as { notifications: { id: string }[]; unread: number };
      assert.equal(body.unread, unread, 'the unread count on every window');
      seen.push(...body.notifications.map((n) => n.id));
      const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''));
      url = next ? next[1] : undefined;
      if (url) assert.equal(body.notifications.length, 2, 'a window with a next one is full');
    }
    assert.equal(seen.length, total, 'every notification once, following next links');
    assert.equal(new Set(seen).size, total);
    const last = await call(a, 'GET', `/v1/notifications?limit=2&offset=${total - (total % 2 || 2)}`);
    assert.doesNotMatch(String(last.headers.link ?? ''), /rel="next"/, 'no next on the last window');
    assert.equal((await call(a, 'POST', '/v1/notifications/read', { ids: ['x'] })).statusCode, 400);
  });
});
