/**
 * The descriptions of the two tools, written for a language model: what the tool does, when to use
 * it, what it returns, and a short example.
 */

/** Description of search_api. */
export const SEARCH_API_DESCRIPTION = `Find the airport-intel REST endpoint (under /api/v1) that answers a question, with everything needed to call it.

Use it first, whenever you do not already know the exact path and parameters; then call the endpoint with call_api. Describe what you want in plain words: "latest edition", "tenders closing this month", "export projects in the Middle East", "articles about runway expansion at Heathrow".

Returns the best matches (3 by default), each with method, path, summary, every parameter (where it goes: path, query or body; type; whether required; allowed values; default; maximum), record_fields (the members of each returned record, usable in call_api's fields) and example: the exact arguments of a working call_api call. other_matches lists the next candidates in brief.

Reads nothing but the catalogue; has no side effects. Like every tool call it costs one unit of the daily API quota.

Example: search_api({"query": "tenders closing soon"})`;

/** Description of call_api, with the result budget in characters. */
export const CALL_API_DESCRIPTION = (budget: number): string => `Call one airport-intel REST endpoint under /api/v1 as yourself and get its answer: your API key's plan, add-ons, row-level access and validation apply exactly as over HTTP. Find the path and parameters with search_api first.

GET only reads; POST is used by /api/v1/search, which also only reads. Only paths of this service under /api/v1/ can be called (no host, no "..").

Arguments: method; path, with {placeholders} filled in; query, the query-string parameters as an object (a list may be an array); body, a JSON object (POST only); fields, to keep only some members of each record (dotted names reach inside: ["number", "articles.headline"]); max_items, to return at most that many records.

Returns {status, content_type, body (JSON) or text (CSV exports), truncated, truncation?, next?, notes?}. A result is at most ${budget.toLocaleString('en-US')} characters: a longer answer is cut to whole records, with truncated: true, truncation saying what was kept of what, and next giving the query (or body) that fetches the records that follow. Use fields and a small limit to fit more. An HTTP error (400 bad parameter, 403 plan gate, 404 unknown record, 429 quota) comes back as a tool error with the API's message.

Example: call_api({"method": "GET", "path": "/api/v1/articles", "query": {"airport": "LHR", "q": "runway", "limit": 5}, "fields": ["id", "headline", "publish_date"]})`;
