/**
 * Every request the service makes to the outside world (alert webhooks, news-source polling) goes
 * through {@link outboundRequest}, which refuses to reach anything but the public internet
 * (server-side request forgery, decision 0019):
 *
 * - only `http:` and `https:` URLs;
 * - the host name is resolved once and EVERY address it resolves to must be public unicast: no
 *   loopback, private (RFC 1918, IPv6 unique-local), link-local (which holds the cloud metadata
 *   address 169.254.169.254), carrier-grade NAT (100.64/10, Alibaba's metadata 100.100.100.200),
 *   multicast, broadcast, unspecified or reserved space, IPv4-mapped IPv6 judged as the IPv4 it maps;
 *   the connection is then made to the address that was checked (no second lookup that a DNS
 *   rebinding attack could answer differently);
 * - redirects are followed by hand, at most `maxRedirects` (default 3), each hop checked again;
 * - a deadline for the whole exchange (`timeoutMs`, default 10 s) and a cap on the (decoded) body
 *   (`maxBytes`, default 5 MB).
 *
 * `allowedHosts` (the operator setting `OUTBOUND_ALLOWED_HOSTS`: comma-separated host names, IP
 * addresses or CIDR ranges; empty by default) lets listed hosts through the address check, e.g. a
 * feed server on the operator's own network, or 127.0.0.1 in tests.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

/** The request was refused before any byte was sent to the address it names. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  /** Why, for logs and the caller's error report: `scheme`, `address`, `redirects`, `url`. */
  readonly reason: 'scheme' | 'address' | 'redirects' | 'url';
  constructor(reason: OutboundRefused['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The request was made but did not complete: timeout, size cap, connection or DNS error. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly reason: 'timeout' | 'too_large' | 'network';
  constructor(reason: OutboundError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Hosts let through the address check: names (exact, case-insensitive), addresses and CIDR ranges. */
export interface AllowedHosts {
  names: ReadonlySet<string>;
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

/** No exceptions: only the public internet (the default). */
export const NO_ALLOWED_HOSTS: AllowedHosts = { names: new Set(), ranges: [] };

/**
 * Parses `OUTBOUND_ALLOWED_HOSTS`: `feeds.internal, 127.0.0.1, 10.0.0.0/8, ::1`.
 * @throws Error naming the entry that is neither a host name, an address nor a CIDR range
 */
export function parseAllowedHosts(raw: string | undefined): AllowedHosts {
  const names = new Set<string>();
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (entry.includes('/')) {
      try {
        ranges.push(ipaddr.parseCIDR(entry));
      } catch {
        throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a CIDR range`);
      }
    } else if (ipaddr.isValid(entry.replace(/^\[|\]$/g, ''))) {
      const addr = ipaddr.parse(entry.replace(/^\[|\]$/g, ''));
      ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      names.add(entry.toLowerCase().replace(/\.$/, ''));
    } else {
      throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host name, an IP address or a CIDR range`);
    }
  }
  return { names, ranges };
}

/** The address in its plainest form: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 it maps. */
function plain(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/**
 * Why `address` may not be reached, or `null` when it may: public unicast, or inside one of the
 * allowed ranges.
 */
export function addressRefusal(address: string, allowed: AllowedHosts = NO_ALLOWED_HOSTS): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = plain(address);
  } catch {
    return `"${address}" is not an IP address`;
  }
  for (const [net, bits] of allowed.ranges) {
    const candidate = net.kind() === ip.kind() ? ip : null;
    if (candidate && candidate.match([net, bits] as never)) return null;
  }
  const range = ip.range();
  return range === 'unicast' ? null : `${ip.toString()} is a ${range} address`;
}

/**
 * True when `host` (a name or an address literal) is listed in `allowed` itself: a name given
 * there, or an address inside one of its ranges (public addresses are not "listed").
 */
export function isListedHost(host: string, allowed: AllowedHosts): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return allowed.names.has(bare.toLowerCase().replace(/\.$/, ''));
  const ip = plain(bare);
  return allowed.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match([net, bits] as never));
}

/** The options of {@link outboundRequest}. */
export interface OutboundOptions {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, redirects included, in ms (default 10 000). */
  timeoutMs?: number;
  /** The decoded body, in bytes (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** `OUTBOUND_ALLOWED_HOSTS`, parsed ({@link parseAllowedHosts}); default none. */
  allowedHosts?: AllowedHosts;
  /** Default `airport-intel/0.1 (+https://github.com/airport-intel)`. */
  userAgent?: string;
  /** Aborts the exchange (an {@link OutboundError} `timeout` is thrown). */
  signal?: AbortSignal;
}

/** What came back. */
export interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The body, decoded from gzip/deflate/br when the server compressed it. */
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** How many redirects were followed. */
  redirects: number;
}

const DEFAULT_UA = 'airport-intel/0.1 (+https://github.com/airport-intel)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A lookup that resolves every address of `host` and refuses unless all are allowed. */
function checkedLookup(allowed: AllowedHosts): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family as number | undefined }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const refused = addresses.map((a) => addressRefusal(a.address, allowed)).find((r) => r !== null);
      if (refused) return callback(new OutboundRefused('address', `${hostname} resolves to a non-public address: ${refused}`), '', 4);
      if (!addresses.length) return callback(new OutboundError('network', `${hostname} has no address`), '', 4);
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Checks a URL's scheme and, for an address literal, the address; returns the parsed URL. */
function checkUrl(raw: string, allowed: AllowedHosts): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('url', `"${raw.slice(0, 200)}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('scheme', `the scheme ${url.protocol} is not allowed (http and https only)`);
  if (url.username || url.password) throw new OutboundRefused('url', 'URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const refused = addressRefusal(host, allowed);
    if (refused) throw new OutboundRefused('address', `${url.host} is not a public address: ${refused}`);
  }
  return url;
}

function decode(res: http.IncomingMessage): NodeJS.ReadableStream {
  switch ((res.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** One hop: a request to `url` (already checked), resolving its response with the body read. */
function hop(url: URL, o: Required<Pick<OutboundOptions, 'method' | 'maxBytes'>> & OutboundOptions, allowed: AllowedHosts, signal: AbortSignal): Promise<Omit<OutboundResponse, 'url' | 'redirects'>> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const byName = !ipaddr.isValid(host);
    const skipCheck = byName && allowed.names.has(host.toLowerCase());
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, {
      method: o.method,
      headers: { 'user-agent': o.userAgent ?? DEFAULT_UA, 'accept-encoding': 'gzip, deflate, br', ...o.headers },
      signal,
      agent: false,
      ...(byName && !skipCheck ? { lookup: checkedLookup(allowed) } : {}),
    }, (res) => {
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > o.maxBytes && !res.headers['content-encoding']) {
        res.destroy();
        reject(new OutboundError('too_large', `the response declares ${declared} bytes, more than ${o.maxBytes}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const stream = decode(res);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) {
          res.destroy();
          (stream as unknown as { destroy?: () => void }).destroy?.();
          reject(new OutboundError('too_large', `the response is larger than ${o.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      stream.on('error', (err: Error) => reject(signal.aborted ? new OutboundError('timeout', 'the request timed out') : new OutboundError('network', err.message)));
    });
    req.on('error', (err: Error) => {
      if (err instanceof OutboundRefused || err instanceof OutboundError) reject(err);
      else if ((err as { cause?: unknown }).cause instanceof OutboundRefused) reject((err as { cause: OutboundRefused }).cause);
      else if (signal.aborted) reject(new OutboundError('timeout', 'the request timed out'));
      else reject(new OutboundError('network', err.message));
    });
    if (o.body !== undefined && o.method !== 'GET' && o.method !== 'HEAD') req.end(o.body);
    else req.end();
  });
}

/**
 * Makes one request to the public internet, following redirects by hand.
 * @throws OutboundRefused for a URL, scheme, address (after DNS, on every hop) or redirect count
 *   that is not allowed: nothing was sent to that address
 * @throws OutboundError on timeout, an oversized body, or a network/DNS failure
 */
export async function outboundRequest(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  const allowed = options.allowedHosts ?? NO_ALLOWED_HOSTS;
  const maxRedirects = options.maxRedirects ?? 3;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let method = options.method ?? 'GET';
  let body = options.body;
  let url = checkUrl(rawUrl, allowed);
  for (let redirects = 0; ; redirects++) {
    const res = await hop(url, { ...options, method, body, maxBytes: options.maxBytes ?? 5_000_000 }, allowed, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return { ...res, url: url.toString(), redirects };
    if (redirects >= maxRedirects) throw new OutboundRefused('redirects', `more than ${maxRedirects} redirects`);
    url = checkUrl(new URL(location, url).toString(), allowed);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}
