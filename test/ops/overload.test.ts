/**
 * Overload, with real processes on one Redis: two api processes and two worker processes
 * (both serving mkt_a and mkt_d) share one key prefix; the simulators run in this process so
 * their request counts can be read. The three fleet-wide limits are single Redis scripts, so
 * they hold exactly however many processes call them at once:
 * - queue-full (submit.lua, `qdepth`): searches beyond the threshold answer 503 `queue_full`
 *   at once, through either api, while cache hits keep answering 200;
 * - daily upstream limit (upstream-take.lua): two workers stop collection at exactly its
 *   value, counted by the simulator itself; later searches answer 503 `upstream_daily_limit`
 *   and cache hits still answer;
 * - per-account rate limit (auth.lua): 60 calls in the window through both apis, no more.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MARKETPLACES, startSimulators, type Simulator, type SimulatorServer } from '@listings/marketplaces';
import { connectRedis, createAccounts, createStore, whenReady, type Accounts, type Store } from '@listings/store';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import { ProcessGroup, startApiProcess, startWorkerProcess } from '../support/processes.ts';

const QUEUE_FULL = 12;
const DAILY_LIMIT = 17;

const group = new ProcessGroup();
const prefix = uniquePrefix('overload');
let redis: Redis;
let store: Store;
let accounts: Accounts;
let sim: SimulatorServer;
let apis: [string, string];
/** Search requests the simulators received, by the marker in their query (warm-up visits and other searches not counted). */
const searchRequests = new Map<string, number>();

/** The registry's simulators, counting the requests that carry a marker word in their query. */
function countingSimulators(): Record<string, Simulator> {
  return Object.fromEntries(Object.entries(MARKETPLACES).map(([token, m]) => {
    const sim = m.createSimulator();
    const counted: Simulator = {
      handle(req) {
        for (const v of req.query.values()) {
          const marker = /\bmark(\w+)\b/u.exec(v)?.[1];
          if (marker) searchRequests.set(marker, (searchRequests.get(marker) ?? 0) + 1);
        }
        return sim.handle(req);
      },
      renderFault: (fault, req) => sim.renderFault(fault, req),
    };
    return [token, counted];
  }));
}
let workerHealth: [string, string];

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'overload-test' });
  await whenReady(redis);
  store = createStore(redis, { prefix });
  accounts = createAccounts(redis, prefix);
  sim = await startSimulators(countingSimulators());
  const env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'warn',
    QUEUE_FULL_THRESHOLDS: `mkt_d=${QUEUE_FULL}`,
    SANDBOX_UPSTREAM_DAILY_LIMITS: `mkt_a=${DAILY_LIMIT}`,
    WORKER_MARKETPLACES: 'mkt_a,mkt_d',
    WORKER_CONCURRENCY: 'mkt_a=4,mkt_d=3',
    JOB_BACKOFF_MS: '50',
    HTTP_TIMEOUT_MS: '20000',
  };
  const [a1, a2, w1, w2] = await Promise.all([
    startApiProcess(group, 'api-1', env),
    startApiProcess(group, 'api-2', env),
    startWorkerProcess(group, 'worker-1', env),
    startWorkerProcess(group, 'worker-2', env),
  ]);
  apis = [a1.url, a2.url];
  workerHealth = [w1.healthUrl, w2.healthUrl];
}, 30_000);

afterAll(async () => {
  await group.stopAll();
  await sim?.close();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function newKey(plan = 'scale'): Promise<{ account: string; key: string }> {
  const acct = await accounts.create('overload', plan);
  return { account: acct.id, key: (await accounts.issueKey(acct.id, 'sandbox')).secret };
}

interface Answer { status: number; headers: Headers; body: Record<string, unknown> }

async function call(base: string, path: string, key: string): Promise<Answer> {
  const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}

async function settled(base: string, id: string, key: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await call(base, `/v1/jobs/${id}?wait=20`, key);
    if (r.body.status !== 'pending') return r.body;
  }
}

const word = (): string => randomBytes(4).toString('hex');

test('beyond the queue-full threshold searches answer 503 queue_full at once through both apis; cache hits keep answering 200', () => group.explained(async () => {
  // A cached page first, while the queue is empty.
  const warm = await newKey();
  const cachedQuery = `/v1/mkt_d/listings?q=cached+${word()}`;
  const first = await call(apis[0], cachedQuery, warm.key);
  expect(first.status).toBe(202);
  expect(await settled(apis[0], first.body.request_id as string, warm.key)).toMatchObject({ status: 'complete' });

  // Slow collections now fill the queue: none of the accepted ones settles during the burst.
  sim.setFaults('mkt_d', { fault: 'none', latencyMs: 8000 });
  try {
    const clients = await Promise.all([newKey(), newKey()]);
    const sent = Array.from({ length: 3 * QUEUE_FULL }, (_, i) => ({ api: apis[i % 2]!, key: clients[i % 2]!.key, path: `/v1/mkt_d/listings?q=burst+${i}+${word()}` }));
    const answers = await Promise.all(sent.map(async (s) => ({ ...s, ...(await call(s.api, s.path, s.key)) })));
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 503);
    expect(accepted).toHaveLength(QUEUE_FULL);
    expect(refused).toHaveLength(2 * QUEUE_FULL);
    for (const r of refused) {
      expect(r.body).toEqual({ error: { code: 'queue_full', message: expect.any(String) } });
      expect(r.headers.get('retry-after')).toBe('5');
    }
    // Accepted and refused through both apis: the threshold is one count for the fleet.
    expect(new Set(refused.map((a) => a.api)).size).toBe(2);
    // "At once": every refusal came back while all accepted collections were still running.
    expect(await store.queueDepth('sandbox', 'mkt_d')).toBe(QUEUE_FULL);
    const states = await Promise.all(accepted.map(async (a) => (await call(a.api, `/v1/jobs/${a.body.request_id as string}`, a.key)).body.status));
    expect(states).toEqual(accepted.map(() => 'pending'));

    // The cache keeps answering through both apis while the queue is full,
    for (const api of apis) {
      const hit = await call(api, cachedQuery, warm.key);
      expect(hit.status).toBe(200);
      expect(hit.body).toMatchObject({ status: 'complete', cached: true, credits: 1 });
    }
    // and asking again for a page being collected joins its collection: no slot needed.
    const again = await call(apis[1], accepted[0]!.path, warm.key);
    expect(again.status).toBe(202);

    // Once the slow collections settle, the queue takes searches again.
    sim.setFaults('mkt_d', { latencyMs: 0 });
    for (const a of accepted) expect(await settled(a.api, a.body.request_id as string, a.key)).toMatchObject({ status: 'complete', credits: 1 });
    expect(await settled(apis[1], again.body.request_id as string, warm.key)).toMatchObject({ status: 'complete', credits: 1 });
    expect(await store.queueDepth('sandbox', 'mkt_d')).toBe(0);
    expect((await call(apis[1], `/v1/mkt_d/listings?q=after+${word()}`, warm.key)).status).toBe(202);

    // The apis' metrics show the refusals, the join and the hits.
    const text = (await Promise.all(apis.map(async (api) => (await fetch(`${api}/metrics`)).text()))).join('\n');
    const total = (outcome: string): number => text.split('\n')
      .filter((l) => l.startsWith('listings_search_submits_total{') && l.includes('marketplace="mkt_d"') && l.includes('mode="sandbox"') && l.includes(`outcome="${outcome}"`))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    expect(total('queue_full')).toBe(2 * QUEUE_FULL);
    expect(total('joined')).toBe(1);
    expect(total('hit')).toBe(2);
  } finally {
    sim.setFaults('mkt_d', { fault: 'none', latencyMs: 0 });
  }
}), 60_000);

test('the daily upstream limit stops collection at exactly its value across two workers; then 503 upstream_daily_limit, cache hits still 200', () => group.explained(async () => {
  const clients = await Promise.all([newKey(), newKey()]);
  const marker = word();
  // Several more searches than the limit, all at once through both apis.
  const sent = Array.from({ length: DAILY_LIMIT + 13 }, (_, i) => ({ api: apis[i % 2]!, key: clients[i % 2]!.key, path: `/v1/mkt_a/sold?q=daily+${i}+mark${marker}` }));
  const answers = await Promise.all(sent.map(async (s) => ({ ...s, ...(await call(s.api, s.path, s.key)) })));
  const outcomes = await Promise.all(answers.map(async (a) => {
    if (a.status === 503) return (a.body.error as { code: string }).code;
    expect(a.status).toBe(202);
    const done = await settled(a.api, a.body.request_id as string, a.key);
    return done.status === 'complete' ? 'complete' : `failed:${(done.error as { code: string }).code}`;
  }));
  const complete = outcomes.filter((o) => o === 'complete').length;
  // Submits accepted before the workers used the day up failed free of charge at collection.
  for (const o of outcomes) expect(['complete', 'failed:collection_unavailable', 'upstream_daily_limit']).toContain(o);
  expect(complete).toBe(DAILY_LIMIT);
  expect(searchRequests.get(marker)).toBe(DAILY_LIMIT);
  expect(await store.upstreamUsed('sandbox', 'mkt_a')).toBe(DAILY_LIMIT);
  const charged = (await Promise.all(clients.map((c) => store.usage(c.account, 'sandbox')))).reduce((n, u) => n + u.chargedTotal, 0);
  expect(charged).toBe(DAILY_LIMIT);
  // Both workers took part: the limit held between them, not inside one process. A worker
  // counts a run just after its settle, which a client may see first: read until the counts
  // are in (a few ms), at most 5 s.
  const collected = outcomes.filter((o) => o !== 'upstream_daily_limit').length;
  const readRuns = (): Promise<number[]> => Promise.all(workerHealth.map(async (url) => {
    const text = await (await fetch(`${url}/metrics`)).text();
    return text.split('\n').filter((l) => l.startsWith('listings_collection_runs_total{') && l.includes('marketplace="mkt_a"'))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  }));
  let runs = await readRuns();
  for (const until = Date.now() + 5000; runs[0]! + runs[1]! < collected && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 50));
    runs = await readRuns();
  }
  for (const n of runs) expect(n).toBeGreaterThan(0);
  expect(runs[0]! + runs[1]!).toBe(collected);

  // From now on new searches are refused at once, on both apis; cached pages still answer.
  const cachedPath = answers[outcomes.indexOf('complete')]!.path;
  for (const api of apis) {
    const refused = await call(api, `/v1/mkt_a/sold?q=later+mark${marker}`, clients[0]!.key);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ error: { code: 'upstream_daily_limit' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const hit = await call(api, cachedPath, clients[1]!.key);
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ status: 'complete', cached: true });
  }
  expect(searchRequests.get(marker)).toBe(DAILY_LIMIT);
}), 60_000);

test('the per-account rate limit holds in total across both apis', () => group.explained(async () => {
  const { key } = await newKey();
  const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => call(apis[i % 2]!, '/v1/jobs/req_none', key)));
  expect(answers.filter((a) => a.status === 404)).toHaveLength(60);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
}));
