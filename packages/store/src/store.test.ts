import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { connectRedis, whenReady } from './redis.ts';
import { createStore, type Store, type SubmitInput } from './store.ts';
import { testSubmitInput } from './test-input.ts';

let redis: Redis;
let store: Store;
let account: string;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});
beforeEach(async () => {
  const prefix = uniquePrefix('store');
  store = createStore(redis, { prefix });
  account = (await createAccounts(redis, prefix).create('t', 'free')).id;
});

function input(over: Partial<SubmitInput> = {}): SubmitInput {
  return testSubmitInput(account, over);
}

test('miss, single flight, settle charges every waiting job once, then the cache answers', async () => {
  const a = await store.submit(input());
  const b = await store.submit(input());
  expect(a.kind).toBe('miss');
  expect(b.kind).toBe('miss');
  if (a.kind !== 'miss' || b.kind !== 'miss') throw new Error('unreachable');
  expect(a.newCollection).toBe(true);
  expect(b.newCollection).toBe(false);
  expect(b.collectionId).toBe(a.collectionId);
  expect((await store.usage(account, 'sandbox')).pending).toBe(2);

  const settled = await store.settle(a.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
  expect(settled.sort()).toEqual([a.jobId, b.jobId].sort());
  expect(await store.settle(a.collectionId, { outcome: 'complete', resultJson: '{"data":[1]}', hiddenJson: '{}' })).toEqual([]);
  const u = await store.usage(account, 'sandbox');
  expect(u).toMatchObject({ completed30d: 2, pending: 0, chargedTotal: 2 });

  const hit = await store.submit(input());
  expect(hit).toMatchObject({ kind: 'hit', resultJson: '{"data":[]}' });
  expect((await store.usage(account, 'sandbox')).completed30d).toBe(3);
  const job = await store.getJob(a.jobId);
  expect(job).toMatchObject({ status: 'complete', credits: 1, cached: false });
});

test('failed collection releases reservations and charges nothing', async () => {
  const a = await store.submit(input({ pageId: 'p2' }));
  if (a.kind !== 'miss') throw new Error('expected miss');
  await store.settle(a.collectionId, { outcome: 'failed', errorCode: 'upstream_blocked' });
  expect(await store.usage(account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0, chargedTotal: 0 });
  expect(await store.getJob(a.jobId)).toMatchObject({ status: 'failed', credits: 0, error: 'upstream_blocked' });
});

test('idempotency: replay, conflict', async () => {
  const a = await store.submit(input({ idempotencyKeyHash: 'k1', fingerprint: 'x' }));
  const again = await store.submit(input({ idempotencyKeyHash: 'k1', fingerprint: 'x' }));
  const other = await store.submit(input({ idempotencyKeyHash: 'k1', fingerprint: 'y' }));
  if (a.kind !== 'miss') throw new Error('expected miss');
  expect(again).toEqual({ kind: 'replay', jobId: a.jobId });
  expect(other).toEqual({ kind: 'conflict' });
});

test('quota counts pending against allowance plus extra; pending cap; queue full; daily limit', async () => {
  expect((await store.submit(input({ allowance: 1, pageId: 'q1' }))).kind).toBe('miss');
  expect((await store.submit(input({ allowance: 1, pageId: 'q2' }))).kind).toBe('quota_exceeded');
  await redis.hset(store.keys.account(account), 'extra_sandbox', 1);
  expect((await store.submit(input({ allowance: 1, pageId: 'q2' }))).kind).toBe('miss');
  expect((await store.submit(input({ pendingCap: 2, pageId: 'q3' }))).kind).toBe('too_many_pending');
  expect((await store.submit(input({ queueMax: 2, pageId: 'q4' }))).kind).toBe('queue_full');
  expect(await store.takeUpstream('sandbox', 'mkt_a', 1)).toEqual({ taken: true, used: 1 });
  expect(await store.takeUpstream('sandbox', 'mkt_a', 1)).toEqual({ taken: false, used: 1 });
  expect((await store.submit(input({ dailyLimit: 1, pageId: 'q5' }))).kind).toBe('daily_limit');
});

test('charges past the allowance consume extra requests', async () => {
  await redis.hset(store.keys.account(account), 'extra_sandbox', 1);
  const a = await store.submit(input({ allowance: 1, pageId: 'e1' }));
  const b = await store.submit(input({ allowance: 1, pageId: 'e2' }));
  if (a.kind !== 'miss' || b.kind !== 'miss') throw new Error('expected misses');
  await store.settle(a.collectionId, { outcome: 'complete', resultJson: '{}', hiddenJson: '{}' });
  await store.settle(b.collectionId, { outcome: 'complete', resultJson: '{}', hiddenJson: '{}' });
  expect(await store.usage(account, 'sandbox')).toMatchObject({ completed30d: 1, extraLeft: 0, chargedTotal: 2 });
  expect((await store.submit(input({ allowance: 1, pageId: 'e1' }))).kind).toBe('quota_exceeded');
});

test('unknown accounts and keys are refusals, not storage faults', async () => {
  const accounts = createAccounts(redis, store.keys.prefix);
  await expect(accounts.revokeKey(account, 'key_0000000000000000000000')).rejects.toThrow(/no key/);
  await expect(accounts.issueKey('acct_nope', 'live')).rejects.toMatchObject({ name: 'AccountError' });
  await expect(accounts.setStatus('acct_nope', 'suspended')).rejects.toMatchObject({ name: 'AccountError' });
});
