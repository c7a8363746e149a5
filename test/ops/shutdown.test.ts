/**
 * Graceful shutdown on SIGTERM, with real processes on one Redis (simulators in this process):
 * - an api releases a held `wait` poll at once with the job's current state, answers it, exits
 *   0 and accepts no new connection;
 * - a worker stops taking jobs, finishes the collections in hand (they settle, charged once)
 *   and exits 0, answering `/readyz` 503 meanwhile;
 * - a worker whose collections outlast SHUTDOWN_GRACE_MS exits anyway and hands them back:
 *   once their lock lapses another worker runs them, and each is charged once.
 */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { SimulatorServer } from '@listings/marketplaces';
import { connectRedis, createAccounts, createStore, whenReady, type Accounts, type Store } from '@listings/store';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import { startAllSimulators } from '../../scripts/simulators.ts';
import { ProcessGroup, startApiProcess, startWorkerProcess } from '../support/processes.ts';

const group = new ProcessGroup();
const prefix = uniquePrefix('shutdown');
let redis: Redis;
let store: Store;
let accounts: Accounts;
let sim: SimulatorServer;
let env: Record<string, string>;
let api: string;
let queueConn: Redis;
let queue: Queue;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'shutdown-test' });
  await whenReady(redis);
  store = createStore(redis, { prefix });
  accounts = createAccounts(redis, prefix);
  sim = await startAllSimulators();
  env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'warn',
    WORKER_MARKETPLACES: 'mkt_a',
    WORKER_CONCURRENCY: 'mkt_a=2',
    JOB_LOCK_MS: '1500',
    JOB_STALLED_CHECK_MS: '500',
    JOB_BACKOFF_MS: '50',
    HTTP_TIMEOUT_MS: '20000',
  };
  api = (await startApiProcess(group, 'api', env)).url;
  queueConn = connectRedis(testRedisUrl(), { failFast: false, name: 'shutdown-test-queue' });
  queue = new Queue('collect-mkt_a', { connection: queueConn, prefix: `${prefix}bull` });
}, 30_000);

afterAll(async () => {
  await group.stopAll();
  await sim?.close();
  await queue?.close();
  queueConn?.disconnect();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function newKey(): Promise<{ account: string; key: string }> {
  const acct = await accounts.create('shutdown', 'pro');
  return { account: acct.id, key: (await accounts.issueKey(acct.id, 'sandbox')).secret };
}

async function call(base: string, path: string, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Submits `n` distinct searches; resolves with their job ids once all are running. */
async function submitRunning(key: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call(api, `/v1/mkt_a/sold?q=drain+${i}+${randomBytes(4).toString('hex')}`, key);
    expect(r.status).toBe(202);
    ids.push(r.body.request_id as string);
  }
  const collections = await Promise.all(ids.map(async (id) => (await store.getJob(id))!.collectionId!));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const active = new Set((await queue.getActive()).map((j) => j.id));
    if (collections.every((c) => active.has(c))) return ids;
    if (Date.now() > deadline) throw new Error(`these ${n} collections did not all become active`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('api: SIGTERM answers a held wait with the current state, exits 0, refuses new connections', () => group.explained(async () => {
  const own = await startApiProcess(group, 'api-draining', { ...env, SHUTDOWN_GRACE_MS: '15000' });
  const { key } = await newKey();
  // No worker serves mkt_c here: the job stays pending.
  const submitted = await call(own.url, `/v1/mkt_c/sold?q=held+${randomBytes(4).toString('hex')}`, key);
  expect(submitted.status).toBe(202);
  const id = submitted.body.request_id as string;
  const started = Date.now();
  const held = call(own.url, `/v1/jobs/${id}?wait=20`, key);
  await new Promise((r) => setTimeout(r, 300)); // the poll is being held
  own.proc.child.kill('SIGTERM');
  const answer = await held;
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ request_id: id, status: 'pending', credits: 0 });
  // Released by the drain, not by the end of its 20 seconds.
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(await own.proc.exited).toBe(0);
  await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
}));

test('worker: SIGTERM finishes the collections in hand, then exits 0; /readyz 503 meanwhile', () => group.explained(async () => {
  const { account, key } = await newKey();
  // A long lock: on a busy machine a 1.5 s lock can lapse mid-collection, and this test is
  // about finishing, not about taking over.
  const worker = await startWorkerProcess(group, 'worker-finishing', { ...env, JOB_LOCK_MS: '15000' });
  sim.setFaults('mkt_a', { fault: 'none', latencyMs: 1500 });
  try {
    const ids = await submitRunning(key, 2);
    worker.proc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${worker.healthUrl}/readyz`)).status).toBe(503);
    expect(await worker.proc.exited).toBe(0);
    // No other worker exists: the exiting one settled them.
    for (const id of ids) expect((await call(api, `/v1/jobs/${id}`, key)).body).toMatchObject({ status: 'complete', credits: 1 });
    expect(await store.usage(account, 'sandbox')).toMatchObject({ chargedTotal: 2, pending: 0 });
  } finally {
    sim.setFaults('mkt_a', { latencyMs: 0 });
  }
}));

test('worker: past SHUTDOWN_GRACE_MS it exits and hands its collections back; another worker runs them, each charged once', () => group.explained(async () => {
  const { account, key } = await newKey();
  const worker = await startWorkerProcess(group, 'worker-late', { ...env, SHUTDOWN_GRACE_MS: '300' });
  sim.setFaults('mkt_a', { fault: 'none', latencyMs: 3000 });
  let ids: string[];
  try {
    ids = await submitRunning(key, 2);
    worker.proc.child.kill('SIGTERM');
    expect(await worker.proc.exited).toBe(0);
    for (const id of ids) expect((await call(api, `/v1/jobs/${id}`, key)).body.status).toBe('pending');
  } finally {
    sim.setFaults('mkt_a', { latencyMs: 0 });
  }
  await startWorkerProcess(group, 'worker-taking-over', env);
  for (const id of ids) expect((await call(api, `/v1/jobs/${id}?wait=20`, key)).body).toMatchObject({ status: 'complete', credits: 1 });
  expect(await store.usage(account, 'sandbox')).toMatchObject({ chargedTotal: 2, pending: 0 });
  const events = await redis.xrange(`${prefix}bull:collect-mkt_a:events`, '-', '+');
  expect(events.filter(([, f]) => f[1] === 'stalled').length).toBeGreaterThanOrEqual(2);
}), 40_000);
