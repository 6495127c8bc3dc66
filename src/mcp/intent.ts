/**
 * What a plain-language question asks of the API, read with the trade's vocabulary and the
 * reference data (./lexicon.ts), and the points each catalogue entry earns for it, with reasons.
 *
 * Read from the question: the resources it names (editions, articles, projects, tenders, the
 * archive search, the editorial inbox, the audit log; "development", "scheme" are projects;
 * "won", "shortlisted", "expression of interest" are tenders; "money", "worth" a project's value;
 * "expansion", "upgrade" are projects; "candidates waiting for review" the inbox; "admin changes" the audit log),
 * the kind of answer (one record by UUID, id or issue number; the latest edition; a list, with
 * "recent", "last five", "published recently" read as newest-first lists, not as "latest"; a CSV
 * file; for administrators a write: create ("record a new …"), update ("mark a tender as …"), delete,
 * publish ("push … live"), promote ("make an article out of …"), an inbox status),
 * archive-search needs (a four-digit year, "either … or", "leaving out", "old/archived editions"),
 * and the airports, countries, regions and companies it names, routed to entries whose filters
 * take them.
 */
import type { CatalogueEntry } from './catalogue.js';
import { recogniseEntities, type Entity } from './lexicon.js';

/** What an entry is, from its method and path. */
interface Profile {
  resource: 'editions' | 'articles' | 'search' | 'projects' | 'tenders' | 'inbox' | 'audit' | 'other';
  kind: 'list' | 'one' | 'latest' | 'export' | 'create' | 'update' | 'delete' | 'publish' | 'promote' | 'status';
  admin: boolean;
  params: Set<string>;
  /** The path parameter of a read by id is a UUID. */
  uuid: boolean;
}

const profiles = new WeakMap<CatalogueEntry, Profile>();

function profileOf(entry: CatalogueEntry): Profile {
  const cached = profiles.get(entry);
  if (cached) return cached;
  const rest = entry.path.replace(/^\/api\/v1\//, '');
  const admin = rest.startsWith('admin/');
  const segments = rest.replace(/^admin\//, '').split('/');
  const first = segments[0] ?? '';
  const resource: Profile['resource'] = (['editions', 'articles', 'search', 'projects', 'tenders', 'inbox', 'audit'] as const).find((r) => r === first) ?? 'other';
  const last = segments[segments.length - 1] ?? '';
  const byId = /^\{.+\}$/.test(last);
  let kind: Profile['kind'] = 'list';
  if (last === 'export' || !/json/.test(entry.returns)) kind = 'export';
  else if (last === 'latest') kind = 'latest';
  else if (last === 'publish') kind = 'publish';
  else if (last === 'promote') kind = 'promote';
  else if (entry.method === 'POST' && resource !== 'search') kind = 'create';
  else if (entry.method === 'PATCH') kind = resource === 'inbox' ? 'status' : 'update';
  else if (entry.method === 'DELETE') kind = 'delete';
  else if (byId) kind = 'one';
  const idParam = entry.parameters.find((p) => p.in === 'path');
  const profile: Profile = {
    resource,
    kind,
    admin,
    params: new Set(entry.parameters.filter((p) => p.in !== 'path').map((p) => p.name)),
    uuid: idParam?.format === 'uuid' || /uuid/i.test(idParam?.description ?? '') || resource === 'articles',
  };
  profiles.set(entry, profile);
  return profile;
}

type Resource = Profile['resource'];

/** Words that name a resource, with their weight; the first resource named earns a little more. */
const NOUNS: [Resource, RegExp, number][] = [
  ['editions', /\b(editions?|issues?|newsletters?|bulletins?|digests?|briefings?|back[- ]catalogue)\b/g, 2],
  ['editions', /\b(executive summar(y|ies)|key trends?|key metrics?|regional highlights?|top developments?)\b/g, 3],
  ['articles', /\b(articles?|news|stor(y|ies)|coverage|covered|reported|reporting|wr(ote|ite|itten|iting)|headlines?|pieces?|takeaways?|why it matters|source link|happening|journalists?)\b/g, 3],
  ['projects', /\b(projects?|(?<!top )developments?|schemes?|programmes?|programs?|construction|built|being built|building|constructing|new terminals?|new runways?|investments?|capex|contractors?|masterplans?|master plans?|under ?way|completion|finished|cancell?ed|on hold|new airports?|money|worth|greenfield|expansions?|extensions?|upgrades?|renovations?|redevelopments?|refurbishments?|moderni[sz]ations?)\b/g, 3],
  ['tenders', /\b(tenders?|bids?|bidders?|bidding|procurement|rfps?|rfqs?|rfis?|eois?|expressions? of interest|frameworks?|contracts?|opportunit(y|ies)|notices?|buyers?|awards?|awarded|won|winners?|shortlist(ed)?|suppliers?|call-offs?|deadlines?|closing|concessions?|respond)\b/g, 3],
  ['search', /\b(search|searching|archives?|archived|full[- ]text|keywords?)\b/g, 4],
  ['search', /\b(everything|anything|ever|older|old|imported|mention(s|ed|ing)?)\b/g, 2],
  ['inbox', /\b(inbox|candidates?|pre-?screen(ed|ing)?|triage|pending|approve|skip|reject|reopen|score|incoming|waiting for (review|approval)|to (be )?review(ed)?|review queue|awaiting review)\b/g, 3],
  ['audit', /\b(audit|who (changed|edited|deleted|modified|updated|published|removed)|change ?log|admin (edits|changes|actions|activity|writes)|history of (edits|changes)|activity log|changes made by)\b/g, 4],
];

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const YEAR = /\b(19[5-9]\d|20\d\d)\b/;
const EXPORT = /\b(export|exports|download|csv|spreadsheet|excel|xlsx|file|dump)\b/;
const LATEST = /\b(latest|newest|most recent|current|this week'?s|today'?s|this month'?s)\s+(edition|issue|newsletter|bulletin|digest|briefing)\b/;
const EDITION_PLURAL = /\b(editions|issues|newsletters|bulletins|digests|back[- ]catalogue)\b/;
const ISSUE_NUMBER = /\b(?:edition|issue|newsletter|bulletin|digest|number|no\.?)\s*#?\s*(\d{1,5})\b|#(\d{1,5})\b/;
const ONE_NOUN = /\b(tender|project|article|story|development|record|notice|item)\s*#?\s*(?:id\s*)?(\d{1,9})\b/;
const ONE_WORDS = /\b(id|uuid|identifier|specific|single|one (tender|project|article|story|development|record|notice))\b|\bby (its )?id\b|\bfull record\b/;
const ANY_OF = /\b(either|any of|or)\b/;
const EXCLUDE = /\b(but not|leaving out|leave out|excluding|exclude|except|without|other than|not tagged)\b/;

const WRITES: [Profile['kind'], RegExp][] = [
  ['create', /\b(create|add|insert|enter|put in|new draft|start a|(record|register|log|file) an? new|(write|compose) an? (new )?(article|story|piece|edition|issue)|prepare (a|an|the|next))\b/],
  ['update', /\b(update|change|edit|fix|modify|correct|amend|rename|set|typo|archive an?|move)\b|\bmark (an?|the|this|that) (tender|project|article|edition|story|notice|development)s? as\b|\b(cancel|withdraw|postpone|reschedule) (an?|the|this|that)\b/],
  ['delete', /\b(delete|remove|drop|erase|take down|get rid of)\b/],
  ['publish', /\bpublish\b(?!ed)|\bgo(es)? live\b|\b(push|put|make|set|take|send)\b[^.?!]*\blive\b|\brelease the\b/],
  ['promote', /\b(promote|turn\b.*\binto|convert\b.*\binto|make an? (article|story|draft) (out of|from))\b/],
  ['status', /\b(approve|skip|reject|reopen|dismiss|mark)\b/],
];

/** The points of one entry for a question, with reasons. */
export interface Understood {
  points: number;
  why: string[];
}

/** A question as understood; scores entries. */
export interface Question {
  entities: Entity[];
  score(entry: CatalogueEntry): Understood;
}

const FILTER_OF: Record<Entity['kind'], string[]> = {
  airport: ['airport', 'any_airports'],
  country: ['country'],
  region: ['region', 'any_regions'],
  company: ['q'],
};

/** Reads `query`: what it names and asks for. */
export function readQuestion(query: string): Question {
  const text = ` ${query.toLowerCase().replace(/[’‘]/g, "'")} `;
  const entities = recogniseEntities(query);
  const votes = new Map<Resource, number>();
  const voteWhy = new Map<Resource, string[]>();
  let firstAt = Infinity;
  let first: Resource | undefined;
  for (const [resource, pattern, weight] of NOUNS) {
    for (const m of text.matchAll(pattern)) {
      votes.set(resource, (votes.get(resource) ?? 0) + weight);
      voteWhy.set(resource, [...(voteWhy.get(resource) ?? []), m[0]]);
      if (m.index < firstAt && resource !== 'search') {
        firstAt = m.index;
        first = resource;
      }
    }
  }
  const uuid = UUID.test(query);
  const yearMatch = YEAR.exec(text);
  const issue = ISSUE_NUMBER.exec(text);
  const issueNumber = issue && !(yearMatch && (issue[1] ?? issue[2]) === yearMatch[1]) ? Number(issue[1] ?? issue[2]) : undefined;
  const oneNoun = ONE_NOUN.exec(text);
  const oneOf: Resource | undefined = oneNoun
    ? ({ tender: 'tenders', notice: 'tenders', project: 'projects', development: 'projects', article: 'articles', story: 'articles', record: undefined, item: 'inbox' } as Record<string, Resource | undefined>)[oneNoun[1]!]
    : undefined;
  const wantsOne = uuid || Boolean(oneNoun) || ONE_WORDS.test(text);
  const wantsExport = EXPORT.test(text);
  const wantsLatest = LATEST.test(text) || (/\b(latest|newest|most recent)\b/.test(text) && /\b(edition|issue|newsletter|bulletin)\b/.test(text) && !EDITION_PLURAL.test(text));
  const editionList = EDITION_PLURAL.test(text) || /\bpublished recently\b/.test(text);
  const places = entities.filter((e) => e.kind !== 'company');
  const anyOf = ANY_OF.test(text) && (places.length >= 2 || /\btags?\b/.test(text) || /\beither\b/.test(text));
  const exclude = EXCLUDE.test(text);
  const writes = WRITES.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
  const drafts = /\b(drafts?|unpublished|every status|all statuses|including (the )?archived)\b/.test(text);

  return {
    entities,
    score(entry) {
      const p = profileOf(entry);
      const why: string[] = [];
      let points = 0;
      const add = (n: number, reason: string) => {
        points += n;
        if (n > 0) why.push(reason);
      };
      // Resource named.
      const own = votes.get(p.resource) ?? 0;
      if (own) add(own, `names ${p.resource}: ${voteWhy.get(p.resource)!.join(', ')}`);
      if (p.resource === 'search' && votes.get('articles')) add(0.6 * votes.get('articles')!, 'the archive search returns articles');
      if (p.resource === 'articles' && p.kind === 'list' && votes.get('search') && !votes.get('articles')) add(0.3 * votes.get('search')!, 'articles carry the words searched for');
      if (first === p.resource) add(1, `${p.resource} is named first`);
      // Kind of answer.
      switch (p.kind) {
        case 'one':
          if (uuid && p.uuid) add(7, 'a UUID: read by id');
          else if (oneNoun && oneOf === p.resource) add(6, `"${oneNoun[0].trim()}": read by id`);
          else if (wantsOne && !oneOf && !uuid) add(3, 'asks for one record');
          else points -= 2;
          if (p.resource === 'editions') {
            if (issueNumber !== undefined) add(6, `issue number ${issueNumber}`);
            else points -= 1;
          }
          break;
        case 'latest':
          if (wantsLatest) add(6, 'the latest (newest) edition');
          else points -= 2;
          break;
        case 'export':
          if (wantsExport) add(5, 'asks for a CSV file');
          else points -= 3;
          break;
        case 'list':
          if (!p.admin) {
            if (own && !wantsOne && !wantsExport && !wantsLatest) add(0.5, 'a list, newest first or filtered');
            if (p.resource === 'editions' && editionList) add(2.5, 'several editions: the paginated list, newest first');
            if (p.resource === 'editions' && issueNumber !== undefined) points -= 1.5;
            if (p.resource === 'articles' && issueNumber !== undefined && !votes.get('editions')) add(1, 'an edition filter');
          } else {
            if (p.resource === 'editions') {
              if (drafts) add(4, 'drafts and archived editions are listed for administrators only');
              else points -= 3;
            }
            if (writes.length) points -= 2;
          }
          break;
        default:
          // Administrators' writes: only when the question asks to change something.
          if (writes.includes(p.kind)) add(6, `asks to ${p.kind}`);
          else points -= 6;
      }
      if (!p.admin && writes.length && (p.resource !== 'search' || !votes.get('search'))) points -= 1.5;
      // Archive search needs.
      if (p.resource === 'search') {
        if (yearMatch) add(4, `the year ${yearMatch[1]}: the year filter`);
        if (anyOf) add(4, 'either/or: any_tags, any_airports, any_regions');
        if (exclude) add(4, 'leaving something out: exclude_tags');
        if (entry.method === 'POST') points -= 0.2;
      }
      if (p.resource === 'projects' && yearMatch && !votes.get('search')) add(1, `the year ${yearMatch[1]}: expected_completion_year`);
      // Names recognised, routed to the filters that take them.
      for (const entity of entities) {
        const filter = FILTER_OF[entity.kind].find((name) => p.params.has(name));
        if (entity.kind === 'company') {
          if ((p.resource === 'projects' || p.resource === 'tenders') && p.kind === 'list') add(1, `${entity.text} is a company (${entity.label}): q finds it as contractor, buyer or bidder`);
        } else if (filter) {
          add(1, `${entity.text} is ${entity.kind === 'airport' ? 'an airport' : `a ${entity.kind}`} (${entity.label}): filter ${filter}`);
        }
      }
      return { points, why };
    },
  };
}
