/**
 * PostgreSQL stopped in the middle of a run (a private server this test starts with initdb and
 * pg_ctl on its own port, never the machine's): every search still completes, the history
 * route answers 503 storage_unavailable and charges nothing, the archive queue holds the rows
 * (the worker's metrics show it), and once PostgreSQL is back every row is written, once.
 * Real api and worker processes; the rows are the simulators' synthetic listings.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { connectRedis, createAccounts, createStore, whenReady, type Accounts, type Store } from '@listings/store';
import { dropPrefix, startPrivatePostgres, testRedisUrl, uniquePrefix, type PrivatePostgres } from '@listings/testing';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess } from '../support/processes.ts';

const group = new ProcessGroup();
const prefix = uniquePrefix('history-down');
let redis: Redis;
let store: Store;
let accounts: Accounts;
let pg: PrivatePostgres;
let db: HistoryDb;
let api: string;
let workerHealth: string;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'history-down-test' });
  await whenReady(redis);
  store = createStore(redis, { prefix });
  accounts = createAccounts(redis, prefix);
  pg = await startPrivatePostgres();
  db = createHistoryDb({ url: pg.url, connectTimeoutMs: 1000 });
  const sim = await startSimulatorProcess(group);
  const env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'warn',
    JOB_BACKOFF_MS: '50',
    HISTORY_DATABASE_URL: pg.url,
    HISTORY_RETRY_MAX_MS: '300',
    WORKER_MARKETPLACES: 'mkt_a,mkt_b,mkt_c',
  };
  const [a, w] = await Promise.all([startApiProcess(group, 'api', env), startWorkerProcess(group, 'worker', env)]);
  api = a.url;
  workerHealth = w.healthUrl;
}, 120_000);

afterAll(async () => {
  await group.stopAll();
  await db?.close().catch(() => undefined);
  pg?.destroy();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function call(path: string, key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

async function search(key: string, path: string): Promise<Record<string, unknown>> {
  let { body } = await call(path, key);
  const deadline = Date.now() + 30_000;
  while (body.status === 'pending' && Date.now() < deadline) body = (await call(`/v1/jobs/${String(body.request_id)}?wait=10`, key)).body;
  return body;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read().catch(() => undefined as T);
    if (v !== undefined && ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const archivedIds = async (): Promise<string[]> =>
  (await db.pool.query<{ k: string }>(`SELECT marketplace || '/' || listing_id AS k FROM ${db.table('sold_rows')} WHERE mode = 'sandbox' ORDER BY 1`)).rows.map((r) => r.k);

async function queueDepth(): Promise<number> {
  const text = await (await fetch(`${workerHealth}/metrics`)).text();
  const m = /^listings_history_queue_pages(?:\{[^}]*\})? (\S+)$/mu.exec(text);
  return m ? Number(m[1]) : NaN;
}

test('PostgreSQL stopped mid-run: no search fails, the queue holds the rows, every row is written once it is back', () => group.explained(async () => {
  const acct = await accounts.create('history-down', 'pro');
  const key = (await accounts.issueKey(acct.id, 'sandbox')).secret;
  const expected = new Set<string>();
  const run = async (token: string, q: string): Promise<void> => {
    const job = await search(key, `/v1/${token}/sold?q=${encodeURIComponent(q)}`);
    expect([token, q, job.status]).toEqual([token, q, 'complete']);
    for (const r of (job.result as { data: Array<{ id: string }> }).data) expected.add(`${token}/${r.id}`);
  };
  await run('mkt_a', 'iphone 13');
  await until('first page archived', archivedIds, (ids) => ids.length === expected.size);

  pg.stop();
  const queries: Array<[string, string]> = [['mkt_a', 'iphone 12'], ['mkt_b', 'lululemon leggings'], ['mkt_c', 'nintendo switch'], ['mkt_a', 'iphone 13', ], ['mkt_a', 'macbook air'], ['mkt_c', 'airpods pro']];
  for (const [token, q] of queries) await run(token, q);
  // The history route: 503 storage_unavailable, nothing charged.
  const usage = await store.usage(acct.id, 'sandbox');
  const down = await call('/v1/history/mkt_a/sold?q=iphone', key);
  expect(down.status).toBe(503);
  expect(down.body).toMatchObject({ error: { code: 'storage_unavailable' } });
  expect((await store.usage(acct.id, 'sandbox')).completed30d).toBe(usage.completed30d);
  // The rows wait in the queue, and the metrics say so.
  await until('queue depth shown', queueDepth, (n) => n > 0);

  pg.start();
  const ids = await until('every row archived', archivedIds, (got) => got.length >= expected.size);
  expect(ids).toEqual([...expected].sort());
  await until('queue drained', queueDepth, (n) => n === 0);
  const back = await until('history answers again', () => call('/v1/history/mkt_a/sold?q=iphone', key), (r) => r.status === 200);
  expect((back.body.data as unknown[]).length).toBeGreaterThan(0);
}), 180_000);
