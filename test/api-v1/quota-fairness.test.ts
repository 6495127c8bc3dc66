/**
 * Quota fairness on /api/v1 (issue 16): only a request that reaches an operation is charged. An
 * unknown route, a 401, a 403 of a gate and a 400 of validation cost nothing; a valid request (and
 * a 404 for an unknown record, which the operation answers) costs exactly one unit; 50 parallel
 * last calls let exactly the remaining units through, unknown routes in the crowd taking none; an
 * MCP tool call costs one unit, its in-process /api/v1 call none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: string) =>
  h.app.inject({ method, url, headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(payload !== undefined ? { payload } : {}) });

/** Units the user's (only) key has used on the clock's UTC day, from the quota row. */
async function used(me: TestIdentity): Promise<number> {
  const row = await h.database.db.selectFrom('usage_counters').innerJoin('api_keys', 'api_keys.id', 'usage_counters.api_key_id')
    .select('count').where('api_keys.user_id', '=', me.userId).where('day', '=', h.clock.now().toISOString().slice(0, 10)).executeTakeFirst();
  return row?.count ?? 0;
}

/** Asserts `res` has `status`, carries no quota headers and changed nothing in the quota row. */
async function free(me: TestIdentity, res: LightMyRequestResponse, status: number, before: number, what: string): Promise<void> {
  assert.equal(res.statusCode, status, `${what}: ${res.body.slice(0, 200)}`);
  assert.equal(res.headers['ratelimit-remaining'], undefined, `${what}: no RateLimit-Remaining`);
  assert.equal(await used(me), before, `${what}: not charged`);
}

describe('what is charged', () => {
  it('charges nothing for an unknown route, an unknown method, a 401, a gate refusal or a validation failure', async () => {
    const me = await h.identity({ plan: 'professional' });
    const auth = me.keyAuth;
    await free(me, await inject('GET', '/api/v1/nothing-here', auth), 404, 0, 'unknown route');
    await free(me, await inject('GET', '/api/v1/editions/latest/extra?x=1', auth), 404, 0, 'unknown nested route');
    await free(me, await inject('DELETE', '/api/v1/editions', auth), 404, 0, 'unknown method');
    await free(me, await inject('GET', '/api/v1/editions?page=x', auth), 400, 0, 'bad query parameter');
    await free(me, await inject('GET', '/api/v1/editions/0', auth), 400, 0, 'bad path parameter');
    await free(me, await inject('POST', '/api/v1/search', auth, '{"limit": 1000}'), 400, 0, 'bad body');
    await free(me, await inject('POST', '/api/v1/search', auth, '{"q": '), 400, 0, 'body not JSON');
    await free(me, await inject('GET', '/api/v1/tenders', auth), 403, 0, 'a gate the plan lacks (wat)');
    await free(me, await inject('GET', '/api/v1/admin/editions', auth), 403, 0, 'the admin scope');

    // The same key revoked: 401, and its row stays as it was.
    assert.equal((await inject('GET', '/api/v1/editions', auth)).headers['ratelimit-remaining'], '999');
    await h.database.db.updateTable('api_keys').set({ revoked_at: h.clock.now() }).where('user_id', '=', me.userId).execute();
    await free(me, await inject('GET', '/api/v1/editions', auth), 401, 1, 'revoked key');
  });

  it('charges a valid request exactly once, and a 404 of an unknown record (the operation answered it)', async () => {
    const me = await h.identity({ plan: 'professional' });
    const ok = await inject('GET', '/api/v1/editions', me.keyAuth);
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['ratelimit-remaining'], '999');
    assert.equal(await used(me), 1);
    const missing = await inject('GET', `/api/v1/articles/${crypto.randomUUID()}`, me.keyAuth);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['ratelimit-remaining'], '998');
    assert.equal(await used(me), 2);
  });
});

describe('the last units of a budget', () => {
  it('lets exactly the remaining 10 of 50 parallel calls through, unknown routes in the crowd taking none', async () => {
    const me = await h.identity({ plan: 'professional' });
    assert.equal((await inject('GET', '/api/v1/editions', me.keyAuth)).statusCode, 200);
    await h.database.db.updateTable('usage_counters').set({ count: 990 })
      .where('api_key_id', '=', (await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', me.userId).executeTakeFirstOrThrow()).id)
      .execute();
    const calls = Array.from({ length: 50 }, () => inject('GET', '/api/v1/editions?limit=1', me.keyAuth));
    const strays = Array.from({ length: 20 }, (_, i) => inject('GET', `/api/v1/unknown-${i}`, me.keyAuth));
    const [answers, lost] = await Promise.all([Promise.all(calls), Promise.all(strays)]);
    assert.equal(answers.filter((r) => r.statusCode === 200).length, 10);
    assert.equal(answers.filter((r) => r.statusCode === 429).length, 40);
    assert.ok(lost.every((r) => r.statusCode === 404 && r.headers['ratelimit-remaining'] === undefined));
    assert.equal(await used(me), 1000);
  });
});

describe('MCP', () => {
  it('charges one unit per tool call, none for its in-process /api/v1 call, none for a call_api refused by the protocol', async () => {
    const me = await h.identity({ plan: 'professional', addons: ['mcp'] });
    const tool = (args: Record<string, unknown>) => h.app.inject({
      method: 'POST', url: '/api/mcp',
      headers: { ...me.keyAuth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'call_api', arguments: args } }),
    });
    const res = await tool({ method: 'GET', path: '/api/v1/editions', query: { limit: 1 } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json() as { result: { structuredContent: { status: number } } }).result.structuredContent.status, 200);
    assert.equal(await used(me), 1, 'one unit for the tool call');
    const refused = await tool({ method: 'GET' });
    assert.equal(refused.statusCode, 200);
    assert.equal(await used(me), 1, 'bad arguments: no unit');
  });
});
