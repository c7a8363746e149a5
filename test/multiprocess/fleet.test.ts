/**
 * The service as it is deployed, in miniature: a simulator server, two api processes and two
 * worker processes, all real processes on one Redis under one unique prefix. Shows what only
 * several processes can: a `wait` on one api woken by a job submitted through the other and
 * settled by a worker; the rate limit counted in total across both apis; a worker killed with
 * SIGKILL in the middle of collections leaving no job unsettled and none charged twice.
 */
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, createStore, whenReady, type Accounts, type Store } from '@listings/store';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import {
  ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess, type Proc,
} from '../support/processes.ts';

const group = new ProcessGroup();
const prefix = uniquePrefix('fleet');
let redis: Redis;
let store: Store;
let accounts: Accounts;
let simUrl: string;
let apis: [string, string];
let workers: [Proc, Proc];
/** Collections each worker runs at once: with two workers, more active than this proves both hold some. */
const CONCURRENCY = 2;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'fleet-test' });
  await whenReady(redis);
  store = createStore(redis, { prefix });
  accounts = createAccounts(redis, prefix);
  const sim = await startSimulatorProcess(group);
  simUrl = sim.url;
  const env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: simUrl,
    LOG_LEVEL: 'warn',
    // A killed worker's collections are taken over ~2.5 s after its lock lapses.
    JOB_LOCK_MS: '2000',
    JOB_STALLED_CHECK_MS: '500',
    JOB_BACKOFF_MS: '50',
    HTTP_TIMEOUT_MS: '10000',
    SWEEP_INTERVAL_MS: '500',
    // The searches below are all on mkt_a; the workers serve only its queue.
    WORKER_MARKETPLACES: 'mkt_a',
    WORKER_CONCURRENCY: `mkt_a=${CONCURRENCY}`,
  };
  const [a1, a2, w1, w2] = await Promise.all([
    startApiProcess(group, 'api-1', env),
    startApiProcess(group, 'api-2', env),
    startWorkerProcess(group, 'worker-1', env),
    startWorkerProcess(group, 'worker-2', env),
  ]);
  apis = [a1.url, a2.url];
  workers = [w1.proc, w2.proc];
}, 30_000);

afterAll(async () => {
  await group.stopAll();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

/** Runs a test body; on failure, adds what every process wrote lately. */
async function newKey(plan = 'pro'): Promise<{ account: string; key: string }> {
  const acct = await accounts.create('fleet', plan);
  const k = await accounts.issueKey(acct.id, 'sandbox');
  return { account: acct.id, key: k.secret };
}

async function call(base: string, path: string, key: string): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}

async function setLatency(ms: number): Promise<void> {
  const r = await fetch(`${simUrl}/__sim/faults/mkt_a`, { method: 'PUT', body: JSON.stringify({ fault: 'none', latencyMs: ms }) });
  expect(r.status).toBe(204);
}

test('a wait on api 1 is answered the moment a worker settles a job submitted through api 2', () => group.explained(async () => {
  const { key } = await newKey();
  await setLatency(1500);
  try {
    const q = `wake ${randomBytes(4).toString('hex')}`;
    const submitted = await call(apis[1], `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, key);
    expect(submitted.status).toBe(202);
    const id = submitted.body.request_id as string;
    expect((await call(apis[0], `/v1/jobs/${id}`, key)).body.status).toBe('pending');

    const started = Date.now();
    const waited = await call(apis[0], `/v1/jobs/${id}?wait=20`, key);
    const heldMs = Date.now() - started;
    expect(waited.status).toBe(200);
    expect(waited.body).toMatchObject({ request_id: id, status: 'complete', credits: 1, cached: false, result: { provider: 'mkt_a', query: q } });
    // The woken answer carries the same result as any later read of the job.
    expect((await call(apis[1], `/v1/jobs/${id}`, key)).body.result).toEqual(waited.body.result);
    // Answered by the settle, not by the end of the 20-second wait.
    expect(heldMs).toBeLessThan(10_000);
  } finally {
    await setLatency(0);
  }
}));

test('the rate limit holds in total across both apis: 60 calls pass in the window, the rest 429', () => group.explained(async () => {
  const { key } = await newKey();
  const calls = Array.from({ length: 100 }, (_, i) => call(apis[i % 2]!, '/v1/jobs/req_doesnotexist', key).then((r) => ({ ...r, api: i % 2 })));
  const answers = await Promise.all(calls);
  const passed = answers.filter((a) => a.status !== 429);
  const limited = answers.filter((a) => a.status === 429);
  expect(passed.length).toBe(60);
  expect(limited.length).toBe(40);
  // Each api alone answered 50 calls, fewer than the limit: only a shared count refuses any.
  for (const a of passed) expect(a.body).toMatchObject({ error: { code: 'request_not_found' } });
  for (const a of limited) {
    expect(a.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(a.headers.get('x-ratelimit-remaining')).toBe('0');
  }
  // One count, not one per process: the 60 calls let through saw each remaining value once.
  const remaining = passed.map((a) => Number(a.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y);
  expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
  expect(new Set(passed.map((a) => a.api))).toEqual(new Set([0, 1]));
}));

test('a worker killed with SIGKILL mid-collection leaves no job unsettled and none charged twice', () => group.explained(async () => {
  const { account, key } = await newKey();
  const queueConn = connectRedis(testRedisUrl(), { failFast: false, name: 'fleet-test-queue' });
  const queue = new Queue('collect-mkt_a', { connection: queueConn, prefix: `${prefix}bull` });
  await setLatency(2000);
  try {
    // Six collections for two workers of two slots each; two of them are asked for twice
    // (through the other api), so their collection settles two jobs at once.
    const words = Array.from({ length: 6 }, (_, i) => `kill ${i} ${randomBytes(3).toString('hex')}`);
    const submits = [
      ...words.map((q, i) => call(apis[i % 2]!, `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, key)),
      ...words.slice(0, 2).map((q, i) => call(apis[(i + 1) % 2]!, `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, key)),
    ];
    const jobs = (await Promise.all(submits)).map((r) => {
      expect(r.status).toBe(202);
      return r.body.request_id as string;
    });
    expect(new Set(jobs).size).toBe(8);

    // Wait until both workers are busy: more collections active than one worker's slots
    // means the one about to be killed holds some.
    const deadline = Date.now() + 10_000;
    while ((await queue.getActiveCount()) < 2 * CONCURRENCY) {
      if (Date.now() > deadline) throw new Error('the workers never had four collections active');
      await new Promise((r) => setTimeout(r, 25));
    }
    const activeAtKill = (await queue.getActive()).map((j) => j.id);
    expect(activeAtKill).toHaveLength(2 * CONCURRENCY);
    workers[0].child.kill('SIGKILL');
    expect(await workers[0].exited).toBe('SIGKILL');

    const settled = await Promise.all(jobs.map((id, i) => call(apis[i % 2]!, `/v1/jobs/${id}?wait=20`, key)));
    for (const s of settled) expect(s.body).toMatchObject({ status: 'complete', credits: 1 });

    // The killed worker's collections were found stalled (its lock lapsed) and run again.
    const events = await redis.xrange(`${prefix}bull:collect-mkt_a:events`, '-', '+');
    const stalled = new Set(events.filter(([, f]) => f[1] === 'stalled').map(([, f]) => f[f.indexOf('jobId') + 1]));
    // (At least the killed worker's: on a very busy machine a live worker's lock may lapse too,
    // and its collection is then run twice, which the assertions below also cover.)
    expect([...stalled].filter((id) => activeAtKill.includes(id)).length).toBeGreaterThanOrEqual(CONCURRENCY);

    // Exactly one charge per completed job, no reservation left, every collection closed once.
    const usage = await store.usage(account, 'sandbox');
    expect(usage).toMatchObject({ chargedTotal: 8, completed30d: 8, pending: 0 });
    expect(await store.queueDepth('sandbox', 'mkt_a')).toBe(0);
    expect(await redis.zcard(store.keys.open())).toBe(0);
  } finally {
    await setLatency(0);
    await queue.close();
    queueConn.disconnect();
  }
}), 40_000);
