/**
 * Rules of time other than tenders, on the service clock: the daily API quota counts per UTC day of
 * the clock and its reset headers count down to the clock's next midnight; a session expires 30
 * days after it was opened by the clock; a trial ends 14 days after it started.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { startHarness, TestClock, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness({ clock: new TestClock('2027-01-15T23:59:30Z') });
});
after(() => h.close());

const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: 'GET', url, headers });

describe('the daily quota follows the clock', () => {
  it('resets at the UTC midnight of the clock, and says so to the second', async () => {
    h.clock.set('2027-01-15T23:59:30Z');
    const me = await h.identity({ plan: 'trial' }); // 200 requests a day
    const first = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['ratelimit-reset'], '30');
    assert.equal(first.headers['ratelimit-remaining'], '199');
    await h.database.db.updateTable('usage_counters').set({ count: 200 }).where('day', '=', '2027-01-15').execute();
    const spent = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(spent.statusCode, 429);
    assert.equal(spent.headers['retry-after'], '30');
    assert.deepEqual(Object.keys(spent.json()), ['error']);
    h.clock.set('2027-01-15T23:59:59.500Z');
    const lastSecond = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(lastSecond.statusCode, 429, 'still the same UTC day');
    assert.equal(lastSecond.headers['retry-after'], '1');
    h.clock.set('2027-01-16T00:00:00Z');
    const midnight = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(midnight.statusCode, 200, 'a new budget at 00:00:00 UTC of the clock');
    assert.equal(midnight.headers['ratelimit-remaining'], '199');
    assert.equal(midnight.headers['ratelimit-reset'], '86400');
    h.clock.set('2027-01-16T00:00:05Z');
    const nextDay = await get('/api/v1/editions?limit=1', me.keyAuth);
    assert.equal(nextDay.statusCode, 200);
    assert.equal(nextDay.headers['ratelimit-remaining'], '198');
    assert.equal(nextDay.headers['ratelimit-reset'], String(86400 - 5));
  });
});

describe('sessions and trials follow the clock', () => {
  it('refuses a session token 30 days after it was opened, on both editions', async () => {
    h.clock.set('2027-02-01T08:00:00Z');
    const me = await h.identity({ plan: 'professional' });
    h.clock.advance(30 * DAY_MS - 1000);
    assert.equal((await get('/v1/me', me.sessionAuth)).statusCode, 200);
    assert.equal((await get('/api/v1/editions?limit=1', me.sessionAuth)).statusCode, 200);
    h.clock.advance(2000);
    const expired = await get('/v1/me', me.sessionAuth);
    assert.equal(expired.statusCode, 401);
    assert.match(String(expired.headers['content-type']), /^application\/problem\+json/);
    assert.match(expired.json().detail, /expired/);
    const expiredApi = await get('/api/v1/editions?limit=1', me.sessionAuth);
    assert.equal(expiredApi.statusCode, 401);
    assert.match(expiredApi.json().error, /expired/);
    assert.equal((await get('/v1/me', me.keyAuth)).statusCode, 200, 'the API key of the same user does not expire with the session');
  });

  it('ends a trial 14 days after it started', async () => {
    h.clock.set('2027-03-01T08:00:00Z');
    const me = await h.identity({ plan: 'trial' });
    h.clock.advance(14 * DAY_MS - 1000);
    assert.deepEqual((await get('/v1/me', me.keyAuth)).json().previews.sort(), ['archive', 'projects', 'wat']);
    h.clock.advance(2000);
    const after = await get('/v1/me', me.keyAuth);
    assert.equal(after.statusCode, 200);
    assert.equal(after.json().subscription_id, null);
    assert.equal((await get('/v1/editions', me.keyAuth)).statusCode, 403);
  });
});
