/**
 * Result bodies are kept packed in Redis (bodies.ts) and read back byte for byte: through the
 * jobs' reads, a cache hit answered by the script, and a hit read beside it. A body stored
 * plain (written before packing) still reads as it was.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createAccounts } from '../accounts/accounts.ts';
import { isPacked, packBody, unpackBody } from './bodies.ts';
import { connectRedis, whenReady } from '../redis.ts';
import { createStore } from '../store.ts';
import { testSubmitInput } from '../test-input.ts';

let redis: Redis;
beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});

/** A page as the worker writes it: rows with non-ASCII text, escapes and repeated keys. */
function pageJson(rows: number): string {
  const data = Array.from({ length: rows }, (_, i) => ({
    id: `v1|${1000 + i}|0`, title: `Lámpara “vintage” ${i} — 50% off \u2028 \\ "quoted" 🚲`, price: 10 + i / 4, currency: 'USD',
    url: `https://example.test/itm/${1000 + i}`, sold_date: '2026-03-05', condition: i % 2 ? 'Pre-Owned' : 'New',
  }));
  return JSON.stringify({ provider: 'mkt_a', query: 'lámpara', count: rows, field_notes: 'naïve', data });
}

test('packing is internal: the same bytes come back, legacy plain bodies read as they are', () => {
  const json = pageJson(3);
  const packed = packBody(json);
  expect(isPacked(packed)).toBe(true);
  expect(unpackBody(packed).toString('utf8')).toBe(json);
  const plain = Buffer.from(json, 'utf8');
  expect(isPacked(plain)).toBe(false);
  expect(unpackBody(plain)).toBe(plain);
});

test('a settled result is stored packed, a seventh or less of its JSON, and every read answers its JSON byte for byte', async () => {
  const prefix = uniquePrefix('bodies');
  const store = createStore(redis, { prefix });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account);
  const json = pageJson(60);
  const hidden = JSON.stringify({ sold_dates: ['2026-03-05'], note: 'ünïcode' });
  const miss = await store.submit(input);
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson: json, hiddenJson: hidden });
  const job = await store.getJob(miss.jobId);
  const rid = job!.resultId!;

  const raw = (await redis.getBuffer(store.keys.result(rid)))!;
  expect(isPacked(raw)).toBe(true);
  expect(raw.length * 7).toBeLessThan(Buffer.byteLength(json));
  expect(await store.getResultJson(rid)).toBe(json);
  expect((await store.getResultBytes(rid))!.equals(Buffer.from(json, 'utf8'))).toBe(true);
  expect(await store.getHiddenJson(rid)).toBe(hidden);

  // A hit answered by the script (this store has not seen the page), then beside it, then from memory.
  const viaScript = await store.submit(input);
  expect(viaScript.kind === 'hit' && Buffer.from(viaScript.resultJson).equals(Buffer.from(json))).toBe(true);
  const fresh = createStore(redis, { prefix });
  for (let i = 0; i < 3; i++) {
    const h = await fresh.submit(input);
    expect(h.kind === 'hit' && Buffer.from(h.resultJson).equals(Buffer.from(json))).toBe(true);
  }
});

test('a body written plain before packing reads as it was, through the store and a hit', async () => {
  const prefix = uniquePrefix('bodies');
  const store = createStore(redis, { prefix });
  const account = (await createAccounts(redis, prefix).create('t', 'pro')).id;
  const input = testSubmitInput(account);
  const json = pageJson(2);
  const miss = await store.submit(input);
  if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
  await store.settle(miss.collectionId, { outcome: 'complete', resultJson: '{}', hiddenJson: '{}' });
  const rid = (await store.getJob(miss.jobId))!.resultId!;
  // As the previous release stored it.
  await redis.set(store.keys.result(rid), json, 'PX', 60_000);
  expect(await store.getResultJson(rid)).toBe(json);
  const h = await store.submit(input);
  expect(h.kind === 'hit' ? String(h.resultJson) : h.kind).toBe(json);
});
