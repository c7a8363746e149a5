/**
 * jest global setup: provide a Redis to every suite through REDIS_URL. Order: the REDIS_URL
 * given; else a Redis container (testcontainers, needs a Docker engine); else a private
 * `redis-server` from the machine's binary. The suites run under their own key prefixes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREFIX_LOG_ENV, startPrivateRedis } from '@listings/testing';

declare global {
  var __listingsRedisStop: (() => Promise<void>) | undefined;
}

export default async function setup(): Promise<void> {
  // The run's prefix log: every uniquePrefix of every suite (workers inherit the variable), so
  // the teardown can give their keys a TTL (packages/testing/src/leftover-keys.ts).
  process.env[PREFIX_LOG_ENV] = join(mkdtempSync(join(tmpdir(), 'listings-test-run-')), 'prefixes');
  if (process.env.REDIS_URL) return;
  try {
    const { RedisContainer } = await import('@testcontainers/redis');
    const c = await new RedisContainer('redis:7.4-alpine').start();
    process.env.REDIS_URL = c.getConnectionUrl();
    globalThis.__listingsRedisStop = async () => { await c.stop(); };
    return;
  } catch (err) {
    console.warn(`testcontainers could not start Redis (${(err as Error).message.split('\n')[0]}); using a private redis-server instead.`);
  }
  const r = await startPrivateRedis({ appendonly: false });
  process.env.REDIS_URL = r.url;
  globalThis.__listingsRedisStop = () => r.stop();
}
