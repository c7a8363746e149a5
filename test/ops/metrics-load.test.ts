/**
 * Scrapes cannot multiply the load on Redis: the api reads its
 * fleet gauges in one round trip (one script call) at most once per METRICS_READ_INTERVAL_MS,
 * shared by every scrape in between and at the same time, and a scrape without the token costs
 * nothing. Counted on a private redis-server from INFO commandstats deltas (commands run inside
 * the script included), and on the client by instrumenting the api's store connection (round
 * trips). The worker's health server: one token rule with the api's, and its webhook queue
 * gauges read once for many scrapes at once.
 */
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { oncePerInterval, metricsAuthorized } from '@listings/config';
import { connectRedis, whenReady } from '@listings/store';
import { startPrivateRedis, type PrivateRedis } from '@listings/testing';
import type { WorkerHandle } from '@listings/worker';
import { createHealthServer, createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import { webhookMetrics } from '../../apps/worker/src/webhook-metrics.ts';
import type { WebhookHandle } from '../../apps/worker/src/webhooks.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';

const TOKEN = 'scrape-load-token';
const INTERVAL_MS = 1500;
const N = 25;

/** Calls per command since the server started (INFO commandstats), without INFO itself. */
async function commandStats(probe: Redis): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const m of (await probe.info('commandstats')).matchAll(/cmdstat_([^:]+):calls=(\d+)/gu)) if (m[1] !== 'info') out[m[1]!] = Number(m[2]);
  return out;
}

function delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(after)) if (v - (before[k] ?? 0) > 0) out[k] = v - (before[k] ?? 0);
  return out;
}

const total = (d: Record<string, number>): number => Object.values(d).reduce((a, b) => a + b, 0);
/** The commands a fleet read runs (the script and what runs inside it), and those the old reads ran too: what the comparisons look at, so an unrelated command of the api's own cannot make them flaky. */
const READ_COMMANDS = new Set(['evalsha', 'eval', 'llen', 'zcard', 'zrange', 'lrange', 'lindex', 'hget', 'hgetall', 'get', 'time', 'exists']);
const reads = (d: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(d).filter(([k]) => READ_COMMANDS.has(k)));
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('api /metrics', () => {
  let redis: PrivateRedis;
  let stack: Stack;
  let probe: Redis;
  const sent: string[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis({ appendonly: false });
    stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true, env: { REDIS_URL: redis.url, METRICS_TOKEN: TOKEN, METRICS_READ_INTERVAL_MS: String(INTERVAL_MS) } });
    probe = connectRedis(redis.url, { name: 'metrics-load-probe' });
    await whenReady(probe);
    // The round trips of the api's store connection, the one the fleet figures are read on.
    const conn = stack.services.store.redis;
    const send = conn.sendCommand.bind(conn);
    conn.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      sent.push(command.name);
      return (send as (...a: unknown[]) => unknown)(command, ...rest);
    }) as typeof conn.sendCommand;
  });
  afterAll(async () => {
    probe?.disconnect();
    await stack?.close();
    await redis?.stop();
  });

  const scrape = (authorization: string | null = `Bearer ${TOKEN}`): Promise<Response> => fetch(`${stack.url}/metrics`, { headers: authorization ? { authorization } : {} });

  /** What `fn` cost Redis: commands by name (server side) and commands the api sent (client side). */
  async function cost(fn: () => Promise<unknown>): Promise<{ server: Record<string, number>; sent: string[] }> {
    const before = await commandStats(probe);
    sent.length = 0;
    await fn();
    return { server: delta(before, await commandStats(probe)), sent: [...sent] };
  }

  test('one read per interval, in one round trip, however many scrapes come at once; none without the token', async () => {
    const { key } = await stack.newKey();
    expect((await stack.get('/v1/mkt_b/sold?q=waiting+one', key)).status).toBe(202); // a waiting job: the oldest-age read has work
    expect((await scrape()).status).toBe(200); // loads the script
    await pause(INTERVAL_MS + 100);

    const refused = await cost(() => Promise.all(Array.from({ length: N }, async () => (await scrape(null)).status)));
    expect(reads(refused.server)).toEqual({});

    const one = await cost(async () => {
      const text = await (await scrape()).text();
      expect(text).toMatch(/^listings_queue_jobs\{marketplace="mkt_b",state="waiting",process="api"\} 1$/mu);
    });
    expect(one.sent).toEqual(['evalsha']);
    // The old scrape cost 81 commands (10 script calls, 20 GET, 10 TIME, …); one read is one script.
    expect(one.server.evalsha).toBe(1);
    expect(total(reads(one.server))).toBeLessThan(60);
    await pause(INTERVAL_MS + 100);

    const readAt = Date.now();
    const parallel = await cost(async () => {
      const answers = await Promise.all(Array.from({ length: N }, () => scrape()));
      expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
      const texts = await Promise.all(answers.map((a) => a.text()));
      for (const t of texts) expect(t).toMatch(/^listings_collections_open\{marketplace="mkt_b",mode="sandbox",process="api"\} 1$/mu);
    });
    expect(parallel.sent).toEqual(['evalsha']);
    expect(reads(parallel.server)).toEqual(reads(one.server));

    const within = await cost(async () => {
      for (let i = 0; i < N; i++) expect((await scrape()).status).toBe(200);
    });
    // One read an interval at most: none while the scrapes stay inside the interval of the read
    // above (a quiet machine), one more for each interval a slow machine's scrapes ran into.
    const intervals = Math.floor((Date.now() - readAt) / INTERVAL_MS);
    expect(within.sent.length).toBeLessThanOrEqual(intervals);
    expect(within.sent.filter((c) => c !== 'evalsha')).toEqual([]);
    expect(within.server.evalsha ?? 0).toBeLessThanOrEqual(intervals);
    if (intervals === 0) expect(reads(within.server)).toEqual({});
  });
});

describe('worker /metrics', () => {
  test('the same token rule as the api; webhook queue figures read once for many scrapes', async () => {
    let reads = 0;
    const handle = {
      stats: async () => {
        reads++;
        await pause(50);
        return { waiting: 2, delayed: 1, active: 0, oldestWaitingAgeSeconds: 3 };
      },
    } as unknown as WebhookHandle;
    const metrics = createWorkerMetrics(['mkt_a']);
    webhookMetrics(metrics.registry, () => handle, { readIntervalMs: 60_000 });
    // Only /metrics is asked for: the worker handle (for /readyz) is not needed.
    const server = createHealthServer({ handle: {} as WorkerHandle, metrics, token: TOKEN, draining: () => false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      for (const [authorization, ok] of [[null, false], [`Bearer ${TOKEN}x`, false], [`Basic ${TOKEN}`, false], [`Bearer ${TOKEN}`, true], [`bearer  ${TOKEN}`, true]] as const) {
        expect(metricsAuthorized(TOKEN, authorization ?? undefined)).toBe(ok);
        const r = await fetch(url, { headers: authorization ? { authorization } : {} });
        expect([authorization, r.status]).toEqual([authorization, ok ? 200 : 401]);
      }
      expect(reads).toBe(1);
      const texts = await Promise.all(Array.from({ length: N }, async () => (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text()));
      for (const t of texts) expect(t).toMatch(/^listings_webhook_queue_jobs\{state="waiting",process="worker",serves="mkt_a"\} 2$/mu);
      expect(reads).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('oncePerInterval', () => {
  test('joins a read in flight, answers from the last read within the interval, reads again after it', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const read = oncePerInterval(async () => {
      reads++;
      await pause(20);
      if (fail) throw new Error('Redis away');
      return reads;
    }, 1000, () => now);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await read()).toBe(1);
    now = 1000;
    fail = true;
    await expect(Promise.all([read(), read()])).rejects.toThrow('Redis away');
    expect(reads).toBe(2);
    // A failed read is not repeated within the interval either.
    now = 1500;
    await expect(read()).rejects.toThrow('Redis away');
    expect(reads).toBe(2);
    fail = false;
    now = 2000;
    expect(await read()).toBe(3);
  });

  test('interval 0: every call that finds no read in flight reads', async () => {
    let reads = 0;
    const read = oncePerInterval(async () => {
      reads++;
      await pause(10);
      return reads;
    }, 0);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    expect(await read()).toBe(2);
  });
});
