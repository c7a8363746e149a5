/**
 * A Redis connection that ioredis ends for good: it can never work again, so the
 * process must not say it is healthy. Every connection the code makes is watched
 * (packages/store/src/connections.ts): an end nobody asked for fails `/healthz` of the api and
 * of the worker at once, and the entries' policy (`endProcessWhenConnectionLost`) ends the
 * process with code 1 after a grace in which a probe sees the failure. Connections the code
 * closes itself are not losses. (What made connections end in production, the sentinel race,
 * is in test/multiprocess/sentinel-race.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { connectRedis, endProcessWhenConnectionLost, lostConnectionHealth, whenReady } from '@listings/store';
import { lostConnections, resetLostConnections, TrackedRedis } from '@listings/store/testing';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { createHealthServer, createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A tracked connection ioredis ends by itself: refused, and told not to retry. */
async function endedConnection(name: string): Promise<Redis> {
  const redis = new TrackedRedis({ name }, { host: '127.0.0.1', port: await closedPort(), retryStrategy: () => null, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => redis.once('end', () => resolve()));
  return redis;
}

let stack: Stack;
let worker: WorkerHandle;
let health: ReturnType<typeof createHealthServer>;
let workerUrl: string;

beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true });
  const metrics = createWorkerMetrics(['mkt_a']);
  worker = await startWorker({ ...stack.config, workerMarketplaces: ['mkt_a'] }, TEST_MARKETPLACES, { logger: pino({ level: 'silent' }), onRun: metrics.onRun });
  health = createHealthServer({ handle: worker, metrics, token: '', draining: () => false });
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  workerUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
});

afterAll(async () => {
  health?.closeAllConnections();
  health?.close();
  await worker?.close();
  await stack?.close();
  resetLostConnections();
});

beforeEach(() => resetLostConnections());

test('connections the code closes itself (disconnect, quit, a whole worker) are not losses', async () => {
  const a = connectRedis(stack.config.redisUrl, { name: 'closed-by-code' });
  await whenReady(a);
  a.disconnect();
  const b = connectRedis(stack.config.redisUrl, { name: 'quit-by-code', failFast: false });
  await whenReady(b);
  await b.quit();
  const other = await startWorker({ ...stack.config, workerMarketplaces: ['mkt_b'] }, TEST_MARKETPLACES, { logger: pino({ level: 'silent' }) });
  await new Promise((r) => setTimeout(r, 300));
  await other.close();
  await new Promise((r) => setTimeout(r, 300));
  expect(lostConnections()).toEqual([]);
  expect((await fetch(`${workerUrl}/healthz`)).status).toBe(200);
  expect((await stack.get('/healthz', null)).status).toBe(200);
});

test('a connection ended for good fails /healthz of the api and the worker at once, naming it', async () => {
  await endedConnection('listings-worker-mkt_a');
  expect(lostConnections().map((l) => l.name)).toEqual(['listings-worker-mkt_a']);
  const expected = { status: 'unhealthy', reason: 'Redis connection listings-worker-mkt_a ended and will not reconnect' };
  expect(lostConnectionHealth()).toEqual(expected);
  const w = await fetch(`${workerUrl}/healthz`);
  expect(w.status).toBe(503);
  expect(await w.json()).toEqual(expected);
  const a = await stack.get('/healthz', null);
  expect(a.status).toBe(503);
  expect(await a.json()).toEqual(expected);
});

test('the process ends with code 1 once the grace is over, /healthz failing all along', async () => {
  const exits: Array<{ code: number; healthAt: number }> = [];
  const logged: string[] = [];
  let healthStatus = 0;
  const stop = endProcessWhenConnectionLost((lost) => logged.push(lost.name), {
    graceMs: 300,
    exit: (code) => exits.push({ code, healthAt: healthStatus }),
  });
  try {
    await endedConnection('listings-api');
    await endedConnection('listings-api-sub'); // a second loss during the grace: one exit
    expect(logged).toEqual(['listings-api', 'listings-api-sub']);
    expect(exits).toEqual([]);
    healthStatus = (await fetch(`${workerUrl}/healthz`)).status;
    expect(healthStatus).toBe(503);
    await new Promise((r) => setTimeout(r, 600));
    expect(exits).toEqual([{ code: 1, healthAt: 503 }]);
  } finally {
    stop();
  }
});
