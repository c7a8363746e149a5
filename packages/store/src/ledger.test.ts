/**
 * The usage ledger (ledger/ledger.lua): charges in hourly buckets over a rolling 30 days.
 * Buckets are written by hand here at known hours around Redis's own clock, then the real
 * submit and settle scripts are run and the quota decisions and the ledger read back.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from './accounts/accounts.ts';
import { connectRedis, whenReady } from './redis.ts';
import { ledgerCount, LEDGER_HOURS } from './ledger/ledger.ts';
import { createStore, type Store, type SubmitInput } from './store.ts';
import { testSubmitInput } from './test-input.ts';

const HOUR = 3_600_000;
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
  const prefix = uniquePrefix('ledger');
  store = createStore(redis, { prefix });
  account = (await createAccounts(redis, prefix).create('t', 'free')).id;
});

async function redisNowMs(): Promise<number> {
  const [s, us] = await redis.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

function input(over: Partial<SubmitInput> = {}): SubmitInput {
  return testSubmitInput(account, { mode: 'live', allowance: 10, ...over });
}

/** A cached page: one miss settled complete (charging that first job). */
async function cachedPage(pageId: string, allowance = 10): Promise<void> {
  const a = await store.submit(input({ pageId, allowance }));
  if (a.kind !== 'miss') throw new Error(`expected a miss, got ${a.kind}`);
  await store.settle(a.collectionId, { outcome: 'complete', resultJson: '{"data":[]}', hiddenJson: '{}' });
}

test('each charge lands in the bucket of its hour; the sum and the hour count agree', async () => {
  await cachedPage('a');
  for (let i = 0; i < 4; i++) expect((await store.submit(input({ pageId: 'a' }))).kind).toBe('hit');
  const now = await redisNowMs();
  const ledger = await redis.hgetall(store.keys.ledger(account, 'live'));
  const hour = String(Math.floor(now / HOUR));
  // Unless the hour turned during the test, all five are in this hour's bucket.
  const buckets = Object.keys(ledger).filter((k) => k !== 't' && k !== 'o');
  expect(buckets.length === 1 ? ledger[hour] : '5').toBe('5');
  expect(ledger.t).toBe('5');
  expect(Number(ledger.o)).toBe(Math.floor(now / HOUR) - LEDGER_HOURS + 1);
  expect((await store.usage(account, 'live')).completed30d).toBe(5);
  // It outlives its newest hour's window (set when that hour's bucket opened).
  expect(await redis.pttl(store.keys.ledger(account, 'live'))).toBeGreaterThan(720 * HOUR);
  // One hash of a few fields, however many charges: no member per charge.
  expect(await redis.type(store.keys.usage(account, 'live'))).toBe('none');
});

test('buckets that left the 30-day window stop counting and are dropped; the allowance sees only the window', async () => {
  const now = await redisNowMs();
  const cur = Math.floor(now / HOUR);
  const key = store.keys.ledger(account, 'live');
  // 9 charges in the oldest hour still inside the window, 7 in the hour just outside it, 3 a day further back.
  await redis.hset(key, String(cur - LEDGER_HOURS + 1), 9, String(cur - LEDGER_HOURS), 7, String(cur - LEDGER_HOURS - 24), 3, 't', 19, 'o', cur - LEDGER_HOURS - 30);
  await redis.pexpire(key, 60_000);
  await cachedPage('b', 10); // charge 10 of 10: the 10 old ones are outside
  const after = await redis.hgetall(key);
  expect(after[String(cur - LEDGER_HOURS)]).toBeUndefined();
  expect(after[String(cur - LEDGER_HOURS - 24)]).toBeUndefined();
  expect(after[String(cur - LEDGER_HOURS + 1)]).toBe('9');
  expect(after.t).toBe('10');
  expect((await store.usage(account, 'live')).completed30d).toBe(10);
  // The allowance of 10 is used up inside the window: the next search is refused.
  expect((await store.submit(input({ pageId: 'b', allowance: 10 }))).kind).toBe('quota_exceeded');
  // With an allowance of 11 the hit is charged.
  expect((await store.submit(input({ pageId: 'b', allowance: 11 }))).kind).toBe('hit');
  expect((await store.usage(account, 'live')).completed30d).toBe(11);
});

test('after a long quiet spell every old bucket goes at once', async () => {
  const now = await redisNowMs();
  const cur = Math.floor(now / HOUR);
  const key = store.keys.ledger(account, 'live');
  const old: Array<string | number> = [];
  for (let h = 0; h < 200; h++) old.push(String(cur - 2000 - h), 1);
  await redis.hset(key, ...old, 't', 200, 'o', cur - 2300);
  await redis.pexpire(key, 60_000);
  await cachedPage('c');
  const after = await redis.hgetall(key);
  expect(Object.keys(after).sort()).toEqual([String(cur), 'o', 't'].sort());
  expect(after.t).toBe('1');
});

test('charges recorded before the ledger (a sorted set of job ids) are folded into it once', async () => {
  const now = await redisNowMs();
  const old = store.keys.usage(account, 'live');
  await redis.zadd(old, now - 31 * 86_400_000, 'job-too-old', now - 2 * 86_400_000, 'job-a', now - 2 * 86_400_000 + 1, 'job-b', now - 5 * HOUR, 'job-c');
  await redis.pexpire(old, 60_000);
  expect((await store.usage(account, 'live')).completed30d).toBe(3);
  await cachedPage('d', 4); // 3 + 1 = 4 of 4
  expect(await redis.exists(old)).toBe(0);
  const ledger = await redis.hgetall(store.keys.ledger(account, 'live'));
  expect(ledger.t).toBe('4');
  expect(ledger[String(Math.floor((now - 2 * 86_400_000) / HOUR))]).toBe('2');
  expect((await store.usage(account, 'live')).completed30d).toBe(4);
  expect((await store.submit(input({ pageId: 'd', allowance: 4 }))).kind).toBe('quota_exceeded');
});

test('ledgerCount: only the 720 hours up to now, never t or o', () => {
  const now = 1_800_000_000_000;
  const cur = Math.floor(now / HOUR);
  expect(ledgerCount({ t: '99', o: '1', [String(cur)]: '2', [String(cur - 719)]: '3', [String(cur - 720)]: '5' }, now)).toBe(5);
});

describe('ResultBodyMemo', () => {
  test('bounded by bytes, least recently used out first; a body past its age is gone', async () => {
    const { ResultBodyMemo } = await import('./results/memo.ts');
    const memo = new ResultBodyMemo(1000, 5000);
    const body = (n: number): Buffer => Buffer.alloc(n, 1);
    memo.set('a', body(100), 0);
    memo.set('b', body(100), 0);
    expect(memo.get('a', 1)?.length).toBe(100); // a is now the most recent
    for (let i = 0; i < 9; i++) memo.set(`c${i}`, body(100), 2);
    expect(memo.size.bytes).toBeLessThanOrEqual(1000);
    expect(memo.get('b', 3)).toBeUndefined();
    expect(memo.get('a', 3)?.length).toBe(100);
    expect(memo.get('a', 5001)).toBeUndefined();
    // A body larger than an eighth of the bound is not kept at all.
    memo.set('big', body(200), 0);
    expect(memo.get('big', 0)).toBeUndefined();
  });
});
