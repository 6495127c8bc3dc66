/**
 * The role table of docs/entitlements.md ("Roles in an account") against the code: the test reads
 * the table, and for each row and each role (owner, admin member, member) builds a fresh account
 * (Professional, room for more seats, with an owner, an admin member, a member and one more plain
 * member), calls the operation over HTTP as that role and asserts the status the cell gives: ✓ is
 * the operation's success status, "– (N)" the refusal N (problem+json). The rows of the table and
 * the cases known here must be the same set, so neither can change without the other.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

type Role = 'owner' | 'admin' | 'member';
const ROLES: Role[] = ['owner', 'admin', 'member'];
const COLUMNS: Record<string, Role> = { owner: 'owner', 'admin member': 'admin', member: 'member' };

/** A fresh account for one call. */
interface Account { id: string; owner: TestIdentity; admin: TestIdentity; member: TestIdentity; other: TestIdentity; checkoutId?: string }
/** One call: method, URL and body, built from the account and the caller. */
interface Case {
  success: number;
  /** The fresh account has a subscription (default true). */
  subscription?: boolean;
  /** Further checks of a successful answer. */
  verify?: (a: Account, me: TestIdentity, body: unknown) => Promise<void>;
  call: (a: Account, me: TestIdentity) => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown }>;
}

let h: Harness;
let stand: StripeStandIn;
let n = 0;

/** Every row of the table, by its first cell (the text between the pipes, as written). */
const CASES: Record<string, Case> = {
  '`GET /v1/account/profile`': { success: 200, call: async () => ({ method: 'GET', url: '/v1/account/profile' }) },
  '`PATCH /v1/account/profile`': { success: 200, call: async () => ({ method: 'PATCH', url: '/v1/account/profile', body: { job_title: 'Analyst', timezone: 'Europe/London' } }) },
  '`GET /v1/account/subscription`': { success: 200, call: async () => ({ method: 'GET', url: '/v1/account/subscription' }) },
  '`GET /v1/account/members`': { success: 200, call: async () => ({ method: 'GET', url: '/v1/account/members' }) },
  '`POST /v1/account/members` (invite)': { success: 201, call: async () => ({ method: 'POST', url: '/v1/account/members', body: { email: `invitee-${++n}@example.test` } }) },
  '`DELETE /v1/account/members/{user_id}` (another member)': { success: 200, call: async (a) => ({ method: 'DELETE', url: `/v1/account/members/${a.other.userId}` }) },
  '`DELETE /v1/account/members/{user_id}` (the owner)': { success: 200, call: async (a) => ({ method: 'DELETE', url: `/v1/account/members/${a.owner.userId}` }) },
  '`DELETE /v1/account/members/{user_id}` (oneself: leave)': { success: 200, call: async (_a, me) => ({ method: 'DELETE', url: `/v1/account/members/${me.userId}` }) },
  '`GET /v1/account/interests`': { success: 200, call: async () => ({ method: 'GET', url: '/v1/account/interests' }) },
  '`PUT /v1/account/interests`': { success: 200, call: async () => ({ method: 'PUT', url: '/v1/account/interests', body: { topics: ['terminals'], tags: [], regions: ['europe'], airports: ['LHR'] } }) },
  '`PUT /v1/account/interests/terms/{slug}`': { success: 200, call: async () => ({ method: 'PUT', url: '/v1/account/interests/terms/terminals' }) },
  '`DELETE /v1/account/interests/terms/{slug}`': { success: 200, call: async () => ({ method: 'DELETE', url: '/v1/account/interests/terms/terminals' }) },
  '`GET /v1/account/api-keys`': { success: 200, call: async () => ({ method: 'GET', url: '/v1/account/api-keys' }) },
  '`POST /v1/account/api-keys`': { success: 201, call: async () => ({ method: 'POST', url: '/v1/account/api-keys', body: { label: 'roles' } }) },
  '`DELETE /v1/account/api-keys/{id}` (own key)': {
    success: 200,
    call: async (_a, me) => ({ method: 'DELETE', url: `/v1/account/api-keys/${(await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', me.userId).executeTakeFirstOrThrow()).id}` }),
  },
  '`POST /v1/billing/trial` (the account has a subscription)': { success: 201, call: async () => ({ method: 'POST', url: '/v1/billing/trial' }) },
  '`POST /v1/billing/trial` (no subscription: on the account the caller owns)': {
    success: 201, subscription: false, call: async () => ({ method: 'POST', url: '/v1/billing/trial' }),
    verify: async (_a, me, body) => {
      const own = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', me.userId).executeTakeFirstOrThrow();
      assert.equal((body as { account_id: string }).account_id, own.id, 'the trial is the caller\'s own account\'s');
    },
  },
  '`POST /v1/billing/checkout`': { success: 201, call: async () => ({ method: 'POST', url: '/v1/billing/checkout', body: { plan: 'professional', currency: 'EUR', extra_seats: 2 } }) },
  '`GET /v1/billing/checkout/{id}` (the account\'s)': { success: 200, call: async (a) => ({ method: 'GET', url: `/v1/billing/checkout/${a.checkoutId}` }) },
  '`POST /v1/billing/cancel`': { success: 200, call: async () => ({ method: 'POST', url: '/v1/billing/cancel' }) },
};

/** The rows of the "Roles in an account" table: first cell → the cell of each role. */
function documentedTable(): Map<string, Record<Role, string>> {
  const doc = readFileSync(new URL('../../docs/entitlements.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Roles in an account'));
  const lines = section.slice(0, section.indexOf('\n## ')).split('\n').filter((l) => l.startsWith('|'));
  const header = lines[0]!.split('|').slice(1, -1).map((c) => c.trim());
  assert.deepEqual(header, ['operation', 'owner', 'admin member', 'member']);
  const rows = new Map<string, Record<Role, string>>();
  for (const line of lines.slice(2)) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const row = {} as Record<Role, string>;
    header.slice(1).forEach((name, i) => { row[COLUMNS[name]!] = cells[i + 1]!; });
    assert.ok(!rows.has(cells[0]!), `one row per case: ${cells[0]}`);
    rows.set(cells[0]!, row);
  }
  return rows;
}

/** The status a cell promises: ✓ → the case's success, "– (N)" → N. */
function statusOf(cell: string, success: number): number {
  if (cell === '✓') return success;
  const m = /^– \((\d{3})\)$/.exec(cell);
  assert.ok(m, `a cell is ✓ or "– (N)": ${cell}`);
  return Number(m[1]);
}

/** A Professional account (10 seats, a subscription unless `subscription` is false) with an owner, an admin member and two plain members. */
async function freshAccount(subscription: boolean): Promise<Account> {
  const owner = await h.identity(subscription ? { plan: 'professional' } : {});
  const [admin, member, other] = [await h.identity(), await h.identity(), await h.identity()];
  const { id } = await h.database.db.selectFrom('accounts').select('id').where('owner_user_id', '=', owner.userId).executeTakeFirstOrThrow();
  await h.database.db.insertInto('account_members').values([
    { account_id: id, user_id: admin.userId, role: 'admin', joined_at: h.clock.now() },
    { account_id: id, user_id: member.userId, role: 'member', joined_at: h.clock.now() },
    { account_id: id, user_id: other.userId, role: 'member', joined_at: h.clock.now() },
  ]).execute();
  await h.database.db.updateTable('subscriptions').set({ seats: 10 }).where('account_id', '=', id).execute();
  return { id, owner, admin, member, other };
}

before(async () => {
  stand = await startStripeStandIn(() => h.clock.now());
  h = await startHarness({
    payments: { secretKey: 'sk_test_roles', webhookSecret: 'whsec_roles', apiUrl: stand.url, successUrl: 'https://app.example/paid', cancelUrl: 'https://app.example/cancelled' },
  });
});
after(async () => {
  await h.close();
  await stand.close();
});

describe('roles × account operations (docs/entitlements.md, "Roles in an account")', () => {
  it('the table and the cases of this test are the same set of rows', () => {
    assert.deepEqual([...documentedTable().keys()].sort(), Object.keys(CASES).sort());
  });

  it('every role gets the status its cell gives, on every row', async () => {
    const failures: string[] = [];
    for (const [operation, cells] of documentedTable()) {
      const c = CASES[operation];
      assert.ok(c, `no case for ${operation}`);
      for (const role of ROLES) {
        const account = await freshAccount(c.subscription ?? true);
        if (operation.includes('/v1/billing/checkout/{id}')) {
          const created = await h.app.inject({ method: 'POST', url: '/v1/billing/checkout', headers: { ...account.owner.sessionAuth, 'content-type': 'application/json' }, payload: JSON.stringify({ plan: 'core', currency: 'USD' }) });
          assert.equal(created.statusCode, 201, created.body);
          account.checkoutId = (created.json() as { id: string }).id;
        }
        const me = account[role];
        const { method, url, body } = await c.call(account, me);
        const res = await h.app.inject({
          method, url,
          headers: body === undefined ? me.sessionAuth : { ...me.sessionAuth, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const want = statusOf(cells[role], c.success);
        if (res.statusCode !== want) failures.push(`${role} → ${operation}: ${res.statusCode} (table: ${want}) ${res.body.slice(0, 200)}`);
        else if (want < 400) await c.verify?.(account, me, res.json());
        else {
          assert.match(String(res.headers['content-type']), /^application\/problem\+json/, `${role} → ${operation}`);
          if (want === 403) assert.match((res.json() as { detail: string }).detail, new RegExp(`you are a ${role}`), `${role} → ${operation}: the 403 names the role`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });
});
