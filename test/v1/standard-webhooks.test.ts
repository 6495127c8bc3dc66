/**
 * Issue 29, Standard Webhooks (decision 0034): an alert-rule webhook is verified by a consumer with
 * the `standardwebhooks` library and the secret the rule's answer gave it; a tampered body, a
 * delivery older than the library's five-minute tolerance and another secret are refused; a secret
 * given out before the change (`whsec_` + 64 hex characters) still verifies, and migration 0017
 * told its owner that the signature format changed.
 *
 * The library checks the timestamp against the wall clock, as a consumer does, so this file's
 * service clock starts 150 s before the wall clock's instant: each delivery moves it 61 s, and the
 * four deliveries stay well within the library's five minutes either way.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { migrate } from '../../src/db/migrate.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { makeProject } from '../helpers/factories.js';
import { startHarness, TestClock, type Harness, type TestIdentity } from '../helpers/harness.js';

let h: Harness;
let owner: TestIdentity;
let server: http.Server;
let hookUrl: string;
const received: { body: string; headers: Record<string, string> }[] = [];
const allowed = parseAllowedHosts('127.0.0.1');
const handlers = jobHandlers({ outboundAllowedHosts: allowed, mail: undefined as never });

before(async () => {
  h = await startHarness({ outboundAllowedHosts: allowed, clock: new TestClock(new Date(Date.now() - 150_000)) });
  owner = await h.identity({ plan: 'enterprise' });
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ body, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
after(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await h.close();
});

const word = () => `Sw${crypto.randomBytes(4).toString('hex')}`;

/** A webhook rule on a fresh word; a project carrying it; one matcher and one delivery cycle: the delivery received. */
async function deliveryOf(secretOf: (rule: { id: string; webhook_secret: string }) => Promise<string> | string) {
  const w = word();
  const res = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: owner.keyAuth, payload: { name: `Hook ${w}`, subject: 'projects', query: { q: w }, channels: ['webhook'], webhook_url: hookUrl } });
  assert.equal(res.statusCode, 201, res.body);
  const rule = res.json() as { id: string; webhook_secret: string };
  const secret = await secretOf(rule);
  await makeProject(h, { title: `${w} terminal` });
  const before = received.length;
  h.clock.advance(61_000);
  await runDueJobs(h.ctx(), { handlers, workerId: 'sw' }); // match, deliver (enqueues the webhook)
  await runDueJobs(h.ctx(), { handlers, workerId: 'sw' }); // the webhook attempt
  assert.equal(received.length, before + 1, 'one delivery');
  return { secret, delivery: received.at(-1)! };
}

describe('Standard Webhooks', () => {
  it('a consumer verifies a delivery with the standardwebhooks library and the secret it was given', async () => {
    const { secret, delivery } = await deliveryOf((rule) => rule.webhook_secret);
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.match(delivery.headers['webhook-id']!, /^[0-9a-f-]{36}$/);
    assert.match(delivery.headers['webhook-timestamp']!, /^\d{10}$/);
    assert.match(delivery.headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]{43}=$/);
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as { id: string; type: string };
    assert.equal(payload.type, 'alert.match');
    assert.equal(payload.id, delivery.headers['webhook-id']);
  });

  it('a tampered body, another secret or a changed id are refused', async () => {
    const { secret, delivery } = await deliveryOf((rule) => rule.webhook_secret);
    const wh = new Webhook(secret);
    assert.throws(() => wh.verify(delivery.body.replace('alert.match', 'alert.matcH'), delivery.headers), WebhookVerificationError);
    assert.throws(() => wh.verify(`${delivery.body} `, delivery.headers), WebhookVerificationError);
    assert.throws(() => wh.verify(delivery.body, { ...delivery.headers, 'webhook-id': crypto.randomUUID() }), WebhookVerificationError);
    assert.throws(() => new Webhook(`whsec_${crypto.randomBytes(32).toString('base64')}`).verify(delivery.body, delivery.headers), WebhookVerificationError);
  });

  it('a delivery signed more than five minutes ago is refused, even re-signed (a replay)', async () => {
    const { secret, delivery } = await deliveryOf((rule) => rule.webhook_secret);
    const wh = new Webhook(secret);
    const old = Number(delivery.headers['webhook-timestamp']) - 10 * 60;
    const replay = { ...delivery.headers, 'webhook-timestamp': String(old) };
    assert.throws(() => wh.verify(delivery.body, replay), /too old|No matching signature/);
    // Even re-signed correctly for that old instant (an attacker holding an old delivery): too old.
    const resigned = { ...replay, 'webhook-signature': wh.sign(delivery.headers['webhook-id']!, new Date(old * 1000), delivery.body) };
    assert.throws(() => wh.verify(delivery.body, resigned), /too old/);
  });

  it('a secret given out before the change (whsec_ + 64 hex) verifies unchanged', async () => {
    const legacy = `whsec_${crypto.randomBytes(32).toString('hex')}`;
    const { secret, delivery } = await deliveryOf(async (rule) => {
      await h.database.db.updateTable('alert_rules').set({ webhook_secret: legacy }).where('id', '=', rule.id).execute();
      return legacy;
    });
    assert.equal(secret, legacy);
    assert.equal((new Webhook(legacy).verify(delivery.body, delivery.headers) as { type: string }).type, 'alert.match');
  });

  it('migration 0017 gives each owner of a webhook rule one notice of the new signature', async () => {
    const other = await h.identity({ plan: 'enterprise' });
    const hook = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: other.keyAuth, payload: { name: 'Legacy hook', subject: 'projects', query: {}, channels: ['webhook'], webhook_url: hookUrl } });
    const mail = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: other.keyAuth, payload: { name: 'Mail only', subject: 'projects', query: {}, channels: ['email'] } });
    assert.equal(hook.statusCode, 201);
    assert.equal(mail.statusCode, 201);
    await h.database.db.deleteFrom('schema_migrations' as never).where('name' as never, '=', '0017_standard_webhooks_notice.sql' as never).execute();
    assert.deepEqual(await migrate(h.database), ['0017_standard_webhooks_notice.sql']);
    const res = await h.app.inject({ method: 'GET', url: '/v1/notifications', headers: other.keyAuth });
    const notices = (res.json() as { notifications: { kind: string; payload: { rule_id: string; detail: string } }[] }).notifications;
    assert.deepEqual(notices.map((n) => [n.kind, n.payload.rule_id]), [['webhook_signature_changed', (hook.json() as { id: string }).id]]);
    assert.match(notices[0]!.payload.detail, /Standard Webhooks/);
  });
});
