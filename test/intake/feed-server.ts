/**
 * A local HTTP server for the intake tests: serves fixture feeds by path (with ETag / Last-Modified
 * and 304), counts every request it receives (a canary must see none), and records request headers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface FeedServer {
  url: (path?: string) => string;
  port: number;
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  routes: Map<string, Route>;
  close: () => Promise<void>;
}

/** Starts a server on `host` (127.0.0.1 unless given) with `routes`; unknown paths answer 404. */
export async function startFeedServer(host = '127.0.0.1', routes: Record<string, Route> = {}): Promise<FeedServer> {
  const map = new Map(Object.entries(routes));
  const requests: FeedServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, headers: req.headers });
    const route = map.get(path);
    if (route) route(req, res);
    else { res.statusCode = 404; res.end('not found'); }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/') => `http://${host}:${port}${path}`,
    requests,
    routes: map,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A route serving `body` as `type`, with an ETag and Last-Modified, answering 304 to a matching conditional GET. */
export function feedRoute(body: () => string, type = 'application/rss+xml', etag = '"v1"'): Route {
  return (req, res) => {
    if (req.headers['if-none-match'] === etag) { res.statusCode = 304; res.end(); return; }
    res.setHeader('content-type', type);
    res.setHeader('etag', etag);
    res.setHeader('last-modified', 'Sat, 21 Nov 2026 09:00:00 GMT');
    res.end(body());
  };
}

/** An RSS 2.0 document of `items`. */
export function rss(items: { guid: string; title: string; link: string; description?: string; pubDate?: string }[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Fixture</title><link>https://example.com/</link><description>fixture</description>${
    items.map((i) => `<item><guid isPermaLink="false">${esc(i.guid)}</guid><title>${esc(i.title)}</title><link>${esc(i.link)}</link><description>${esc(i.description ?? '')}</description>${i.pubDate ? `<pubDate>${i.pubDate}</pubDate>` : ''}</item>`).join('')
  }</channel></rss>`;
}
