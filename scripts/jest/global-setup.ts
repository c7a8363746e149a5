/**
 * jest global setup: provide a Redis to every suite through REDIS_URL. Order: the REDIS_URL
 * given; else a private `redis-server` from the machine's binary; else a Redis container
 * (testcontainers, needs a Docker engine); with none of them the run stops at once saying
 * what to install. The suites run under their own key prefixes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRedisServer, INSTALL_HINT, PREFIX_LOG_ENV, startPrivateRedis } from '@listings/testing';

declare global {
  var __listingsRedisStop: (() => Promise<void>) | undefined;
}

export default async function setup(): Promise<void> {
  // The run's prefix log: every uniquePrefix of every suite (workers inherit the variable), so
  // the teardown can give their keys a TTL (packages/testing/src/leftover-keys.ts).
  process.env[PREFIX_LOG_ENV] = join(mkdtempSync(join(tmpdir(), 'listings-test-run-')), 'prefixes');
  if (process.env.REDIS_URL) return;
  // The machine's redis-server first: no container runtime is tried (nor its failure printed)
  // where one is at hand.
  if (findRedisServer()) {
    const r = await startPrivateRedis({ appendonly: false });
    process.env.REDIS_URL = r.url;
    globalThis.__listingsRedisStop = () => r.stop();
    return;
  }
  try {
    const { RedisContainer } = await import('@testcontainers/redis');
    const c = await new RedisContainer('redis:7.4-alpine').start();
    process.env.REDIS_URL = c.getConnectionUrl();
    globalThis.__listingsRedisStop = async () => { await c.stop(); };
  } catch (err) {
    throw new Error(`${INSTALL_HINT} (No redis-server on PATH, and testcontainers could not start one: ${(err as Error).message.split('\n')[0]})`, { cause: err });
  }
}
