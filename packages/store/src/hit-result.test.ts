/**
 * A cache hit's result JSON is read beside submit.lua when the page was answered before (the
 * store remembers the result id), and by the script otherwise: both must answer the stored
 * result of the job just recorded, also when the cache has moved on to a newer result.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { connectRedis, whenReady } from './redis.ts';
import { createStore, type Store, type SubmitInput } from './store.ts';
import { testSubmitInput } from './test-input.ts';

let redis: Redis;
beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});

async function setup(): Promise<{ store: Store; input: SubmitInput }> {
  const prefix = uniquePrefix('hit-result');
  const store = createStore(redis, { prefix });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account);
  return { store, input };
}

async function collect(store: Store, input: SubmitInput, resultJson: string): Promise<void> {
  const miss = await store.submit(input);
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson, hiddenJson: '{}' });
}

async function hit(store: Store, input: SubmitInput): Promise<{ resultJson: string; stored: string | null }> {
  const h = await store.submit(input);
  if (h.kind !== 'hit') throw new Error(`expected a hit, got ${h.kind}`);
  const job = await store.getJob(h.jobId);
  return { resultJson: String(h.resultJson), stored: await store.getResultJson(job!.resultId!) };
}

test('repeated hits answer the stored result of their own job, through the script and beside it', async () => {
  const { store, input } = await setup();
  await collect(store, input, '{"page":"first"}');
  for (let i = 0; i < 3; i++) {
    const { resultJson, stored } = await hit(store, input);
    expect(resultJson).toBe('{"page":"first"}');
    expect(stored).toBe(resultJson);
  }
});

test('after the cache moved to a newer result, the next hit answers the newer one', async () => {
  const { store, input } = await setup();
  await collect(store, input, '{"page":"old"}');
  expect((await hit(store, input)).resultJson).toBe('{"page":"old"}');
  // The 15 minutes pass: the page is collected again and cached under a new result id.
  await redis.del(`${store.keys.prefix}cache:sandbox:${input.pageId}`);
  await collect(store, input, '{"page":"new"}');
  for (let i = 0; i < 2; i++) {
    const { resultJson, stored } = await hit(store, input);
    expect(resultJson).toBe('{"page":"new"}');
    expect(stored).toBe(resultJson);
  }
});

test('another store (another api process) answers the same result without knowing it first', async () => {
  const { store, input } = await setup();
  await collect(store, input, '{"page":"shared"}');
  expect((await hit(store, input)).resultJson).toBe('{"page":"shared"}');
  const other = createStore(redis, { prefix: store.keys.prefix });
  expect((await hit(other, input)).resultJson).toBe('{"page":"shared"}');
  expect((await hit(other, input)).resultJson).toBe('{"page":"shared"}');
});
