/**
 * Highlighted text of `GET /v1/search?highlight=true` (decision 0044): plain-text fragments, each
 * rendered as text (React escapes it), the matched ones inside `<mark>`. No HTML from the service
 * is ever inserted as markup.
 */
export interface Fragment { text: string; match: boolean }

export function HighlightedText({ fragments }: { fragments: Fragment[] }) {
  return <>{fragments.map((f, i) => (f.match ? <mark key={i}>{f.text}</mark> : <span key={i}>{f.text}</span>))}</>;
}
