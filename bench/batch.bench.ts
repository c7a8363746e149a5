/**
 * `npm run bench batch`: batches through the whole service in one process (api over real
 * HTTP, Redis, worker, test-marketplace simulators), with Redis from REDIS_URL or a private
 * `redis-server`.
 *
 * 1. Time to 202 for a 200-search batch (all cache misses: 200 × submit.lua + 200 queue adds,
 *    no worker running so collection does not compete for the CPU). Baseline in the same run:
 *    the same 200 searches sent as 200 single GET calls one after another.
 *    Also: a 200-search batch answered wholly from the cache (200).
 * 2. CSV export of a 200-search × 100-row batch (`GET ?format=csv`, streamed): rows/s beside
 *    `JSON.stringify` of the same rows in memory (the floor) and beside `include=results`
 *    (the same data as JSON over the same path). Memory: heap and RSS growth while exporting
 *    50, 100 and 200 items, which should not grow with the number of rows.
 */
import { cpus } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Row } from '@listings/contract';
import { csvColumns, streamCsv } from '@listings/export';
import { testListings } from '@listings/marketplaces/testkit';
import { dropPrefix, startPrivateRedis } from '@listings/testing';
import { registerBatchRoutes } from '../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../test/support/stack.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench batch)');

const given = process.env.REDIS_URL;
const privateRedis = given ? null : await startPrivateRedis({ appendonly: true });
process.env.REDIS_URL = given ?? privateRedis!.url;
const redisLabel = given ? `REDIS_URL ${given}` : 'private redis-server, AOF appendfsync everysec';

const ENV = {
  SANDBOX_ALLOWANCE: '100000000',
  QUEUE_FULL_THRESHOLDS: 'mkt_a=1000000,mkt_b=1000000,mkt_c=1000000,mkt_d=1000000,mkt_e=1000000',
  LOG_LEVEL: 'silent',
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number): string => `${n.toFixed(1).padStart(7)} ms`;
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
const rate = (rows: number, t: number): string => `${Math.round(rows / (t / 1000)).toLocaleString('en-US')} rows/s`;
let seq = 0;
const uniq = (tag: string): string => `${tag} ${process.pid} ${seq++}`;

interface BatchBody { batch_id: string; status: string; counts: Record<string, number>; items: Array<{ request_id: string | null; rows?: number; status: string }> }

async function post(stack: Stack, key: string, body: unknown): Promise<{ status: number; ms: number; json: BatchBody }> {
  const t = performance.now();
  const r = await fetch(`${stack.url}/v1/batches`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) });
  const json = (await r.json()) as BatchBody;
  return { status: r.status, ms: performance.now() - t, json };
}

/** 200 distinct searches over four routes, as a client's mixed batch would be. */
function mixedSearches(n: number): Array<Record<string, unknown>> {
  const routes = ['mkt_a/sold', 'mkt_b/sold', 'mkt_c/sold', 'mkt_d/listings'];
  return Array.from({ length: n }, (_, i) => ({ endpoint: routes[i % routes.length], q: uniq('bench item'), min_price: 5 }));
}


console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; Redis: ${redisLabel}`);

// 1. Time to 202.
{
  const stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes], noWorker: true, env: ENV });
  const ROUNDS = 7;
  const batchMs: number[] = [];
  for (let round = -1; round < ROUNDS; round++) {
    const { key } = await stack.newKey({ plan: 'scale' });
    const r = await post(stack, key, { searches: mixedSearches(200) });
    if (r.status !== 202 || r.json.counts.pending !== 200) throw new Error(`unexpected answer ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
    if (round >= 0) batchMs.push(r.ms);
  }
  const singleMs: number[] = [];
  const perCall: number[] = [];
  for (let round = -1; round < 3; round++) {
    // Four accounts, 50 calls each: one account may make 60 calls a minute.
    const keys = await Promise.all([0, 1, 2, 3].map(() => stack.newKey({ plan: 'scale' })));
    const searches = mixedSearches(200);
    const t = performance.now();
    for (let i = 0; i < searches.length; i++) {
      const s = searches[i]!;
      const c = performance.now();
      const r = await stack.get(`/v1/${String(s.endpoint)}?q=${encodeURIComponent(String(s.q))}&min_price=5`, keys[i % 4]!.key);
      await r.arrayBuffer();
      if (r.status !== 202) throw new Error(`single search answered ${r.status}`);
      if (round >= 0) perCall.push(performance.now() - c);
    }
    if (round >= 0) singleMs.push(performance.now() - t);
  }
  console.log(`\n1. time to 202, 200-search batch (all misses, no worker running), median of ${ROUNDS}`);
  console.log(`  POST /v1/batches, 200 searches   ${ms(median(batchMs))}   (min ${ms(Math.min(...batchMs)).trim()}, max ${ms(Math.max(...batchMs)).trim()}; ${(median(batchMs) / 200).toFixed(2)} ms per search)`);
  console.log(`  baseline: 200 single GETs in turn ${ms(median(singleMs))}   (median call ${median(perCall).toFixed(2)} ms)`);
  console.log(`  batch / singles: ${(median(batchMs) / median(singleMs)).toFixed(2)}×`);
  await dropPrefix(stack.services.store.redis, stack.config.keyPrefix);
  await stack.close();
}

// 2. CSV export of 200 × 100 rows.
{
  const stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes], env: ENV });
  // mkt_c/sold with count=100 pages 100 rows from the test marketplace when the keywords have that many.
  const qs: string[] = [];
  for (let i = 0; qs.length < 200; i++) {
    const q = `bench csv ${process.pid} ${i}`;
    if (testListings(q, 'sold').length >= 100) qs.push(q);
  }
  const searches = qs.map((q) => ({ endpoint: 'mkt_c/sold', q, count: 100 }));
  const { key } = await stack.newKey({ plan: 'scale' });
  const created = await post(stack, key, { searches });
  let batch = created.json;
  while (batch.status === 'pending') {
    const r = await stack.get(`/v1/batches/${batch.batch_id}?wait=20`, key);
    batch = (await r.json()) as BatchBody;
  }
  const rows = batch.items.reduce((n, i) => n + (i.rows ?? 0), 0);
  if (rows !== 20_000) throw new Error(`expected 20,000 rows, got ${rows}`);

  // Cache hits: the same 200 searches for another account.
  const hitMs: number[] = [];
  for (let round = -1; round < 5; round++) {
    const other = await stack.newKey({ plan: 'scale' });
    const r = await post(stack, other.key, { searches });
    if (r.status !== 200) throw new Error(`all-hit batch answered ${r.status}`);
    if (round >= 0) hitMs.push(r.ms);
  }
  console.log('\n   a 200-search batch answered wholly from the cache (200)');
  console.log(`  POST /v1/batches, 200 hits        ${ms(median(hitMs))}   (median of 5; each item's rows counted from its result and stored on the way)`);

  const sizes = new Map<number, string>([[200, batch.batch_id]]);
  for (const n of [50, 100]) {
    const b = await post(stack, key, { searches: searches.slice(0, n) });
    sizes.set(n, b.json.batch_id);
  }

  /** Streams a download, counting bytes; samples memory every `every` chunks (forcing a GC first when `live`). */
  async function download(path: string, sample?: { every: number; live: boolean; peak: { heap: number; rss: number } }): Promise<{ bytes: number; ms: number }> {
    const t = performance.now();
    const r = await stack.get(path, key);
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (sample && ++chunks % sample.every === 0) {
        if (sample.live) gc!();
        const m = process.memoryUsage();
        sample.peak.heap = Math.max(sample.peak.heap, m.heapUsed);
        sample.peak.rss = Math.max(sample.peak.rss, m.rss);
      }
    }
    return { bytes, ms: performance.now() - t };
  }

  const ROUNDS = 7;
  const csvMs: number[] = [];
  const jsonHttpMs: number[] = [];
  let csvBytes = 0;
  let jsonHttpBytes = 0;
  await download(`/v1/batches/${batch.batch_id}?format=csv`);
  await download(`/v1/batches/${batch.batch_id}?include=results`);
  for (let i = 0; i < ROUNDS; i++) {
    const c = await download(`/v1/batches/${batch.batch_id}?format=csv`);
    csvMs.push(c.ms);
    csvBytes = c.bytes;
    const j = await download(`/v1/batches/${batch.batch_id}?include=results`);
    jsonHttpMs.push(j.ms);
    jsonHttpBytes = j.bytes;
  }
  // The floor: the same rows, already in memory, through JSON.stringify, item by item.
  const jobs = await Promise.all(batch.items.map((item) => stack.services.store.getJob(item.request_id!)));
  const data: Row[][] = [];
  for (const job of jobs) data.push((JSON.parse((await stack.services.store.getResultJson(job!.resultId!))!) as { data: Row[] }).data);
  const floorMs: number[] = [];
  let floorBytes = 0;
  for (let i = -3; i < ROUNDS; i++) {
    const t = performance.now();
    floorBytes = 0;
    for (const d of data) floorBytes += Buffer.byteLength(JSON.stringify(d));
    if (i >= 0) floorMs.push(performance.now() - t);
  }
  // The exporter alone on the same in-memory rows (no Redis, no JSON.parse, no HTTP).
  const exporterMs: number[] = [];
  for (let i = -1; i < ROUNDS; i++) {
    const t = performance.now();
    await pipeline(streamCsv(data.map((rows, k) => ({ search_index: k, q: qs[k]!, endpoint: 'mkt_c/sold', rows })), csvColumns(['mkt_c/sold'])), new Writable({ write(_c, _e, done) { done(); } }));
    if (i >= 0) exporterMs.push(performance.now() - t);
  }
  console.log(`\n2. export of 200 searches × 100 rows = ${rows.toLocaleString('en-US')} rows (mkt_c/sold rows of the test marketplace), median of ${ROUNDS}`);
  console.log(`  GET ?format=csv (streamed)        ${ms(median(csvMs))}  ${rate(rows, median(csvMs)).padStart(16)}  ${mb(csvBytes)}`);
  console.log(`  GET ?include=results (JSON)       ${ms(median(jsonHttpMs))}  ${rate(rows, median(jsonHttpMs)).padStart(16)}  ${mb(jsonHttpBytes)}`);
  console.log(`  streamCsv alone, rows in memory   ${ms(median(exporterMs))}  ${rate(rows, median(exporterMs)).padStart(16)}  (the exporter's share)`);
  console.log(`  JSON.stringify, rows in memory    ${ms(median(floorMs))}  ${rate(rows, median(floorMs)).padStart(16)}  ${mb(floorBytes)}  (floor)`);
  console.log(`  CSV / JSON.stringify: ${(median(csvMs) / median(floorMs)).toFixed(2)}×;  CSV / include=results: ${(median(csvMs) / median(jsonHttpMs)).toFixed(2)}×`);
  data.length = 0;

  console.log('\n   memory while exporting (growth over an idle baseline after a full GC; api, worker and client share this process)');
  for (const [n, id] of [...sizes.entries()].sort((a, b) => a[0] - b[0])) {
    gc();
    gc();
    let base = process.memoryUsage();
    const liveBase = base.heapUsed;
    const live = { every: 16, live: true, peak: { heap: 0, rss: 0 } };
    await download(`/v1/batches/${id}?format=csv`, live);
    gc();
    gc();
    base = process.memoryUsage();
    const peak = { every: 4, live: false, peak: { heap: 0, rss: 0 } };
    const d = await download(`/v1/batches/${id}?format=csv`, peak);
    console.log(`  CSV ${String(n * 100).padStart(6)} rows: live heap +${mb(Math.max(0, live.peak.heap - liveBase))}, peak heap +${mb(Math.max(0, peak.peak.heap - base.heapUsed))}, peak RSS +${mb(Math.max(0, peak.peak.rss - base.rss))}  (${mb(d.bytes)})`);
  }
  await dropPrefix(stack.services.store.redis, stack.config.keyPrefix);
  await stack.close();
}

await privateRedis?.stop();
process.exit(0);
