/**
 * The MCP channel marker of in-process calls cannot be forged from outside: a plain HTTP request
 * that sends the marker header with any value is still plain HTTP (needs `api`, pays its quota).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemCtx } from '../../src/domain/context.js';
import { usedToday } from '../../src/domain/quota.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

const forged = ['mcp', 'mcp:', 'mcp:secret', `mcp:${'A'.repeat(43)}`, ''];

describe('channel marker', () => {
  it('does not let an outside request pass as an MCP call', async () => {
    const coreMcp = await h.identity({ plan: 'core', addons: ['mcp'] });
    for (const value of forged) {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...coreMcp.keyAuth, 'x-airport-intel-channel': value } });
      assert.equal(res.statusCode, 403, `marker "${value}"`);
      assert.match(res.json().error, /does not include API access/);
    }
  });

  it('charges an outside request that sends the marker like any other', async () => {
    const pro = await h.identity({ plan: 'professional' });
    for (const value of forged) {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/editions', headers: { ...pro.keyAuth, 'x-airport-intel-channel': value } });
      assert.equal(res.statusCode, 200);
      assert.ok(res.headers['ratelimit-remaining']);
    }
    const key = await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', pro.userId).executeTakeFirstOrThrow();
    assert.equal(await usedToday(systemCtx(h.database.db, h.clock), key.id), forged.length);
  });
});
