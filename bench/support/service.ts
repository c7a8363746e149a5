/**
 * @module bench/support/service
 * What the api benchmarks share: a Redis (REDIS_URL when given, else a private
 * `redis-server` with AOF `everysec` as in production), a unique key prefix wiped at the end,
 * pools of real accounts and keys, a page collected for real (in-process worker against the
 * simulators) to serve from the cache or settle with, RSS of a process, and a description of
 * the machine for the record.
 */
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { Redis } from 'ioredis';
import { loadConfig } from '@listings/config';
import { MARKETPLACES } from '@listings/marketplaces';
import { connectRedis, createAccounts, createStore, whenReady, type Accounts, type Store } from '@listings/store';
import { dropPrefix, startPrivateRedis } from '@listings/testing';
import { startWorker } from '@listings/worker';
import { startAllSimulators } from '../../scripts/simulators.ts';

export interface BenchRedis {
  url: string;
  label: string;
  stop(): Promise<void>;
}

export async function benchRedis(): Promise<BenchRedis> {
  const given = process.env.REDIS_URL;
  if (given) return { url: given, label: `REDIS_URL ${given}`, stop: async () => undefined };
  const r = await startPrivateRedis({ appendonly: true });
  return { url: r.url, label: 'private redis-server, AOF appendfsync everysec', stop: () => r.stop() };
}

export interface BenchContext {
  redisUrl: string;
  prefix: string;
  cursorSecret: string;
  redis: Redis;
  store: Store;
  accounts: Accounts;
  /** The environment every api/worker of this run gets (plus its own PORT, LOG_LEVEL...). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function benchContext(name: string, redisUrl: string, env: Record<string, string> = {}): Promise<BenchContext> {
  const prefix = `bench:${name}:${randomBytes(4).toString('hex')}:`;
  const redis = connectRedis(redisUrl, { name: `bench-${name}` });
  await whenReady(redis);
  const cursorSecret = randomBytes(24).toString('hex');
  return {
    redisUrl, prefix, cursorSecret, redis,
    store: createStore(redis, { prefix }),
    accounts: createAccounts(redis, prefix),
    env: { REDIS_URL: redisUrl, KEY_PREFIX: prefix, CURSOR_SECRET: cursorSecret, ...env },
    async close() {
      await dropPrefix(redis, prefix);
      redis.disconnect();
    },
  };
}


/** `n` accounts on `plan`, one key of `kind` each; returns the keys. */
export async function keyPool(accounts: Accounts, n: number, plan = 'pro', kind: 'sandbox' | 'live' = 'sandbox'): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 100) {
    const chunk = await Promise.all(Array.from({ length: Math.min(100, n - i) }, async () => {
      const a = await accounts.create('bench', plan);
      return (await accounts.issueKey(a.id, kind)).secret;
    }));
    out.push(...chunk);
  }
  return out;
}

/**
 * Collects one search page for real and waits until it is settled in the cache: an
 * in-process worker (closed afterwards, so it takes no CPU from the measurement) collects
 * from the simulators. `submit` sends the search through the api under test.
 */
export async function collectOnce(ctx: BenchContext, simulatorUrl: string, submit: () => Promise<string>): Promise<{ jobId: string; resultJson: string }> {
  const config = loadConfig({ ...ctx.env, SIMULATOR_URL: simulatorUrl, LOG_LEVEL: 'silent', WORKER_MARKETPLACES: 'mkt_a', WORKER_METRICS_PORT: '0' }, []);
  const worker = await startWorker(config, MARKETPLACES, { logger: pino({ level: 'silent' }) });
  try {
    const jobId = await submit();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await ctx.store.getJob(jobId);
      if (job?.status === 'complete' && job.resultId) {
        const resultJson = await ctx.store.getResultJson(job.resultId);
        if (resultJson) return { jobId, resultJson };
      }
      if (job?.status === 'failed') throw new Error(`warm-up collection failed: ${job.error}`);
      if (Date.now() > deadline) throw new Error('warm-up collection did not settle within 20 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await worker.close();
  }
}

export { startAllSimulators, dropPrefix };

/** Resident set size of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

export async function machine(redis: Redis): Promise<string> {
  const info = await redis.info('server');
  const version = /redis_version:(\S+)/u.exec(info)?.[1] ?? '?';
  const c = cpus();
  return `${c.length} × ${c[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, Redis ${version}`;
}

export const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
