/**
 * @module leftover-keys
 * The test suite leaves no key without a TTL in the Redis it was given. Production keeps
 * accounts, keys, BullMQ queue metadata, counters and webhook endpoints for ever; tests make
 * the same records under their own prefixes (`uniquePrefix`), and most suites cannot know
 * every key their stack, worker and queues wrote. So every prefix `uniquePrefix` hands out is
 * written to the run's prefix log (`LISTINGS_TEST_PREFIX_LOG`, set by jest's global setup), and
 * the global teardown gives every key under those prefixes that has no TTL one
 * (`LEFTOVER_TTL_SECONDS`), then checks that none is left without. Nothing outside the logged
 * prefixes is read or changed: another run's keys, and anything that is not a test's, are
 * never touched.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';

/** The environment variable naming the file the run's prefixes are appended to. */
export const PREFIX_LOG_ENV = 'LISTINGS_TEST_PREFIX_LOG';

/** How long a test key without a TTL is kept once its run is over (long enough to debug a failure). */
export const LEFTOVER_TTL_SECONDS = 3600;

/** Appends `prefix` to the run's prefix log, when there is one. */
export function logPrefix(prefix: string): void {
  const file = process.env[PREFIX_LOG_ENV];
  if (file) appendFileSync(file, `${prefix}\n`);
}

/** The prefixes of a prefix log, each once; only `test:` prefixes (what uniquePrefix makes). */
export function readPrefixLog(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return [...new Set(text.split('\n').filter((p) => p.startsWith('test:') && p.length > 'test:'.length))];
}

/** A SCAN MATCH pattern for the keys that start with `prefix`, glob characters escaped. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[*?[\]\\]/gu, (c) => `\\${c}`)}*`;
}

/** The keys under `prefix` that have no TTL. */
export async function keysWithoutTtl(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', prefixPattern(prefix), 'COUNT', 1000);
    cursor = next;
    if (batch.length === 0) continue;
    const pipe = redis.pipeline();
    for (const k of batch) pipe.ttl(k);
    const ttls = (await pipe.exec()) ?? [];
    batch.forEach((k, i) => {
      if (ttls[i]?.[1] === -1) found.push(k);
    });
  } while (cursor !== '0');
  return found;
}

export interface SweepReport {
  prefixes: number;
  /** Keys that had no TTL and were given one. */
  expired: number;
  /** Keys still without a TTL after the sweep (should be none). */
  left: string[];
}

/**
 * Gives every key without a TTL under each of `prefixes` a TTL of `ttlSeconds` (EXPIRE NX: a
 * key that meanwhile got one keeps it), then lists any still without one.
 */
export async function expireLeftovers(redisUrl: string, prefixes: readonly string[], ttlSeconds = LEFTOVER_TTL_SECONDS): Promise<SweepReport> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let expired = 0;
    const left: string[] = [];
    for (const prefix of prefixes) {
      const keys = await keysWithoutTtl(redis, prefix);
      if (keys.length > 0) {
        const pipe = redis.pipeline();
        for (const k of keys) pipe.expire(k, ttlSeconds, 'NX');
        for (const [, set] of (await pipe.exec()) ?? []) if (set === 1) expired++;
      }
      left.push(...await keysWithoutTtl(redis, prefix));
    }
    return { prefixes: prefixes.length, expired, left };
  } finally {
    redis.disconnect();
  }
}
