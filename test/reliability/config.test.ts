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

describe('media store configuration (MEDIA_STORE, S3_*)', () => {
  it('keeps the bytes in the database by default and reads the S3 settings for MEDIA_STORE=s3', () => {
    assert.equal(loadConfig({}).mediaObjectStore, undefined);
    assert.equal(loadConfig({ MEDIA_STORE: 'database', S3_BUCKET: 'ignored' }).mediaObjectStore, undefined);
    assert.deepEqual(loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media' }).mediaObjectStore, {
      endpoint: undefined, region: 'us-east-1', bucket: 'media', credentials: undefined, forcePathStyle: false,
    });
    assert.deepEqual(loadConfig({
      MEDIA_STORE: 'S3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true',
    }).mediaObjectStore, {
      endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', bucket: 'media', credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' }, forcePathStyle: true,
    });
  });

  it('refuses an unknown store, a missing bucket, a bad endpoint, half a key pair and a bad path-style flag', () => {
    for (const env of [
      { MEDIA_STORE: 'disk' },
      { MEDIA_STORE: 's3' },
      { MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://host' },
      { MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA' },
      { MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' },
    ]) {
      assert.throws(() => loadConfig(env), ConfigError, JSON.stringify(env));
    }
  });
});
