/**
 * The MCP server (`listings mcp`, packages/mcp) run as the binary, over stdio and over the
 * streamable HTTP transport, driven by the protocol SDK's own client against the whole local
 * service (api, worker, simulators on Redis) with a sandbox key: the tools listed with the
 * contract's schemas and their credit costs, each tool called (the client checks every
 * structured answer against the tool's output schema), the API's refusals as tool errors with
 * the API's code and message, credits charged exactly as the API charges them (the account's
 * charges read from the store), and the key in no answer.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PARAM_TABLES, ROUTES } from '@listings/contract';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { ProcessGroup, ROOT, type Proc } from '../support/processes.ts';
import { startStack, type Stack } from '../support/stack.ts';

const BIN_DIR = join(ROOT, 'node_modules/.bin');
const LISTINGS = join(BIN_DIR, 'listings');
const LISTINGS_JS = join(ROOT, 'packages/cli/bin/listings.js');

let stack: Stack;
let account: string;
let key: string;
const clients: Client[] = [];
const group = new ProcessGroup();
/** Every answer any client got, to look for the key in. */
const seen: unknown[] = [];

beforeAll(async () => {
  // A generous upstream timeout: a simulator answering late on a loaded machine must not fail a search these tests expect complete.
  stack = await startStack({ env: { HTTP_TIMEOUT_MS: '15000', WATCH_SANDBOX_MIN_SECONDS: '60' }, modules: [registerBatchRoutes, registerWatchRoutes] });
  ({ account, key } = await stack.newKey({ plan: 'scale' }));
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await group.stopAll();
  await stack?.close();
});
afterEach(() => {
  stack.sim.setFaults('mkt_a', { fault: 'none', latencyMs: 0 });
});

function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  // PATH first: `#!/usr/bin/env node` finds the project's Node 24, as under `npx listings`.
  return { PATH: `${BIN_DIR}:${process.env.PATH}`, HOME: process.env.HOME ?? '', LISTINGS_API_KEY: key, LISTINGS_API_URL: stack.url, ...extra };
}

async function stdioClient(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'listings-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: LISTINGS, args: ['mcp'], env: childEnv(env), stderr: 'pipe' }));
  clients.push(client);
  // The client checks each structured answer against the output schema of a tool it has listed.
  await client.listTools();
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 })) as CallToolResult;
  seen.push(r);
  return r;
}

function textOf(r: CallToolResult): string {
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

async function charged(): Promise<number> {
  return (await stack.services.store.usage(account, 'sandbox')).chargedTotal;
}

type Job = { request_id: string; status: string; credits: number; cached: boolean; error?: { code: string }; result?: { data: Array<{ id: string }>; next_page: number | null } };

const SEARCH_TOOLS = ROUTES.map((r) => `search_${r.id.replace('/', '_')}`);
const OTHER_TOOLS = ['get_job', 'comps', 'get_batch', 'create_watch', 'list_watches', 'watch_runs', 'pause_watch', 'resume_watch', 'delete_watch'];

describe('over stdio', () => {
  let client: Client;
  beforeAll(async () => {
    client = await stdioClient();
  }, 60_000);

  test('initialize names the server; tools/list has every tool, the contract\'s input schemas and each cost', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'listings' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...SEARCH_TOOLS, ...OTHER_TOOLS]);
    for (const t of tools) {
      expect(t.description).toMatch(/credit/u);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
    for (const r of ROUTES) {
      const t = tools.find((x) => x.name === `search_${r.id.replace('/', '_')}`)!;
      expect(Object.keys(t.inputSchema.properties!).sort()).toEqual([...PARAM_TABLES[r.id]!.map((p) => p.name), 'wait_seconds', 'idempotency_key'].sort());
      expect(t.inputSchema.required).toEqual(['q']);
      expect(t.description).toMatch(/1 credit when the search completes/u);
    }
    expect(tools.find((t) => t.name === 'get_job')!.description).toMatch(/Free/u);
    // What spends credits is not offered as read-only (a client may run read-only tools without asking).
    for (const t of tools) expect([t.name, t.annotations?.readOnlyHint]).toEqual([t.name, ['get_job', 'get_batch', 'list_watches', 'watch_runs'].includes(t.name)]);
    expect(tools.find((t) => t.name === 'comps')!.description).toMatch(/1 credit for each search of the batch that completes/u);
  });

  test('a search waits for its job: the rows as structured content, a text summary, 1 credit as the API charges', async () => {
    const before = await charged();
    const r = await call(client, 'search_mkt_a_sold', { q: 'iphone 13', condition: ['used'], wait_seconds: 50 });
    expect(r.isError).toBeFalsy();
    const job = r.structuredContent as Job;
    expect(job).toMatchObject({ status: 'complete', credits: 1 });
    expect(job.result!.data.length).toBeGreaterThan(0);
    expect(textOf(r)).toMatch(new RegExp(`^mkt_a/sold "iphone 13" page 1: ${job.result!.data.length} rows`, 'u'));
    expect(textOf(r)).toMatch(/1 credit/u);
    // Each row judged against the query, the items' figures on the result, and said in the text.
    const judged = job.result as unknown as { comps: { basis: string }; data: Array<{ comp_kind: string }> };
    expect(judged.comps.basis).toBe('item');
    expect(judged.data.every((row) => ['item', 'accessory', 'lot', 'parts', 'other'].includes(row.comp_kind))).toBe(true);
    expect(textOf(r)).toMatch(/^Items \(rows judged the product itself\): \d+ priced, median \$/mu);
    expect(await charged()).toBe(before + 1);
    // The same page again is a cache hit, which the API charges too.
    const again = await call(client, 'search_mkt_a_sold', { q: 'iphone 13', condition: ['used'], wait_seconds: 50 });
    expect(again.structuredContent).toMatchObject({ status: 'complete', cached: true, credits: 1 });
    expect(textOf(again)).toMatch(/\(cache hit\)/u);
    expect(await charged()).toBe(before + 2);
  }, 120_000);

  test('the same idempotency_key twice is one search, charged once', async () => {
    const before = await charged();
    const args = { q: 'nintendo switch oled', idempotency_key: `mcp-${Date.now()}`, wait_seconds: 50 };
    const a = (await call(client, 'search_mkt_c_sold', args)).structuredContent as Job;
    const b = (await call(client, 'search_mkt_c_sold', args)).structuredContent as Job;
    expect(b.request_id).toBe(a.request_id);
    expect(a.status).toBe('complete');
    expect(await charged()).toBe(before + 1);
  }, 120_000);

  test('wait_seconds 0 answers the pending job for free; get_job settles it and the charge is the search\'s 1 credit', async () => {
    const before = await charged();
    const r = await call(client, 'search_mkt_d_listings', { q: `carhartt jacket ${Date.now()}`, wait_seconds: 0 });
    const pending = r.structuredContent as Job;
    expect(pending).toMatchObject({ status: 'pending', credits: 0 });
    expect(textOf(r)).toContain(`get_job {"request_id": "${pending.request_id}"}`);
    const polled = await call(client, 'get_job', { request_id: pending.request_id, wait_seconds: 50 });
    expect(polled.structuredContent).toMatchObject({ request_id: pending.request_id, status: 'complete', credits: 1 });
    expect(await charged()).toBe(before + 1);
    // Polling again is free.
    await call(client, 'get_job', { request_id: pending.request_id, wait_seconds: 0 });
    expect(await charged()).toBe(before + 1);
  }, 120_000);

  test('a 4xx of the API is a tool error with its code, message and param; nothing is charged', async () => {
    const before = await charged();
    const r = await call(client, 'search_mkt_a_sold', { q: 'iphone', min_price: 10, max_price: 5 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toBeUndefined();
    expect(textOf(r)).toMatch(/^API error 422 unsupported_or_invalid_query: .+\(param: min_price\)$/u);
    const unknown = await call(client, 'get_job', { request_id: 'req_0000000000000000000000' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^API error 404 request_not_found: /u);
    expect(await charged()).toBe(before);
  });

  test('arguments outside the input schema are a tool error before any call; an unknown tool a protocol error', async () => {
    const before = await charged();
    const r = await call(client, 'search_mkt_a_sold', { q: 'iphone', condition: ['mint'] });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^invalid_arguments: .*nothing charged/u);
    const missing = await call(client, 'comps', {});
    expect(textOf(missing)).toMatch(/^invalid_arguments: .*q/u);
    await expect(client.callTool({ name: 'search_mkt_z_sold', arguments: { q: 'x' } })).rejects.toMatchObject({ code: -32602 });
    await expect(client.callTool({ name: 'search_mkt_z_sold', arguments: { q: 'x' } })).rejects.toBeInstanceOf(McpError);
    expect(await charged()).toBe(before);
  });

  test('a search that fails is a tool error with the failed job (its code, 0 credits)', async () => {
    stack.sim.setFaults('mkt_a', { fault: 'bot_wall', latencyMs: 0 });
    const before = await charged();
    const r = await call(client, 'search_mkt_a_listings', { q: `walled ${Date.now()}`, wait_seconds: 50 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ status: 'failed', credits: 0, error: { code: 'upstream_blocked' } });
    expect(textOf(r)).toMatch(/failed: upstream_blocked: .*Nothing was charged/u);
    expect(await charged()).toBe(before);
  }, 120_000);

  test('comps runs one batch across the sold routes: each item\'s figures, 1 credit per complete search, the CSV link; get_batch is free', async () => {
    const before = await charged();
    const r = await call(client, 'comps', { q: 'leica m6', mkt_a_pages: 2, wait_seconds: 50 });
    expect(r.isError).toBeFalsy();
    const batch = r.structuredContent as { batch_id: string; status: string; credits: number; csv_url: string; items: Array<{ endpoint: string; status: string; credits: number; error?: { code: string }; summary?: { median: number | null } }> };
    expect(batch.status).toBe('complete');
    expect(batch.items.map((i) => [i.endpoint, i.status, i.error?.code])).toEqual([['mkt_a/sold', 'complete', undefined], ['mkt_a/sold', 'complete', undefined], ['mkt_b/sold', 'complete', undefined], ['mkt_c/sold', 'complete', undefined]]);
    expect(batch.credits).toBe(4);
    expect(batch.items[0]!.summary).toEqual(expect.objectContaining({ currency: 'USD' }));
    // Every complete item carries the items' figures (comps), every marketplace; the text says them.
    for (const item of batch.items as Array<{ comps?: { basis: string; price: { count: number } } }>) expect(item.comps).toMatchObject({ basis: 'item', price: { count: expect.any(Number) } });
    expect(textOf(r).split('\n').filter((l) => /^#\d .*: complete, .* Items \(rows judged the product itself\): /u.test(l))).toHaveLength(4);
    expect(await charged()).toBe(before + 4);
    expect(textOf(r)).toMatch(/^Batch bat_\S+ complete: 4 complete, 0 failed, 0 rejected, 0 pending; 4 credits\./u);
    expect(batch.csv_url).toBe(`${stack.url}/v1/batches/${batch.batch_id}?format=csv`);
    const csv = await fetch(batch.csv_url, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/u);
    await csv.arrayBuffer();

    const status = await call(client, 'get_batch', { batch_id: batch.batch_id, include_rows: true });
    const withRows = status.structuredContent as { items: Array<{ result?: { data: unknown[] } }> };
    expect(withRows.items.every((i) => (i.result?.data.length ?? 0) > 0)).toBe(true);
    expect(await charged()).toBe(before + 4);
    const missing = await call(client, 'get_batch', { batch_id: 'bat_0000000000000000000000' });
    expect(textOf(missing)).toMatch(/^API error 404 /u);
  }, 120_000);

  test('watches: create, list, runs (a run charged 1 credit), pause, resume, delete; a refused create is a tool error', async () => {
    const { account: watcher, key: watcherKey } = await stack.newKey({ plan: 'scale' });
    const wc = await stdioClient({ LISTINGS_API_KEY: watcherKey });
    const created = await call(wc, 'create_watch', { search: { endpoint: 'mkt_a/listings', q: 'leica m6' }, schedule: { every_seconds: 3600 }, rules: { max_price: 3000 }, name: 'cheap leicas' });
    expect(created.isError).toBeFalsy();
    const watch = created.structuredContent as { id: string; status: string };
    expect(watch.status).toBe('active');
    expect(textOf(created)).toMatch(new RegExp(`^Watch ${watch.id} created: mkt_a/listings "leica m6" every 3600 s, active`, 'u'));
    const list = await call(wc, 'list_watches');
    expect((list.structuredContent as { data: Array<{ id: string }> }).data.map((w) => w.id)).toEqual([watch.id]);
    let runs: Array<{ status: string; credits: number }> = [];
    for (const deadline = Date.now() + 60_000; !runs.some((x) => x.status === 'complete');) {
      if (Date.now() > deadline) throw new Error('no complete run');
      await new Promise((r) => setTimeout(r, 300));
      runs = (((await call(wc, 'watch_runs', { watch_id: watch.id })).structuredContent) as { data: typeof runs }).data;
    }
    expect(runs.find((x) => x.status === 'complete')).toMatchObject({ credits: 1 });
    expect((await stack.services.store.usage(watcher, 'sandbox')).chargedTotal).toBe(1);
    expect((await call(wc, 'pause_watch', { watch_id: watch.id })).structuredContent).toMatchObject({ status: 'paused' });
    expect((await call(wc, 'resume_watch', { watch_id: watch.id })).structuredContent).toMatchObject({ status: 'active' });
    expect((await call(wc, 'delete_watch', { watch_id: watch.id })).structuredContent).toEqual({ deleted: true, watch_id: watch.id });
    expect((await call(wc, 'list_watches')).structuredContent).toEqual({ data: [] });
    const gone = await call(wc, 'pause_watch', { watch_id: watch.id });
    expect(textOf(gone)).toMatch(/^API error 404 not_found: /u);
    const refused = await call(wc, 'create_watch', { search: { endpoint: 'mkt_a/listings', q: 'x' }, schedule: { every_seconds: 10 } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^API error 422 unsupported_or_invalid_query: .*\(param: schedule\.every_seconds\)/u);
  }, 120_000);

  test('a wrong key is a tool error 401 invalid_api_key, and no answer carries a key', async () => {
    const wrong = await stdioClient({ LISTINGS_API_KEY: 'lk_sandbox_WrongKey0000000000000000' });
    const r = await call(wrong, 'list_watches');
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^API error 401 invalid_api_key: /u);
    const all = JSON.stringify(seen);
    expect(all).not.toContain(key);
    expect(all).not.toContain('WrongKey');
    expect(all).not.toMatch(/lk_sandbox_[A-Za-z0-9]/u);
  });
});

describe('over streamable HTTP', () => {
  const TOKEN = 'mcp-test-token-7f3a';
  const auth = { authorization: `Bearer ${TOKEN}` };
  let proc: Proc;
  let url: string;
  beforeAll(async () => {
    proc = group.spawn('listings mcp --http', LISTINGS_JS, { args: ['mcp', '--http', '--port', '0'], env: childEnv({ LISTINGS_MCP_TOKEN: TOKEN }) });
    url = (await proc.waitForOutput(/streamable HTTP on (http:\/\/127\.0\.0\.1:\d+\/mcp) \(requests need the bearer token/u, 30_000))[1]!;
  });

  test('a session lists the tools and runs a search and its poll, charged as the API charges', async () => {
    await group.explained(async () => {
      const client = new Client({ name: 'listings-test-http', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: auth } });
      await client.connect(transport);
      clients.push(client);
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/u);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...SEARCH_TOOLS, ...OTHER_TOOLS]);
      const before = await charged();
      const r = await call(client, 'search_mkt_b_sold', { q: `nike dunk ${Date.now()}`, condition: 'nwt', wait_seconds: 0 });
      const job = r.structuredContent as Job;
      expect(job.status).toBe('pending');
      const done = await call(client, 'get_job', { request_id: job.request_id, wait_seconds: 50 });
      expect(done.structuredContent).toMatchObject({ status: 'complete', credits: 1 });
      expect(await charged()).toBe(before + 1);
      const refused = await call(client, 'search_mkt_e_listings', { q: 'couch' });
      expect(textOf(refused)).toMatch(/^API error 422 unsupported_or_invalid_query: /u);
      await transport.terminateSession();
      await client.close();
    });
  }, 120_000);

  test('without LISTINGS_MCP_TOKEN as a bearer token a request is refused 401, with a wrong one too', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(init) });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      expect(await r.json()).toMatchObject({ error: { message: expect.stringMatching(/^Unauthorized/u) } });
    }
    const client = new Client({ name: 'no-token', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(url)))).rejects.toThrow();
  });

  test('it answers loopback names only: another Host or a web page\'s Origin is refused 403; an unknown session 404', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>, body: unknown = init): Promise<Response> => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth, ...headers }, body: JSON.stringify(body) });
    const { port } = new URL(url);
    const { request } = await import('node:http');
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: `evil.example:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end(JSON.stringify(init));
    });
    expect(rebound).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'mcp-session-id': '00000000-0000-0000-0000-000000000000' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(404);
    expect((await post({}, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(400);
    const bad = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth }, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32700 } });
    expect((await fetch(url.replace(/\/mcp$/u, '/other'), { headers: auth })).status).toBe(404);
    expect((await post({ origin: `http://localhost:${port}` })).status).toBe(200);
  });

  test('SIGTERM stops it with exit code 0', async () => {
    await proc.stop('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});
