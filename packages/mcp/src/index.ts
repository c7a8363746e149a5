/**
 * @module @listings/mcp
 * A Model Context Protocol server of the Listings API (docs/mcp.md): searches, jobs, comps
 * batches and watches as typed tools for AI agents, over stdio (`runStdio`) or the protocol's
 * streamable HTTP transport on a loopback address (`serveHttp`), on the official TypeScript
 * SDK of the protocol and on `@listings/sdk` underneath. `listings mcp` (packages/cli) runs it.
 */
export { createMcpServer, toolError, DEFAULT_BASE_URL, SERVER_NAME, SERVER_VERSION, type McpServerOptions } from './server.ts';
export { runStdio } from './stdio.ts';
export { serveHttp, MCP_PATH, type HttpOptions, type HttpListening } from './http.ts';
export { TOOLS, MAX_WAIT_SECONDS, DEFAULT_WAIT_SECONDS, type ToolDefinition } from './tools.ts';
