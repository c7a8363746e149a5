/**
 * No search left pending past the bound when Redis is out of memory: a collection recorded but
 * never handed to its queue (the api's hand-over failed) meets a Redis filled past `maxmemory`.
 * The worker's sweep cannot queue it (Redis refuses BullMQ's write) and goes on to the next;
 * once the collection is stale (`sweepStaleMs`) the sweep settles it failed, free of charge
 * (settle.lua runs under OOM: its first write frees memory). With memory back, nothing more
 * happens to it. (BullMQ's Worker, told OOM by Redis, waits 5 s before it tries again, a timer
 * its close does not clear: the teardown waits it out, so the test leaves no open handle for
 * Jest to force-exit.)
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { Redis } from 'ioredis';
import { loadConfig, sweepStaleMs } from '@listings/config';
import { connectRedis, createAccounts, createStore, whenReady } from '@listings/store';
import { startPrivateRedis, type PrivateRedis } from '@listings/testing';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { testSubmitInput } from '@listings/store/testing';
import { TEST_MARKETPLACES } from '../support/stack.ts';

let server: PrivateRedis;
let redis: Redis;
let worker: WorkerHandle | null = null;

/** BullMQ's wait after an out-of-memory answer, which its close leaves running. */
const BULLMQ_OOM_WAIT_MS = 5_000;

afterAll(async () => {
  await worker?.close();
  redis?.disconnect();
  await server?.stop();
  await new Promise((resolve) => setTimeout(resolve, BULLMQ_OOM_WAIT_MS + 500));
}, 30_000);

test('a recorded collection Redis is too full to queue is settled failed by the sweep once stale, charging nothing', async () => {
  const MAX = 64 * 1024 * 1024;
  server = await startPrivateRedis({ appendonly: false, args: ['--maxmemory', String(MAX), '--maxmemory-policy', 'noeviction'] });
  redis = connectRedis(server.url, { name: 'sweep-full-test', failFast: false });
  await whenReady(redis);
  const prefix = 'sweep-full:';
  const config = loadConfig({
    REDIS_URL: server.url, KEY_PREFIX: prefix, CURSOR_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'silent',
    // sweepStaleMs 12.6 s: room for the worker's start and the fill before the collection is stale, on a loaded machine.
    WORKER_MARKETPLACES: 'mkt_c', JOB_LOCK_MS: '4000', JOB_ATTEMPTS: '1', JOB_BACKOFF_MS: '50', HTTP_TIMEOUT_MS: '500',
    // Sweeps are run by the test, one at a time.
    SWEEP_INTERVAL_MS: '600000', UNQUEUED_GRACE_MS: '100',
  }, []);
  const store = createStore(redis, { prefix });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  worker = await startWorker(config, TEST_MARKETPLACES, { logger: pino({ level: 'silent' }) });
  // Recorded as an api records it; its hand-over to the queue never happened.
  const miss = await store.submit(testSubmitInput(account, { route: 'mkt_c/sold', token: 'mkt_c', pageId: 'sweep-full-page' }));
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  const recordedAt = Date.now();

  // Past maxmemory: a script whose first write is let in keeps writing.
  const used = Number(/used_memory:(\d+)/u.exec(await redis.info('memory'))![1]);
  await redis.eval("for i = 1, tonumber(ARGV[1]) do redis.call('SET', 'filler:' .. i, string.rep('f', 65536)) end return 1", 0, Math.ceil((MAX - used) * 1.05 / 65_536) + 8);
  expect(await redis.set('filler:probe', 'x').catch((e: Error) => e.message)).toMatch(/OOM/u);

  // Not stale yet: the sweep tries to queue it, Redis refuses, it stays pending (and the sweep does not fail).
  await until('past the grace', async () => Date.now() - recordedAt > config.unqueuedGraceMs);
  await worker.sweep();
  expect((await store.getJob(miss.jobId))?.status).toBe('pending');
  expect(await redis.zscore(store.keys.unqueued(), miss.collectionId)).not.toBeNull();

  // Stale: settled failed, free of charge, its reservation released.
  await until('stale', async () => Date.now() - recordedAt > sweepStaleMs(config) + 50);
  await worker.sweep();
  expect(await store.getJob(miss.jobId)).toMatchObject({ status: 'failed', error: 'collection_unavailable', credits: 0 });
  expect(await store.usage(account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
  expect(await redis.zcard(store.keys.open())).toBe(0);
  expect(await redis.zcard(store.keys.unqueued())).toBe(0);

  // Memory back: the next sweeps find nothing to do, and the job stays as it was.
  await redis.eval("for i = 1, tonumber(ARGV[1]) do redis.call('DEL', 'filler:' .. i) end return 1", 0, Math.ceil((MAX - used) * 1.05 / 65_536) + 8);
  await worker.sweep();
  expect(await store.getJob(miss.jobId)).toMatchObject({ status: 'failed', credits: 0 });
}, 60_000);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
