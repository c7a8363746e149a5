/**
 * The sold history archive as deployed, in miniature: a simulator server, an api process and a
 * worker process on one Redis prefix and a PostgreSQL schema of their own (the machine's
 * PostgreSQL). Sold searches on the three marketplaces with a sold route settle, and their rows
 * appear in the archive once each; a repeated search (collected again once its cache entry
 * lapsed) writes nothing new; live keys (collecting here from the simulators, through
 * LIVE_BASE_URLS) fill the live archive and read only it, sandbox keys only the sandbox one;
 * every input error of the route. The rows are the simulators' synthetic listings.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createHistoryDb, type HistoryDb } from '@listings/history';
import { connectRedis, createAccounts, whenReady, type Accounts } from '@listings/store';
import { dropPrefix, testDatabaseUrl, testRedisUrl, uniquePrefix, uniqueSchema } from '@listings/testing';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess } from '../support/processes.ts';

const group = new ProcessGroup();
const prefix = uniquePrefix('history');
const schema = uniqueSchema('archive');
let redis: Redis;
let accounts: Accounts;
let db: HistoryDb;
let api: string;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'history-test' });
  await whenReady(redis);
  accounts = createAccounts(redis, prefix);
  db = createHistoryDb({ url: testDatabaseUrl(), schema });
  const sim = await startSimulatorProcess(group);
  const env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim.url,
    LIVE_BASE_URLS: `mkt_a=${sim.url}/mkt_a,mkt_b=${sim.url}/mkt_b,mkt_c=${sim.url}/mkt_c`,
    LOG_LEVEL: 'warn',
    JOB_BACKOFF_MS: '50',
    SANDBOX_CACHE_SECONDS: '1',
    HISTORY_DATABASE_URL: testDatabaseUrl(),
    HISTORY_SCHEMA: schema,
    HISTORY_RETRY_MAX_MS: '200',
    WORKER_MARKETPLACES: 'mkt_a,mkt_b,mkt_c',
  };
  const [a] = await Promise.all([startApiProcess(group, 'api', env), startWorkerProcess(group, 'worker', env)]);
  api = a.url;
}, 120_000);

afterAll(async () => {
  await group.stopAll();
  await db?.pool.query(`DROP SCHEMA IF EXISTS ${db.S} CASCADE`).catch(() => undefined);
  await db?.close();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function newKey(kind: 'live' | 'sandbox' = 'sandbox'): Promise<string> {
  const acct = await accounts.create('history', 'pro');
  return (await accounts.issueKey(acct.id, kind)).secret;
}

async function call(path: string, key: string | null, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const r = await fetch(`${api}${path}`, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}) } });
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, unknown> };
}

type Row = { id: string; title: string | null };

/** A search run to its end: its result's rows, and whether it was a cache hit. */
async function search(key: string, path: string): Promise<{ rows: Row[]; cached: boolean }> {
  let { body } = await call(path, key);
  const deadline = Date.now() + 30_000;
  while (body.status === 'pending' && Date.now() < deadline) body = (await call(`/v1/jobs/${String(body.request_id)}?wait=10`, key)).body;
  expect(body.status).toBe('complete');
  return { rows: (body.result as { data: Row[] }).data, cached: body.cached === true };
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const idsIn = async (mode: string, marketplace: string): Promise<string[]> =>
  (await db.pool.query<{ id: string }>(`SELECT listing_id AS id FROM ${db.table('sold_rows')} WHERE mode = $1 AND marketplace = $2 ORDER BY 1`, [mode, marketplace])).rows.map((r) => r.id);

const QUERIES: Record<string, string> = { mkt_a: 'iphone 13', mkt_b: 'lululemon leggings', mkt_c: 'nintendo switch' };

test('sold searches on every marketplace with a sold route settle, and their rows appear in the archive once each', () => group.explained(async () => {
  const key = await newKey();
  for (const [token, q] of Object.entries(QUERIES)) {
    const { rows } = await search(key, `/v1/${token}/sold?q=${encodeURIComponent(q)}`);
    const ids = [...new Set(rows.map((r) => r.id))].sort();
    expect(ids.length).toBeGreaterThan(0);
    const archived = await until(`${token} rows archived`, () => idsIn('sandbox', token), (got) => got.length >= ids.length);
    expect(archived).toEqual(ids);
  }
  // An active-listings search is not archived: its rows are not there once a sold search handed over after it is.
  const listed = await search(key, `/v1/mkt_a/listings?q=${encodeURIComponent('iphone 12')}`);
  expect(listed.rows.length).toBeGreaterThan(0);
  const after = await search(key, `/v1/mkt_a/sold?q=${encodeURIComponent('iphone 12')}`);
  const afterIds = after.rows.map((r) => r.id);
  const archived = await until('the later sold rows archived', () => idsIn('sandbox', 'mkt_a'), (got) => afterIds.every((id) => got.includes(id)));
  expect(listed.rows.filter((r) => archived.includes(r.id) && !afterIds.includes(r.id))).toEqual([]);
}), 120_000);

test('a repeated search, collected again, writes nothing new: the same rows, their last_seen moved', () => group.explained(async () => {
  const key = await newKey();
  const q = 'iphone 13';
  const before = await idsIn('sandbox', 'mkt_a');
  const seen = async (): Promise<string> => (await db.pool.query<{ t: Date }>(`SELECT max(last_seen) AS t FROM ${db.table('sold_rows')} WHERE mode = 'sandbox' AND marketplace = 'mkt_a'`)).rows[0]!.t.toISOString();
  const lastSeen = await seen();
  // SANDBOX_CACHE_SECONDS is 1: once it lapsed the search is collected again (not a hit).
  await new Promise((r) => setTimeout(r, 1500));
  const again = await search(key, `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`);
  expect(again.cached).toBe(false);
  await until('last_seen moved', seen, (t) => t > lastSeen);
  expect(await idsIn('sandbox', 'mkt_a')).toEqual(before);
}), 60_000);

test('live keys fill and read only the live archive, sandbox keys only the sandbox one', () => group.explained(async () => {
  const live = await newKey('live');
  const sandbox = await newKey('sandbox');
  const q = 'nike dunk low';
  const { rows } = await search(live, `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`);
  const liveIds = [...new Set(rows.map((r) => r.id))].sort();
  await until('live rows archived', () => idsIn('live', 'mkt_a'), (got) => got.length >= liveIds.length);
  expect(await idsIn('live', 'mkt_a')).toEqual(liveIds);
  const fromLive = await call(`/v1/history/mkt_a/sold?q=${encodeURIComponent('nike dunk')}`, live);
  expect(fromLive.status).toBe(200);
  expect((fromLive.body.data as Row[]).length).toBeGreaterThan(0);
  for (const r of fromLive.body.data as Row[]) expect(liveIds).toContain(r.id);
  // The sandbox archive never had a "nike dunk" search: nothing, and nothing charged.
  const fromSandbox = await call(`/v1/history/mkt_a/sold?q=${encodeURIComponent('nike dunk')}`, sandbox);
  expect(fromSandbox.body).toMatchObject({ count: 0, credits: 0, data: [] });
  // And the live key does not see the sandbox archive's "iphone 13" rows.
  const sandboxIds = await idsIn('sandbox', 'mkt_a');
  const iphoneLive = await call(`/v1/history/mkt_a/sold?q=${encodeURIComponent('iphone 13')}`, live);
  for (const r of iphoneLive.body.data as Row[]) expect(liveIds).toContain(r.id);
  const iphoneSandbox = await call(`/v1/history/mkt_a/sold?q=${encodeURIComponent('iphone 13')}`, sandbox);
  expect((iphoneSandbox.body.data as Row[]).length).toBeGreaterThan(0);
  for (const r of iphoneSandbox.body.data as Row[]) expect(sandboxIds).toContain(r.id);
}), 90_000);

test('every input error of the route', () => group.explained(async () => {
  const key = await newKey();
  const path = '/v1/history/mkt_a/sold';
  const today = new Date().toISOString().slice(0, 10);
  const cases: Array<[string, number, string, string | undefined]> = [
    ['', 422, 'unsupported_or_invalid_query', 'q'],
    ['?q=', 422, 'unsupported_or_invalid_query', 'q'],
    ['?q=%20%20%20', 422, 'unsupported_or_invalid_query', 'q'],
    [`?q=${'a'.repeat(201)}`, 422, 'unsupported_or_invalid_query', 'q'],
    ['?q=a&q=b', 422, 'duplicate_parameter', 'q'],
    ['?q=a&sort=newest', 422, 'unsupported_or_invalid_query', 'sort'],
    ['?q=a&from=2026-02-30', 422, 'unsupported_or_invalid_query', 'from'],
    ['?q=a&from=yesterday', 422, 'unsupported_or_invalid_query', 'from'],
    ['?q=a&to=2026-13-01', 422, 'unsupported_or_invalid_query', 'to'],
    ['?q=a&from=1999-01-01', 422, 'unsupported_or_invalid_query', 'from'],
    [`?q=a&from=${today}&to=2020-01-01`, 422, 'unsupported_or_invalid_query', 'from'],
    ['?q=a&condition=nwt', 422, 'unsupported_or_invalid_query', 'condition'],
    ['?q=a&condition=used,used', 422, 'unsupported_or_invalid_query', 'condition'],
    ['?q=a&condition=', 422, 'unsupported_or_invalid_query', 'condition'],
    ['?q=a&min_price=-1', 422, 'unsupported_or_invalid_query', 'min_price'],
    ['?q=a&min_price=1.5', 422, 'unsupported_or_invalid_query', 'min_price'],
    ['?q=a&max_price=1000001', 422, 'unsupported_or_invalid_query', 'max_price'],
    ['?q=a&min_price=50&max_price=10', 422, 'unsupported_or_invalid_query', 'min_price'],
    ['?q=a&page=0', 422, 'unsupported_or_invalid_query', 'page'],
    ['?q=a&page=101', 422, 'unsupported_or_invalid_query', 'page'],
    ['?q=a&page=two', 422, 'unsupported_or_invalid_query', 'page'],
    [`?q=${'a'.repeat(2100)}`, 414, 'uri_too_long', undefined],
  ];
  for (const [query, status, code, param] of cases) {
    const r = await call(`${path}${query}`, key);
    expect([query.slice(0, 40), r.status, r.body]).toEqual([query.slice(0, 40), status, { error: expect.objectContaining({ code, ...(param ? { param } : {}) }) }]);
    expect(r.headers.get('x-request-id')).toBeTruthy();
  }
  // Each marketplace's own condition codes.
  expect((await call('/v1/history/mkt_b/sold?q=a&condition=nwt', key)).status).toBe(200);
  expect((await call('/v1/history/mkt_b/sold?q=a&condition=used', key)).status).toBe(422);
  expect((await call('/v1/history/mkt_c/sold?q=a&condition=like_new,poor', key)).status).toBe(200);
  // No key, a bad key: 401 before any input check; other methods 405; marketplaces without a sold route 404.
  expect((await call(`${path}?q=a&page=0`, null)).body).toMatchObject({ error: { code: 'invalid_api_key' } });
  expect((await call(`${path}?q=a`, 'lk_live_notakeynotakeynotakeynotakeyxx')).status).toBe(401);
  const post = await call(`${path}?q=a`, key, { method: 'POST' });
  expect(post.status).toBe(405);
  expect(post.body).toMatchObject({ error: { code: 'method_not_allowed' } });
  for (const p of ['/v1/history/mkt_d/sold?q=a', '/v1/history/mkt_e/sold?q=a', '/v1/history/mkt_a/listings?q=a', '/v1/history/mkt_a/sold/?q=a']) {
    expect([p, (await call(p, key)).body]).toEqual([p, { error: expect.objectContaining({ code: 'not_found' }) }]);
  }
}), 60_000);
