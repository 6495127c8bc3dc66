/**
 * Reading a pasted export of a past newsletter issue into a neutral shape (no database): either
 * the JSON of an `/api/v1` edition read (`GET /api/v1/editions/{number}`, with or without its
 * `{ data }` envelope; a /v1 edition with `articles` works too) or a plain-text / Markdown paste.
 *
 * The text form, line by line:
 * - the issue number from a line like `Issue 42`, `Edition #42` or `# Airport Intel #42`; the date
 *   from `YYYY-MM-DD` or `28 March 2025` / `March 28, 2025` in the lines before the first article;
 * - before the first article: the executive summary (paragraphs), and bullets under a
 *   `Top developments` or `Key trends` label;
 * - an article starts at a Markdown heading (`##`, `###`) or, in plain text, at a short line
 *   (at most 160 characters, no final full stop, not a bullet or a label) after a blank line;
 * - inside an article: paragraphs are its content; `Why it matters: …` (or the paragraph or
 *   bullets after a `Why it matters` label) its why-it-matters; bullets after a `Takeaways` /
 *   `Key takeaways` label (and other bullets of the body) its takeaways; label lines `Airports:`,
 *   `Topics:`, `Tags:`, `Companies:`, `Country:`, `Region:`, `Source:` its entities and source.
 *   Airports also come from IATA codes in parentheses in the text, `(LHR)`.
 */
import { invalidParam } from '../errors.js';

/** An article of an imported issue, with its entities as written (resolved later). */
export interface ImportedArticle {
  headline: string;
  content: string;
  takeaways: string[];
  why_it_matters: string;
  region: string | null;
  country: string | null;
  airports: string[];
  topics: string[];
  tags: string[];
  companies: string[];
  source_name: string | null;
  source_url: string | null;
}

/** An imported issue before resolution. */
export interface ImportedEdition {
  number: number | null;
  publish_date: string | null;
  summary: string;
  top_developments: string[];
  key_trends: string[];
  regional_highlights: { region: string; highlight: string }[];
  key_metrics: { label: string; value: string; context?: string }[];
  articles: ImportedArticle[];
  /** `json` or `text` */
  format: 'json' | 'text';
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim().slice(0, 500)) : []);
const orNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An issue number in the range an edition takes (1 to 1,000,000), else `null`. */
const validNumber = (v: unknown): number | null => (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1_000_000 ? (v as number) : null);
/** `YYYY-MM-DD` when year, month and day form a real date (years 1000–9999), else `null`. */
function realDate(y: number, month0: number, day: number): string | null {
  if (y < 1000 || y > 9999 || month0 < 0 || month0 > 11 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(y, month0, day));
  return date.getUTCDate() === day ? `${y}-${pad(month0 + 1)}-${pad(day)}` : null;
}

function fromJson(doc: Record<string, unknown>): ImportedEdition {
  const e = (doc.data && typeof doc.data === 'object' ? doc.data : doc) as Record<string, unknown>;
  if (!Array.isArray(e.articles)) throw invalidParam('content', 'the JSON is not an edition read with its articles (expected an "articles" array)');
  const number = validNumber(e.number);
  const publish = typeof e.publish_date === 'string' && DATE.test(e.publish_date) ? findDate(e.publish_date) : null;
  const objects = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : []);
  return {
    format: 'json',
    number,
    publish_date: publish,
    summary: str(e.summary).slice(0, 20_000),
    top_developments: strs(e.top_developments),
    key_trends: strs(e.key_trends),
    regional_highlights: objects(e.regional_highlights).filter((r) => str(r.region) && str(r.highlight)).map((r) => ({ region: str(r.region).slice(0, 200), highlight: str(r.highlight).slice(0, 2000) })).slice(0, 20),
    key_metrics: objects(e.key_metrics).filter((m) => str(m.label) && str(m.value)).map((m) => ({ label: str(m.label).slice(0, 200), value: str(m.value).slice(0, 200), ...(str(m.context) ? { context: str(m.context).slice(0, 1000) } : {}) })).slice(0, 20),
    articles: objects(e.articles).filter((a) => str(a.headline).trim()).map((a) => ({
      headline: str(a.headline).trim().slice(0, 500),
      content: str(a.content).slice(0, 100_000),
      takeaways: strs(a.takeaways),
      why_it_matters: str(a.why_it_matters).slice(0, 10_000),
      region: orNull(a.region) ?? orNull(a.region_slug),
      country: orNull(a.country_code) ?? orNull(a.country),
      // /api/v1 carries names and iata_codes side by side; codes are the surer key.
      airports: strs(a.iata_codes).length ? strs(a.iata_codes) : strs(a.airports),
      topics: strs(a.topics),
      tags: strs(a.tags),
      companies: strs(a.companies),
      source_name: orNull(a.source_name),
      source_url: orNull(a.source_url),
    })),
  };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the first date written in `line`, or `null`. */
export function findDate(line: string): string | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(line);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const dmy = /\b(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\b/.exec(line);
  const mdy = /\b([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})\b/.exec(line);
  for (const [d, m, y] of [dmy ? [dmy[1], dmy[2], dmy[3]] : null, mdy ? [mdy[2], mdy[1], mdy[3]] : null].filter(Boolean) as string[][]) {
    const found = realDate(Number(y), MONTHS.indexOf(m!.toLowerCase()), Number(d));
    if (found) return found;
  }
  return null;
}

const BULLET = /^\s*(?:[-*•+]|\d+[.)])\s+(.*)$/;
const LABEL = /^\s*(?:\*\*|__)?([A-Za-z][A-Za-z ’']{1,30}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.*)$/;
const clean = (s: string) => s.replace(/\*\*|__/g, '').replace(/^#+\s*/, '').trim();
const list = (s: string) => s.split(/[,;]/).map((x) => x.trim()).filter(Boolean);

function emptyArticle(headline: string): ImportedArticle {
  return { headline: headline.slice(0, 500), content: '', takeaways: [], why_it_matters: '', region: null, country: null, airports: [], topics: [], tags: [], companies: [], source_name: null, source_url: null };
}

function fromText(text: string): ImportedEdition {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: ImportedEdition = { format: 'text', number: null, publish_date: null, summary: '', top_developments: [], key_trends: [], regional_highlights: [], key_metrics: [], articles: [] };
  const summary: string[] = [];
  let article: ImportedArticle | null = null;
  let body: string[] = [];
  let section: 'body' | 'why' | 'takeaways' | 'top' | 'trends' | 'summary' = 'summary';
  let titleSeen = false;
  const flush = () => {
    if (article) {
      article.content = body.join('\n\n').trim().slice(0, 100_000);
      const codes = [...article.content.matchAll(/\(([A-Z]{3})\)/g)].map((m) => m[1]!);
      if (!article.airports.length && codes.length) article.airports = [...new Set(codes)];
      out.articles.push(article);
    }
    body = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (!line) continue;
    const prevBlank = i === 0 || !lines[i - 1]!.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (out.number === null && !article) {
      const n = /\b(?:issue|edition|no\.?|#)\s*#?\s*(\d{1,7})\b/i.exec(line);
      if (n) out.number = validNumber(Number(n[1]));
    }
    if (out.publish_date === null && !article) out.publish_date = findDate(line);
    if (heading && heading[1]!.length === 1 && !titleSeen && !article) { titleSeen = true; continue; }
    const label = BULLET.test(line) ? null : LABEL.exec(line);
    const key = label ? label[1]!.toLowerCase().trim() : '';
    const bullet = BULLET.exec(line);
    if (article && label && ['airports', 'airport', 'topics', 'topic', 'tags', 'tag', 'companies', 'company', 'country', 'region', 'source'].includes(key)) {
      const v = clean(label[2]!);
      if (key.startsWith('airport')) article.airports.push(...list(v));
      else if (key.startsWith('topic')) article.topics.push(...list(v));
      else if (key.startsWith('tag')) article.tags.push(...list(v));
      else if (key.startsWith('compan')) article.companies.push(...list(v));
      else if (key === 'country') article.country = v || null;
      else if (key === 'region') article.region = v || null;
      else {
        const url = /(https?:\/\/\S+?)[)\]>]*$/.exec(v);
        article.source_url = url ? url[1]! : null;
        article.source_name = clean(v.replace(/\(?<?\[?https?:\/\/\S+/, '').replace(/[[\]()]/g, '')) || null;
      }
      continue;
    }
    const whyLabel = /^(?:#+\s*)?(?:\*\*|__)?why it matters(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*(.*)$/i.exec(line);
    if (article && whyLabel) { section = 'why'; if (whyLabel[1]) article.why_it_matters = clean(whyLabel[1]); continue; }
    if (/^(?:#+\s*)?(?:\*\*|__)?(?:key\s+)?takeaways?(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?$/i.test(line)) { section = 'takeaways'; continue; }
    if (!article && /^(?:#+\s*)?(?:\*\*|__)?top developments(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?$/i.test(line)) { section = 'top'; continue; }
    if (!article && /^(?:#+\s*)?(?:\*\*|__)?key trends(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?$/i.test(line)) { section = 'trends'; continue; }
    const plainHeadline = !heading && !bullet && !label && prevBlank && line.length <= 160 && !/[.:;!?]$/.test(line)
      && (i + 1 >= lines.length || !lines[i + 1]!.trim() || !BULLET.test(lines[i + 1]!)) && (titleSeen || out.number !== null || summary.length > 0 || article !== null);
    const isHeadline = (heading && heading[1]!.length >= 2) || (heading && titleSeen) || (plainHeadline && section !== 'top' && section !== 'trends' && !(out.number !== null && !titleSeen && !article && /\b(?:issue|edition)\b/i.test(line)));
    if (isHeadline) {
      if (!article && !titleSeen && out.articles.length === 0 && !heading && /\b(?:issue|edition)\b/i.test(line)) { titleSeen = true; continue; }
      flush();
      article = emptyArticle(clean(heading ? heading[2]! : line));
      section = 'body';
      continue;
    }
    const textOf = clean(bullet ? bullet[1]! : line);
    if (!article) {
      if (section === 'top' && bullet) out.top_developments.push(textOf.slice(0, 500));
      else if (section === 'trends' && bullet) out.key_trends.push(textOf.slice(0, 500));
      else if (!findDate(line) || line.length > 60) { if (!/\b(?:issue|edition)\s*#?\s*\d/i.test(line) || line.length > 80) summary.push(textOf); }
      continue;
    }
    if (section === 'why') {
      article.why_it_matters = [article.why_it_matters, textOf].filter(Boolean).join(bullet ? '\n' : ' ').slice(0, 10_000);
      if (!bullet) section = 'body';
    } else if (bullet) article.takeaways.push(textOf.slice(0, 500));
    else body.push(textOf);
  }
  flush();
  out.summary = summary.join('\n\n').slice(0, 20_000);
  return out;
}

/**
 * Reads a paste: JSON when it parses as a JSON object, text otherwise.
 * @throws DomainError VALIDATION naming `content` when nothing like an issue is in it
 */
export function parseImport(content: string): ImportedEdition {
  const trimmed = content.trim();
  let parsed: ImportedEdition;
  if (trimmed.startsWith('{')) {
    let doc: unknown;
    try {
      doc = JSON.parse(trimmed);
    } catch {
      throw invalidParam('content', 'starts like JSON but is not valid JSON');
    }
    parsed = fromJson(doc as Record<string, unknown>);
  } else parsed = fromText(trimmed);
  if (!parsed.articles.length) throw invalidParam('content', 'no article found (expected headline lines or an "articles" array)');
  parsed.articles = parsed.articles.slice(0, 500);
  return parsed;
}
