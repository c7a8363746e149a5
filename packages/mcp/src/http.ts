/**
 * @module http
 * The MCP server over the protocol's streamable HTTP transport, on a loopback address only
 * (127.0.0.1 by default) at `/mcp`: one session per `initialize` (the SDK's
 * `StreamableHTTPServerTransport`, a session id in `Mcp-Session-Id`), each with its own
 * server, closed by a DELETE or after 30 idle minutes. As the transport's security advice
 * asks of a local server, a request whose `Host` is not a loopback name, or whose `Origin` is
 * not a loopback page, is refused (403): a web page reached through DNS rebinding cannot
 * drive it. With a `token`, a request without it as
 * a bearer token is refused too (401).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type McpServerOptions } from './server.ts';

export interface HttpOptions extends McpServerOptions {
  /** Port to listen on (0: any free port). */
  port?: number;
  /** A loopback address: 127.0.0.1 (default), ::1 or localhost. */
  host?: string;
  /** Most sessions open at once (default 100); an initialize beyond them is answered 503. */
  maxSessions?: number;
  /** A session no request has used for this long is closed (default 30 minutes); its id then answers 404. */
  sessionIdleMs?: number;
  /**
   * When set, every request must carry `Authorization: Bearer <token>` (401 otherwise), so
   * another program on the machine cannot spend the key's credits through the port.
   */
  token?: string;
}

export interface HttpListening {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  /** Sessions open now. */
  openSessions(): number;
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const MAX_BODY = 4 * 1024 * 1024;

function loopbackName(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/u.test(hostname);
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

class BodyError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BodyError(413, -32600, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BodyError(400, -32700, 'Parse error: the body is not JSON');
  }
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Whether the request carries the bearer token (compared in constant time). */
function authorized(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/iu.exec(req.headers.authorization ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(token));
}

function isInitialize(body: unknown): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

export async function serveHttp(opts: HttpOptions): Promise<HttpListening> {
  const host = opts.host ?? '127.0.0.1';
  if (!loopbackName(host.replace(/^\[|\]$/gu, ''))) throw new TypeError(`the MCP server listens on a loopback address only (127.0.0.1, ::1, localhost), not ${host}`);
  const maxSessions = opts.maxSessions ?? 100;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const lastUsed = new Map<string, number>();
  const idleMs = opts.sessionIdleMs ?? 30 * 60_000;
  // Clients that go away without a DELETE would otherwise hold their sessions (and the cap) for good.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, t] of sessions) if (now - (lastUsed.get(id) ?? 0) > idleMs) void t.close();
  }, Math.min(60_000, idleMs));
  sweep.unref();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostHeader = req.headers.host;
    const h = hostHeader ? hostnameOf(`http://${hostHeader}`) : null;
    if (!h || !loopbackName(h.replace(/^\[|\]$/gu, ''))) return jsonRpcError(res, 403, -32000, 'Forbidden: the Host header must name a loopback address');
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const o = hostnameOf(origin);
      if (!o || !loopbackName(o.replace(/^\[|\]$/gu, ''))) return jsonRpcError(res, 403, -32000, 'Forbidden: the Origin is not a local page');
    }
    if (opts.token && !authorized(req, opts.token)) return jsonRpcError(res, 401, -32000, 'Unauthorized: send Authorization: Bearer <the token of LISTINGS_MCP_TOKEN>', { 'www-authenticate': 'Bearer' });
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) return jsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') {
      const transport = sessions.get(sid);
      if (!transport) return jsonRpcError(res, 404, -32001, 'Session not found: initialize a new session');
      lastUsed.set(sid, Date.now());
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitialize(body)) return jsonRpcError(res, 400, -32000, 'Bad Request: no session: send an initialize request (with its params) first, then its Mcp-Session-Id on every request');
    if (sessions.size >= maxSessions) return jsonRpcError(res, 503, -32000, 'Too many open sessions: close one (DELETE) and retry', { 'retry-after': '5' });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        lastUsed.set(id, Date.now());
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        sessions.delete(transport.sessionId);
        lastUsed.delete(transport.sessionId);
      }
    };
    const server = createMcpServer(opts);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof BodyError) jsonRpcError(res, err.status, err.code, err.message);
      else jsonRpcError(res, 500, -32603, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    openSessions: () => sessions.size,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((t) => t.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
