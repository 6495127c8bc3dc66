/**
 * Longer descriptions of the operations whose routes declare only a summary, by operationId
 * (markdown). src/http/openapi.ts uses one only where the route declares no `description` of its
 * own; a new operation declares its description in its route schema (test/openapi.test.ts fails on
 * an operation without one).
 */
const PAGED = 'One page of `{ data, meta }`: `page` from 1, `limit` up to the maximum shown; `meta.total` and `meta.pages` count every match.';
const NAMED = 'A named array paged with `limit` and `offset`; an empty result is `[]`, a `limit` above 200 is 422.';
const CSV = 'A `text/csv` attachment (RFC 4180, UTF-8, one header row) with the same filters as the list; download it with the same bearer token. Needs the `exports` feature.';
const ADMIN = 'Administrators only (any other token: 403). The write is whole or not at all and is recorded in the audit log.';
const PATCH = 'Send only the fields to change (at least one); a list field replaces the whole set. Unknown fields are 400.';

/** Description per operationId. */
export const OPERATION_DESCRIPTIONS: Record<string, string> = {
  v1GetHealth: 'Whether the service and its database answer, with the version and the database engine. No token; for load balancers and uptime checks.',
  v1GetLiveness: 'Whether the process answers at all: it reads nothing, not even the database. No token; the liveness probe (restart the process when it fails).',
  v1GetReadiness: 'Whether this process should take traffic: 200 when the database answers, no migration is pending, the in-process worker runs and no shutdown began; 503 with Retry-After naming the failing check otherwise. No token; the readiness probe of a load balancer.',
  apiV1ListEditions: `The published weekly editions, newest first, each with its executive summary, top developments and key metrics. ${PAGED}`,
  apiV1GetLatestEdition: 'The newest published edition with all its articles in edition order: what a reader of "this week" wants in one call.',
  apiV1GetEdition: 'A published edition by its issue number (e.g. `42`), with all its articles in edition order. An unknown or unpublished number is 404.',
  apiV1ListArticles: `Articles of published editions, newest first, filtered by words (\`q\`), region, country, tag, topic, airport (IATA code or name) or edition number. ${PAGED}`,
  apiV1GetArticle: 'One article of a published edition: content, takeaways, why it matters, the airports, companies, topics and tags it concerns, and its source.',
  apiV1SearchGet: `Full-text search over the archive, ranked by relevance. \`q\` takes web-search syntax (words, "a phrase", OR, -word); the other parameters narrow by region, year, tag, topic or airport; \`any_*\` lists match any of their values and \`exclude_tags\` removes. ${PAGED}`,
  apiV1SearchPost: `The same search as \`GET /api/v1/search\` with the parameters in a JSON body, lists as arrays: for long queries or many filters. ${PAGED}`,
  apiV1ListProjects: `Airport construction and development projects, by relevance when \`q\` is given, else by title; values in US dollars (\`value_usd\`) beside the value as stated. ${PAGED}`,
  apiV1ExportProjects: `${CSV} At most 1000 rows (administrators: no cap), by title.`,
  apiV1GetProject: 'One project with every mention of it in the editions (edition number, date, headline), newest first.',
  apiV1ListTenders: `Procurement tenders of airports, by deadline unless \`sort\` says otherwise; \`deadline_days\` keeps those closing within that many days, \`closed=true\` includes closed ones. Needs the tender add-on (\`wat\`) or Enterprise. ${PAGED}`,
  apiV1ExportTenders: `${CSV} Adds a bidders column; by deadline.`,
  apiV1GetTender: 'One tender whatever its status (open, closing soon, closed, awarded), with its bidders and their outcomes.',
  apiV1AdminListEditions: `Every edition whatever its status (draft, published, archived), newest first, optionally of one status. Administrators only. ${PAGED}`,
  apiV1AdminCreateEdition: `A new edition, a draft unless \`status\` says otherwise; the issue number must be unused (409). ${ADMIN}`,
  apiV1AdminUpdateEdition: `Changes an edition's metadata, executive summary or status. ${PATCH} ${ADMIN}`,
  apiV1AdminDeleteEdition: `Deletes an edition and all its articles. ${ADMIN}`,
  apiV1AdminPublishEdition: `Publishes an edition (readers see it from now on) and recomputes its article count and the projects' \`last_seen_edition\`. ${ADMIN}`,
  apiV1AdminCreateArticle: `A new article on an edition (\`edition_id\` or \`edition_number\`); airports by IATA code, topics and tags by slug, companies by name. ${ADMIN}`,
  apiV1AdminUpdateArticle: `Changes an article. ${PATCH} ${ADMIN}`,
  apiV1AdminDeleteArticle: `Deletes an article. ${ADMIN}`,
  apiV1AdminCreateProject: `A new project; the IATA code sets its airport, country and region; a stated value is converted to US dollars at write time. ${ADMIN}`,
  apiV1AdminUpdateProject: `Changes a project. ${PATCH} ${ADMIN}`,
  apiV1AdminDeleteProject: `Deletes a project. ${ADMIN}`,
  apiV1AdminCreateTender: `A new tender with its bidders. ${ADMIN}`,
  apiV1AdminUpdateTender: `Changes a tender (bidders replace the set when sent). ${PATCH} ${ADMIN}`,
  apiV1AdminDeleteTender: `Deletes a tender. ${ADMIN}`,
  apiV1AdminListInbox: `Items found by the automated sources, highest pre-screen score first, optionally of one status (pending, approved, skipped, promoted). Administrators only. ${PAGED}`,
  apiV1AdminSetInboxStatus: `Approves or skips an inbox item, or reopens it (pending). ${ADMIN}`,
  apiV1AdminPromoteInboxItem: `Turns an inbox item into an unpublished article on a draft edition and marks it promoted. ${ADMIN}`,
  apiV1AdminListAudit: `Every admin write (who, what, before and after, request id), newest first, filtered by entity, entity id or action. Administrators only. ${PAGED}`,
  apiAdminSendNewsletter: `Sends an edition's newsletter to its subscribers, personalised per reader; \`dryRun\` answers who would receive it and sends nothing; \`onlyToSelf\`, \`testEmail\` or \`testEmails\` send test copies only. ${ADMIN}`,
  v1GetMe: 'What the token may reach: the features of its plan held in full, the features shown as previews (trials), and whether its user is an administrator.',
  v1ListEditions: `Published editions, newest first, without their articles. ${NAMED}`,
  v1GetEdition: 'One edition by id: published or archived ones for readers, drafts too for administrators (others: 404).',
  v1ListEditionArticles: `The articles of one edition in edition order, with the caller's saved flag. ${NAMED}`,
  v1GetArticle: 'One article by id, with the caller\u2019s saved flag.',
  v1ExportProjects: `${CSV} Streamed, no row cap; by title. Needs \`projects\` and \`exports\`.`,
  v1GetProject: 'One project by id, with the stated value in its own currency and `is_watched` for the caller. Needs `projects`.',
  v1GetAirport: 'One airport by its database id or its IATA code (e.g. `RUH`), with its country and region.',
  v1ListAirportArticles: `Articles that mention the airport, newest first. ${NAMED}`,
  v1ListAirportProjects: `Projects at the airport, by title. Needs \`projects\`. ${NAMED}`,
  v1TenderFacets: 'For the tenders the same parameters match: `{ value, label, count }` per region, country, type, status, topic and tag, to build filter menus with counts.',
  v1ExportTenders: `${CSV} Adds a bidders column; streamed, no row cap, by deadline. Needs \`wat\` and \`exports\`.`,
  v1GetTender: 'One tender by id whatever its status, with its bidders and their outcomes. Needs `wat`.',
  v1ListCalendarEvents: `Industry events (conferences, trade shows) by start date; \`upcoming\` (default true) hides past events. ${NAMED}`,
  v1GetBillingConfig: 'Whether checkout is enabled on this deployment and in which mode (`test`, `live`, or `disabled` while no payment provider is configured). No token; for a pricing page.',
};
