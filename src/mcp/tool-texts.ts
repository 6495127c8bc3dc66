/**
 * The descriptions of the two tools, written for a language model: what the tool does, when to use
 * it, what it returns, and a short example.
 */

/** Description of search_api. */
export const SEARCH_API_DESCRIPTION = `Find the airport-intel REST endpoint (under /api/v1) that answers a question, with everything needed to call it.

Use it first, whenever you do not already know the exact path and parameters; then call the endpoint with call_api. Describe what you want in plain words: "latest edition", "tenders closing this month", "export projects in the Middle East", "articles about runway expansion at Heathrow".

Returns the best match in full (limit: more), with why it ranked, every parameter (where it goes: path, query or body; type; whether required; allowed values; default; maximum), record_fields (the members of each returned record, usable in call_api's fields) and example: the exact arguments of a working call_api call. other_matches lists the next five as signatures (method, path, summary, parameter names, why). An endpoint your plan cannot reach carries access, saying which plan or add-on opens it.

Reads nothing but the catalogue; has no side effects. Like every tool call it costs one unit of the daily API quota.

Example: search_api({"query": "tenders closing soon"})`;

/** Description of call_api, with the result budget in characters; administrators' version describes writes. */
export const CALL_API_DESCRIPTION = (budget: number, admin = false): string => `Call one airport-intel REST endpoint under /api/v1 as yourself and get its answer: your API key's plan, add-ons, row-level access and validation apply exactly as over HTTP. Find the path and parameters with search_api first.

${admin
  ? 'GET reads; POST /api/v1/search also only reads. As an administrator you can also write (POST, PATCH, DELETE on /api/v1/admin/*): a write needs confirm: true; dry_run: true validates it and runs it in a transaction that is rolled back (nothing is written); idempotency_key makes a repeated POST write once.'
  : 'It only reads: GET, and POST /api/v1/search (a search with a JSON body).'} Only paths of this service under /api/v1/ can be called (no host, no "..").

Arguments: method; path, with {placeholders} filled in; query, the query-string parameters as an object (a list may be an array; a parameter the endpoint does not take is refused with 400 listing the accepted ones); body, a JSON object; fields, to keep only some members of each record (dotted names reach inside: ["number", "articles.headline"]); max_items, to return at most that many records; detail: true to keep long members of list records.

Returns {status, content_type, body (JSON) or text (CSV exports), truncated, truncation?, next?, notes?, left_out?, hint?}. Lists leave long members (content, description, takeaways…) out of each record unless named in fields or detail is true; left_out names them. An empty list comes with a hint naming the wider query (archived editions, closed tenders, fewer filters). A result is at most ${budget.toLocaleString('en-US')} characters: a longer answer is cut to whole records, with truncated: true, truncation saying what was kept of what, and next giving the query (or body) that fetches the records that follow. An HTTP error (400 bad parameter, 403 plan gate, 404 unknown record, 429 quota) comes back as a tool error with the API's message.

Example: call_api({"method": "GET", "path": "/api/v1/articles", "query": {"airport": "LHR", "q": "runway", "limit": 5}, "fields": ["id", "headline", "publish_date"]})`;
