/**
 * Highlighted matches of a text query (the `highlight` option of the reader's archive search,
 * decision 0044): PostgreSQL's `ts_headline` over the same `websearch_to_tsquery('english', q)` the
 * engine matches with, returned as plain-text FRAGMENTS `{ text, match }` — never as markup.
 *
 * Safety against markup injection: `ts_headline` marks matches with two Private Use Area characters
 * (U+E000 before, U+E001 after) that are first removed from the article's text, so every marker in
 * the output is one `ts_headline` wrote; the output is then split on them. No fragment carries
 * markup of ours: an article whose text contains `<script>` yields the text `<script>` (a client
 * renders fragments as text and wraps `match` fragments in its own `<mark>`).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** A piece of highlighted text: `match` marks a word (or phrase) the query matched. */
export interface HighlightFragment {
  /** Plain text (not HTML; render as text). */
  text: string;
  /** Whether this piece is a match of the query. */
  match: boolean;
}

/** An article's highlighted headline (the whole headline) and snippet (up to two passages of the text). */
export interface ArticleHighlight {
  headline: HighlightFragment[];
  /** From `why_it_matters` then `content`: up to 2 passages of at most 30 words, joined by ` … `. */
  snippet: HighlightFragment[];
}

const START = '\uE000';
const STOP = '\uE001';
const MARKERS = `${START}${STOP}`;
/** ts_headline options: our markers; the snippet's length and passages. */
const SNIPPET_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;

/**
 * `ts_headline` output (matches between U+E000 and U+E001) as fragments; adjacent pieces of the
 * same kind are merged and empty ones dropped. Stray markers (none are expected: the input was
 * stripped of them) are dropped too.
 */
export function fragmentsOf(marked: string): HighlightFragment[] {
  const out: HighlightFragment[] = [];
  let match = false;
  let buffer = '';
  const push = () => {
    if (!buffer) return;
    const last = out[out.length - 1];
    if (last && last.match === match) last.text += buffer;
    else out.push({ text: buffer, match });
    buffer = '';
  };
  for (const ch of marked) {
    if (ch === START || ch === STOP) {
      push();
      match = ch === START;
    } else buffer += ch;
  }
  push();
  // Matched words of a phrase separated only by a space read as one match.
  const merged: HighlightFragment[] = [];
  for (let i = 0; i < out.length; i++) {
    const f = out[i]!;
    const prev = merged[merged.length - 1];
    const next = out[i + 1];
    if (!f.match && f.text.trim() === '' && prev?.match && next?.match) {
      prev.text += f.text + next.text;
      i++;
    } else merged.push(f);
  }
  return merged;
}

/**
 * The highlights of `q` in the articles `ids` (one statement; only these rows are headlined, so
 * the cost is per page, not per match). An id without a row is absent from the map.
 */
export async function highlightArticles(db: Kysely<DB>, q: string, ids: string[]): Promise<Map<string, ArticleHighlight>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; headline: string; snippet: string }>`
    select a.id,
           ts_headline('english', translate(a.headline, ${MARKERS}, ''), query, ${HEADLINE_OPTIONS}) as headline,
           ts_headline('english', translate(concat_ws(' ', nullif(a.why_it_matters, ''), nullif(a.content, '')), ${MARKERS}, ''), query, ${SNIPPET_OPTIONS}) as snippet
      from articles a, websearch_to_tsquery('english', ${q}) as query
     where a.id = any(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, { headline: fragmentsOf(r.headline), snippet: fragmentsOf(r.snippet) }]));
}
