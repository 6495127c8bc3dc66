/**
 * Issue 10, alert delivery (decision 0020): the job handlers `alerts.match`, `alerts.deliver` and
 * `alerts.webhook` run by one worker cycle (runDueJobs, then the outbox): an instant rule mails
 * within one cycle (a real SMTP sink), an in_app match appears in /v1/notifications, a webhook is
 * verified against its signature by a local receiver and retried after a 500 with its attempts on
 * the rule, digests wait for 07:00 in the owner's timezone, and each item reaches a rule at most
 * once even with two workers at once (PostgreSQL with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { nextDigestAt } from '../../src/domain/alerts/index.js';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { processOutbox } from '../../src/domain/newsletter/outbox.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { parseMessage, startSmtp, type TestSmtp } from '../helpers/mail.js';

let h: Harness;
let smtp: TestSmtp;
let a: TestIdentity, b: TestIdentity;
const allowed = parseAllowedHosts('127.0.0.1');
const handlers = jobHandlers({ outboundAllowedHosts: allowed, mail: undefined as never });

before(async () => {
  h = await startHarness({ outboundAllowedHosts: allowed });
  smtp = await startSmtp();
  a = await h.identity({ plan: 'enterprise' });
  b = await h.identity({ plan: 'enterprise' });
});
after(async () => {
  await smtp.close();
  await h.close();
});

const budget = { hourly: 1000, daily: 10000 };
/** One worker cycle: due jobs, then the outbox (what startWorker does each cycle, jobs first so mail leaves in the same cycle). */
async function cycle(workerId = 'w1') {
  const jobs = await runDueJobs(h.ctx(), { handlers, workerId });
  const mail = await processOutbox({ db: h.database.db, transport: smtpTransport(smtp.url, 'Alerts <alerts@example.test>'), budget, workerId, now: () => h.clock.now() });
  return { jobs, mail };
}
async function rule(who: TestIdentity, body: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: who.keyAuth, payload: body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { id: string; webhook_secret?: string };
}
const word = () => `Zq${crypto.randomBytes(4).toString('hex')}`;

describe('alert delivery', () => {
  it('an instant email rule mails a new match within one worker cycle, once', async () => {
    const w = word();
    await rule(a, { name: 'Mail me', subject: 'projects', query: { q: w }, channels: ['email'] });
    await cycle(); // the recurring matcher exists and finds nothing new
    const before = smtp.received.length;
    h.clock.advance(61_000);
    const p = await makeProject(h, { title: `${w} terminal expansion` });
    h.clock.advance(61_000);
    await cycle();
    const mails = smtp.received.slice(before).filter((m) => m.raw.includes(w));
    assert.equal(mails.length, 1, 'one mail in one cycle');
    assert.ok(mails[0]!.to.includes(a.email));
    assert.ok(parseMessage(mails[0]!.raw).text?.includes(`/v1/projects/${p.id}`), 'names the item');
    h.clock.advance(61_000);
    await cycle();
    assert.equal(smtp.received.filter((m) => m.raw.includes(w)).length, 1, 'never twice');
  });

  it('an in_app match appears in /v1/notifications of its owner only', async () => {
    const w = word();
    const r = await rule(b, { name: 'In app', subject: 'projects', query: { q: w }, channels: ['in_app'] });
    const p = await makeProject(h, { title: `${w} runway` });
    h.clock.advance(61_000);
    await cycle();
    const list = (await h.app.inject({ method: 'GET', url: '/v1/notifications', headers: b.keyAuth })).json() as { notifications: { kind: string; payload: { rule_id: string; items: { id: string }[] } }[] };
    const mine = list.notifications.filter((n) => n.kind === 'alert_match' && n.payload.rule_id === r.id);
    assert.equal(mine.length, 1);
    assert.deepEqual(mine[0]!.payload.items.map((i) => i.id), [p.id]);
    const other = (await h.app.inject({ method: 'GET', url: '/v1/notifications', headers: a.keyAuth })).json() as { notifications: { payload: { rule_id?: string } }[] };
    assert.ok(!other.notifications.some((n) => n.payload.rule_id === r.id));
  });

  it('a webhook is signed with the rule secret, retried after a 500, and logged on the rule', async () => {
    const got: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ body, headers: req.headers });
        res.statusCode = got.length === 1 ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (server.address() as AddressInfo).port;
      const w = word();
      const r = await rule(a, { name: 'Hook', subject: 'projects', query: { q: w }, channels: ['webhook'], webhook_url: `http://127.0.0.1:${port}/hook` });
      assert.match(r.webhook_secret!, /^whsec_[A-Za-z0-9+/]{43}=$/);
      const p = await makeProject(h, { title: `${w} apron` });
      h.clock.advance(61_000);
      await cycle();
      assert.equal(got.length, 1, 'first attempt');
      h.clock.advance(60_000); // backoff: one minute
      await cycle();
      assert.equal(got.length, 2, 'retried after the 500');
      for (const g of got) {
        // Standard Webhooks (decision 0034): v1,<base64 HMAC-SHA256 of "id.timestamp.body">, at the attempt's instant.
        const ts = Number(g.headers['webhook-timestamp']);
        assert.ok(Number.isInteger(ts), 'webhook-timestamp');
        const expected = new Webhook(r.webhook_secret!).sign(String(g.headers['webhook-id']), new Date(ts * 1000), g.body);
        assert.equal(g.headers['webhook-signature'], expected, 'signature verifies');
      }
      assert.equal(Number(got[1]!.headers['webhook-timestamp']) - Number(got[0]!.headers['webhook-timestamp']), 60, 'each attempt signs its own time');
      assert.equal(got[0]!.body, got[1]!.body, 'the same body on the retry');
      assert.equal(got[0]!.headers['webhook-id'], got[1]!.headers['webhook-id']);
      assert.deepEqual((JSON.parse(got[1]!.body) as { items: { id: string }[] }).items.map((i) => i.id), [p.id]);
      const one = (await h.app.inject({ method: 'GET', url: `/v1/alert-rules/${r.id}`, headers: a.keyAuth })).json() as { deliveries: { attempt: number; status: number }[] };
      assert.deepEqual(one.deliveries.map((d) => [d.attempt, d.status]), [[2, 204], [1, 500]]);
      h.clock.advance(3_600_000);
      await cycle();
      assert.equal(got.length, 2, 'delivered: no more attempts');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('a daily rule waits for 07:00 in the owner timezone and batches its matches into one mail', async () => {
    const w = word();
    await h.database.db.updateTable('profiles').set({ timezone: 'Asia/Dubai' }).where('user_id', '=', b.userId).execute();
    await rule(b, { name: 'Daily', subject: 'projects', query: { q: w }, frequency: 'daily', channels: ['email'] });
    await makeProject(h, { title: `${w} one` });
    await makeProject(h, { title: `${w} two` });
    h.clock.advance(61_000);
    await cycle();
    assert.equal(smtp.received.filter((m) => m.raw.includes(w)).length, 0, 'not before 07:00');
    const due = nextDigestAt(h.clock.now(), 'daily', 'Asia/Dubai');
    assert.equal(due.getUTCHours(), 3, '07:00 in Dubai is 03:00 UTC');
    h.clock.set(new Date(due.getTime() + 1000));
    await cycle();
    const mails = smtp.received.filter((m) => m.raw.includes(w));
    assert.equal(mails.length, 1, 'one digest');
    const text = parseMessage(mails[0]!.raw).text ?? '';
    assert.ok(text.includes(`${w} one`) && text.includes(`${w} two`), 'both matches in the digest');
  });

  it('nextDigestAt: daily and weekly at 07:00 local, UTC when unknown', () => {
    const now = new Date('2026-11-24T08:00:00Z'); // a Tuesday
    assert.equal(nextDigestAt(now, 'daily', null).toISOString(), '2026-11-25T07:00:00.000Z');
    assert.equal(nextDigestAt(now, 'daily', 'Not/AZone').toISOString(), '2026-11-25T07:00:00.000Z');
    assert.equal(nextDigestAt(now, 'weekly', 'UTC').toISOString(), '2026-11-30T07:00:00.000Z');
    assert.equal(nextDigestAt(now, 'daily', 'America/New_York').toISOString(), '2026-11-24T12:00:00.000Z');
  });

  it('two workers at once deliver each item to a rule once', async () => {
    const w = word();
    const r = await rule(a, { name: 'Race', subject: 'projects', query: { q: w }, channels: ['in_app', 'email'] });
    for (let i = 0; i < 3; i++) await makeProject(h, { title: `${w} ${i}` });
    h.clock.advance(61_000);
    // Both matchers may run (one claims the recurring job; we also enqueue a second matching pass).
    await Promise.all([runDueJobs(h.ctx(), { handlers, workerId: 'A' }), runDueJobs(h.ctx(), { handlers, workerId: 'B' })]);
    await Promise.all([runDueJobs(h.ctx(), { handlers, workerId: 'A' }), runDueJobs(h.ctx(), { handlers, workerId: 'B' })]);
    const { matchAlertRules, deliverAlertRule } = await import('../../src/domain/alerts/index.js');
    await Promise.all([matchAlertRules(h.ctx()), matchAlertRules(h.ctx())]);
    await Promise.all([deliverAlertRule(h.ctx(), r.id), deliverAlertRule(h.ctx(), r.id)]);
    const notes = await h.database.db.selectFrom('notifications').select('payload').where('kind', '=', 'alert_match').where('user_id', '=', a.userId).execute();
    const items = notes.flatMap((n) => ((n.payload as { rule_id: string; items: { id: string }[] }).rule_id === r.id ? (n.payload as { items: { id: string }[] }).items.map((i) => i.id) : []));
    assert.equal(items.length, 3, 'three items');
    assert.equal(new Set(items).size, 3, 'each once');
    const outbox = await h.database.db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'like', `alert:${r.id}:%`).execute();
    assert.equal(outbox.length, notes.filter((n) => (n.payload as { rule_id: string }).rule_id === r.id).length, 'one mail per delivery');
  });
});
