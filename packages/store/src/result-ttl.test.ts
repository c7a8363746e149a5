/**
 * A cache hit is a new job pointing at a stored result: the result must be kept at least as
 * long as that job's record, yet hits should not rewrite its TTL every time (submit.lua).
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { connectRedis, whenReady } from './redis.ts';
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

test('every hit leaves the result outliving its job record; the result TTL is written at most once an hour', async () => {
  const prefix = uniquePrefix('result-ttl');
  const recordTtlMs = 60_000;
  const store = createStore(redis, { prefix, recordTtlMs });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account);
  const miss = await store.submit(input);
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
  const resultId = (await store.getJob(miss.jobId))!.resultId!;
  const resultTtl = (): Promise<number> => redis.pttl(store.keys.result(resultId));
  const hiddenTtl = (): Promise<number> => redis.pttl(store.keys.resultHidden(resultId));
  // As settled: kept exactly as long as the jobs it settled.
  expect(await resultTtl()).toBeLessThanOrEqual(recordTtlMs);

  const first = await store.submit(input);
  if (first.kind !== 'hit') throw new Error(`expected a hit, got ${first.kind}`);
  const jobTtl = await redis.pttl(store.keys.job(first.jobId));
  const extended = await resultTtl();
  expect(extended).toBeGreaterThan(jobTtl);
  expect(extended).toBeGreaterThan(recordTtlMs);
  expect(await hiddenTtl()).toBeGreaterThan(jobTtl);

  // Lower the TTL by hand to a value that still outlives any new job: the next hit leaves it.
  await redis.pexpire(store.keys.result(resultId), recordTtlMs + 30_000);
  const second = await store.submit(input);
  if (second.kind !== 'hit') throw new Error(`expected a hit, got ${second.kind}`);
  const kept = await resultTtl();
  expect(kept).toBeLessThanOrEqual(recordTtlMs + 30_000);
  expect(kept).toBeGreaterThan(await redis.pttl(store.keys.job(second.jobId)));

  // Below the record TTL, the next hit extends it again.
  await redis.pexpire(store.keys.result(resultId), recordTtlMs - 10_000);
  const third = await store.submit(input);
  if (third.kind !== 'hit') throw new Error(`expected a hit, got ${third.kind}`);
  expect(await resultTtl()).toBeGreaterThan(await redis.pttl(store.keys.job(third.jobId)));
});
