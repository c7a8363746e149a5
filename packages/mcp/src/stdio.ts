/**
 * @module stdio
 * The MCP server over stdio (what desktop clients start as a child process): JSON-RPC
 * messages one a line on stdin and stdout; nothing else is written to stdout. It ends when
 * stdin ends (the client closed it or went away).
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './server.ts';

export async function runStdio(opts: McpServerOptions, stdin: Readable = process.stdin, stdout: Writable = process.stdout): Promise<void> {
  const server = createMcpServer(opts);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const end = (): void => {
    void server.close();
  };
  stdin.once('end', end);
  stdin.once('close', end);
  await server.connect(new StdioServerTransport(stdin, stdout));
  await closed;
  stdin.off('end', end);
  stdin.off('close', end);
}
