/**
 * Issue 29, configuration for production (src/config.ts, src/cli/logging.ts): secrets read from
 * `NAME_FILE`, a half-configured payment provider said at start (an error when buyers could pay
 * without ever getting their plan, warnings when settings have no effect), SHUTDOWN_TIMEOUT_MS,
 * LOG_FORMAT and the start banner.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, FILE_SECRETS, loadConfig } from '../../src/config.js';
import { loggerOptions, prettyLogs, startBanner } from '../../src/cli/logging.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airport-intel-config-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

describe('secrets from files (NAME_FILE)', () => {
  it('reads each secret from its file, without the trailing line break', () => {
    const config = loadConfig({
      SESSION_SECRET_FILE: file('session', 'a-session-secret-of-at-least-32-characters\n'),
      DATABASE_URL_FILE: file('db', 'postgres://app:pw@db.internal:5432/airport\n'),
      SMTP_URL_FILE: file('smtp', 'smtps://user:pw@mail.example:465\r\n'),
      METRICS_TOKEN_FILE: file('metrics', 'metrics-token-0123456789\n'),
      STRIPE_SECRET_KEY_FILE: file('stripe', 'sk_test_abc123\n'),
      STRIPE_WEBHOOK_SECRET_FILE: file('stripe-hook', 'whsec_abc123\n\n'),
    });
    assert.equal(config.sessionSecret, 'a-session-secret-of-at-least-32-characters');
    assert.equal(config.databaseUrl, 'postgres://app:pw@db.internal:5432/airport');
    assert.equal(config.mail.smtpUrl, 'smtps://user:pw@mail.example:465');
    assert.equal(config.metrics.token, 'metrics-token-0123456789');
    assert.equal(config.payments.secretKey, 'sk_test_abc123');
    assert.equal(config.payments.webhookSecret, 'whsec_abc123');
    assert.deepEqual(config.warnings, []);
    assert.deepEqual([...FILE_SECRETS].sort(), ['DATABASE_URL', 'METRICS_TOKEN', 'SESSION_SECRET', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('checks a value from a file like the variable itself', () => {
    assert.throws(() => loadConfig({ SESSION_SECRET_FILE: file('short', 'too-short\n') }), /SESSION_SECRET must be at least 32/);
    assert.throws(() => loadConfig({ DATABASE_URL_FILE: file('mysql', 'mysql://x/y') }), /DATABASE_URL must start with postgres/);
  });

  it('refuses both NAME and NAME_FILE, a missing file and an empty one', () => {
    assert.throws(() => loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789', METRICS_TOKEN_FILE: file('m2', 'metrics-token-0123456789') }), /METRICS_TOKEN and METRICS_TOKEN_FILE are both set/);
    assert.throws(() => loadConfig({ SMTP_URL_FILE: path.join(dir, 'nope') }), (err: Error) => err instanceof ConfigError && /SMTP_URL_FILE: cannot read .*nope \(ENOENT\)/.test(err.message));
    assert.throws(() => loadConfig({ STRIPE_SECRET_KEY_FILE: file('empty', '\n') }), /STRIPE_SECRET_KEY_FILE: .* is empty/);
  });
});

describe('a half-configured provider is said at start', () => {
  it('STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET is an error: payments could never start a plan', () => {
    assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }), (err: Error) => err instanceof ConfigError && /STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/.test(err.message));
    assert.equal(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).payments.secretKey, 'sk_test_abc');
  });

  it('settings without their provider are warnings', () => {
    assert.deepEqual(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' }).warnings, [
      'STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: checkout is disabled and payment notifications are refused as not configured',
    ]);
    assert.match(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111', CHECKOUT_CANCEL_URL: 'https://x.example/c' }).warnings[0]!, /^STRIPE_API_URL, CHECKOUT_CANCEL_URL are set but STRIPE_SECRET_KEY is not/);
    assert.match(loadConfig({ MAIL_FROM: 'News <news@example.com>' }).warnings[0]!, /MAIL_FROM is set but SMTP_URL is not/);
    assert.deepEqual(loadConfig({}).warnings, []);
  });
});

describe('shutdown and logs', () => {
  it('SHUTDOWN_TIMEOUT_MS: 25 s by default, 0 to 10 minutes', () => {
    assert.equal(loadConfig({}).shutdownTimeoutMs, 25_000);
    assert.equal(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs, 5000);
    assert.throws(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1' }), ConfigError);
    assert.throws(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '700000' }), ConfigError);
  });

  it('LOG_FORMAT: pretty on a terminal unless json; json elsewhere unless pretty', () => {
    assert.equal(loadConfig({}).logFormat, 'auto');
    assert.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), /LOG_FORMAT must be json, pretty or auto/);
    assert.equal(prettyLogs('auto', true), true);
    assert.equal(prettyLogs('auto', false), false);
    assert.equal(prettyLogs('json', true), false);
    assert.equal(prettyLogs('pretty', false), true);
    const json = loggerOptions({ logLevel: 'info', logFormat: 'auto' }, false) as { stream?: unknown; redact: string[] };
    assert.equal(json.stream, undefined);
    assert.ok(json.redact.includes('req.headers.authorization'));
    const pretty = loggerOptions({ logLevel: 'debug', logFormat: 'pretty' }, false) as { stream?: { write: unknown }; level: string };
    assert.equal(typeof pretty.stream?.write, 'function');
    assert.equal(pretty.level, 'debug');
  });

  it('the start banner says where the web app, the docs, the data and the mail are (no passwords)', () => {
    const embedded = startBanner(loadConfig({ PORT: '8080', DATA_DIR: '/srv/ai' }), '1.2.3');
    assert.match(embedded.text, /^airport-intel 1\.2\.3 is starting on 127\.0\.0\.1:8080\n/);
    assert.match(embedded.text, /web app {4}http:\/\/127\.0\.0\.1:8080\//);
    assert.match(embedded.text, /API docs {3}http:\/\/127\.0\.0\.1:8080\/docs/);
    assert.match(embedded.text, /data {7}\/srv\/ai \(embedded database\)/);
    assert.match(embedded.text, /mail {7}\/srv\/ai\/outbox \(\.eml files; set SMTP_URL to send\)/);
    const server = startBanner(loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db:5432/ai', SMTP_URL: 'smtp://u:p4ss@mail:587', PUBLIC_BASE_URL: 'https://intel.example', MAIL_WORKER: 'off' }), '1.2.3');
    assert.equal(server.fields.web_app, 'https://intel.example/');
    assert.equal(server.fields.data, 'PostgreSQL postgres://app:***@db:5432/ai');
    assert.equal(server.fields.mail, 'SMTP smtp://u:***@mail:587');
    assert.match(server.fields.worker!, /MAIL_WORKER=off/);
    assert.doesNotMatch(server.text, /s3cret|p4ss/);
  });
});
