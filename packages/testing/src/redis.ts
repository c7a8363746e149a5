/**
 * @module redis
 * The Redis a test suite runs against. jest's global setup (scripts/jest/global-setup.ts)
 * makes sure `REDIS_URL` is set before any suite starts: the given one (this project's
 * machines and CI have Redis on 127.0.0.1:6379; `.ci/run` sets it), otherwise a private
 * `redis-server`, otherwise a container started with testcontainers. Every suite works under its
 * own key prefix, so suites share one Redis.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { logPrefix } from './leftover-keys.ts';

/** URL of the Redis to test against. */
export function testRedisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run tests through `npm test` (its global setup provides a Redis).');
  return url;
}

/**
 * A key prefix no other test uses. It is logged for the run (leftover-keys.ts): after the
 * suites, keys under it that have no TTL are given one.
 */
export function uniquePrefix(name = 't'): string {
  const prefix = `test:${name}:${randomUUID().slice(0, 8)}:`;
  logPrefix(prefix);
  return prefix;
}

/** Deletes every key under `prefix` (a suite's own keys, at its end). */
export async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (found.length > 0) await redis.unlink(...found);
  } while (cursor !== '0');
}
