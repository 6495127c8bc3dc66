/** URL slugs: lowercase ASCII words joined by hyphens, at most 80 characters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** A readable name from a kebab-case tag slug: `third-runway` → `Third runway`. Known acronyms stay upper-case. */
export function humanise(slug: string): string {
  const acronyms = new Set(['saf', 'ppp', 'ees', 'etias', 'it', 'ai', 'atc', 'uk', 'us', 'eu', 'mro', 'evtol', 'bhs', 'cbp', 'rfid', 'faa', 'caa', 'iata', 'icao', 'aci']);
  const words = slug.split('-').map((w) => (acronyms.has(w) ? w.toUpperCase() : w));
  const first = words[0] ?? '';
  return [first.charAt(0).toUpperCase() + first.slice(1), ...words.slice(1)].join(' ');
}
