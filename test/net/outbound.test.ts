/**
 * The outbound guard (src/net/outbound.ts): with the default settings no request reaches a loopback,
 * private, link-local or metadata address, by literal, by a name resolving to one, or through a
 * redirect; only http and https; OUTBOUND_ALLOWED_HOSTS lets listed hosts through; timeouts, size
 * caps and redirect limits hold. A loopback "canary" server counts every request it receives.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { addressRefusal, outboundRequest, OutboundError, OutboundRefused, parseAllowedHosts } from '../../src/net/outbound.js';

let canaryHits = 0;
let canary: http.Server;
let site: http.Server;
let canaryPort = 0;
let sitePort = 0;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

before(async () => {
  canary = http.createServer((_req, res) => {
    canaryHits++;
    res.end('canary');
  });
  canaryPort = await listen(canary);
  site = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/ok') return res.end(`hello ${req.headers['user-agent']}`);
    if (url.pathname === '/to-canary') {
      res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/` });
      return res.end();
    }
    if (url.pathname === '/loop') {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.writeHead(301, { location: `/loop?n=${n + 1}` });
      return res.end();
    }
    if (url.pathname === '/hop') {
      res.writeHead(307, { location: '/ok' });
      return res.end();
    }
    if (url.pathname === '/big') return res.end(Buffer.alloc(200_000, 97));
    if (url.pathname === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      return res.end(zlib.gzipSync(Buffer.from('compressed body')));
    }
    if (url.pathname === '/bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      return res.end(zlib.gzipSync(Buffer.alloc(5_000_000, 0)));
    }
    if (url.pathname === '/slow') return void setTimeout(() => res.end('late'), 2_000);
    res.statusCode = 404;
    res.end();
  });
  sitePort = await listen(site);
});
after(() => {
  canary.close();
  site.close();
  canary.closeAllConnections();
  site.closeAllConnections();
});

const refused = (reason: OutboundRefused['reason']) => (err: unknown) => err instanceof OutboundRefused && err.reason === reason;

describe('with the default settings (nothing allowed)', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT and mapped addresses, by literal and by name, and the canary hears nothing', async () => {
    for (const url of [
      `http://127.0.0.1:${canaryPort}/`,
      `http://localhost:${canaryPort}/`,
      `http://[::1]:${canaryPort}/`,
      `http://[::ffff:127.0.0.1]:${canaryPort}/`,
      'http://10.0.0.1/', 'http://192.168.1.1/', 'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data/', 'http://100.100.100.200/', 'http://0.0.0.0/',
      'http://[fd00:ec2::254]/', 'http://224.0.0.1/',
    ]) {
      await assert.rejects(outboundRequest(url, { timeoutMs: 2_000 }), refused('address'), url);
    }
    assert.equal(canaryHits, 0);
  });

  it('refuses schemes other than http and https, and URLs with credentials', async () => {
    for (const url of ['ftp://example.com/feed', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)']) {
      await assert.rejects(outboundRequest(url), refused('scheme'), url);
    }
    await assert.rejects(outboundRequest('http://user:pw@example.com/'), refused('url'));
    await assert.rejects(outboundRequest('not a url'), refused('url'));
  });

  it('classifies addresses: public unicast passes, the rest names its range', () => {
    assert.equal(addressRefusal('93.184.216.34'), null);
    assert.equal(addressRefusal('2606:4700::1111'), null);
    assert.match(addressRefusal('169.254.169.254')!, /linkLocal/);
    assert.match(addressRefusal('::ffff:10.0.0.1')!, /private/);
  });
});

describe('OUTBOUND_ALLOWED_HOSTS', () => {
  it('parses names, addresses and CIDR ranges, and refuses anything else', () => {
    const allowed = parseAllowedHosts(' feeds.internal , 127.0.0.1, 10.0.0.0/8, ::1 ');
    assert.deepEqual([...allowed.names], ['feeds.internal']);
    assert.equal(allowed.ranges.length, 3);
    assert.equal(addressRefusal('10.9.8.7', allowed), null);
    assert.match(addressRefusal('192.168.0.1', allowed)!, /private/);
    assert.throws(() => parseAllowedHosts('http://x/'), /OUTBOUND_ALLOWED_HOSTS/);
    assert.throws(() => parseAllowedHosts('10.0.0.0/99'), /CIDR/);
  });

  it('an allowed address is reached, with a User-Agent; a gzip body is decoded', async () => {
    const allowedHosts = parseAllowedHosts('127.0.0.1');
    const res = await outboundRequest(`http://127.0.0.1:${sitePort}/ok`, { allowedHosts });
    assert.equal(res.status, 200);
    assert.match(res.body.toString(), /^hello airport-intel\//);
    const gz = await outboundRequest(`http://127.0.0.1:${sitePort}/gzip`, { allowedHosts });
    assert.equal(gz.body.toString(), 'compressed body');
  });

  it('a redirect from an allowed host to a private address is refused, and the canary hears nothing', async () => {
    // "localhost" is allowed by name; the redirect names 127.0.0.1, which is not allowed.
    const allowedHosts = parseAllowedHosts('localhost');
    await assert.rejects(outboundRequest(`http://localhost:${sitePort}/to-canary`, { allowedHosts }), refused('address'));
    assert.equal(canaryHits, 0);
  });

  it('follows at most 3 redirects, each checked', async () => {
    const allowedHosts = parseAllowedHosts('127.0.0.1');
    const ok = await outboundRequest(`http://127.0.0.1:${sitePort}/hop`, { allowedHosts });
    assert.equal(ok.redirects, 1);
    assert.match(ok.url, /\/ok$/);
    await assert.rejects(outboundRequest(`http://127.0.0.1:${sitePort}/loop`, { allowedHosts }), refused('redirects'));
  });

  it('caps the body (also after decompression) and the time', async () => {
    const allowedHosts = parseAllowedHosts('127.0.0.1');
    await assert.rejects(outboundRequest(`http://127.0.0.1:${sitePort}/big`, { allowedHosts, maxBytes: 100_000 }),
      (err: unknown) => err instanceof OutboundError && err.reason === 'too_large');
    await assert.rejects(outboundRequest(`http://127.0.0.1:${sitePort}/bomb`, { allowedHosts, maxBytes: 1_000_000 }),
      (err: unknown) => err instanceof OutboundError && err.reason === 'too_large');
    await assert.rejects(outboundRequest(`http://127.0.0.1:${sitePort}/slow`, { allowedHosts, timeoutMs: 300 }),
      (err: unknown) => err instanceof OutboundError && err.reason === 'timeout');
  });
});
