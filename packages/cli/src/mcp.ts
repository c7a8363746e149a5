/**
 * @module mcp (CLI)
 * `listings mcp`: the MCP server of @listings/mcp (docs/mcp.md) for AI agents, over stdio (what
 * an MCP client's configuration starts), or with `--http` over the protocol's streamable HTTP
 * transport on 127.0.0.1 (`--port`, default 8765; 0 picks a free one), until SIGINT or SIGTERM.
 * The key comes from LISTINGS_API_KEY, the host from LISTINGS_API_URL; with LISTINGS_MCP_TOKEN
 * set, the HTTP server asks every request for it as a bearer token. In stdio mode nothing
 * but protocol messages goes to stdout; the address of the HTTP server goes to stderr.
 * The server is loaded when the command runs, so the other commands never load the protocol SDK.
 */
import { Option, type Command } from 'commander';
import { EXIT, UsageError, type Io } from './main.ts';

export const DEFAULT_MCP_PORT = 8765;

interface McpOpts { http?: boolean; port: string; host: string; textJson?: boolean }

async function mcpCommand(io: Io, o: McpOpts): Promise<number> {
  const apiKey = io.env.LISTINGS_API_KEY;
  if (!apiKey) throw new UsageError('LISTINGS_API_KEY is not set: export your API key (lk_live_… or lk_sandbox_…), or set it in the MCP client\'s "env".');
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port takes a port number from 0 to 65535, not "${o.port}"`);
  const { runStdio, serveHttp } = await import('@listings/mcp');
  const options = { apiKey, baseUrl: io.env.LISTINGS_API_URL || 'http://127.0.0.1:8080', textJson: o.textJson === true };
  if (!o.http) {
    await runStdio(options);
    return EXIT.ok;
  }
  const token = io.env.LISTINGS_MCP_TOKEN || undefined;
  let listening: Awaited<ReturnType<typeof serveHttp>>;
  try {
    listening = await serveHttp({ ...options, port, host: o.host, ...(token ? { token } : {}) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${o.host} is in use: pick another with --port (0: any free port)`);
    if (code === 'EACCES') throw new UsageError(`port ${port} on ${o.host} is not allowed to this user: pick another with --port`);
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`${o.host} is not an address of this machine: use --host 127.0.0.1`);
    throw err;
  }
  io.err.write(`listings mcp: streamable HTTP on ${listening.url}${token ? ' (requests need the bearer token of LISTINGS_MCP_TOKEN)' : ''}\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await listening.close();
  return EXIT.ok;
}

export function registerMcpCommand(program: Command, io: Io, run: (fn: () => Promise<number>) => () => Promise<void>): void {
  program.command('mcp')
    .description('run the MCP server (tools for AI agents: searches, jobs, comps, batches, watches) over stdio, or --http on 127.0.0.1')
    .option('--http', 'serve the streamable HTTP transport instead of stdio')
    .option('--port <n>', 'port of --http (0: any free port)', String(DEFAULT_MCP_PORT))
    .addOption(new Option('--host <address>', 'loopback address of --http').choices(['127.0.0.1', '::1', 'localhost']).default('127.0.0.1'))
    .option('--text-json', 'also send each answer\'s JSON as text, for clients that do not read structured content')
    .action((o: McpOpts) => run(() => mcpCommand(io, o))());
}
