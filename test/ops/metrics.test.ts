/**
 * Metrics and health, in one process over real HTTP and Redis: the api's `/metrics` (request
 * histogram by route template and status, submit outcomes for the cache hit ratio, fleet
 * gauges read from Redis), its bearer token, `/readyz`; the worker's health server and run
 * metrics by marketplace, outcome and error code.
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { createHealthServer, createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { startStack, settle, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const got = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/gu)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('api /metrics', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Every scrape reads the fleet figures afresh (they change between this test's scrapes);
    // how scrapes share a read is test/ops/metrics-load.test.ts.
    stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true, env: { SANDBOX_UPSTREAM_DAILY_LIMITS: 'mkt_a=50', QUEUE_FULL_THRESHOLDS: 'mkt_b=7', METRICS_READ_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('requests by route template and status, submit outcomes, fleet gauges', async () => {
    const { key } = await stack.newKey();
    // No worker yet: this collection waits in its queue.
    expect((await stack.get('/v1/mkt_b/sold?q=waiting+one', key)).status).toBe(202);
    const before = await (await stack.get('/metrics', null)).text();
    expect(sample(before, 'listings_queue_jobs', { marketplace: 'mkt_b', state: 'waiting' })).toBe(1);
    expect(sample(before, 'listings_queue_oldest_waiting_seconds', { marketplace: 'mkt_b' })).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'listings_queue_oldest_waiting_seconds', { marketplace: 'mkt_c' })).toBe(0);
    expect(sample(before, 'listings_collections_open', { marketplace: 'mkt_b', mode: 'sandbox' })).toBe(1);

    await stack.startWorker();
    const miss = await stack.get('/v1/mkt_a/sold?q=metrics+lamp', key);
    expect(miss.status).toBe(202);
    const { request_id: id } = (await miss.json()) as { request_id: string };
    expect(await settle(stack, key, id)).toMatchObject({ status: 'complete' });
    expect((await stack.get('/v1/mkt_a/sold?q=metrics+lamp', key)).status).toBe(200);
    expect((await stack.get('/v1/mkt_a/sold?q=metrics+lamp', key)).status).toBe(200);
    expect((await stack.get('/v1/jobs/req_nope', key)).status).toBe(404);
    expect((await stack.get('/no/such/path', key)).status).toBe(404);

    const r = await stack.get('/metrics', null);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/u);
    expect(r.headers.get('ratelimit')).toBeNull(); // outside customer auth and the rate limit
    const text = await r.text();
    const count = (route: string, status: string): number | null => sample(text, 'listings_http_request_duration_seconds_count', { method: 'GET', route, status });
    expect(count('/v1/mkt_a/sold', '202')).toBe(1);
    expect(count('/v1/mkt_b/sold', '202')).toBe(1);
    expect(count('/v1/mkt_a/sold', '200')).toBe(2);
    expect(count('/v1/jobs/:id', '404')).toBe(1);
    expect(count('/v1/jobs/:id', '200')).toBeGreaterThanOrEqual(1);
    expect(count('unmatched', '404')).toBe(1);
    expect(text).not.toMatch(/route="\/v1\/jobs\/req_/u);
    expect(sample(text, 'listings_search_submits_total', { marketplace: 'mkt_a', mode: 'sandbox', outcome: 'miss' })).toBe(1);
    expect(sample(text, 'listings_search_submits_total', { marketplace: 'mkt_a', mode: 'sandbox', outcome: 'hit' })).toBe(2);
    expect(sample(text, 'listings_collections_open', { marketplace: 'mkt_a', mode: 'sandbox' })).toBe(0);
    expect(sample(text, 'listings_queue_jobs', { marketplace: 'mkt_a', state: 'waiting' })).toBe(0);
    expect(sample(text, 'listings_queue_full_threshold', { marketplace: 'mkt_b' })).toBe(7);
    expect(sample(text, 'listings_upstream_fetches_today', { marketplace: 'mkt_a', mode: 'sandbox' })).toBe(1);
    expect(sample(text, 'listings_upstream_daily_limit', { marketplace: 'mkt_a', mode: 'sandbox' })).toBe(50);
    expect(sample(text, 'listings_upstream_daily_limit', { marketplace: 'mkt_b', mode: 'sandbox' })).toBeNull();
    expect(text).toMatch(/^listings_api_process_cpu_seconds_total/mu);
  });

  test('/healthz and /readyz answer without a key', async () => {
    expect((await stack.get('/healthz', null)).status).toBe(200);
    const ready = await stack.get('/readyz', null);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

test('METRICS_TOKEN: /metrics needs it as a bearer token', async () => {
  const stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true, env: { METRICS_TOKEN: 'scrape-secret-1' } });
  try {
    const none = await stack.get('/metrics', null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/u);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    expect((await stack.get('/metrics', null, { authorization: 'Bearer scrape-secret-2' })).status).toBe(401);
    const ok = await stack.get('/metrics', null, { authorization: 'Bearer scrape-secret-1' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/listings_http_request_duration_seconds/u);
  } finally {
    await stack.close();
  }
});

describe('worker health and metrics', () => {
  let stack: Stack;
  let worker: WorkerHandle;
  let url: string;
  let server: ReturnType<typeof createHealthServer>;
  let draining = false;
  beforeAll(async () => {
    stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true, env: { JOB_ATTEMPTS: '2', METRICS_TOKEN: 'w-token' } });
    const metrics = createWorkerMetrics(['mkt_a', 'mkt_b']);
    worker = await startWorker({ ...stack.config, workerMarketplaces: ['mkt_a', 'mkt_b'] }, TEST_MARKETPLACES, { logger: pino({ level: 'silent' }), onRun: metrics.onRun });
    metrics.attach(worker.store);
    server = createHealthServer({ handle: worker, metrics, token: 'w-token', draining: () => draining });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await worker?.close();
    await stack?.close();
  });

  test('runs by marketplace, outcome and error code', async () => {
    const { key } = await stack.newKey();
    const ok = (await (await stack.get('/v1/mkt_a/sold?q=worker+ok', key)).json()) as { request_id: string };
    expect(await settle(stack, key, ok.request_id)).toMatchObject({ status: 'complete' });
    stack.sim.setFaults('mkt_b', { fault: 'bot_wall' });
    const blocked = (await (await stack.get('/v1/mkt_b/sold?q=worker+blocked', key)).json()) as { request_id: string };
    expect(await settle(stack, key, blocked.request_id)).toMatchObject({ status: 'failed', error: { code: 'upstream_blocked' } });
    stack.sim.setFaults('mkt_b', { fault: 'none' });
    await new Promise((r) => setTimeout(r, 100)); // the failed run's code is read back from Redis

    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer w-token' } })).text();
    expect(sample(text, 'listings_collection_runs_total', { marketplace: 'mkt_a', outcome: 'complete', code: '' })).toBe(1);
    expect(sample(text, 'listings_collection_runs_total', { marketplace: 'mkt_b', outcome: 'retry', code: 'upstream_blocked' })).toBe(1);
    expect(sample(text, 'listings_collection_runs_total', { marketplace: 'mkt_b', outcome: 'failed', code: 'upstream_blocked' })).toBe(1);
    expect(sample(text, 'listings_collection_run_seconds_count', { marketplace: 'mkt_a', outcome: 'complete', code: '' })).toBe(1);
    expect(text).toMatch(/serves="mkt_a,mkt_b"/u);
  });

  test('/healthz alive; /readyz ready while attached, 503 while draining', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    draining = true;
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
    draining = false;
  });
});
