/**
 * @module server
 * The MCP server: the tools of ./tools.ts behind the protocol's `tools/list` and `tools/call`,
 * on the official TypeScript SDK's low-level `Server` (the high-level one takes zod shapes; the
 * tools' schemas are the contract's JSON Schemas, served as they are). A call's arguments are
 * checked against the tool's input schema first (the SDK's own ajv validator); what the API
 * refuses comes back as a tool error (`isError`) carrying the API's error code and message; an
 * unknown tool is a protocol error (-32602). No answer carries the API key: every message goes
 * through the SDK's scrubber.
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Listings, ListingsApiError, ListingsJobError, ListingsNetworkError, type AnyJob, type ListingsOptions } from '@listings/sdk';
import { scrubText } from '@listings/sdk/redact';
import { TOOLS, type ToolAnswer, type ToolDefinition } from './tools.ts';

export const SERVER_NAME = 'listings';
export const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface McpServerOptions {
  /** An API key (`lk_live_…` or `lk_sandbox_…`); never shown in an answer. */
  apiKey: string;
  /** The API's host root (default http://127.0.0.1:8080, what `npm start` serves). */
  baseUrl?: string;
  /**
   * Also send each answer's JSON as a second text block, for clients that show the model the
   * text content only (the protocol's advice for older clients). Default: the summary alone.
   */
  textJson?: boolean;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

const INSTRUCTIONS = [
  'Searches of US marketplace listings through the Listings API: sold and active listings, one source page per search, rows exactly as the marketplace shows them (displayed prices, never verified transaction prices).',
  'Credits: a search costs 1 credit when it completes (a cache hit included), nothing while pending or when it fails; polling (get_job, get_batch) and managing watches are free; comps costs 1 credit per search of its batch that completes; each run of a watch is a search.',
  'A search answered pending is polled with get_job, never searched again. Send the same idempotency_key to retry a call without paying twice.',
].join(' ');

/** The SDK's client for the MCP server: a 429 is waited out briefly once, then answered (the MCP client has its own time limit). */
export function listingsClient(opts: McpServerOptions): Listings {
  const o: ListingsOptions = { apiKey: opts.apiKey, baseUrl: opts.baseUrl ?? DEFAULT_BASE_URL, maxRateLimitWaits: 1, maxWaitSeconds: 5, maxRetries: 2 };
  if (opts.fetch) o.fetch = opts.fetch;
  return new Listings(o);
}

function text(t: string): { type: 'text'; text: string } {
  return { type: 'text', text: t };
}

/** An error's words as they may be shown: no key, no credential of a URL (a message may quote what it was sent). */
function said(t: string): { type: 'text'; text: string } {
  return text(scrubText(t));
}

/** The API's own message of an error (the SDK's message is `<code>: <message>`). */
function apiMessage(err: ListingsApiError): string {
  return err.message.startsWith(`${err.code}: `) ? err.message.slice(err.code.length + 2) : err.message;
}

/** A thrown error as a tool error: the API's status, code and message (and its param, index, Retry-After). */
export function toolError(err: unknown): CallToolResult {
  if (err instanceof ListingsApiError) {
    const extra = [
      err.param !== undefined ? `param: ${err.param}` : '',
      err.index !== undefined ? `search index: ${err.index}` : '',
      err.retryAfter !== undefined ? `retry after ${err.retryAfter} s` : '',
    ].filter(Boolean);
    return { isError: true, content: [said(`API error ${err.status} ${err.code}: ${apiMessage(err)}${extra.length ? ` (${extra.join('; ')})` : ''}`)] };
  }
  if (err instanceof ListingsJobError) {
    return { isError: true, content: [said(`Search ${err.requestId} failed: ${err.message}. Nothing was charged (0 credits).`)] };
  }
  if (err instanceof ListingsNetworkError) {
    return { isError: true, content: [said(`service_unreachable: the Listings API did not answer: ${err.message}`)] };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { isError: true, content: [said(`internal_error: ${message}`)] };
}

function answer(tool: ToolDefinition, a: ToolAnswer, textJson: boolean): CallToolResult {
  // A search that ran and failed is the tool's failure, its job (0 credits, the error code) the structured content.
  const failed = (a.structured as Partial<AnyJob>).status === 'failed' && typeof a.structured.request_id === 'string';
  return {
    ...(failed ? { isError: true } : {}),
    content: [text(a.text), ...(textJson ? [text(JSON.stringify(a.structured))] : [])],
    structuredContent: a.structured,
  };
}

/** The host root for the links an answer gives (a batch's CSV): without a user or password the URL may carry. */
export function linkBase(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/+$/u, '').replace(/\/v1$/u, '');
  } catch {
    return scrubText(baseUrl);
  }
}

/** A new MCP server (one per session or stdio connection) on its own SDK client. */
export function createMcpServer(opts: McpServerOptions): Server {
  if (!opts.apiKey) throw new TypeError('an API key is required (LISTINGS_API_KEY)');
  const sdk = listingsClient(opts);
  const baseUrl = linkBase(opts.baseUrl ?? DEFAULT_BASE_URL);
  const validator = new AjvJsonSchemaValidator();
  const byName = new Map(TOOLS.map((t) => [t.name, { tool: t, check: validator.getValidator(t.inputSchema) }]));
  const server = new Server({ name: SERVER_NAME, title: 'Listings', version: SERVER_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema as never, outputSchema: t.outputSchema as never, annotations: t.annotations })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const entry = byName.get(req.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    const args = req.params.arguments ?? {};
    const checked = entry.check(args);
    if (!checked.valid) return { isError: true, content: [said(`invalid_arguments: ${checked.errorMessage ?? 'the arguments do not match the input schema'} (nothing was sent to the API, nothing charged)`)] };
    try {
      const token = req.params._meta?.progressToken;
      const progress = token === undefined ? undefined : async (done: number, total: number, message: string): Promise<void> => {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } });
      };
      return answer(entry.tool, await entry.tool.run(args, { sdk, baseUrl, signal: extra.signal, ...(progress ? { progress } : {}) }), opts.textJson === true);
    } catch (err) {
      return toolError(err);
    }
  });
  return server;
}
