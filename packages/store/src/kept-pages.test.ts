/**
 * Kept pages (drift guard): bounded in count (the newest are kept, the rest deleted at once)
 * and in age (every entry expires), bodies returned byte for byte (gzip in Redis), large
 * bodies truncated and marked, and no cookie or credential header ever stored.
 */
import { testRedisUrl, uniquePrefix } from '@listings/testing';
import type { Redis } from 'ioredis';
import { createKeptPages, keptHeaders } from './kept-pages.ts';
import { connectRedis, whenReady } from './redis.ts';

let redis: Redis;
beforeAll(async () => {
  redis = connectRedis(testRedisUrl());
  await whenReady(redis);
});
afterAll(async () => {
  await redis.quit();
});

const facts = (q: string, marketplace = 'mkt_a') => ({
  mode: 'live' as const, marketplace, route: `${marketplace}/sold`, q, page: 1, collection: 'col_x', outcome: 'layout_changed', code: 'upstream_error',
  reason: 'no results list', status: 200, url: 'https://www.ebay.com/sch/i.html?_nkw=x',
});

test('the newest maxCount pages are kept; older ones are gone with their bodies', async () => {
  const prefix = uniquePrefix('kept');
  const pages = createKeptPages(redis, prefix, { maxCount: 3, maxAgeMs: 60_000, maxBodyBytes: 1 << 20 });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await pages.keep(facts(`q${i}`, i % 2 ? 'mkt_b' : 'mkt_a'), {}, `<html>${i} é</html>`));
  const listed = await pages.list();
  expect(listed.map((p) => p.q)).toEqual(['q4', 'q3', 'q2']);
  expect((await pages.list({ marketplace: 'mkt_b' })).map((p) => p.q)).toEqual(['q3']);
  expect((await pages.list({ limit: 1 })).map((p) => p.q)).toEqual(['q4']);
  expect(await pages.get(ids[0]!)).toBeNull();
  expect(await pages.body(ids[0]!)).toBeNull();
  expect(await redis.exists(`${prefix}kept:${ids[1]!}:body`)).toBe(0);
  expect((await pages.body(ids[4]!))!.toString('utf8')).toBe('<html>4 é</html>');
  expect(await pages.get(ids[4]!)).toMatchObject({ id: ids[4], q: 'q4', bytes: Buffer.byteLength('<html>4 é</html>'), truncated: false });
  // Every key of an entry expires within maxAgeMs.
  for (const k of [`${prefix}kept:${ids[4]!}`, `${prefix}kept:${ids[4]!}:body`]) {
    const ttl = await redis.pttl(k);
    expect(ttl > 0 && ttl <= 60_000).toBe(true);
  }
  await redis.del(`${prefix}kept`, ...ids.flatMap((id) => [`${prefix}kept:${id}`, `${prefix}kept:${id}:body`]));
});

test('pages older than maxAgeMs are not listed, and expire', async () => {
  const prefix = uniquePrefix('kept-age');
  const pages = createKeptPages(redis, prefix, { maxCount: 10, maxAgeMs: 150, maxBodyBytes: 1 << 20 });
  const id = await pages.keep(facts('old'), {}, 'x');
  expect((await pages.list()).length).toBe(1);
  await new Promise((r) => setTimeout(r, 250));
  expect(await pages.list()).toEqual([]);
  expect(await pages.get(id)).toBeNull();
  await redis.del(`${prefix}kept`);
});

test('a body above maxBodyBytes is kept truncated, and says so', async () => {
  const prefix = uniquePrefix('kept-big');
  const pages = createKeptPages(redis, prefix, { maxCount: 10, maxAgeMs: 60_000, maxBodyBytes: 1024 });
  const id = await pages.keep(facts('big'), {}, 'a'.repeat(5000));
  expect(await pages.get(id)).toMatchObject({ bytes: 5000, truncated: true });
  expect((await pages.body(id))!.length).toBe(1024);
  await redis.del(`${prefix}kept`, `${prefix}kept:${id}`, `${prefix}kept:${id}:body`);
});

test('cookies, credentials and session headers are never kept', () => {
  expect(keptHeaders({
    'content-type': 'text/html', 'Set-Cookie': ['a=1', 'b=2'], cookie: 'c=3', authorization: 'Bearer x', 'proxy-authorization': 'Basic y',
    'x-csrf-token': 't', 'x-session-id': 's', 'x-api-key': 'k', server: 'nginx', 'retry-after': undefined,
  })).toEqual({ 'content-type': 'text/html', server: 'nginx' });
});

test('ids that are not kept-page ids are not looked up', async () => {
  const pages = createKeptPages(redis, uniquePrefix('kept-id'), { maxCount: 10, maxAgeMs: 60_000, maxBodyBytes: 1024 });
  expect(await pages.get('../../x')).toBeNull();
  expect(await pages.body('*')).toBeNull();
});
