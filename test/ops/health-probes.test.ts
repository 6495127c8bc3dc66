/**
 * Issue 29, health probes (src/http/health.ts, src/domain/system/check-readiness.ts): `GET /livez`
 * answers while the process does; `GET /readyz` is 200 only while the database answers, every
 * migration is applied, the in-process worker runs and the process is not shutting down (503 with
 * Retry-After otherwise); `/healthz` is unchanged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import type { WorkerState } from '../../src/domain/system/check-readiness.js';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

describe('health probes', () => {
  it('GET /livez: 200 without a token, reading nothing', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/livez' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'ok');
    assert.equal(typeof res.json().uptime_s, 'number');
  });

  it('GET /readyz: 200 with the database up, migrations current and no worker in this process', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { status: 'ready', checks: { database: 'ok', migrations: 'current', pending_migrations: [], worker: 'off', shutting_down: false } });
    assert.equal(res.headers['retry-after'], undefined);
  });

  it('GET /readyz: 503 with Retry-After while a migration is pending; /healthz and /livez stay 200', async () => {
    const [last] = await h.database.db.selectFrom('schema_migrations' as never).select('name' as never).orderBy('name' as never, 'desc').limit(1).execute() as { name: string }[];
    await h.database.db.deleteFrom('schema_migrations' as never).where('name' as never, '=', last!.name as never).execute();
    try {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().status, 'not_ready');
      assert.equal(res.json().checks.migrations, 'pending');
      assert.deepEqual(res.json().checks.pending_migrations, [last!.name]);
      assert.match(String(res.headers['retry-after']), /^\d+$/);
      assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      assert.equal((await h.app.inject({ method: 'GET', url: '/livez' })).statusCode, 200);
    } finally {
      await h.database.db.insertInto('schema_migrations' as never).values({ name: last!.name } as never).execute();
    }
    assert.equal((await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });

  it('GET /readyz follows the in-process worker and shutdown', async () => {
    let worker: WorkerState = 'running';
    let closing = false;
    const app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, clock: h.clock, readiness: { worker: () => worker, closing: () => closing } });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200);
      assert.equal(ready.json().checks.worker, 'running');
      worker = 'stopped';
      const stopped = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(stopped.statusCode, 503);
      assert.equal(stopped.json().checks.worker, 'stopped');
      worker = 'running';
      closing = true;
      const shutting = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(shutting.statusCode, 503);
      assert.equal(shutting.json().checks.shutting_down, true);
      assert.equal((await app.inject({ method: 'GET', url: '/livez' })).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
