/**
 * Newsletter sending through a real SMTP server in-process: a send to 500 sample subscribers
 * delivers exactly 500 personalised messages (HTML and text parts, unsubscribe link, readers'
 * order); a second identical call resends nothing; a dry run sends nothing; a worker killed halfway
 * and a new one started deliver the rest without duplicates; the hourly and daily budgets hold;
 * a message the server keeps refusing is dead after the last try; the .eml file transport.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { processOutbox, type MailTransport } from '../../src/domain/newsletter/outbox.js';
import { fileTransport, smtpTransport } from '../../src/mail/transport.js';
import { startSmtp, parseMessage, type TestSmtp } from '../helpers/mail.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';

const READERS = 500;
let h: Harness;
let admin: TestIdentity;
let smtp: TestSmtp;
let latest: { number: number; articles: { id: string; headline: string; iata_codes: string[]; sort_order: number }[] };
/** The IATA code that only the edition's last article names: readers who follow it see that article first. */
let favourite: { iata: string; headline: string };

/** 500 readers with an active subscription; every third follows `favourite.iata`. */
async function seedReaders(): Promise<void> {
  await sql`
    with u as (
      insert into users (email, name)
      select 'reader' || lpad(g::text, 3, '0') || '@example.test', 'Reader ' || g from generate_series(1, ${READERS}) g
      returning id, email, name),
    p as (insert into profiles (user_id) select id from u),
    pr as (insert into preferences (user_id, digest_format) select id, case when email like '%5@%' then 'text' else 'html' end from u),
    a as (insert into accounts (name, owner_user_id) select name, id from u returning id, owner_user_id),
    m as (insert into account_members (account_id, user_id, role) select id, owner_user_id, 'owner' from a)
    insert into subscriptions (account_id, plan_code, status) select id, 'professional', 'active' from a`.execute(h.database.db);
  await sql`insert into user_interests (user_id, kind, ref)
    select id, 'airport', ${favourite.iata} from users where email ~ '^reader[0-9]+@' and substring(email from 7 for 3)::int % 3 = 0`.execute(h.database.db);
}

const send = (payload: unknown, who: TestIdentity = admin) =>
  h.app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: who.keyAuth, payload: payload as object });
const outbox = async () =>
  (await sql<{ status: string; n: number }>`select status, count(*)::int as n from email_outbox group by status order by status`.execute(h.database.db)).rows;
const big = { hourly: 100_000, daily: 1_000_000 };

before(async () => {
  h = await startHarness({ sample: true });
  admin = await h.identity({ admin: true }); // no subscription: not a reader
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/editions/latest', headers: admin.keyAuth });
  latest = res.json().data;
  const last = [...latest.articles].reverse().find((a) => a.iata_codes.some((c) => latest.articles.filter((b) => b.iata_codes.includes(c)).length === 1))!;
  favourite = { iata: last.iata_codes.find((c) => latest.articles.filter((b) => b.iata_codes.includes(c)).length === 1)!, headline: last.headline };
  await seedReaders();
  smtp = await startSmtp();
});
after(async () => {
  await smtp.close();
  await h.close();
});

/**
 * When the outbox's queued messages (or message `id`) became due: the instant a worker's own clock
 * starts at in these tests, so that no assertion reads the wall clock. (The outbox stamps
 * `next_attempt_at` with the database's time, not the service clock.)
 */
async function dueAt(id?: string): Promise<Date> {
  let q = h.database.db.selectFrom('email_outbox').select((eb) => eb.fn.max('next_attempt_at').as('due')).where('status', 'in', ['queued', 'failed']);
  if (id) q = q.where('id', '=', id);
  const { due } = await q.executeTakeFirstOrThrow();
  assert.ok(due, 'a message is due');
  return new Date(due as unknown as string | Date);
}

describe('POST /api/admin/newsletter/send', () => {
  it('dry run: answers who would receive it and how many, sends and writes nothing', async () => {
    const res = await send({ dryRun: true });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.dry_run, true);
    assert.equal(d.mode, 'all');
    assert.equal(d.edition_number, latest.number);
    assert.equal(d.recipients, READERS);
    assert.equal(d.queued, READERS);
    assert.equal(d.emails.length, READERS);
    assert.ok(d.emails.every((e: string) => /^reader\d{3}@example\.test$/.test(e)));
    assert.deepEqual(await outbox(), []);
    assert.equal(smtp.received.length, 0);
  });

  it('bad input answers 400 naming the field; a draft cannot go to every subscriber', async () => {
    for (const [payload, message] of [
      [{ dryrun: true }, /"dryrun": is not a known field/],
      [{ dryRun: 'yes' }, /"dryRun": must be a boolean/],
      [{ editionNumber: 'latest' }, /"editionNumber": must be an integer/],
      [{ testEmail: 'nobody' }, /"testEmail": must be a valid email/],
      [{ testEmails: ['a@example.test', 'b'] }, /"testEmails.1": must be a valid email/],
    ] as [unknown, RegExp][]) {
      const res = await send(payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().error, message);
    }
    assert.equal((await send({ editionNumber: 9999 })).statusCode, 404);
    const draft = await h.database.db.selectFrom('editions').select('number').where('status', '=', 'draft').executeTakeFirstOrThrow();
    assert.equal((await send({ editionNumber: draft.number })).statusCode, 409);
    assert.deepEqual(await outbox(), []);
  });

  it('queues 500 personalised messages; a worker killed halfway and a new one deliver exactly 500, once each', async () => {
    const res = await send({});
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().data.queued, READERS);
    assert.deepEqual(await outbox(), [{ status: 'queued', n: READERS }]);

    // Worker A is "killed" after 200 deliveries: it stops mid-batch, its other claimed rows keep their lease.
    const kill = new AbortController();
    const smtpA = smtpTransport(smtp.url, 'Airport Intelligence <news@example.test>');
    const dying: MailTransport = {
      async send(mail) {
        await smtpA.send(mail);
        if (smtp.received.length === 200) kill.abort();
      },
    };
    // The workers run on a clock of their own, started when the last message became due (never the wall clock).
    const due = await dueAt();
    const a = await processOutbox({ db: h.database.db, transport: dying, budget: big, workerId: 'A', batchSize: 30, leaseMs: 60_000, now: () => due }, { signal: kill.signal });
    await smtpA.close?.();
    assert.equal(a.sent, 200);
    assert.equal(smtp.received.length, 200);
    const leased = await sql<{ n: number }>`select count(*)::int as n from email_outbox where status = 'queued' and locked_until > ${due}`.execute(h.database.db);
    assert.ok(leased.rows[0]!.n > 0, 'worker A left leased messages behind');

    // Worker B starts later (its clock is past A's leases) and delivers the rest.
    const smtpB = smtpTransport(smtp.url, 'Airport Intelligence <news@example.test>');
    const later = () => new Date(due.getTime() + 61_000);
    const b = await processOutbox({ db: h.database.db, transport: smtpB, budget: big, workerId: 'B', now: later });
    await smtpB.close?.();
    assert.equal(b.sent, READERS - 200);
    assert.equal(smtp.received.length, READERS);
    const recipients = smtp.received.flatMap((m) => m.to);
    assert.equal(new Set(recipients).size, READERS, 'no reader got two messages');
    assert.deepEqual(await outbox(), [{ status: 'sent', n: READERS }]);
  });

  it('each message is personalised: HTML and text parts, the reader\u2019s order, their unsubscribe link', async () => {
    const tokens = new Map((await h.database.db.selectFrom('preferences').innerJoin('users', 'users.id', 'preferences.user_id').select(['users.email', 'preferences.unsubscribe_token']).execute()).map((r) => [r.email, r.unsubscribe_token]));
    const firstHeadline = (text: string) => /^\* (.+)$/m.exec(text)?.[1];
    let followers = 0;
    for (const m of smtp.received) {
      const to = m.to[0]!;
      const msg = parseMessage(m.raw);
      const textOnly = to.endsWith('5@example.test'); // digest_format text: one plain-text part
      if (!textOnly) assert.match(msg.contentType, /^multipart\/alternative/);
      assert.ok(msg.text && (msg.html || textOnly), `${to}: both parts (text only for the text format)`);
      assert.match(msg.headers.get('subject')!, new RegExp(`Edition ${latest.number}`));
      const link = `http://127.0.0.1:3000/api/unsubscribe/${tokens.get(to)}`;
      assert.ok(msg.text.includes(link), `${to}: unsubscribe link in the text part`);
      if (!textOnly) assert.ok(msg.html?.includes(link), `${to}: unsubscribe link in the HTML part`);
      assert.equal(msg.headers.get('list-unsubscribe'), `<${link}>`);
      assert.equal(msg.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
      assert.ok(msg.text.indexOf('EXECUTIVE SUMMARY') < msg.text.indexOf('* '), 'executive summary first');
      const n = Number(/reader(\d{3})@/.exec(to)![1]);
      if (n % 3 === 0) {
        followers++;
        assert.equal(firstHeadline(msg.text), favourite.headline, `${to} follows ${favourite.iata}`);
        assert.match(msg.text, /Matches your interests/);
      } else {
        assert.equal(firstHeadline(msg.text), latest.articles[0]!.headline, `${to}: edition order`);
      }
      if (to.endsWith('5@example.test')) assert.match(msg.text, /plain text/);
    }
    assert.equal(followers, Math.floor(READERS / 3));
  });

  it('a second identical call queues and sends nothing', async () => {
    const res = await send({});
    assert.equal(res.statusCode, 202);
    assert.equal(res.json().data.queued, 0);
    assert.equal(res.json().data.already_queued, READERS);
    const dry = (await send({ dryRun: true })).json().data;
    assert.equal(dry.queued, 0);
    assert.equal(dry.already_queued, READERS);
    const t = smtpTransport(smtp.url, 'news@example.test');
    const run = await processOutbox({ db: h.database.db, transport: t, budget: big, now: () => h.clock.now() });
    await t.close?.();
    assert.equal(run.sent, 0);
    assert.equal(smtp.received.length, READERS);
  });

  it('unsubscribe by RFC 8058: HEAD and GET change nothing, GET shows a confirmation form, a one-click POST unsubscribes', async () => {
    const m = parseMessage(smtp.received[0]!.raw);
    const url = new URL(/^<(.+)>$/.exec(m.headers.get('list-unsubscribe')!)![1]!);
    const token = url.pathname.split('/').pop()!;
    const unsubscribedAt = async () =>
      (await h.database.db.selectFrom('preferences').select('unsubscribed_at').where('unsubscribe_token', '=', token).executeTakeFirstOrThrow()).unsubscribed_at;

    // A mail scanner prefetching the link (HEAD, then GET) unsubscribes nobody.
    const head = await h.app.inject({ method: 'HEAD', url: url.pathname });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    const page = await h.app.inject({ method: 'GET', url: url.pathname });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    assert.match(page.body, /Unsubscribe from the newsletter\?/);
    assert.match(page.body, /<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe<\/button><\/form>/);
    assert.equal(await unsubscribedAt(), null);
    assert.equal((await send({ dryRun: true })).json().data.recipients, READERS);

    // The mail client's one-click POST (RFC 8058 body) unsubscribes; a repeat changes nothing.
    const post = () => h.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const res = await post();
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /You are unsubscribed/);
    const at = await unsubscribedAt();
    assert.equal(new Date(at as unknown as string).toISOString(), h.clock.now().toISOString());
    assert.equal((await post()).statusCode, 200);
    assert.equal(new Date((await unsubscribedAt()) as unknown as string).toISOString(), h.clock.now().toISOString());
    assert.match((await h.app.inject({ method: 'GET', url: url.pathname })).body, /already unsubscribed/);
    const dry = (await send({ dryRun: true })).json().data;
    assert.equal(dry.recipients, READERS - 1);
  });

  it('the confirmation page\u2019s multipart POST unsubscribes too; a bad token is a clean error that changes nothing', async () => {
    // A reader still subscribed: the test above unsubscribed whoever's mail arrived first, in no fixed order.
    const row = await h.database.db.selectFrom('preferences').innerJoin('users', 'users.id', 'preferences.user_id')
      .select(['preferences.unsubscribe_token as token']).where('users.email', 'like', 'reader%@example.test')
      .where('preferences.unsubscribed_at', 'is', null).orderBy('users.email').limit(1).executeTakeFirstOrThrow();
    const boundary = 'x-boundary';
    const res = await h.app.inject({
      method: 'POST', url: `/api/unsubscribe/${row.token}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    assert.equal(res.statusCode, 200, res.body);
    const before = (await send({ dryRun: true })).json().data.recipients;
    assert.equal(before, READERS - 2);
    for (const method of ['HEAD', 'GET', 'POST'] as const) {
      for (const token of ['test-message', 'f'.repeat(64)]) {
        const bad = await h.app.inject({ method, url: `/api/unsubscribe/${token}` });
        assert.equal(bad.statusCode, 404, `${method} ${token}`);
        if (method !== 'HEAD') assert.match(bad.body, /Link not recognised/);
      }
      const long = await h.app.inject({ method, url: `/api/unsubscribe/${'a'.repeat(101)}` });
      assert.ok(long.statusCode >= 400 && long.statusCode < 500, `${method} long token: ${long.statusCode}`);
    }
    assert.equal((await send({ dryRun: true })).json().data.recipients, before);
  });

  it('respects the hourly and the daily send budget', async () => {
    const res = await send({ testEmails: ['t1@example.test', 't2@example.test', 't3@example.test', 't4@example.test', 't5@example.test'] });
    assert.equal(res.json().data.mode, 'test');
    assert.equal(res.json().data.queued, 5);
    const t = smtpTransport(smtp.url, 'news@example.test');
    const sentBefore = smtp.received.length;
    // Two minutes after the messages became due by the service clock: every earlier send of this file is within the hour.
    const now = () => new Date(h.clock.now().getTime() + 120_000);
    const hourly = await processOutbox({ db: h.database.db, transport: t, budget: { hourly: READERS + 2, daily: 1_000_000 }, now });
    assert.deepEqual([hourly.sent, hourly.budgetExhausted], [2, true]);
    const daily = await processOutbox({ db: h.database.db, transport: t, budget: { hourly: 1_000_000, daily: READERS + 3 }, now });
    assert.deepEqual([daily.sent, daily.budgetExhausted], [1, true]);
    const rest = await processOutbox({ db: h.database.db, transport: t, budget: big, now });
    await t.close?.();
    assert.equal(rest.sent, 2);
    assert.equal(smtp.received.length, sentBefore + 5);
    const test = parseMessage(smtp.received.at(-1)!.raw);
    assert.match(test.headers.get('subject')!, /^\[TEST\]/);
  });

  it('onlyToSelf sends only to the caller', async () => {
    const res = await send({ onlyToSelf: true, dryRun: true });
    assert.deepEqual(res.json().data.emails, [admin.email]);
    assert.equal(res.json().data.mode, 'self');
  });

  it('a message the server keeps refusing is retried with backoff, then dead after the last try', async () => {
    const rejecting = await startSmtp({ reject: true });
    try {
      const res = await send({ testEmail: 'bounce@example.test' });
      const id = (await h.database.db.selectFrom('email_outbox').select('id').where('send_id', '=', res.json().data.send_id).executeTakeFirstOrThrow()).id;
      const t = smtpTransport(rejecting.url, 'news@example.test');
      const due = await dueAt(id);
      const first = await processOutbox({ db: h.database.db, transport: t, budget: big, maxAttempts: 3, now: () => due });
      assert.deepEqual([first.retried, first.dead], [1, 0]);
      let row = await h.database.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'failed');
      assert.ok(new Date(row.next_attempt_at).getTime() > due.getTime() + 30_000, 'backoff before the next try');
      const later = () => new Date(due.getTime() + 24 * 3_600_000);
      const rest = await processOutbox({ db: h.database.db, transport: t, budget: big, maxAttempts: 3, now: later, backoffMs: () => 0 });
      await t.close?.();
      assert.deepEqual([rest.retried, rest.dead], [1, 1]);
      row = await h.database.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'dead');
      assert.equal(row.attempts, 3);
      assert.match(row.last_error!, /550|unavailable/i);
      assert.equal(rejecting.received.length, 0);
      const again = await processOutbox({ db: h.database.db, transport: t, budget: big, now: later });
      assert.equal(again.sent + again.retried + again.dead, 0, 'a dead message is never tried again');
    } finally {
      await rejecting.close();
    }
  });

  it('without SMTP the transport writes .eml files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      await send({ testEmail: 'eml@example.test' });
      const run = await processOutbox({ db: h.database.db, transport: fileTransport(dir, 'news@example.test'), budget: big, now: () => h.clock.now() });
      assert.equal(run.sent, 1);
      const [file] = fs.readdirSync(dir);
      assert.match(file!, /\.eml$/);
      const msg = parseMessage(fs.readFileSync(path.join(dir, file!), 'utf8'));
      assert.equal(msg.headers.get('to'), 'eml@example.test');
      assert.ok(msg.text && msg.html);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
