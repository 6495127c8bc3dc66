/**
 * Deprecating an operation (docs/versioning.md): a route declares
 * `config: { deprecation: { since: '2027-01-15', sunset: '2027-07-15', link: 'https://…' } }` and
 * this plugin, at registration,
 * - marks the operation `deprecated: true` in the OpenAPI description (and says when it goes in its
 *   description);
 * - adds to every answer of the route, errors included, `Deprecation: @<unix time of since>`
 *   (RFC 9745), `Sunset: <HTTP date of sunset>` (RFC 8594) and, with `link`,
 *   `Link: <link>; rel="deprecation"; type="text/html"` (RFC 9745 §3);
 * - refuses to start when the sunset is less than six months after the deprecation (the policy).
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** How a deprecated operation announces itself; dates are ISO 8601 (`YYYY-MM-DD`, midnight UTC, or full instants). */
export interface Deprecation {
  /** When the operation was (or will be) deprecated. */
  since: string;
  /** When it stops answering: at least {@link MIN_NOTICE_MONTHS} months after `since`. */
  sunset: string;
  /** Where integrators read what to use instead (an absolute URL). */
  link?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation is deprecated: Deprecation and Sunset headers, `deprecated` in OpenAPI (src/http/plugins/deprecation.ts). */
    deprecation?: Deprecation;
  }
}

/** The shortest notice between deprecation and sunset, in months (docs/versioning.md). */
export const MIN_NOTICE_MONTHS = 6;

function instant(value: string, what: string, url: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw new Error(`${url}: deprecation.${what} "${value}" is not an ISO 8601 date`);
  return date;
}

/** The headers of a deprecated route, checked against the policy. @throws Error on bad dates or too short a notice */
export function deprecationHeaders(d: Deprecation, url: string): Record<string, string> {
  const since = instant(d.since, 'since', url);
  const sunset = instant(d.sunset, 'sunset', url);
  const earliest = new Date(since);
  earliest.setUTCMonth(earliest.getUTCMonth() + MIN_NOTICE_MONTHS);
  if (sunset < earliest) throw new Error(`${url}: the sunset (${d.sunset}) must be at least ${MIN_NOTICE_MONTHS} months after the deprecation (${d.since})`);
  const headers: Record<string, string> = { deprecation: `@${Math.floor(since.getTime() / 1000)}`, sunset: sunset.toUTCString() };
  if (d.link) {
    if (!/^https?:\/\/\S+$/.test(d.link)) throw new Error(`${url}: deprecation.link must be an absolute http(s) URL`);
    headers.link = `<${d.link}>; rel="deprecation"; type="text/html"`;
  }
  return headers;
}

/** Installs the `deprecation` route option on every route registered after it (call before @fastify/swagger). */
export function installDeprecation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const d = route.config?.deprecation;
    if (!d) return;
    const headers = deprecationHeaders(d, route.url);
    const schema = (route.schema ?? {}) as { deprecated?: boolean; description?: string };
    const notice = `Deprecated since ${d.since}; it stops answering on ${d.sunset} (Sunset header).${d.link ? ` What to use instead: ${d.link}` : ''}`;
    route.schema = { ...schema, deprecated: true, description: schema.description ? `${schema.description}\n\n${notice}` : notice };
    const announce: onSendHookHandler = (_request, reply, payload, done) => {
      reply.header('deprecation', headers.deprecation);
      reply.header('sunset', headers.sunset);
      if (headers.link) {
        const existing = reply.getHeader('link');
        reply.header('link', existing ? `${String(existing)}, ${headers.link}` : headers.link);
      }
      done(null, payload);
    };
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, announce];
  });
}
