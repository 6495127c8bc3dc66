/**
 * The two tools of the MCP server, bound to one caller: search_api (find the endpoint) and call_api
 * (call it as the caller). Every tools/call that reaches a tool costs one unit of the caller's daily
 * API quota (metered callers only); a spent quota answers with a tool error saying when it resets.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Ctx, Identity } from '../domain/context.js';
import { hasFeature, isFeature, PREVIEWABLE, requireFeature } from '../domain/entitlements.js';
import { DomainError } from '../domain/errors.js';
import { chargeMetered, quotaSpent } from '../domain/quota.js';
import { RESULT_BUDGET, type CallResult } from './budget.js';
import { callApi, type CallApiArgs, type Caller } from './call-api.js';
import { DEFAULT_MATCHES, searchApi, type Access, type Catalogue, type SearchCaller } from './search-api.js';
import { CALL_API_DESCRIPTION, SEARCH_API_DESCRIPTION } from './tool-texts.js';

/** Everything the tools of one MCP request need. */
export interface ToolContext extends Omit<Caller, 'isAdmin'> {
  identity: Identity;
  /** The domain context of the MCP request (database, caller, clock). */
  domain: Ctx;
  catalogue: Catalogue;
  log: FastifyBaseLogger;
  version: string;
}

const text = (value: unknown) => [{ type: 'text' as const, text: JSON.stringify(value) }];
const toolError = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/**
 * Charges the quota, then runs the tool; any failure becomes a tool error with a message fit for
 * the caller. Logs one line per call: the tool, `detail` (what was asked), the status and whether
 * it answered an error.
 */
async function metered(ctx: ToolContext, tool: string, detail: Record<string, unknown>, run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  let result: CallToolResult;
  let quota: Awaited<ReturnType<typeof chargeMetered>>;
  try {
    quota = await chargeMetered(ctx.domain, ctx.identity);
    if (quota && !quota.allowed) throw quotaSpent(quota);
    result = await run();
  } catch (error) {
    if (!(error instanceof DomainError)) ctx.log.error({ err: error, tool }, 'mcp tool failed');
    result = toolError(error instanceof DomainError ? error.message : `Internal error (request id ${ctx.requestId})`);
  }
  // The budget rides along on every metered answer, the quota error included.
  if (quota) result._meta = { 'airport-intel/quota': { limit: quota.limit, remaining: quota.remaining, reset_seconds: quota.resetSeconds } };
  const status = (result.structuredContent as { status?: number } | undefined)?.status;
  ctx.log.info({ tool, ...detail, status, error: result.isError === true }, 'mcp tool call');
  return result;
}

/** The result of call_api: a tool error for an HTTP error status, carrying the API's `{error}` message. */
function callResult(method: string, path: string, result: CallResult): CallToolResult {
  if (result.status < 400) return { content: text(result), structuredContent: result };
  const body = result.body as { error?: unknown } | undefined;
  const message = typeof body?.error === 'string' ? body.error : (result.text ?? 'no message');
  const hint = typeof result.hint === 'string' ? ` ${result.hint}` : '';
  return { isError: true, content: [{ type: 'text', text: `${method} ${path} answered ${result.status}: ${message}${hint}` }], structuredContent: result };
}

const queryValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])).max(100)]);

/** What search_api returns (its outputSchema); members beyond these may be added. */
const SEARCH_OUTPUT = {
  query: z.string(),
  matches: z.array(z.looseObject({ operation_id: z.string(), method: z.string(), path: z.string(), why: z.array(z.string()) })),
  other_matches: z.array(z.looseObject({ operation_id: z.string(), method: z.string(), path: z.string(), parameters: z.string(), why: z.string() })),
  endpoints_total: z.number().int(),
  hint: z.string(),
};

/** What call_api returns (its outputSchema); an HTTP error status is a tool error with the same members. */
const CALL_OUTPUT = {
  status: z.number().int(),
  content_type: z.string(),
  body: z.unknown().optional(),
  text: z.string().optional(),
  truncated: z.boolean(),
  truncation: z.looseObject({ reason: z.string(), list: z.string(), returned: z.number(), available: z.number() }).optional(),
  next: z.looseObject({ note: z.string() }).optional(),
  notes: z.array(z.string()).optional(),
  hint: z.string().optional(),
  left_out: z.array(z.string()).optional(),
  dry_run: z.boolean().optional(),
};

/** The caller's access to an endpoint with `gates`: undefined in full, else blocked or a trial preview. */
export function accessOf(identity: Identity, gates: readonly string[]): Access | undefined {
  let preview: string | undefined;
  for (const feature of gates) {
    if (!isFeature(feature) || hasFeature(identity, feature)) continue;
    if (PREVIEWABLE.includes(feature) && identity.previews.has(feature)) {
      preview ??= feature;
      continue;
    }
    try {
      requireFeature(identity, feature);
    } catch (error) {
      return { status: 'blocked', note: error instanceof Error ? error.message : String(error) };
    }
  }
  return preview ? { status: 'preview', note: `Your trial sees a narrowed preview of this endpoint (feature "${preview}"); a paid plan with it shows everything.` } : undefined;
}

/** An MCP server with both tools, for one request of one caller (stateless: built per request). */
export function createToolServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'airport-intel', title: 'airport-intel: airport-industry intelligence API', version: ctx.version },
    { instructions: 'Use search_api to find the /api/v1 endpoint that answers a question, then call_api to call it. Each tool call costs one unit of your daily API quota.' },
  );
  const admin = ctx.identity.isAdmin;

  server.registerTool('search_api', {
    title: 'Search the API catalogue',
    description: SEARCH_API_DESCRIPTION,
    inputSchema: {
      query: z.string().trim().min(1).max(500).describe('What you want, in plain words, e.g. "tenders closing this month" or "latest edition"'),
      limit: z.number().int().min(1).max(10).optional().describe(`How many matches to return in full (default ${DEFAULT_MATCHES}, max 10); the next five come as signatures`),
    },
    outputSchema: SEARCH_OUTPUT,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, ({ query, limit }) =>
    metered(ctx, 'search_api', { query }, () => {
      const caller: SearchCaller = { isAdmin: admin, access: (gates) => accessOf(ctx.identity, gates) };
      const result = searchApi(ctx.catalogue, query, caller, limit);
      return { content: text(result), structuredContent: result };
    }));

  // Non-administrators can only read: their call_api offers the reading methods only and says so.
  const methods = admin ? ctx.catalogue.methods : ctx.catalogue.methods.filter((m) => m === 'GET' || m === 'POST');
  const writeArgs: Record<string, z.ZodType> = admin
    ? {
        confirm: z.boolean().optional().describe('Required (true) for a write (POST other than /api/v1/search, PATCH, DELETE): confirms that you mean to change data'),
        dry_run: z.boolean().optional().describe('Validate and run the write in a transaction that is rolled back: the answer shows what it would do, nothing is written'),
        idempotency_key: z.string().min(1).max(255).regex(/^[\x21-\x7e]+$/).optional().describe('Idempotency-Key of a POST write: a repeated call with the same key and body writes once and answers the same again'),
      }
    : {};
  server.registerTool('call_api', {
    title: 'Call an /api/v1 endpoint',
    description: CALL_API_DESCRIPTION(RESULT_BUDGET, admin),
    inputSchema: <Record<string, z.ZodType>>{
      method: z.enum((methods.length ? methods : ['GET']) as [string, ...string[]]).describe('HTTP method of the endpoint, as search_api gives it'),
      path: z.string().min(1).max(2000).describe('Path on this service under /api/v1/, with {placeholders} filled in, e.g. "/api/v1/editions/latest". No host, no ".."'),
      query: z.record(z.string(), queryValue).optional().describe('Query-string parameters, e.g. {"q": "runway", "limit": 5}; a list may be an array (sent comma-separated). Unknown parameters are refused'),
      body: z.record(z.string(), z.unknown()).optional().describe('JSON body, for POST (and, for administrators, PATCH)'),
      fields: z.array(z.string().min(1).max(200)).min(1).max(50).optional().describe('Keep only these members of each record; dotted names reach inside, e.g. ["number", "articles.headline"]'),
      max_items: z.number().int().min(1).max(100).optional().describe('Return at most this many records (the rest is reported as truncated with a next call)'),
      detail: z.boolean().optional().describe('Lists leave long text and list members out of each record unless detail is true (or fields names them)'),
      ...writeArgs,
    },
    outputSchema: CALL_OUTPUT,
    annotations: admin
      ? { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }
      : { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (input: Record<string, unknown>) => {
    const args = input as unknown as CallApiArgs;
    return metered(ctx, 'call_api', { method: args.method, path: args.path.split('?')[0] }, async () =>
      callResult(args.method, args.path, await callApi(args, { ...ctx, isAdmin: admin }, RESULT_BUDGET)));
  });

  // A stateless server never sends notifications/tools/list_changed: do not announce it.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
