/**
 * The daily quota through MCP: every tools/call that reaches a tool costs exactly one unit, whatever
 * the answer; initialize, tools/list and ping cost nothing; over quota a tool error says when the
 * budget resets; admins are not metered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { TestIdentity } from '../helpers/harness.js';
import { call, connect, startLive, textOf, unitsUsed, type LiveHarness } from './client.js';

let h: LiveHarness;
before(async () => {
  h = await startLive({ sample: true });
});
after(() => h.close());

describe('quota of tool calls', () => {
  let me: TestIdentity;
  before(async () => {
    me = await h.identity({ plan: 'core', addons: ['mcp'] });
  });

  it('charges nothing for initialize, tools/list and ping', async () => {
    const client = await connect(h, me.keyAuth);
    await client.listTools();
    await client.ping();
    await client.close();
    assert.equal(await unitsUsed(h, me.userId), 0);
  });

  it('charges exactly one unit per tool call, also when the call answers an error', async () => {
    const client = await connect(h, me.keyAuth);
    const steps: [string, Record<string, unknown>, boolean][] = [
      ['search_api', { query: 'latest edition' }, false],
      ['call_api', { method: 'GET', path: '/api/v1/editions', query: { limit: 1 } }, false],
      ['call_api', { method: 'GET', path: '/api/v1/articles/00000000-0000-4000-8000-000000000000' }, true],
      ['call_api', { method: 'GET', path: '/api/v1/editions', query: { limit: 'many' } }, true],
      ['call_api', { method: 'GET', path: '/healthz' }, true],
    ];
    let used = 0;
    for (const [tool, args, isError] of steps) {
      const result = await call(client, tool, args);
      assert.equal(result.isError === true, isError, `${tool} ${JSON.stringify(args)}: ${textOf(result).slice(0, 200)}`);
      used += 1;
      assert.equal(await unitsUsed(h, me.userId), used, `${tool} ${JSON.stringify(args)}`);
      if (!isError) {
        const quota = (result._meta as Record<string, { limit: number; remaining: number }>)['airport-intel/quota']!;
        assert.deepEqual([quota.limit, quota.remaining], [1000, 1000 - used]);
      }
    }
    await client.close();
  });

  it('charges nothing for a call refused before it reaches a tool (unknown tool, invalid arguments)', async () => {
    const before = await unitsUsed(h, me.userId);
    const client = await connect(h, me.keyAuth);
    assert.equal((await call(client, 'no_such_tool', {})).isError, true);
    assert.equal((await call(client, 'call_api', { method: 'GET' })).isError, true);
    await client.close();
    assert.equal(await unitsUsed(h, me.userId), before);
  });

  it('answers a tool error saying when the quota resets once it is spent, and still answers free requests', async () => {
    const spent = await h.identity({ plan: 'professional', addons: ['mcp'] });
    const client = await connect(h, spent.keyAuth);
    await sql`insert into usage_counters (api_key_id, day, count)
      select id, ${h.clock.now().toISOString().slice(0, 10)}, 1000 from api_keys where user_id = ${spent.userId}`.execute(h.database.db);
    const now = h.clock.now();
    const toMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    for (const [tool, args] of [['search_api', { query: 'editions' }], ['call_api', { method: 'GET', path: '/api/v1/editions' }]] as const) {
      const result = await call(client, tool, args);
      assert.equal(result.isError, true);
      assert.equal(textOf(result), `Daily quota of 1000 requests for this API key is spent; it resets at 00:00 UTC (in ${toMidnight} s).`);
    }
    assert.equal(await unitsUsed(h, spent.userId), 1000);
    assert.equal((await client.listTools()).tools.length, 2);
    await client.close();
  });

  it('does not meter admins or session tokens', async () => {
    const admin = await h.identity({ admin: true });
    const enterprise = await h.identity({ plan: 'enterprise' });
    for (const [who, headers] of [[admin, admin.keyAuth], [enterprise, enterprise.sessionAuth]] as const) {
      const client = await connect(h, headers);
      const result = await call(client, 'call_api', { method: 'GET', path: '/api/v1/editions', query: { limit: 1 } });
      assert.equal(result.isError, undefined);
      assert.equal(result._meta, undefined);
      await client.close();
      assert.equal(await unitsUsed(h, who.userId), 0);
    }
  });
});
