/**
 * Test helpers for the MCP tool server: the harness's app listening on a real port, the SDK's own
 * client over real HTTP, raw JSON-RPC posts for malformed input, and the quota counter of a user.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { systemCtx } from '../../src/domain/context.js';
import { usedToday } from '../../src/domain/quota.js';
import type { CallResult } from '../../src/mcp/budget.js';
import { startHarness, type Harness } from '../helpers/harness.js';

/** A harness whose app listens on 127.0.0.1 (a free port), with the base URL. */
export interface LiveHarness extends Harness {
  baseUrl: string;
  mcpUrl: URL;
}

/** Starts the harness and listens on a real port, so the SDK client speaks real HTTP. */
export async function startLive(options: { sample?: boolean } = {}): Promise<LiveHarness> {
  const h = await startHarness(options);
  const baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  return Object.assign(h, { baseUrl, mcpUrl: new URL('/api/mcp', baseUrl) });
}

/** Connects the SDK client (initialize + initialized) with these request headers. */
export async function connect(h: LiveHarness, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'airport-intel-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(h.mcpUrl, { requestInit: { headers } }));
  return client;
}

/** Calls a tool and returns the result (never throws for a tool error). */
export const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** The structured content of a call_api result. */
export const structured = (result: CallToolResult): CallResult => result.structuredContent as CallResult;

/** The text of the first content block. */
export const textOf = (result: CallToolResult): string => {
  const block = result.content[0];
  return block && block.type === 'text' ? block.text : '';
};

/** POSTs a raw body to /api/mcp with the headers a Streamable HTTP client sends. */
export async function postRaw(h: LiveHarness, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(h.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
}

/** Units a user's (only) API key has used today, from usage_counters. */
export async function unitsUsed(h: Harness, userId: string): Promise<number> {
  const key = await h.database.db.selectFrom('api_keys').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return usedToday(systemCtx(h.database.db, h.clock), key.id);
}
