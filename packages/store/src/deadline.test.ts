/**
 * Scripts that record or charge carry a deadline: one that Redis runs after it (it
 * was paused, the caller gave up) changes nothing, and says so.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { createBatches } from './batches/batches.ts';
import { createKeys } from './keys.ts';
import { connectRedis, StorageUnavailableError, whenReady } from './redis.ts';
import { createStore } from './store.ts';
import { testSubmitInput } from './test-input.ts';

let redis: Redis;
beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});

async function keysOf(prefix: string): Promise<string[]> {
  return (await redis.keys(`${prefix}*`)).sort();
}

test('a search run after its deadline records and charges nothing, and reports recorded=no', async () => {
  const prefix = uniquePrefix('deadline');
  const store = createStore(redis, { prefix });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account, { idempotencyKeyHash: 'idem-hash' });
  // A cached page, so the next call would be a charged hit.
  const miss = await store.submit({ ...input, idempotencyKeyHash: null });
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
  const before = { usage: await store.usage(account, 'sandbox'), keys: await keysOf(prefix) };

  const err = await store.submit({ ...input, deadlineMs: Date.now() - 1 }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StorageUnavailableError);
  expect((err as StorageUnavailableError).recorded).toBe('no');
  expect({ usage: await store.usage(account, 'sandbox'), keys: await keysOf(prefix) }).toEqual(before);

  // Within its deadline the same call is a charged hit.
  const hit = await store.submit({ ...input, deadlineMs: Date.now() + 2000 });
  expect(hit.kind).toBe('hit');
  expect((await store.usage(account, 'sandbox')).completed30d).toBe(before.usage.completed30d + 1);
  await redis.del(...(await keysOf(prefix)));
});

test('a batch recorded after its deadline records nothing', async () => {
  const prefix = uniquePrefix('deadline-b');
  const batches = createBatches(redis, createKeys(prefix), { recordTtlMs: 60_000 });
  const err = await batches.create({
    batchId: 'bat_x', account: 'acct_x', mode: 'sandbox', idempotencyKeyHash: 'k', fingerprint: 'f', leaseMs: 1000, deadlineMs: Date.now() - 1,
    items: [{ endpoint: 'mkt_a/sold', q: 'lamp', jobId: 'req_x', searchJson: '{}' }],
  } as Parameters<typeof batches.create>[0]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StorageUnavailableError);
  expect(await keysOf(prefix)).toEqual([]);
});

test('a timed-out command is reported as maybe recorded; a refused connection as not', () => {
  expect(new StorageUnavailableError(new Error('Command timed out')).recorded).toBe('unknown');
  expect(new StorageUnavailableError(new Error("Stream isn't writeable and enableOfflineQueue options is false")).recorded).toBe('no');
});

test('a hit sent while Redis is paused: the caller gives up at the bound, and the script Redis runs on waking charges nothing', async () => {
  const { startPrivateRedis } = await import('@listings/testing');
  const server = await startPrivateRedis();
  const conn = connectRedis(server.url, { name: 'deadline-paused' });
  try {
    await whenReady(conn);
    const prefix = uniquePrefix('deadline-p');
    const store = createStore(conn, { prefix });
    const account = (await createAccounts(conn, prefix).create('t', 'pro')).id;
    const input = testSubmitInput(account);
    const miss = await store.submit(input);
    if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
    await store.settle(miss.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
    const charged = (await store.usage(account, 'sandbox')).completed30d;

    process.kill(server.process.pid!, 'SIGSTOP');
    const started = Date.now();
    const err = await store.submit(input).catch((e: unknown) => e);
    const waited = Date.now() - started;
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as StorageUnavailableError).recorded).toBe('unknown');
    expect(waited).toBeLessThan(3500);
    await new Promise((r) => setTimeout(r, 800));
    process.kill(server.process.pid!, 'SIGCONT');
    // Redis runs the queued script now, past its deadline: the charge count is as before.
    await new Promise((r) => setTimeout(r, 300));
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(charged);
    // And the same call now is an ordinary charged hit.
    expect((await store.submit(input)).kind).toBe('hit');
    expect((await store.usage(account, 'sandbox')).completed30d).toBe(charged + 1);
  } finally {
    try {
      process.kill(server.process.pid!, 'SIGCONT');
    } catch {
      // not paused
    }
    conn.disconnect();
    await server.stop();
  }
});
