/**
 * Issue 10, the mail of digests (docs/alerts.md): `attach_pdf` attaches a PDF rendering of the
 * digest to alert mails and to the newsletter (stored with the outbox row, so a retry sends it
 * too), `digest_format` and `email_headlines_only` shape both, and every alert mail carries its
 * rule's one-click unsubscribe link (RFC 8058) that stops that rule's email and nothing else.
 * Driven over HTTP, one worker cycle at a time, into a real SMTP sink.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { runDueJobs } from '../../src/domain/jobs/index.js';
import { processOutbox, type MailTransport } from '../../src/domain/newsletter/outbox.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { parseAllowedHosts } from '../../src/net/outbound.js';
import { makeArticle, makeEdition, makeProject } from '../helpers/factories.js';
import { startHarness, type Harness, type TestIdentity } from '../helpers/harness.js';
import { parseMessage, pdfText, startSmtp, type Received, type TestSmtp } from '../helpers/mail.js';

const BASE = 'https://intel.example.test';
let h: Harness;
let smtp: TestSmtp;
let pdfReader: TestIdentity, plainReader: TestIdentity, admin: TestIdentity;
const handlers = jobHandlers({ outboundAllowedHosts: parseAllowedHosts(''), mail: { publicBaseUrl: BASE } as never });
const budget = { hourly: 1000, daily: 10000 };

before(async () => {
  h = await startHarness({ publicBaseUrl: BASE });
  smtp = await startSmtp();
  pdfReader = await h.identity({ plan: 'enterprise' });
  plainReader = await h.identity({ plan: 'enterprise' });
  admin = await h.identity({ admin: true });
});
after(async () => {
  await smtp.close();
  await h.close();
});

/** One worker cycle: due jobs, then the outbox through `transport` (default: the SMTP sink). */
async function cycle(transport: MailTransport = smtpTransport(smtp.url, 'Alerts <alerts@example.test>')) {
  await runDueJobs(h.ctx(), { handlers, workerId: 'w1' });
  return processOutbox({ db: h.database.db, transport, budget, workerId: 'w1', now: () => h.clock.now() });
}
async function setPrefs(who: TestIdentity, prefs: Partial<Record<'digest_frequency' | 'digest_format' | 'email_headlines_only' | 'attach_pdf', unknown>>) {
  const body = { digest_frequency: 'weekly', digest_format: 'html', email_headlines_only: false, attach_pdf: false, ...prefs };
  const res = await h.app.inject({ method: 'PUT', url: '/v1/preferences', headers: who.keyAuth, payload: body });
  assert.equal(res.statusCode, 200, res.body);
}
async function rule(who: TestIdentity, body: Record<string, unknown>) {
  const res = await h.app.inject({ method: 'POST', url: '/v1/alert-rules', headers: who.keyAuth, payload: body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { id: string };
}
const word = () => `Zq${crypto.randomBytes(4).toString('hex')}`;
const mailsWith = (w: string, to?: TestIdentity): Received[] => smtp.received.filter((m) => m.raw.includes(w) && (!to || m.to.includes(to.email)));
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe('attach_pdf on alert mails', () => {
  it('a reader with attach_pdf gets the digest as alerts-YYYY-MM-DD.pdf naming each item; one without gets no attachment', async () => {
    await setPrefs(pdfReader, { attach_pdf: true });
    await setPrefs(plainReader, { attach_pdf: false });
    const w = word();
    await rule(pdfReader, { name: 'PDF please', subject: 'projects', query: { q: w }, channels: ['email'] });
    await rule(plainReader, { name: 'No PDF', subject: 'projects', query: { q: w }, channels: ['email'] });
    const p = await makeProject(h, { title: `${w} Terminal 4 expansion` });
    h.clock.advance(61_000);
    await cycle();

    const [withPdf] = mailsWith(w, pdfReader);
    assert.ok(withPdf, 'the attach_pdf reader got the alert');
    const m = parseMessage(withPdf.raw);
    assert.match(m.contentType, /^multipart\/mixed/);
    assert.equal(m.attachments.length, 1);
    const pdf = m.attachments[0]!;
    assert.equal(pdf.contentType, 'application/pdf');
    assert.equal(pdf.filename, `alerts-${utcDay(h.clock.now())}.pdf`, 'named by the service clock\u2019s UTC day');
    assert.equal(pdf.content.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = await pdfText(pdf.content);
    assert.ok(text.includes(`${w} Terminal 4 expansion`), `the item title is in the PDF:\n${text}`);
    assert.ok(text.includes(`${BASE}/v1/projects/${p.id}`), 'its link is printed');
    assert.ok(text.includes(`Matched ${utcDay(h.clock.now())}`), 'its date');
    assert.ok(pdf.content.toString('latin1').includes(`/URI (${BASE}/v1/projects/${p.id})`), 'the title links to the item');
    assert.ok(m.text?.includes(`${BASE}/v1/projects/${p.id}`) && m.html?.includes(`${w} Terminal 4 expansion`), 'the body parts are still there');

    const [withoutPdf] = mailsWith(w, plainReader);
    assert.ok(withoutPdf, 'the other reader got the alert');
    assert.equal(parseMessage(withoutPdf.raw).attachments.length, 0);

    const rows = await h.database.db.selectFrom('email_outbox').select(['to_email', 'attachments']).where('dedupe_key', 'like', 'alert:%').where('subject', 'like', `%${w}%`).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.to_email, r.attachments as { filename: string; content_type: string }[]]));
    assert.deepEqual(stored[plainReader.email], []);
    assert.deepEqual(stored[pdfReader.email]!.map((a) => [a.filename, a.content_type]), [[pdf.filename, 'application/pdf']]);
  });

  it('the PDF is stored with the outbox row: a retry after a failed attempt sends the same file', async () => {
    const w = word();
    await rule(pdfReader, { name: 'Retry', subject: 'projects', query: { q: w }, channels: ['email'] });
    await makeProject(h, { title: `${w} apron works` });
    h.clock.advance(61_000);
    const down: MailTransport = { send: () => Promise.reject(new Error('connection refused')) };
    const first = await cycle(down);
    assert.equal(first.retried, 1, 'the first attempt failed');
    const row = await h.database.db.selectFrom('email_outbox').select(['id', 'status', 'attachments']).where('subject', 'like', `%${w}%`).executeTakeFirstOrThrow();
    assert.equal(row.status, 'failed');
    const stored = row.attachments as { content_base64: string }[];
    assert.equal(stored.length, 1);
    h.clock.advance(61_000); // the outbox's first backoff is a minute
    await cycle();
    const [mail] = mailsWith(w, pdfReader);
    assert.ok(mail, 'delivered on the retry');
    const pdf = parseMessage(mail.raw).attachments[0]!;
    assert.deepEqual(pdf.content, Buffer.from(stored[0]!.content_base64, 'base64'), 'the very bytes queued');
    assert.ok((await pdfText(pdf.content)).includes(`${w} apron works`));
  });

  it('a daily digest with attach_pdf puts every batched match in one PDF; digest_format text sends text and the PDF only', async () => {
    await setPrefs(pdfReader, { attach_pdf: true, digest_format: 'text' });
    try {
      const w = word();
      await rule(pdfReader, { name: 'Daily PDF', subject: 'projects', query: { q: w }, frequency: 'daily', channels: ['email'] });
      await makeProject(h, { title: `${w} north pier` });
      await makeProject(h, { title: `${w} south pier` });
      h.clock.advance(61_000);
      await cycle();
      assert.equal(mailsWith(w).length, 0, 'not before 07:00');
      h.clock.advance(86_400_000);
      await cycle();
      const mails = mailsWith(w, pdfReader);
      assert.equal(mails.length, 1, 'one digest');
      const m = parseMessage(mails[0]!.raw);
      assert.equal(m.html, undefined, 'digest_format text: no HTML part');
      assert.ok(m.text?.includes(`${w} north pier`));
      assert.equal(m.attachments.length, 1);
      assert.equal(m.attachments[0]!.filename, `alerts-${utcDay(h.clock.now())}.pdf`);
      const text = await pdfText(m.attachments[0]!.content);
      assert.ok(text.includes(`${w} north pier`) && text.includes(`${w} south pier`), 'both matches in the PDF');
    } finally {
      await setPrefs(pdfReader, { attach_pdf: true });
    }
  });
});

describe('attach_pdf, email_headlines_only and digest_format on the newsletter', () => {
  it('the newsletter carries the edition as a PDF for attach_pdf readers only; headlines-only leaves out summary and why it matters', async () => {
    await setPrefs(pdfReader, { attach_pdf: true, email_headlines_only: true });
    await setPrefs(plainReader, { attach_pdf: false, email_headlines_only: false });
    const w = word();
    const edition = await makeEdition(h, { summary: `${w} summary of the week`, top_developments: [] });
    await makeArticle(h, { edition_id: edition.id, headline: `${w} Gatwick second runway approved`, why_it_matters: `${w} capacity matters`, source_name: 'Reuters', source_url: 'https://news.example.test/gatwick' });
    const res = await h.app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin.keyAuth, payload: { editionNumber: edition.number } });
    assert.equal(res.statusCode, 202, res.body);
    await cycle();

    const [mine] = mailsWith(w, pdfReader);
    assert.ok(mine, 'the attach_pdf reader got the newsletter');
    const m = parseMessage(mine.raw);
    assert.equal(m.attachments.length, 1);
    const pdf = m.attachments[0]!;
    assert.equal(pdf.contentType, 'application/pdf');
    assert.equal(pdf.filename, `edition-${edition.number}-${edition.publish_date}.pdf`);
    assert.equal(pdf.content.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = await pdfText(pdf.content);
    assert.ok(text.includes(`${w} Gatwick second runway approved`), `the headline is in the PDF:\n${text}`);
    assert.ok(text.includes('https://news.example.test/gatwick') && text.includes(edition.publish_date), 'its link and date');
    assert.ok(!text.includes(`${w} capacity matters`) && !text.includes(`${w} summary of the week`), 'headlines only: neither why it matters nor the summary');
    assert.ok(m.text?.includes(`${w} Gatwick second runway approved`) && !m.text.includes(`${w} capacity matters`) && !m.text.includes(`${w} summary`), 'the text part is headlines only');
    assert.ok(m.html && !m.html.includes(`${w} capacity matters`), 'the HTML part is headlines only');

    const [theirs] = mailsWith(w, plainReader);
    assert.ok(theirs, 'the other reader got it');
    const t = parseMessage(theirs.raw);
    assert.equal(t.attachments.length, 0, 'no PDF without attach_pdf');
    assert.ok(t.text?.includes(`${w} capacity matters`) && t.text.includes(`${w} summary of the week`), 'the full digest');
    await setPrefs(pdfReader, { attach_pdf: true });
  });
});

describe('unsubscribing from an alert mail', () => {
  it('carries List-Unsubscribe (one-click) and a visible link; GET and HEAD change nothing; the POST stops that rule\u2019s email only', async () => {
    const w = word();
    const mailed = await rule(plainReader, { name: 'Stop me <soon>', subject: 'projects', query: { q: w }, channels: ['email', 'in_app'] });
    const other = await rule(plainReader, { name: 'Keep me', subject: 'projects', query: { q: w }, channels: ['email'] });
    await makeProject(h, { title: `${w} cargo terminal` });
    h.clock.advance(61_000);
    await cycle();
    const mails = mailsWith(w, plainReader);
    assert.equal(mails.length, 2, 'one mail per rule');
    const tokens = await h.database.db.selectFrom('alert_rules').select(['id', 'unsubscribe_token']).where('id', 'in', [mailed.id, other.id]).execute();
    const tokenOf = (id: string) => tokens.find((r) => r.id === id)!.unsubscribe_token;
    const link = `${BASE}/api/unsubscribe/alerts/${tokenOf(mailed.id)}`;
    const m = parseMessage(mails.find((x) => parseMessage(x.raw).headers.get('subject')?.includes('Stop me'))!.raw);
    assert.equal(m.headers.get('list-unsubscribe'), `<${link}>`);
    assert.equal(m.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.ok(m.text?.includes(link), 'a visible link in the text part');
    assert.ok(m.html?.includes(`href="${link}"`), 'and in the HTML part');
    assert.notEqual(tokenOf(mailed.id), tokenOf(other.id), 'each rule has its own link');

    const path = new URL(link).pathname;
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await h.app.inject({ method, url: path });
      assert.equal(res.statusCode, 200);
      if (method === 'GET') {
        assert.match(res.body, /<form method="post">/);
        assert.ok(res.body.includes('Stop me &#60;soon&#62;'), 'the rule name, escaped');
      }
    }
    const unchanged = await h.database.db.selectFrom('alert_rules').select(['channels', 'enabled']).where('id', '=', mailed.id).executeTakeFirstOrThrow();
    assert.deepEqual([unchanged.channels, unchanged.enabled], [['email', 'in_app'], true], 'reading the link changes nothing');

    const post = await h.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(post.statusCode, 200);
    assert.match(post.body, /You are unsubscribed/);
    const after1 = await h.database.db.selectFrom('alert_rules').select(['id', 'channels', 'enabled']).where('id', 'in', [mailed.id, other.id]).execute();
    assert.deepEqual(after1.find((r) => r.id === mailed.id), { id: mailed.id, channels: ['in_app'], enabled: true }, 'the rule lost its email channel only');
    assert.deepEqual(after1.find((r) => r.id === other.id), { id: other.id, channels: ['email'], enabled: true }, 'the other rule is untouched');
    const again = await h.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(again.statusCode, 200, 'repeating is harmless');
    const prefs = await h.database.db.selectFrom('preferences').select('unsubscribed_at').where('user_id', '=', plainReader.userId).executeTakeFirstOrThrow();
    assert.equal(prefs.unsubscribed_at, null, 'the newsletter is untouched');

    // A new match: the unsubscribed rule sends no mail but still notifies in-app; the other rule mails.
    await makeProject(h, { title: `${w} fuel farm` });
    h.clock.advance(61_000);
    await cycle();
    const later = mailsWith(`${w} fuel farm`, plainReader).map((x) => parseMessage(x.raw).headers.get('subject') ?? '');
    assert.equal(later.length, 1, 'only the other rule mails');
    assert.ok(later[0]!.includes('Keep me'));
    const rows = await h.database.db.selectFrom('email_outbox').select('dedupe_key').where('dedupe_key', 'like', `alert:${mailed.id}:%`).execute();
    assert.equal(rows.length, 1, 'no new outbox row for the unsubscribed rule');
    const feed = (await h.app.inject({ method: 'GET', url: '/v1/notifications', headers: plainReader.keyAuth })).json() as { notifications: { payload: { rule_id?: string; items?: { title: string }[] } }[] };
    assert.ok(feed.notifications.some((n) => n.payload.rule_id === mailed.id && n.payload.items?.some((i) => i.title === `${w} fuel farm`)), 'its in-app channel still works');
  });

  it('a rule whose only channel is email is disabled by its link; a bad token is a 404 that changes nothing', async () => {
    const w = word();
    const only = await rule(plainReader, { name: 'Email only', subject: 'projects', query: { q: w }, channels: ['email'] });
    const { unsubscribe_token: token } = await h.database.db.selectFrom('alert_rules').select('unsubscribe_token').where('id', '=', only.id).executeTakeFirstOrThrow();
    const res = await h.app.inject({ method: 'POST', url: `/api/unsubscribe/alerts/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(res.statusCode, 200);
    const row = await h.database.db.selectFrom('alert_rules').select(['channels', 'enabled']).where('id', '=', only.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.channels, row.enabled], [['email'], false]);
    const got = (await h.app.inject({ method: 'GET', url: `/v1/alert-rules/${only.id}`, headers: plainReader.keyAuth })).json() as { enabled: boolean; channels: string[] };
    assert.deepEqual([got.enabled, got.channels], [false, ['email']], 'the owner sees it disabled');
    await makeProject(h, { title: `${w} hangar` });
    h.clock.advance(61_000);
    await cycle();
    assert.equal(mailsWith(w).length, 0, 'no mail');
    for (const bad of ['0'.repeat(64), 'not-a-token']) {
      const r = await h.app.inject({ method: 'POST', url: `/api/unsubscribe/alerts/${bad}` });
      assert.equal(r.statusCode, 404);
      assert.match(r.body, /Link not recognised/);
    }
  });
});
