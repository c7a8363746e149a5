/**
 * Redis's memory, with real processes on private `redis-server`s (@listings/store redis-memory.ts,
 * docs/operations.md "Redis memory"):
 *
 * - An evicting Redis (`maxmemory-policy allkeys-lru`) stops the api, the worker and `npm start`
 *   at start with a message naming the setting and the fix; a policy changed while an api runs
 *   makes its readiness fail, and changed back, pass again.
 * - A full Redis (a small `maxmemory`, filled past it by keys of no account): new searches and
 *   batches (and watches, which run searches) answer 503 storage_unavailable with Retry-After and `Listings-Recorded: no`, charging
 *   and recording nothing, no search is left pending; jobs and batches recorded before still read,
 *   readiness says `redis_memory: full`, the admin reads charges. With memory back, searches run
 *   again, and every account's charges equal its completed searches.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, createStore, whenReady, type Store } from '@listings/store';
import { startPrivateRedis, uniquePrefix, type PrivateRedis } from '@listings/testing';
import { runAdminInline, runCommand } from '../support/commands.ts';
import { API_MAIN, freePort, NODE, ProcessGroup, ROOT, startApiProcess, startSimulatorProcess, startWorkerProcess, WORKER_MAIN } from '../support/processes.ts';

const group = new ProcessGroup();
const servers: PrivateRedis[] = [];
const conns: Redis[] = [];

afterAll(async () => {
  await group.stopAll();
  for (const c of conns) c.disconnect();
  for (const s of servers) await s.stop();
});

async function privateRedis(args: string[]): Promise<{ server: PrivateRedis; redis: Redis }> {
  const server = await startPrivateRedis({ appendonly: false, args });
  servers.push(server);
  const redis = connectRedis(server.url, { name: 'redis-memory-test', failFast: false });
  conns.push(redis);
  await whenReady(redis);
  return { server, redis };
}

const baseEnv = (url: string, prefix: string): Record<string, string> => ({
  REDIS_URL: url, KEY_PREFIX: prefix, CURSOR_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'warn', HOST: '127.0.0.1',
});

/** Polls `check` every 50 ms until it holds (a condition, never a fixed sleep). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function readyz(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${url}/readyz`);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('an evicting Redis', () => {
  test('stops the api, the worker and npm start at start, naming maxmemory-policy and the fix', async () => {
    const { server } = await privateRedis(['--maxmemory-policy', 'allkeys-lru']);
    const env = baseEnv(server.url, uniquePrefix('evict'));
    const api = group.spawn('api-evicting', API_MAIN, { env: { ...env, PORT: String(await freePort()) } });
    const worker = group.spawn('worker-evicting', WORKER_MAIN, { env: { ...env, WORKER_METRICS_PORT: String(await freePort()) } });
    const start = runCommand(NODE, [join(ROOT, 'scripts/start.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(await freePort()), LISTINGS_LOCAL_DIR: join(server.dir, 'local') },
      timeoutMs: 60_000,
    });
    await group.explained(async () => {
      expect(await api.exited).toBe(1);
      expect(await worker.exited).toBe(1);
      for (const out of [api.output(), worker.output()]) {
        expect(out).toContain('maxmemory-policy is "allkeys-lru"');
        expect(out).toContain('maxmemory-policy noeviction');
      }
      const ran = await start;
      expect(ran.code).toBe(1);
      expect(ran.stderr).toContain('maxmemory-policy is "allkeys-lru"');
      expect(ran.stderr).toContain('maxmemory-policy noeviction');
      // Nothing was started behind the refusal.
      expect(ran.stdout).not.toMatch(/api listening|Processes/u);
    });
  }, 90_000);

  test('a policy changed while running fails the api\'s and the worker\'s readiness, and changed back passes it', async () => {
    const { server, redis } = await privateRedis([]);
    const env = baseEnv(server.url, uniquePrefix('evict-live'));
    const [api, worker] = await Promise.all([startApiProcess(group, 'api-policy', env), startWorkerProcess(group, 'worker-policy', env)]);
    await group.explained(async () => {
      await redis.config('SET', 'maxmemory-policy', 'allkeys-lru');
      await until('api not ready', async () => (await readyz(api.url)).status === 503);
      await until('worker not ready', async () => (await readyz(worker.healthUrl)).status === 503);
      expect(JSON.stringify((await readyz(api.url)).body)).toContain('allkeys-lru');
      await expect(api.proc.waitForOutput(/maxmemory-policy is \\?"allkeys-lru\\?"/u)).resolves.toBeTruthy();
      await redis.config('SET', 'maxmemory-policy', 'noeviction');
      await until('api ready again', async () => (await readyz(api.url)).status === 200);
      await until('worker ready again', async () => (await readyz(worker.healthUrl)).status === 200);
    });
  }, 90_000);
});

describe('a full Redis', () => {
  const ACCOUNTS = 4;
  const MAXMEMORY = 96 * 1024 * 1024;

  interface Answer { status: number; body: Record<string, unknown>; headers: Headers }

  test('refuses new searches and batches at submit (503, nothing recorded or charged, nothing pending), reads still answer, and all recovers with memory', async () => {
    const { server, redis } = await privateRedis(['--maxmemory', String(MAXMEMORY), '--maxmemory-policy', 'noeviction']);
    const prefix = uniquePrefix('full');
    const store: Store = createStore(redis, { prefix });
    const accounts = createAccounts(redis, prefix);
    const sim = await startSimulatorProcess(group, 'sim-full');
    const env = { ...baseEnv(server.url, prefix), SIMULATOR_URL: sim.url, JOB_BACKOFF_MS: '50' };
    // mkt_c is served by no worker until Redis is full: its searches are recorded and queued, then wait.
    const [api, worker] = await Promise.all([startApiProcess(group, 'api-full', env), startWorkerProcess(group, 'worker-full', { ...env, WORKER_MARKETPLACES: 'mkt_a,mkt_b' })]);

    const call = async (method: string, path: string, key: string, body?: unknown): Promise<Answer> => {
      const r = await fetch(`${api.url}${path}`, {
        method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown>, headers: r.headers };
    };
    const settled = async (id: string): Promise<string> => {
      let status = 'pending';
      await until(`job ${id} settled`, async () => {
        status = (await store.getJob(id))?.status ?? 'missing';
        return status !== 'pending';
      });
      return status;
    };

    await group.explained(async () => {
      const keys: Array<{ account: string; key: string; jobs: string[]; batches: string[] }> = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const a = await accounts.create(`full-${i}`, 'pro');
        keys.push({ account: a.id, key: (await accounts.issueKey(a.id, 'sandbox')).secret, jobs: [], batches: [] });
      }

      // Before: each account searches (one page all share, one of its own) and runs a batch of two.
      for (const [i, k] of keys.entries()) {
        for (const q of ['full shared', `full own ${i}`]) {
          const r = await call('GET', `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, k.key);
          expect([200, 202]).toContain(r.status);
          k.jobs.push(r.body.request_id as string);
          await settled(r.body.request_id as string);
        }
        const b = await call('POST', '/v1/batches', k.key, { searches: [{ endpoint: 'mkt_b/sold', q: `full batch ${i}` }, { endpoint: 'mkt_a/sold', q: 'full shared' }] });
        expect([200, 202]).toContain(b.status);
        k.batches.push(b.body.batch_id as string);
        for (const item of b.body.items as Array<{ request_id: string }>) {
          k.jobs.push(item.request_id);
          await settled(item.request_id);
        }
      }
      // Accepted just before Redis fills: recorded, queued, waiting for a worker (none serves mkt_c yet).
      const waiting: string[] = [];
      for (const [i, k] of keys.entries()) {
        const r = await call('GET', `/v1/mkt_c/sold?q=full+waiting+${i}`, k.key);
        expect(r.status).toBe(202);
        waiting.push(r.body.request_id as string);
      }
      const usageBefore = await Promise.all(keys.map((k) => store.usage(k.account, 'sandbox')));
      expect(usageBefore.map((u) => u.pending)).toEqual(keys.map(() => 1));

      // Fill Redis past maxmemory with keys of no account: a script whose first write is let in
      // keeps writing (Redis checks memory when a script starts), so used_memory ends above the limit.
      const used = Number(/used_memory:(\d+)/u.exec(await redis.info('memory'))![1]);
      const chunks = Math.ceil((MAXMEMORY - used) * 1.05 / 65_536) + 8;
      await redis.eval("for i = 1, tonumber(ARGV[1]) do redis.call('SET', 'filler:' .. i, string.rep('f', 65536)) end return 1", 0, chunks);
      expect(await redis.set('filler:probe', 'x').catch((e: Error) => e.message)).toMatch(/OOM/u);
      await until('api says full', async () => (await readyz(api.url)).body.redis_memory === 'full');
      await until('worker says full', async () => (await readyz(worker.healthUrl)).body.redis_memory === 'full');
      expect((await readyz(api.url)).status).toBe(200);
      await expect(api.proc.waitForOutput(/"level":50.*Redis memory is full/u)).resolves.toBeTruthy();

      // Refused at submit: searches (new pages and the cached one) and batches.
      for (const [i, k] of keys.entries()) {
        for (const path of [`/v1/mkt_a/sold?q=full+refused+${i}`, '/v1/mkt_a/sold?q=full+shared', `/v1/mkt_b/sold?q=full+refused+${i}`]) {
          const r = await call('GET', path, k.key);
          expect([r.status, (r.body.error as { code: string }).code, r.headers.get('retry-after'), r.headers.get('listings-recorded')]).toEqual([503, 'storage_unavailable', '30', 'no']);
        }
        const b = await call('POST', '/v1/batches', k.key, { searches: [{ endpoint: 'mkt_a/sold', q: `full refused batch ${i}` }] });
        expect([b.status, (b.body.error as { code: string }).code, b.headers.get('retry-after')]).toEqual([503, 'storage_unavailable', '30']);
        // A watch runs searches from its creation: refused with them.
        const w = await call('POST', '/v1/watches', k.key, { search: { endpoint: 'mkt_a/listings', q: `full refused watch ${i}` } });
        expect([w.status, (w.body.error as { code: string }).code, w.headers.get('retry-after')]).toEqual([503, 'storage_unavailable', '30']);
      }

      // Reads still answer: jobs with their results, batches, the admin's account view.
      for (const k of keys) {
        for (const id of k.jobs) {
          const r = await call('GET', `/v1/jobs/${id}`, k.key);
          expect([r.status, r.body.status]).toEqual([200, 'complete']);
          expect(Array.isArray((r.body.result as { data: unknown[] }).data)).toBe(true);
        }
        for (const id of k.batches) {
          const r = await call('GET', `/v1/batches/${id}?include=results`, k.key);
          expect([r.status, r.body.status]).toEqual([200, 'complete']);
        }
      }
      const shown = await runAdminInline(['accounts', 'show', keys[0]!.account, '--json'], { REDIS_URL: server.url, KEY_PREFIX: prefix });
      expect(shown.code).toBe(0);
      expect((JSON.parse(shown.stdout) as { usage: { sandbox: { completed_30d: number } } }).usage.sandbox.completed_30d).toBe(usageBefore[0]!.completed30d);
      const refusedChange = await runAdminInline(['accounts', 'create', '--name', 'x', '--plan', 'pro'], { REDIS_URL: server.url, KEY_PREFIX: prefix });
      expect(refusedChange.code).toBe(1);
      expect(refusedChange.stderr).toContain('out of memory');

      // Nothing recorded or charged by the refusals.
      for (const [i, k] of keys.entries()) {
        expect(await store.usage(k.account, 'sandbox')).toEqual(usageBefore[i]);
      }

      // The searches accepted before: a worker for mkt_c now, but Redis refuses BullMQ the write
      // that starts a job. Past the bound (sweepStaleMs: 3.6 s with these settings) the sweep
      // settles them failed, free of charge, instead of leaving them pending until memory returns.
      const boundMs = 1000 * (1 + 2) + 50 * 2 ** 1 + 500 * 1;
      await startWorkerProcess(group, 'worker-full-c', { ...env, WORKER_MARKETPLACES: 'mkt_c', JOB_LOCK_MS: '1000', JOB_ATTEMPTS: '1', HTTP_TIMEOUT_MS: '500', SWEEP_INTERVAL_MS: '200' });
      for (const id of waiting) {
        const started = Date.now();
        expect(await settled(id)).toBe('failed');
        expect((await store.getJob(id))).toMatchObject({ error: 'collection_unavailable', credits: 0 });
        expect(Date.now() - started).toBeLessThan(boundMs + 15_000);
      }
      for (const [i, k] of keys.entries()) {
        expect(await store.usage(k.account, 'sandbox')).toEqual({ ...usageBefore[i], pending: 0 });
      }
      expect(await redis.zcard(store.keys.open())).toBe(0);

      // Memory back: searches run again and settle; charges equal completed searches.
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', 'filler:*', 'COUNT', 500);
        cursor = next;
        if (found.length > 0) await redis.unlink(...found);
      } while (cursor !== '0');
      await until('api ready for searches', async () => (await readyz(api.url)).body.redis_memory === undefined);
      for (const [i, k] of keys.entries()) {
        const r = await call('GET', `/v1/mkt_a/sold?q=full+after+${i}`, k.key);
        expect([200, 202]).toContain(r.status);
        k.jobs.push(r.body.request_id as string);
        const hit = await call('GET', '/v1/mkt_a/sold?q=full+shared', k.key);
        expect(hit.status).toBe(200);
        k.jobs.push(hit.body.request_id as string);
      }
      for (const id of waiting) expect((await store.getJob(id))?.status).toBe('failed');
      for (const k of keys) {
        let completed = 0;
        for (const id of k.jobs) if ((await settled(id)) === 'complete') completed++;
        const usage = await store.usage(k.account, 'sandbox');
        expect([usage.completed30d, usage.pending]).toEqual([completed, 0]);
      }
    });
  }, 180_000);
});
