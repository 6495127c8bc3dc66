/**
 * GET /v1/admin/email/usage (issue 13): outbox depth, dead letters, sends of the last hour and day
 * against the budget, the oldest queued message's age; 404 to non-administrators.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { call } from './helpers.js';

let h: Harness;
let admin: TestIdentity;
let pro: TestIdentity;
before(async () => {
  h = await startHarness();
  admin = await h.identity({ admin: true });
  pro = await h.identity({ plan: 'enterprise' });
});
after(() => h.close());

const at = (minutesAgo: number) => new Date(h.clock.now().getTime() - minutesAgo * 60_000);
let n = 0;
const message = (status: string, createdMinutesAgo: number, sentMinutesAgo?: number) => ({
  dedupe_key: `usage-test-${n++}`, to_email: 'reader@example.com', subject: 'Issue', html: '<p>x</p>', text_body: 'x', status,
  created_at: at(createdMinutesAgo), ...(sentMinutesAgo === undefined ? {} : { sent_at: at(sentMinutesAgo) }),
});

describe('GET /v1/admin/email/usage', () => {
  it('reports an empty outbox', async () => {
    const res = await call(h, admin, 'GET', '/v1/admin/email/usage');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      depth: 0, queued: 0, failed: 0, dead: 0, sent: 0, sent_last_hour: 0, sent_last_day: 0,
      budget: { hourly: 1000, daily: 10_000 }, remaining: { hourly: 1000, daily: 10_000 }, oldest_queued_at: null, oldest_queued_age_seconds: null,
    });
  });

  it('counts depth, dead letters, sends in the last hour and day, and the oldest queued age (by the service clock)', async () => {
    await h.database.db.insertInto('email_outbox').values([
      message('queued', 8), message('queued', 2), message('failed', 30), message('dead', 100),
      message('sent', 50, 10), message('sent', 200, 120), message('sent', 3000, 2000),
    ]).execute();
    const res = await call(h, admin, 'GET', '/v1/admin/email/usage');
    assert.equal(res.statusCode, 200, res.body);
    const u = res.json();
    assert.deepEqual([u.depth, u.queued, u.failed, u.dead, u.sent, u.sent_last_hour, u.sent_last_day], [3, 2, 1, 1, 3, 1, 2]);
    assert.deepEqual(u.remaining, { hourly: 999, daily: 9998 });
    assert.equal(u.oldest_queued_at, at(30).toISOString());
    assert.equal(u.oldest_queued_age_seconds, 30 * 60);
    h.clock.advance(60_000);
    assert.equal((await call(h, admin, 'GET', '/v1/admin/email/usage')).json().oldest_queued_age_seconds, 31 * 60);
  });

  it('answers 404 problem+json to a non-administrator', async () => {
    const res = await call(h, pro, 'GET', '/v1/admin/email/usage');
    assert.equal(res.statusCode, 404);
    assert.match(res.headers['content-type'] as string, /problem\+json/);
  });
});
