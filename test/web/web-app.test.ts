/**
 * The web app's face (src/http/web-app.ts, issue 25) over HTTP, on a small stand-in build written
 * by the test (no Vite build needed): app paths answer index.html (no-cache) with the security
 * headers, hashed assets are immutable and pre-compressed, the service's own paths keep their 404
 * dialect and their headers (/docs keeps Swagger UI's policy), and a missing build still starts.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
const INDEX = '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let database: Database;
let app: FastifyInstance;
let bare: FastifyInstance;

before(async () => {
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  database = await openDatabase({ kind: 'pglite-memory' });
  app = await buildApp({ database, sessionSecret: 'web-app-test-'.padEnd(40, 'x'), webApp: { dir } });
  bare = await buildApp({ database, sessionSecret: 'web-app-test-'.padEnd(40, 'x'), webApp: { dir: path.join(dir, 'nothing-here') } });
});
after(async () => {
  await app.close();
  await bare.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('answers index.html with no-cache and the security headers at / and at every app path', async () => {
    for (const url of ['/', '/sign-in', '/account/api-keys', '/auth/link?token=abc', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, INDEX, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.ok(!/script-src[^;]*unsafe-inline/.test(csp), csp);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /object-src 'none'/);
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over http');
    }
  });

  it('serves hashed assets as immutable, pre-compressed when the client accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.body, SCRIPT);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(plain.headers['content-type']), /javascript/);
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), SCRIPT);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-zzz999.js' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(Object.keys(missing.json()), ['error']);
  });

  it('leaves the service\'s own paths alone: their 404 dialect, no app policy on the API, Swagger UI\'s own on /docs', async () => {
    const v1 = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    assert.equal(v1.statusCode, 404);
    assert.match(String(v1.headers['content-type']), /problem\+json/);
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(Object.keys(api.json()), ['error']);
    for (const url of ['/.well-known/security.txt', '/metrics', '/docs/nothing-here', '/healthz/x']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.ok(!String(res.headers['content-type']).startsWith('text/html'), url);
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    assert.equal(health.headers['content-security-policy'], undefined);
    const docs = await app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.ok(!String(docs.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"), 'Swagger UI keeps its own policy');
    const post = await app.inject({ method: 'POST', url: '/account' });
    assert.equal(post.statusCode, 404);
  });

  it('starts without a build and says so on app paths', async () => {
    const res = await bare.inject({ method: 'GET', url: '/sign-in' });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /web app is not built/);
    assert.match(res.body, /npm run build:web/);
    assert.equal((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });

  it('sends HSTS and upgrade-insecure-requests when the public base URL is https', async () => {
    const secure = await buildApp({ database, sessionSecret: 'web-app-test-'.padEnd(40, 'x'), webApp: { dir, https: true } });
    try {
      const res = await secure.inject({ method: 'GET', url: '/sign-in' });
      assert.match(String(res.headers['strict-transport-security']), /max-age=31536000/);
      assert.match(String(res.headers['content-security-policy']), /upgrade-insecure-requests/);
    } finally {
      await secure.close();
    }
  });
});
