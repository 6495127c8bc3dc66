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
import { DomainError } from '../domain/errors.js';
import { chargeMetered, quotaSpent } from '../domain/quota.js';
import { RESULT_BUDGET, type CallResult } from './budget.js';
import { callApi, type Caller } from './call-api.js';
import { DEFAULT_MATCHES, searchApi, type Catalogue } from './search-api.js';
import { CALL_API_DESCRIPTION, SEARCH_API_DESCRIPTION } from './tool-texts.js';

/** Everything the tools of one MCP request need. */
export interface ToolContext extends Caller {
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
  try {
    const quota = await chargeMetered(ctx.domain, ctx.identity);
    if (quota && !quota.allowed) throw quotaSpent(quota);
    result = await run();
    if (quota) result._meta = { 'airport-intel/quota': { limit: quota.limit, remaining: quota.remaining, reset_seconds: quota.resetSeconds } };
  } catch (error) {
    if (!(error instanceof DomainError)) ctx.log.error({ err: error, tool }, 'mcp tool failed');
    result = toolError(error instanceof DomainError ? error.message : `Internal error (request id ${ctx.requestId})`);
  }
  const status = (result.structuredContent as { status?: number } | undefined)?.status;
  ctx.log.info({ tool, ...detail, status, error: result.isError === true }, 'mcp tool call');
  return result;
}

/** The result of call_api: a tool error for an HTTP error status, carrying the API's `{error}` message. */
function callResult(method: string, path: string, result: CallResult): CallToolResult {
  if (result.status < 400) return { content: text(result), structuredContent: result };
  const body = result.body as { error?: unknown } | undefined;
  const message = typeof body?.error === 'string' ? body.error : (result.text ?? 'no message');
  return { isError: true, content: [{ type: 'text', text: `${method} ${path} answered ${result.status}: ${message}` }], structuredContent: result };
}

const queryValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])).max(100)]);

/** An MCP server with both tools, for one request of one caller (stateless: built per request). */
export function createToolServer(ctx: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'airport-intel', title: 'airport-intel: airport-industry intelligence API', version: ctx.version },
    { instructions: 'Use search_api to find the /api/v1 endpoint that answers a question, then call_api to call it. Each tool call costs one unit of your daily API quota.' },
  );

  server.registerTool('search_api', {
    title: 'Search the API catalogue',
    description: SEARCH_API_DESCRIPTION,
    inputSchema: {
      query: z.string().trim().min(1).max(500).describe('What you want, in plain words, e.g. "tenders closing this month" or "latest edition"'),
      limit: z.number().int().min(1).max(10).optional().describe(`How many full matches to return (default ${DEFAULT_MATCHES}, max 10)`),
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ query, limit }) =>
    metered(ctx, 'search_api', { query }, () => {
      const result = searchApi(ctx.catalogue, query, limit);
      return { content: text(result), structuredContent: result };
    }));

  const methods = ctx.catalogue.methods.length ? ctx.catalogue.methods : ['GET'];
  server.registerTool('call_api', {
    title: 'Call an /api/v1 endpoint',
    description: CALL_API_DESCRIPTION(RESULT_BUDGET),
    inputSchema: {
      method: z.enum(methods as [string, ...string[]]).describe('HTTP method of the endpoint, as search_api gives it'),
      path: z.string().min(1).max(2000).describe('Path on this service under /api/v1/, with {placeholders} filled in, e.g. "/api/v1/editions/latest". No host, no ".."'),
      query: z.record(z.string(), queryValue).optional().describe('Query-string parameters, e.g. {"q": "runway", "limit": 5}; a list may be an array (sent comma-separated)'),
      body: z.record(z.string(), z.unknown()).optional().describe('JSON body, for POST only'),
      fields: z.array(z.string().min(1).max(200)).min(1).max(50).optional().describe('Keep only these members of each record; dotted names reach inside, e.g. ["number", "articles.headline"]'),
      max_items: z.number().int().min(1).max(100).optional().describe('Return at most this many records (the rest is reported as truncated with a next call)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  }, (args) =>
    metered(ctx, 'call_api', { method: args.method, path: args.path.split('?')[0] }, async () =>
      callResult(args.method, args.path, await callApi(args, ctx, RESULT_BUDGET))));

  return server;
}
