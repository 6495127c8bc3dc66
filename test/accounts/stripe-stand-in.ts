/**
 * A local HTTP stand-in for the few Stripe API endpoints the service calls (create and retrieve a
 * Checkout Session, update a Subscription), so tests drive the real SDK without the network. Each
 * request is recorded with its form-encoded parameters.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface Recorded { method: string; path: string; params: URLSearchParams; idempotencyKey: string | undefined }

/** A running stand-in. */
export interface StripeStandIn {
  url: string;
  requests: Recorded[];
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts the stand-in on a free port of 127.0.0.1; `now()` gives the unix time of created sessions. */
export async function startStripeStandIn(now: () => Date): Promise<StripeStandIn> {
  const requests: Recorded[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const send = (status: number, json: unknown) => { res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` }); res.end(JSON.stringify(json)); };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++n}`;
        const session = {
          id, object: 'checkout.session', mode: 'subscription', status: 'open', payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`, expires_at: Math.floor(now().getTime() / 1000) + 86_400,
          client_reference_id: params.get('client_reference_id'), metadata: { checkout_id: params.get('metadata[checkout_id]'), account_id: params.get('metadata[account_id]') },
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const got = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && got) {
        const session = sessions.get(got[1]!);
        return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${got[1]}'` } });
      }
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'POST' && sub) return send(200, { id: sub[1], object: 'subscription', cancel_at_period_end: params.get('cancel_at_period_end') === 'true' });
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, sessions, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
