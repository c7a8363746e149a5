/**
 * readFleet (the api's fleet gauges in one script call) reads what BullMQ and the store read
 * command by command: a queue with waiting, delayed, prioritized, failed and active jobs gives
 * the counts of `Queue.getJobCounts` and the oldest waiting job of `Queue.getJobs`; the
 * queue-depth and today's upstream counts match `store.queueDepth` and `store.upstreamUsed`.
 */
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { dropPrefix, testRedisUrl, uniquePrefix } from '@listings/testing';
import { readFleet } from './fleet.ts';
import { queueName, queuePrefix } from '../queues.ts';
import { connectRedis, whenReady } from '../redis.ts';
import { createStore } from '../store.ts';

const prefix = uniquePrefix('fleet');
let redis: Redis;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'fleet-test' });
  await whenReady(redis);
});
afterAll(async () => {
  await dropPrefix(redis, prefix);
  await redis.quit();
});

test('the counts and ages BullMQ and the store would give, in one call', async () => {
  const connection = connectRedis(testRedisUrl(), { name: 'fleet-test-bull', failFast: false });
  const queue = new Queue(queueName('mkt_b'), { connection, prefix: queuePrefix(prefix) });
  queue.on('error', () => undefined);
  try {
    const first = await queue.add('collect', {}, { jobId: 'col_first' });
    await new Promise((r) => setTimeout(r, 5));
    await queue.add('collect', {}, { jobId: 'col_second' });
    await queue.add('collect', {}, { jobId: 'col_later', delay: 60_000 });
    await queue.add('collect', {}, { jobId: 'col_urgent', priority: 1 });
    // One job taken and failed, one taken and left active: a worker that stops after two.
    let taken = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const workerConnection = connectRedis(testRedisUrl(), { name: 'fleet-test-worker', failFast: false });
    const worker = new Worker(queueName('mkt_b'), async () => {
      taken++;
      if (taken === 1) throw new Error('upstream away');
      await held;
    }, { connection: workerConnection, prefix: queuePrefix(prefix), concurrency: 1, autorun: false });
    worker.on('error', () => undefined);
    void worker.run();
    for (let i = 0; i < 200 && taken < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await worker.pause(true).catch(() => undefined);
    await queue.add('collect', {}, { jobId: 'col_third' });

    const store = createStore(redis, { prefix });
    await redis.set(`${prefix}qdepth:sandbox:mkt_b`, '7');
    const [sec] = await redis.time();
    await redis.set(`${prefix}upstream:live:mkt_b:${Math.floor(Number(sec) / 86_400)}`, '12');

    const [a, b] = await readFleet(redis, prefix, ['mkt_a', 'mkt_b'], ['live', 'sandbox']);
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
    const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
    expect(b!.counts).toEqual(counts);
    // Five jobs: one delayed, two ran (one failed, one is active), two wait (one may be prioritized).
    expect(counts).toMatchObject({ active: 1, delayed: 1, failed: 1 });
    expect(counts.waiting).toBeGreaterThanOrEqual(1);
    expect((counts.waiting ?? 0) + (counts.prioritized ?? 0)).toBe(2);
    expect(b!.oldestWaitingAt).toBe(oldest!.timestamp);
    expect(oldest!.timestamp).toBeGreaterThanOrEqual(first.timestamp);
    expect(b!.modes).toEqual([
      { mode: 'live', open: await store.queueDepth('live', 'mkt_b'), usedToday: await store.upstreamUsed('live', 'mkt_b') },
      { mode: 'sandbox', open: await store.queueDepth('sandbox', 'mkt_b'), usedToday: await store.upstreamUsed('sandbox', 'mkt_b') },
    ]);
    expect(b!.modes.map((m) => [m.open, m.usedToday])).toEqual([[0, 12], [7, 0]]);
    expect(a).toEqual({ token: 'mkt_a', counts: { waiting: 0, active: 0, delayed: 0, failed: 0, prioritized: 0 }, oldestWaitingAt: null, modes: [{ mode: 'live', open: 0, usedToday: 0 }, { mode: 'sandbox', open: 0, usedToday: 0 }] });
    release();
    await worker.close(true);
    workerConnection.disconnect();
  } finally {
    await queue.close();
    connection.disconnect();
  }
});
