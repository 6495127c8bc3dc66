/**
 * The tender status rule (src/domain/tenders/tender-status.ts) against the service clock, at the
 * hours that used to break the suite: sample deadlines fall at 17:00 UTC, so a run in the evening
 * saw "14 days ahead" as closing_soon. Here the clock is set to 00:30, 16:59, 17:01 and 23:59 UTC
 * of one day, tenders are made with deadlines at 17:00 of nearby days, and the derived statuses are
 * read over HTTP (/api/v1/tenders and /v1/tenders/{id}). Then the sample dataset itself is loaded
 * with the clock at each of those instants (the loader dates deadlines at 17:00 UTC of the clock's
 * day + N) and every sample tender is checked against the rule.
 * Rule: closed once the deadline has passed; closing_soon while it is less than 14 days away.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/domain/clock.js';
import { sampleTenders } from '../../src/seed/sample-projects.js';
import { loadSample } from '../../src/seed/sample.js';
import { makeTender } from '../helpers/factories.js';
import { startHarness, TestClock, type Harness, type TestIdentity } from '../helpers/harness.js';

const DAY = '2027-03-10';
/** Deadline at 17:00 UTC, `days` after DAY. */
const at1700 = (days: number) => new Date(Date.parse(`${DAY}T17:00:00Z`) + days * DAY_MS).toISOString();

/** Deadlines (days after DAY, at 17:00) → expected status at each hour of DAY. */
const CASES: { days: number; expect: Record<string, string> }[] = [
  { days: -1, expect: { '00:30': 'closed', '16:59': 'closed', '17:01': 'closed', '23:59': 'closed' } },
  { days: 0, expect: { '00:30': 'closing_soon', '16:59': 'closing_soon', '17:01': 'closed', '23:59': 'closed' } },
  { days: 13, expect: { '00:30': 'closing_soon', '16:59': 'closing_soon', '17:01': 'closing_soon', '23:59': 'closing_soon' } },
  { days: 14, expect: { '00:30': 'open', '16:59': 'open', '17:01': 'closing_soon', '23:59': 'closing_soon' } },
  { days: 15, expect: { '00:30': 'open', '16:59': 'open', '17:01': 'open', '23:59': 'open' } },
];
const HOURS = ['00:30', '16:59', '17:01', '23:59'];

let h: Harness;
let watKey: TestIdentity;
const idOf = new Map<number, string>();

before(async () => {
  h = await startHarness({ clock: new TestClock(`${DAY}T12:00:00Z`) });
  watKey = await h.identity({ plan: 'professional', addons: ['wat'] });
  for (const c of CASES) idOf.set(c.days, (await makeTender(h, { title: `Deadline in ${c.days} days`, deadline: at1700(c.days) })).id);
});
after(() => h.close());

const statuses = async (): Promise<Map<string, string>> => {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/tenders?closed=1&limit=100', headers: watKey.keyAuth });
  assert.equal(res.statusCode, 200);
  return new Map((res.json().data as { id: string; status: string }[]).map((t) => [t.id, t.status]));
};

describe('derived tender status by the service clock', () => {
  for (const hour of HOURS) {
    it(`at ${hour} UTC`, async () => {
      h.clock.set(`${DAY}T${hour}:00Z`);
      const seen = await statuses();
      for (const c of CASES) assert.equal(seen.get(idOf.get(c.days)!), c.expect[hour], `deadline ${at1700(c.days)} at ${hour}`);
      const one = await h.app.inject({ method: 'GET', url: `/v1/tenders/${idOf.get(14)}`, headers: watKey.keyAuth });
      assert.equal(one.json().status, CASES.find((c) => c.days === 14)!.expect[hour], '/v1 applies the same rule');
    });
  }

  it('moves one tender from open to closing_soon to closed as the clock passes its boundaries', async () => {
    const id = idOf.get(14)!;
    const statusAt = async (instant: string) => {
      h.clock.set(instant);
      return (await statuses()).get(id);
    };
    assert.equal(await statusAt(`${DAY}T16:59:59Z`), 'open');
    assert.equal(await statusAt(`${DAY}T17:00:01Z`), 'closing_soon');
    assert.equal(await statusAt(at1700(14).replace('17:00:00', '16:59:59')), 'closing_soon');
    assert.equal(await statusAt(at1700(14).replace('17:00:00', '17:00:01')), 'closed');
  });

  it('lists by default only the tenders open or closing soon at the clock, and deadline_days counts from it', async () => {
    h.clock.set(`${DAY}T17:01:00Z`);
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/tenders?deadline_days=14&limit=100', headers: watKey.keyAuth });
    const titles = (res.json().data as { title: string }[]).map((t) => t.title).sort();
    assert.deepEqual(titles, ['Deadline in 13 days', 'Deadline in 14 days']);
  });
});

/** The rule, restated from tender-status.ts: what a tender stored as `stored` shows at `now`. */
function ruleAt(stored: string, deadline: number | null, now: Date): string {
  if (stored !== 'open') return stored;
  if (deadline !== null && deadline < now.getTime()) return 'closed';
  if (deadline !== null && deadline < now.getTime() + 14 * DAY_MS) return 'closing_soon';
  return 'open';
}

describe('the sample dataset read at each hour of its load day (the evening failure)', () => {
  // The sample dates deadlines from the load *day* (17:00 UTC of day + N), so a load at any hour of
  // DAY gives the same rows: load once, then read as the clock passes the hours of that day.
  const sample = sampleTenders();
  let s: Harness;
  let key: TestIdentity;
  before(async () => {
    s = await startHarness({ clock: new TestClock(`${DAY}T00:30:00Z`) });
    await loadSample(s.ctx());
    key = await s.identity({ plan: 'enterprise' });
  });
  after(() => s.close());

  for (const hour of HOURS) {
    it(`loaded on the day and read at ${hour} UTC`, async () => {
      s.clock.set(`${DAY}T${hour}:00Z`);
      const res = await s.app.inject({ method: 'GET', url: '/api/v1/tenders?closed=1&limit=100', headers: key.keyAuth });
      assert.equal(res.statusCode, 200, res.body.slice(0, 200));
      const rows = res.json().data as { reference: string; status: string; deadline: string | null }[];
      assert.equal(rows.length, sample.length);
      for (const t of rows) {
        const source = sample.find((x) => x.reference === t.reference)!;
        const deadline = source.deadline_in_days === null ? null : Date.parse(at1700(source.deadline_in_days));
        assert.equal(t.deadline === null ? null : Date.parse(t.deadline), deadline, `${t.reference}: deadline at 17:00 UTC of the load day + ${source.deadline_in_days}`);
        assert.equal(t.status, ruleAt(source.status, deadline, s.clock.now()), `${t.reference} (deadline ${t.deadline}) at ${hour}`);
      }
      // The tender of the evening failure: due 14 days after the load day, at 17:00 UTC.
      const fourteen = sample.filter((x) => x.status === 'open' && x.deadline_in_days === 14).map((x) => x.reference);
      assert.ok(fourteen.length > 0, 'the sample has an open tender due in 14 days');
      for (const reference of fourteen) {
        assert.equal(rows.find((t) => t.reference === reference)!.status, hour < '17:00' ? 'open' : 'closing_soon', `${reference} at ${hour}`);
      }
    });
  }
});
