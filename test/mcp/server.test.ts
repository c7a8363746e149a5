/**
 * The MCP server in this process (packages/mcp/src/server.ts), linked to the protocol SDK's
 * client in memory, on an SDK whose fetch answers as the API would: what reaches an answer
 * and what never does. The words of a result (a query about a ring bearer) are shown as they
 * are; an error message quoting a key or a URL's credentials is scrubbed; the CSV link of a
 * batch carries no credentials of LISTINGS_API_URL.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RESULT_EXAMPLES } from '@listings/contract';
import { createMcpServer, linkBase } from '../../packages/mcp/src/server.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req_srv' } });
}

const seen: string[] = [];
const bodies: unknown[] = [];
let slowPolls = 0;
const fakeApi: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const url = new URL(req.url);
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  if (req.method === 'POST') bodies.push(await req.json());
  if (url.pathname === '/v1/mkt_a/sold') {
    // The contract's example result of the route (whatever fields the contract has now), without rows.
    return json(200, {
      request_id: 'req_ring', status: 'complete', credits: 1, cached: true,
      result: { ...RESULT_EXAMPLES['mkt_a/sold'], query: url.searchParams.get('q'), page_size: 0, count: 0, reported_total: 0, next_page: null, data: [] },
    });
  }
  if (url.pathname === '/v1/mkt_b/sold') return json(202, { request_id: 'req_slow', status: 'pending', credits: 0, cached: false, poll_url: '/v1/jobs/req_slow' });
  if (url.pathname === '/v1/jobs/req_slow') {
    slowPolls++;
    if (slowPolls < 3) return json(200, { request_id: 'req_slow', status: 'pending', credits: 0, cached: false, poll_url: '/v1/jobs/req_slow' });
    return json(200, { request_id: 'req_slow', status: 'failed', credits: 0, cached: false, error: { code: 'upstream_timeout', message: 'The marketplace did not answer in time.' } });
  }
  if (url.pathname === '/v1/jobs/req_leaky') return json(404, { error: { code: 'request_not_found', message: 'no job for lk_sandbox_SecretKey123 at https://user:hunter2@api.example/v1' } });
  if (url.pathname === '/v1/batches') {
    return json(200, { batch_id: 'bat_1', status: 'complete', created_at: '2026-11-27T12:00:00.000+00:00', counts: { pending: 0, complete: 0, failed: 0, rejected: 1 }, credits: 0, items: [{ index: 0, endpoint: 'mkt_a/sold', q: 'x', request_id: null, status: 'rejected', cached: false, credits: 0, error: { code: 'quota_exceeded', message: 'Allowance used up.' } }] });
  }
  return json(404, { error: { code: 'not_found', message: 'nothing here' } });
};

let client: Client;
beforeAll(async () => {
  const server = createMcpServer({ apiKey: 'lk_sandbox_SecretKey123', baseUrl: 'http://api.example:8080/v1', fetch: fakeApi });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  client = new Client({ name: 'in-memory', version: '1' });
  await client.connect(b);
  await client.listTools();
});
afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

test('a result\'s words are shown as they are (a query about a ring bearer is not a credential)', async () => {
  const r = await call('search_mkt_a_sold', { q: 'ring bearer pillow' });
  expect(r.isError).toBeFalsy();
  expect((r.content[0] as { text: string }).text).toMatch(/^mkt_a\/sold "ring bearer pillow" page 1: 0 rows/u);
  expect((r.content[0] as { text: string }).text).toContain('This is the last page.');
  expect(seen).toContain('GET /v1/mkt_a/sold?q=ring%20bearer%20pillow');
});

test('an error message quoting a key or a URL\'s password is scrubbed', async () => {
  const r = await call('get_job', { request_id: 'req_leaky', wait_seconds: 0 });
  expect(r.isError).toBe(true);
  const text = (r.content[0] as { text: string }).text;
  expect(text).toMatch(/^API error 404 request_not_found: no job for lk_\[redacted\] at https:\/\/\[redacted\]@api\.example\/v1$/u);
  expect(text).not.toContain('SecretKey123');
  expect(text).not.toContain('hunter2');
});

test('a batch answers its CSV link on the host root; a rejected item says why', async () => {
  const r = await call('comps', { q: 'x', routes: ['mkt_a/sold'], wait_seconds: 0 });
  expect(r.structuredContent).toMatchObject({ batch_id: 'bat_1', csv_url: 'http://api.example:8080/v1/batches/bat_1?format=csv' });
  expect((r.content[0] as { text: string }).text).toContain('#0 mkt_a/sold "x": rejected, quota_exceeded: Allowance used up. (0 credits).');
});

test('comps sends one search per route: the price bounds as defaults, mkt_a pages to mkt_a alone, the ZIP to mkt_e alone', async () => {
  bodies.length = 0;
  await call('comps', { q: 'couch', routes: ['mkt_a/listings', 'mkt_d/listings', 'mkt_e/listings'], min_price: 50, max_price: 900, mkt_a_pages: 2, zip: '94103', wait_seconds: 0 });
  expect(bodies).toEqual([{
    defaults: { q: 'couch', min_price: 50, max_price: 900 },
    searches: [{ endpoint: 'mkt_a/listings', pages: 2 }, { endpoint: 'mkt_d/listings' }, { endpoint: 'mkt_e/listings', zip: '94103' }],
  }]);
  const bad = await call('comps', { q: 'couch', zip: '941' });
  expect((bad.content[0] as { text: string }).text).toMatch(/^invalid_arguments: .*zip/u);
});

test('a client that asks for progress hears of each poll while it waits (seconds waited, rising, of wait_seconds)', async () => {
  const heard: Array<{ progress: number; total?: number; message?: string }> = [];
  const r = (await client.callTool({ name: 'search_mkt_b_sold', arguments: { q: 'slow', wait_seconds: 30 } }, undefined, { onprogress: (p) => { heard.push(p); } })) as CallToolResult;
  expect(r.isError).toBe(true);
  expect((r.content[0] as { text: string }).text).toBe('Search req_slow failed: upstream_timeout: The marketplace did not answer in time. Nothing was charged (0 credits).');
  expect(seen.filter((x) => x.startsWith('GET /v1/jobs/req_slow'))).toEqual(['GET /v1/jobs/req_slow?wait=10', 'GET /v1/jobs/req_slow?wait=10', 'GET /v1/jobs/req_slow?wait=10']);
  expect(heard).toHaveLength(3);
  expect(heard.every((p) => p.total === 30 && p.message === 'search req_slow pending')).toBe(true);
  expect(heard[1]!.progress).toBeGreaterThan(heard[0]!.progress);
  expect(heard[2]!.progress).toBeGreaterThan(heard[1]!.progress);
});

test('credentials in LISTINGS_API_URL: fetch refuses such a URL, and neither the error nor a link shows them', async () => {
  expect(linkBase('http://u:p@h:1/v1/?x=1#y')).toBe('http://h:1');
  expect(linkBase('not a url lk_sandbox_abc')).toBe('not a url lk_[redacted]');
  const server = createMcpServer({ apiKey: 'lk_sandbox_x', baseUrl: 'http://user:hunter2@api.example:8080', fetch: fakeApi });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const c = new Client({ name: 'in-memory', version: '1' });
  await c.connect(b);
  const r = (await c.callTool({ name: 'get_job', arguments: { request_id: 'req_1', wait_seconds: 0 } })) as CallToolResult;
  expect(r.isError).toBe(true);
  expect((r.content[0] as { text: string }).text).toMatch(/^service_unreachable: /u);
  expect(JSON.stringify(r)).not.toContain('hunter2');
  await c.close();
});

test('with --text-json the answer\'s JSON follows the summary as a second text block', async () => {
  const server = createMcpServer({ apiKey: 'lk_sandbox_x', baseUrl: 'http://api.example', fetch: fakeApi, textJson: true });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const c = new Client({ name: 'in-memory', version: '1' });
  await c.connect(b);
  const r = (await c.callTool({ name: 'search_mkt_a_sold', arguments: { q: 'lamp' } })) as CallToolResult;
  expect(r.content).toHaveLength(2);
  expect(JSON.parse((r.content[1] as { text: string }).text)).toEqual(r.structuredContent);
  await c.close();
});

test('over HTTP, a session no request uses is closed after the idle time: its id then answers 404', async () => {
  const { serveHttp } = await import('../../packages/mcp/src/http.ts');
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const http = await serveHttp({ apiKey: 'lk_sandbox_x', baseUrl: 'http://api.example', fetch: fakeApi, sessionIdleMs: 2000 });
  try {
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const c = new Client({ name: 'idle', version: '1' });
    await c.connect(transport);
    const sid = transport.sessionId!;
    const list = (): Promise<Response> => fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) });
    const first = await list();
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    expect(http.openSessions()).toBe(1);
    for (const deadline = Date.now() + 10_000; http.openSessions() > 0;) {
      if (Date.now() > deadline) throw new Error('the idle session was never closed');
      await new Promise((r) => setTimeout(r, 50));
    }
    const gone = await list();
    const status = gone.status;
    await gone.arrayBuffer();
    expect(status).toBe(404);
    await c.close().catch(() => undefined);
  } finally {
    await http.close();
  }
});
