/**
 * Feed parsing and the keys items are deduplicated by. Parsing uses feedsmith (RSS 2.0, Atom 1.0,
 * RDF/RSS 1.0, JSON Feed 1.x; the format is detected from the document), then every format is
 * reduced to one {@link FeedItem} shape.
 */
import { decodeHTML } from 'entities';
import { parseFeed } from 'feedsmith';
import { fold } from './suggest-engine.js';

/** One item of a feed, whatever its format. */
export interface FeedItem {
  /** The feed's own id (RSS guid, Atom id, JSON Feed id), else the link. */
  guid: string;
  title: string;
  /** An absolute http(s) URL. */
  link: string;
  /** Plain text, at most 1000 characters. */
  summary: string;
  publishedAt: Date | null;
}

/** Most items read from one feed document (the rest are ignored). */
export const MAX_FEED_ITEMS = 200;

/** Thrown for a document that is not a feed of a known format. */
export class FeedParseError extends Error {
  constructor(message: string) { super(message); this.name = 'FeedParseError'; }
}

const text = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'value' in v && typeof (v as { value: unknown }).value === 'string') return (v as { value: string }).value;
  return '';
};

/**
 * HTML to plain text: tags removed, then every HTML character reference decoded (the HTML5 named
 * entities such as `&rsquo;`, and numeric ones) by the `entities` library: feed text inside CDATA
 * keeps its entities as written, and the XML parser decodes only XML's five; white space collapsed.
 */
export function plainText(html: string, max = 1000): string {
  const s = decodeHTML(html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' '))
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

const date = (v: unknown): Date | null => {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999 ? null : d;
};

const absolute = (link: string, base: string): string | null => {
  try {
    const u = new URL(link.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
};

/**
 * Parses a feed document into items (at most {@link MAX_FEED_ITEMS}); items without a title or an
 * http(s) link are dropped. Relative links are resolved against `baseUrl` (the URL that answered).
 * @throws FeedParseError when the document is not RSS, Atom, RDF or JSON Feed
 */
export function parseFeedItems(body: string, baseUrl: string): FeedItem[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body);
  } catch (e) {
    throw new FeedParseError(`Not a feed: ${(e as Error).message}`.slice(0, 300));
  }
  const raw: { guid: string; title: string; link: string; summary: string; published: unknown }[] = [];
  const f = parsed.feed as Record<string, unknown>;
  if (parsed.format === 'atom') {
    for (const e of ((f.entries as Record<string, unknown>[] | undefined) ?? [])) {
      const links = (e.links as { href?: string; rel?: string }[] | undefined) ?? [];
      const link = links.find((l) => !l.rel || l.rel === 'alternate')?.href ?? links[0]?.href ?? '';
      raw.push({ guid: text(e.id), title: text(e.title), link, summary: text(e.summary) || text(e.content), published: e.published ?? e.updated });
    }
  } else if (parsed.format === 'json') {
    for (const i of ((f.items as Record<string, unknown>[] | undefined) ?? [])) {
      raw.push({ guid: text(i.id), title: text(i.title), link: text(i.url) || text(i.external_url), summary: text(i.summary) || text(i.content_text) || text(i.content_html), published: i.date_published ?? i.date_modified });
    }
  } else {
    for (const i of ((f.items as Record<string, unknown>[] | undefined) ?? [])) {
      const dc = i.dc as { date?: string } | undefined;
      const guid = text(i.guid) || text((i.rdf as { about?: string } | undefined)?.about);
      const content = i.content as { encoded?: string } | undefined;
      raw.push({ guid, title: text(i.title), link: text(i.link), summary: text(i.description) || text(content?.encoded), published: i.pubDate ?? dc?.date });
    }
  }
  const items: FeedItem[] = [];
  for (const r of raw.slice(0, MAX_FEED_ITEMS)) {
    const title = plainText(r.title, 500);
    const link = r.link ? absolute(r.link, baseUrl) : null;
    if (!title || !link || link.length > 2000) continue;
    items.push({ guid: (r.guid.trim() || link).slice(0, 500), title, link, summary: plainText(r.summary), publishedAt: date(r.published) });
  }
  return items;
}

/** Query parameters that only track the reader: removed from canonical URLs. */
const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl|_hsenc|_hsmi|ref|ref_src|ref_url|cmpid|ocid|spm|sr_share|mkt_tok|oly_anon_id|oly_enc_id|vero_id|wt\.mc_id|at_medium|at_campaign|s_cid|icid|ito)$/i;

/**
 * The canonical form of a link: lower-case scheme and host without `www.`, no default port, no
 * fragment, no tracking parameters (utm_*, fbclid, gclid …), the other parameters sorted, no
 * trailing slash. Two links to one story compare equal.
 */
export function canonicalUrl(link: string): string {
  let u: URL;
  try { u = new URL(link); } catch { return link.trim(); }
  u.hash = '';
  u.hostname = u.hostname.toLowerCase().replace(/^www\./, '');
  if ((u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443')) u.port = '';
  const params = [...u.searchParams.entries()].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => a.localeCompare(b));
  u.search = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  let path = u.pathname.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  // http and https of one page are the same story.
  return `${u.host}${path}${u.search}`;
}

const TITLE_STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'at', 'by', 'with', 'as', 'is', 'are', 'its', 'it', 's', 'from', 'after', 'new', 'says', 'over', 'into']);

/** The folded, sorted, distinct content words of a title (the near-duplicate key). */
export function titleKey(title: string): string {
  const words = fold(title).split(/[^\p{L}\p{N}]+/u).filter((w) => w && !TITLE_STOP.has(w));
  return [...new Set(words)].sort().join(' ');
}

/**
 * Whether two titles tell the same story: their word sets (from {@link titleKey}) overlap by at
 * least 80 % of the larger set (Jaccard ≥ 0.7 for short titles), and both have at least three words.
 */
export function nearDuplicateTitles(keyA: string, keyB: string): boolean {
  const a = new Set(keyA.split(' ').filter(Boolean));
  const b = new Set(keyB.split(' ').filter(Boolean));
  if (a.size < 3 || b.size < 3) return keyA === keyB && a.size > 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  const jaccard = common / (a.size + b.size - common);
  return common / Math.max(a.size, b.size) >= 0.8 || jaccard >= 0.7;
}
