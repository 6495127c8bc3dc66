/** The timeout variables of src/config.ts: defaults, overrides and the checks on them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, DEFAULT_HTTP_TIMEOUTS, loadConfig } from '../../src/config.js';
import { targetFromConfig } from '../../src/db/client.js';

describe('timeout configuration', () => {
  it('has deliberate defaults', () => {
    const config = loadConfig({});
    assert.equal(config.dbStatementTimeoutMs, 5000);
    assert.equal(config.dbAcquireTimeoutMs, 2000);
    assert.deepEqual(config.http, DEFAULT_HTTP_TIMEOUTS);
    assert.deepEqual(config.http, { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000, connectionMs: 60_000 });
  });

  it('reads each variable and hands the database timeouts to the client', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_ACQUIRE_TIMEOUT_MS: '750',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_CONNECTION_TIMEOUT_MS: '0',
    });
    assert.deepEqual(config.http, { requestMs: 20_000, headersMs: 5000, keepAliveMs: 65_000, connectionMs: 0 });
    assert.deepEqual(targetFromConfig(config).timeouts, { statementMs: 0, acquireMs: 750 });
  });

  it('refuses values that cannot work', () => {
    for (const env of [
      { DB_STATEMENT_TIMEOUT_MS: '-1' },
      { DB_ACQUIRE_TIMEOUT_MS: '2s' },
      { HTTP_REQUEST_TIMEOUT_MS: '1.5' },
      { HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' },
      { HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '6000' },
      { HTTP_HEADERS_TIMEOUT_MS: '0' },
    ]) {
      assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(env));
    }
  });
});
