/**
 * The failover race that wedged workers for good, driven exactly with a fake
 * sentinel: a connection's primary dies, the connection asks the sentinel for the primary
 * again, and while that lookup is held the sentinel announces `+switch-master`. With ioredis'
 * `failoverDetector` on, the announcement closed the connector in the middle of its lookup and
 * ioredis ended the connection for ever (status `end`): BullMQ workers and the store
 * connection the sweep needs died this way while `/healthz` said ok. The first test shows the
 * race is real (so the others cannot pass by never meeting it); the others show every kind of
 * connection the code makes coming back on the new primary through it, and the watch
 * recording a connection that does end. The last shows a switch that leaves the old primary
 * running: the sentinels' word alone moves every connection (primary-follow.ts).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { bullConnection, connectRedis, guarded, guardedWithin, StorageUnavailableError } from '@listings/store';
import { lostConnections, resetLostConnections, sentinelOptions, sentinelTarget, TrackedRedis, writesFenced } from '@listings/store/testing';
import { startFakeSentinel, startPrivateRedis, type FakeSentinel, type PrivateRedis } from '@listings/testing';

const NAME = 'race';
let fake: FakeSentinel;
let a: PrivateRedis;
let b: PrivateRedis;
const closers: Array<() => unknown> = [];

beforeEach(async () => {
  resetLostConnections();
  a = await startPrivateRedis({ appendonly: false });
  b = await startPrivateRedis({ appendonly: false });
  fake = await startFakeSentinel({ name: NAME, primaryPort: a.port });
});

afterEach(async () => {
  // Each connection is closed before the fake sentinel: the last one of a target to end stops
  // its primary watch, whose sentinel connections then close against a live server. (Closed
  // after it, each would wait ioredis' 2 s disconnect timeout for a close that had already
  // happened, and keep Jest's worker from exiting.)
  for (const close of closers.splice(0).reverse()) await close();
  await fake.close();
  await a.stop();
  await b.stop();
});

const url = (): string => `redis+sentinel://127.0.0.1:${fake.port}/${NAME}`;

/** Disconnects and resolves once the connection has ended (at once when it already has). */
function ended(redis: Redis): Promise<void> {
  if (redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    redis.once('end', () => resolve());
    redis.disconnect();
  });
}

async function until(what: string, pred: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The primary A dies; the primary lookups of the connections reconnecting are held until the
 * sentinel has announced the switch to B (and, with a failover detector, until the detector
 * has acted on it: it drops its subscriptions), then answered with B. Each step waits for
 * what it needs, not for a time, so a loaded machine meets the same order of events.
 */
async function failOverDuringLookup(opts: { lookups: number; detector: boolean }): Promise<void> {
  const hold = fake.holdLookups();
  fake.setPrimary(b.port);
  await a.kill();
  await hold.asked;
  await until(`${opts.lookups} reconnecting connections asking for the primary`, () => hold.waiting() >= opts.lookups, 30_000);
  fake.announceSwitch(a.port, b.port);
  if (opts.detector) await until('the failover detectors to act on the announcement', () => fake.subscribers() === 0, 30_000);
  hold.release();
}

async function portOf(redis: Redis): Promise<number> {
  const info = await redis.info('server');
  return Number(/tcp_port:(\d+)/u.exec(info)?.[1]);
}

test('the race is real: with failoverDetector on, connections asking for the primary when +switch-master arrives end for good, and the watch records them and their duplicates', async () => {
  const target = sentinelTarget(url())!;
  const redis = new TrackedRedis({ name: 'detector-on' }, { ...sentinelOptions(target), failoverDetector: true, retryStrategy: () => 100 });
  redis.on('error', () => undefined);
  const copy = redis.duplicate({ connectionName: 'detector-on-copy' });
  closers.push(() => ended(redis), () => ended(copy));
  await until('ready on A', () => redis.status === 'ready' && copy.status === 'ready');
  await fake.whenSubscribed(2);
  await failOverDuringLookup({ lookups: 2, detector: true });
  await until('the connections to end', () => redis.status === 'end' && copy.status === 'end');
  await new Promise((r) => setTimeout(r, 500));
  // And they stay ended: ioredis never tries again.
  expect([redis.status, copy.status]).toEqual(['end', 'end']);
  expect(lostConnections().map((l) => l.name).sort()).toEqual(['detector-on', 'detector-on-copy']);
});

test('request-path and background connections come back on the new primary through the race; none is lost', async () => {
  const request = connectRedis(url(), { name: 'race-request' });
  const background = connectRedis(url(), { name: 'race-background', failFast: false });
  closers.push(() => ended(request), () => ended(background));
  await until('both ready on A', () => request.status === 'ready' && background.status === 'ready');
  expect(await portOf(request)).toBe(a.port);
  // No subscription to +switch-master is made (no failover detector).
  expect(fake.subscribers('+switch-master')).toBe(0);
  // A background command sent during the switch waits and lands on B.
  await failOverDuringLookup({ lookups: 2, detector: false });
  const queued = background.set('race:written-during-switch', '1');
  await until('both ready on B', () => request.status === 'ready' && background.status === 'ready');
  await queued;
  expect(await portOf(request)).toBe(b.port);
  expect(await portOf(background)).toBe(b.port);
  expect(await request.get('race:written-during-switch')).toBe('1');
  expect(lostConnections()).toEqual([]);
});

test('a BullMQ worker and queue on bullConnection take jobs on the new primary after the race', async () => {
  const queueConn = bullConnection(url(), 'race-queue');
  const workerConn = bullConnection(url(), 'race-worker');
  const queue = new Queue('race', { connection: queueConn, prefix: 'race' });
  queue.on('error', () => undefined);
  const done: string[] = [];
  const worker = new Worker('race', async (job) => { done.push(job.id!); }, { connection: workerConn, prefix: 'race', stalledInterval: 1000, drainDelay: 1 });
  worker.on('error', () => undefined);
  closers.push(async () => {
    await worker.close(true);
    await queue.close();
    await ended(queueConn);
    await ended(workerConn);
  });
  await queue.add('j', {}, { jobId: 'before' });
  await until('the job before the switch', () => done.includes('before'));
  await failOverDuringLookup({ lookups: 1, detector: false });
  // An add during the switch waits, then lands on B.
  await queue.add('j', {}, { jobId: 'after' });
  await until('the job after the switch', () => done.includes('after'), 30_000);
  const direct = new Redis(b.url);
  closers.push(() => ended(direct));
  expect(await direct.exists('race:race:after')).toBe(1);
  expect(lostConnections()).toEqual([]);
  // Closing them is not a loss.
  await worker.close();
  expect(lostConnections()).toEqual([]);
}, 60_000);

test('a switch that leaves the old primary running: every connection moves to the new primary, none is lost', async () => {
  const request = connectRedis(url(), { name: 'switch-request' });
  const background = connectRedis(url(), { name: 'switch-background', failFast: false });
  const workerConn = bullConnection(url(), 'switch-worker');
  const done: string[] = [];
  const worker = new Worker('switch', async (job) => { done.push(job.id!); }, { connection: workerConn, prefix: 'switch', drainDelay: 1 });
  worker.on('error', () => undefined);
  closers.push(() => ended(request), () => ended(background), async () => {
    await worker.close(true);
    await ended(workerConn);
  });
  await until('ready on A', () => request.status === 'ready' && background.status === 'ready');
  await worker.waitUntilReady();
  const clientsOn = async (port: number): Promise<number> => {
    const direct = new Redis(port === a.port ? a.url : b.url);
    try {
      const list = (await direct.client('LIST')) as string;
      return list.split('\n').filter((l) => /name=(switch-|bull:)/u.test(l)).length;
    } finally {
      direct.disconnect();
    }
  };
  expect(await clientsOn(a.port)).toBeGreaterThanOrEqual(3);
  // A stays up and would take writes: only the sentinels' word says B is the primary now.
  fake.setPrimary(b.port);
  // A request-path command fails while its connection is moving (the caller answers 503).
  const onB = async (r: Redis): Promise<boolean> => (await portOf(r).catch(() => 0)) === b.port;
  await until('every connection on B', async () => (await clientsOn(a.port)) === 0 && (await onB(request)) && (await onB(background)), 30_000);
  // The BullMQ worker takes jobs on B.
  const queue = new Queue('switch', { connection: background, prefix: 'switch' });
  closers.push(() => queue.close());
  await queue.add('j', {}, { jobId: 'after-switch' });
  await until('the job on B', () => done.includes('after-switch'));
  expect(lostConnections()).toEqual([]);
});

test('a failover announced: request calls answer 503 without sending anything, background calls wait, and both go to the new primary once the sentinels agree', async () => {
  const request = connectRedis(url(), { name: 'fence-request' });
  const background = connectRedis(url(), { name: 'fence-background', failFast: false });
  closers.push(() => ended(request), () => ended(background));
  await until('ready on A', () => request.status === 'ready' && background.status === 'ready');
  await fake.whenSubscribed(1, '+try-failover');
  expect(writesFenced()).toBe(false);

  // The sentinels decide to fail over; A still runs and would take writes.
  fake.setFailingOver(true);
  fake.publish('+try-failover', `master ${NAME} 127.0.0.1 ${a.port}`);
  await until('the fence', () => writesFenced());
  const refused = await guardedWithin(() => request.set('fence:request', '1')).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(StorageUnavailableError);
  expect((refused as StorageUnavailableError).recorded).toBe('no');
  let waited = false;
  const held = guarded(() => background.set('fence:background', '1')).then(() => { waited = true; });
  await new Promise((r) => setTimeout(r, 600));
  expect(waited).toBe(false);
  const onA = new Redis(a.url);
  closers.push(() => ended(onA));
  expect(await onA.exists('fence:request', 'fence:background')).toBe(0);

  // The switch is done and every sentinel names B: the fence lifts once every connection is on B.
  fake.setPrimary(b.port);
  fake.setFailingOver(false);
  await held;
  expect(writesFenced()).toBe(false);
  const onB = new Redis(b.url);
  closers.push(() => ended(onB));
  expect(await onB.get('fence:background')).toBe('1');
  expect(await onA.exists('fence:background')).toBe(0);
  await guardedWithin(() => request.set('fence:request', '2'));
  expect(await onB.get('fence:request')).toBe('2');
  expect(lostConnections()).toEqual([]);
});
