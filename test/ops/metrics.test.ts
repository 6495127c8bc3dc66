/**
 * `GET /metrics` (src/http/metrics.ts) over a real database: off by default (404), behind a bearer
 * token with METRICS_TOKEN, on a listener of its own with METRICS_PORT; request counts and latency
 * by route pattern and status, quota refusals, outbox and job queue depth read on scrape, the
 * database pool on PostgreSQL, the default process metrics; hidden from the OpenAPI description.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { utcDay } from '../../src/domain/clock.js';
import { metricsServer } from '../../src/http/metrics.js';
import { SESSION_SECRET, startHarness, type Harness } from '../helpers/harness.js';

const TOKEN = 'metrics-test-token-0123456789';
let h: Harness;
const apps: FastifyInstance[] = [];

before(async () => {
  h = await startHarness();
});
after(async () => {
  for (const app of apps) await app.close();
  await h.close();
});

/** Another app over the harness's database and clock, with metrics on. */
async function appWith(metrics: { token?: string; separatePort?: boolean }): Promise<FastifyInstance> {
  const app = await buildApp({ database: h.database, sessionSecret: SESSION_SECRET, clock: h.clock, logger: false, metrics });
  apps.push(app);
  await app.ready();
  return app;
}

/** The value of the sample `name{labels}` in a Prometheus text exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /metrics', () => {
  it('is 404 when neither METRICS_TOKEN nor METRICS_PORT is set, and not in the OpenAPI description', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 404);
    assert.equal(h.app.metrics, null);
    const app = await appWith({ token: TOKEN });
    const paths = Object.keys((await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths);
    assert.ok(paths.length > 10);
    assert.ok(!paths.includes('/metrics'));
    assert.ok(app.registeredRoutes.some((r) => r.url === '/metrics' && r.hidden));
  });

  it('requires the bearer token when METRICS_TOKEN is set: 401 without it or with another', async () => {
    const app = await appWith({ token: TOKEN });
    for (const headers of [{}, bearer('metrics-test-token-0123456780'), bearer('short'), { authorization: `Basic ${TOKEN}` }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.match(res.json().error, /METRICS_TOKEN/);
      assert.doesNotMatch(res.body, /airport_intel_/);
    }
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    assert.equal(ok.statusCode, 200);
    assert.match(ok.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, with latency, quota refusals and the default metrics', async () => {
    const app = await appWith({ token: TOKEN });
    const me = await h.identity({ plan: 'professional' });
    const project = '00000000-0000-4000-8000-000000000000';
    await app.inject({ method: 'GET', url: '/api/v1/editions', headers: me.keyAuth });
    await app.inject({ method: 'GET', url: '/api/v1/editions?limit=1', headers: me.keyAuth });
    await app.inject({ method: 'GET', url: `/api/v1/projects/${project}`, headers: me.keyAuth });
    await app.inject({ method: 'GET', url: '/api/v1/editions' });
    await app.inject({ method: 'GET', url: '/no/such/path/zz-raw-segment' });
    // A trial key whose 200 requests of the day are spent: the next one is refused (429).
    const spent = await h.identity({ plan: 'trial' });
    const key = await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', spent.userId).executeTakeFirstOrThrow();
    await h.database.db.insertInto('usage_counters').values({ api_key_id: key.id, day: utcDay(h.clock.now()), count: 200 }).execute();
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/editions', headers: spent.keyAuth })).statusCode, 429);

    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    assert.equal(sample(text, 'airport_intel_http_requests_total{method="GET",route="/api/v1/editions",status_code="200"}'), 2);
    assert.equal(sample(text, 'airport_intel_http_requests_total{method="GET",route="/api/v1/editions",status_code="401"}'), 1);
    assert.equal(sample(text, 'airport_intel_http_requests_total{method="GET",route="/api/v1/editions",status_code="429"}'), 1);
    assert.equal(sample(text, 'airport_intel_http_requests_total{method="GET",route="/api/v1/projects/:id",status_code="404"}'), 1);
    assert.equal(sample(text, 'airport_intel_http_requests_total{method="GET",route="(unmatched)",status_code="404"}'), 1);
    // Label sets only: a sample's value (a byte count, a duration) may hold any digits.
    const labels = (text.match(/\{[^}]*\}/g) ?? []).join('\n');
    assert.ok(labels.includes('route="(unmatched)"'), 'the label sets were read');
    assert.ok(!labels.includes(project) && !labels.includes('zz-raw-segment') && !labels.includes('limit=1'), 'raw URLs never become labels');
    assert.equal(sample(text, 'airport_intel_http_request_duration_seconds_count{method="GET",route="/api/v1/editions",status_code="200"}'), 2);
    assert.equal(sample(text, 'airport_intel_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/editions",status_code="200"}'), 2);
    assert.equal(sample(text, 'airport_intel_quota_refusals_total{route="/api/v1/editions"}'), 1);
    assert.ok((sample(text, 'process_cpu_user_seconds_total') ?? -1) >= 0, 'default process metrics');
    assert.ok(text.includes('# TYPE nodejs_eventloop_lag_seconds gauge'));
    // The embedded engine has no pool; PostgreSQL reports it.
    if (h.database.kind === 'postgres') assert.ok((sample(text, 'airport_intel_db_pool_connections') ?? 0) >= 1);
    else assert.ok(!text.includes('airport_intel_db_pool_'));
  });

  it('reads the outbox and the job queue depth on each scrape', async () => {
    const app = await appWith({ token: TOKEN });
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    const before = await scrape();
    const queued0 = sample(before, 'airport_intel_outbox_messages{status="queued"}')!;
    const depth0 = sample(before, 'airport_intel_job_queue_depth{queue="outbox"}')!;
    const message = (n: number, status: string) => ({ dedupe_key: `metrics-test:${n}`, to_email: `r${n}@example.test`, subject: 's', html: '<p>h</p>', text_body: 't', status });
    await h.database.db.insertInto('email_outbox').values([message(1, 'queued'), message(2, 'queued'), message(3, 'failed'), message(4, 'dead')]).execute();
    const text = await scrape();
    assert.equal(sample(text, 'airport_intel_outbox_messages{status="queued"}'), queued0 + 2);
    assert.ok((sample(text, 'airport_intel_outbox_messages{status="dead"}') ?? 0) >= 1);
    assert.equal(sample(text, 'airport_intel_job_queue_depth{queue="outbox"}'), depth0 + 3);
    assert.equal(sample(text, 'airport_intel_outbox_send_budget{window="hour"}'), 1000);
    assert.equal(typeof sample(text, 'airport_intel_outbox_sent_recent{window="day"}'), 'number');
  });

  it('serves /metrics only on its own listener with METRICS_PORT: no token unless one is set', async () => {
    const app = await appWith({ separatePort: true });
    assert.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    await app.inject({ method: 'GET', url: '/healthz' });
    const server = metricsServer(app.metrics!);
    apps.push(server);
    const res = await server.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.equal(sample(res.body, 'airport_intel_http_requests_total{method="GET",route="/healthz",status_code="200"}'), 1);
    assert.equal((await server.inject({ method: 'GET', url: '/api/v1/editions' })).statusCode, 404);

    const guarded = await appWith({ separatePort: true, token: TOKEN });
    const guardedServer = metricsServer(guarded.metrics!);
    apps.push(guardedServer);
    assert.equal((await guardedServer.inject({ method: 'GET', url: '/metrics' })).statusCode, 401);
    assert.equal((await guardedServer.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).statusCode, 200);
  });
});
