/**
 * What the fuzz test (test/fuzz.test.ts) and the long run (`npm run fuzz`, scripts/fuzz.ts) share:
 * a harness with a few records of every kind (so variants with valid ids reach past the lookup),
 * the callers, the app's own /openapi.json and a target that sends through `app.inject`, except
 * requests whose URL is longer than {@link SOCKET_URL_LENGTH}: those go over a real socket (the app
 * listens on a free port of 127.0.0.1), so Node's HTTP parser refuses them (431) as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeArticle, makeEdition, makeProject, makeTender } from './factories.js';
import type { FuzzCaller, FuzzTarget, OpenApiDocument } from './fuzzer.js';
import type { Harness } from './harness.js';

/** URLs longer than this (characters) are sent over a socket: `app.inject` has no header size limit. */
export const SOCKET_URL_LENGTH = 8192;

/** Sends one request over a real socket to `port` of 127.0.0.1. */
function overSocket(port: number, request: { method: string; url: string; headers: Record<string, string>; payload?: string }) {
  return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(request.payload);
  });
}

/** Everything a run needs, over harness `h`. */
export interface FuzzSetup {
  doc: OpenApiDocument;
  target: FuzzTarget;
  callers: FuzzCaller[];
  fixtures: Record<string, string>;
}

/**
 * Records to aim at, callers (`none`, `professional`, `admin`; `extra` adds `trial` and
 * `enterprise`), the app's own OpenAPI document and an inject target.
 */
export async function prepareFuzz(h: Harness, options: { extraCallers?: boolean } = {}): Promise<FuzzSetup> {
  const edition = await makeEdition(h, { status: 'draft' });
  const published = await makeEdition(h);
  const article = await makeArticle(h, { edition_id: published.id, airports: ['LHR'], topics: ['terminals'] });
  const project = await makeProject(h, { iata_code: 'LHR', value_amount: 1000, value_currency: 'GBP' });
  const tender = await makeTender(h, { iata_code: 'LHR', deadline: '2026-12-01T12:00:00Z' });
  const inbox = await h.database.db
    .insertInto('inbox_items')
    .values({ source_name: 'Fuzz wire', url: `https://example.test/fuzz/${Date.now()}`, title: 'Fuzz item', excerpt: 'An item to promote' })
    .returning('id')
    .executeTakeFirstOrThrow();

  const who = async (name: string, options: Parameters<Harness['identity']>[0]): Promise<FuzzCaller> => ({ name, headers: (await h.identity(options)).keyAuth });
  const callers: FuzzCaller[] = [
    { name: 'none', headers: {} },
    await who('professional', { plan: 'professional' }),
    await who('admin', { admin: true }),
  ];
  if (options.extraCallers) callers.push(await who('trial', { plan: 'trial' }), await who('enterprise', { plan: 'enterprise' }));

  const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
  let port: number | undefined;
  const target: FuzzTarget = {
    async send(request) {
      if (request.url.length > SOCKET_URL_LENGTH) {
        if (port === undefined) {
          await h.app.listen({ host: '127.0.0.1', port: 0 });
          port = (h.app.server.address() as AddressInfo).port;
        }
        return overSocket(port, request);
      }
      const res = await h.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    },
  };
  return {
    doc,
    target,
    callers,
    fixtures: {
      editions: published.id,
      'editions.number': String(published.number),
      articles: article.id,
      projects: project.id,
      tenders: tender.id,
      inbox: inbox.id,
      airports: 'LHR',
      'body.edition_id': edition.id,
      'body.edition_number': String(edition.number),
    },
  };
}
