/**
 * `npm run bench fleet`: how the fleet scales on this machine, in one run.
 *
 * 1. Completed searches per second with 1 and with 2 worker processes per marketplace (mkt_a
 *    and mkt_d, the busy ones), against the simulators (served from this process), at 0 ms
 *    and at 100 ms of simulator latency. The queues are filled first through an api process
 *    (distinct searches, so every one is a real collection), then the workers start; the
 *    rate is taken from the collections' own settle times in Redis, first to last, so process
 *    start-up does not count. Baseline, same run: the adapters' collect() alone (request,
 *    parse; no queue, no Redis) at the same concurrency, in this process.
 * 2. Cache-hit throughput through 1 and through 2 api processes (autocannon in this process;
 *    with two, one autocannon per api at half the connections each, run at once). The 1-api
 *    figure is the baseline of the 2-api one.
 * For each, the CPU time of every process (/proc) and of Redis (INFO cpu) per completed
 * search or per request is printed: on 2 cores that shows what the limit is.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { loadConfig } from '@listings/config';
import { findRoute, validateSearch, type Token } from '@listings/contract';
import { MARKETPLACES } from '@listings/marketplaces';
import { createSessions } from '../apps/worker/src/sessions.ts';
import { ProcessGroup, startApiProcess, startWorkerProcess, type Proc } from '../test/support/processes.ts';
import { benchContext, benchRedis, collectOnce, keyPool, machine, startAllSimulators, type BenchContext } from './support/service.ts';

interface AutocannonResult { requests: { average: number; total: number }; '2xx': number; non2xx: number; errors: number; timeouts: number; latency: { p50: number; p99: number } }
interface AutocannonRequest { method?: string; path?: string; headers?: Record<string, string>; setupRequest?: (req: AutocannonRequest) => AutocannonRequest }
type Autocannon = (opts: { url: string; connections: number; duration: number; requests?: AutocannonRequest[] }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const BUSY: Token[] = ['mkt_a', 'mkt_d'];
const PER_MARKETPLACE = 300;
const CONCURRENCY = 4;
const LATENCIES = [0, 100];
const CONNECTIONS = 40;
const DURATION_S = 6;
const ROUNDS = 2;
const PER_KEY = 55;
/** Cache hits a second the key pool is sized for. */
const MAX_HIT_RPS = 16_000;
const SEARCH = '/v1/mkt_a/sold?q=brass+desk+lamp';

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function redisCpuMs(ctx: BenchContext): Promise<number> {
  const info = await ctx.redis.info('cpu');
  const n = (k: string): number => Number(new RegExp(`${k}:([\\d.]+)`, 'u').exec(info)?.[1] ?? 0);
  return (n('used_cpu_user') + n('used_cpu_sys')) * 1000;
}

function path(token: Token, q: string): string {
  return token === 'mkt_a' ? `/v1/mkt_a/sold?q=${encodeURIComponent(q)}` : `/v1/${token}/listings?q=${encodeURIComponent(q)}`;
}

/** Sends `items` through `concurrency` parallel loops. */
async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

interface WorkerRun { workers: number; latencyMs: number; perSecond: number; seconds: number; cpuMsPerSearch: { workers: number; simulators: number; redis: number } }

async function workerRun(ctx: BenchContext, group: ProcessGroup, apiUrl: string, simUrl: string, workersPer: number, latencyMs: number, tag: string, sim: { setFaults(token: string, f: { fault?: 'none'; latencyMs?: number }): void }): Promise<WorkerRun> {
  for (const t of BUSY) sim.setFaults(t, { fault: 'none', latencyMs });
  const keys = await keyPool(ctx.accounts, Math.ceil((PER_MARKETPLACE * BUSY.length) / PER_KEY), 'scale');
  const searches = BUSY.flatMap((t) => Array.from({ length: PER_MARKETPLACE }, (_, i) => ({ t, q: `fleet ${tag} ${i}` })));
  let k = 0;
  const jobs: string[] = [];
  await pool(searches, 16, async ({ t, q }) => {
    const r = await fetch(`${apiUrl}${path(t, q)}`, { headers: { authorization: `Bearer ${keys[Math.floor(k++ / PER_KEY) % keys.length]}` } });
    const body = (await r.json()) as { request_id: string };
    if (r.status !== 202) throw new Error(`submit answered ${r.status} ${JSON.stringify(body)}`);
    jobs.push(body.request_id);
  });
  const cpu0 = { redis: await redisCpuMs(ctx), sim: cpuMs(process.pid) };
  const procs: Proc[] = [];
  for (const t of BUSY) for (let w = 0; w < workersPer; w++) {
    procs.push((await startWorkerProcess(group, `worker-${t}-${tag}-${w}`, { ...ctx.env, SIMULATOR_URL: simUrl, LOG_LEVEL: 'silent', WORKER_MARKETPLACES: t, WORKER_CONCURRENCY: `${t}=${CONCURRENCY}` }, { stdio: 'ignore' })).proc);
  }
  const deadline = Date.now() + 300_000;
  while ((await ctx.redis.zcard(ctx.store.keys.open())) > 0) {
    if (Date.now() > deadline) throw new Error('collections did not settle within 300 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const workerCpu = procs.reduce((n, p) => n + cpuMs(p.pid), 0);
  const cpu1 = { redis: await redisCpuMs(ctx), sim: cpuMs(process.pid) };
  await Promise.all(procs.map((p) => p.stop('SIGTERM', 5000)));
  // Rate from the settle times Redis recorded, first to last.
  const pipe = ctx.redis.pipeline();
  for (const id of jobs) pipe.hmget(ctx.store.keys.job(id), 'settled', 'status');
  const rows = ((await pipe.exec()) ?? []).map(([, v]) => v as [string, string]);
  const failed = rows.filter((r) => r[1] !== 'complete').length;
  if (failed > 0) throw new Error(`${failed} searches did not complete`);
  const times = rows.map((r) => Number(r[0])).sort((a, b) => a - b);
  const seconds = (times.at(-1)! - times[0]!) / 1000;
  const n = jobs.length;
  return {
    workers: workersPer, latencyMs, seconds, perSecond: (n - 1) / seconds,
    cpuMsPerSearch: { workers: workerCpu / n, simulators: (cpu1.sim - cpu0.sim) / n, redis: (cpu1.redis - cpu0.redis) / n },
  };
}

/** The adapters alone: collect() through the production HTTP client, same concurrency, no queue. */
async function collectBaseline(ctx: BenchContext, simUrl: string, latencyMs: number, sim: { setFaults(token: string, f: { fault?: 'none'; latencyMs?: number }): void }): Promise<number> {
  for (const t of BUSY) sim.setFaults(t, { fault: 'none', latencyMs });
  const config = loadConfig({ ...ctx.env, SIMULATOR_URL: simUrl }, []);
  const sessions = createSessions(config, MARKETPLACES);
  const started = performance.now();
  await Promise.all(BUSY.map(async (t) => {
    const p = sessions.pool('sandbox', t)!;
    const items = Array.from({ length: PER_MARKETPLACE }, (_, i) => i);
    await pool(items, CONCURRENCY, async (i) => {
      const search = validateSearch(findRoute(t === 'mkt_a' ? 'mkt_a/sold' : `${t}/listings`)!, [['q', `baseline ${i}`]], { cursorSecret: ctx.cursorSecret });
      await MARKETPLACES[t].collect(search, { http: p.client.next(), baseUrl: p.baseUrl, now: new Date(), continuation: null, signal: new AbortController().signal });
    });
  }));
  sessions.close();
  return (PER_MARKETPLACE * BUSY.length) / ((performance.now() - started) / 1000);
}

async function hits(ctx: BenchContext, urls: string[]): Promise<{ rps: number; p99: number; bad: number; keys: number }> {
  // Enough keys that none is used more than PER_KEY times in a round (the rate limit is 60 a
  // minute per account), at up to MAX_HIT_RPS; two api processes now pass 8,000 a second.
  const keys = await keyPool(ctx.accounts, Math.ceil((DURATION_S * MAX_HIT_RPS) / PER_KEY));
  let n = 0;
  const results = await Promise.all(urls.map((url) => autocannon({
    url,
    connections: Math.floor(CONNECTIONS / urls.length),
    duration: DURATION_S,
    requests: [{ method: 'GET', path: SEARCH, setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${keys[Math.floor(n++ / PER_KEY) % keys.length]}` } }) }],
  })));
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
    keys: keys.length,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const group = new ProcessGroup();
  const redisHost = await benchRedis();
  const ctx = await benchContext('fleet', redisHost.url, { SANDBOX_ALLOWANCE: '100000000', LOG_LEVEL: 'silent' });
  const sim = await startAllSimulators();
  try {
    console.log(`machine: ${await machine(ctx.redis)}; Redis: ${redisHost.label}`);
    console.log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const api1 = await startApiProcess(group, 'api-1', { ...ctx.env, SIMULATOR_URL: sim.url }, { stdio: 'ignore' });

    console.log(`\n1. completed searches/s: ${PER_MARKETPLACE} distinct searches on each of ${BUSY.join(', ')} queued first, then N workers per marketplace (concurrency ${CONCURRENCY} each)\n`);
    console.log('| simulator latency | setup | searches/s | × of 1 worker | worker CPU ms/search | simulator CPU ms/search | Redis CPU ms/search |');
    console.log('|---|---|---|---|---|---|---|');
    for (const latency of LATENCIES) {
      const baseline = await collectBaseline(ctx, sim.url, latency, sim);
      console.log(`| ${latency} ms | baseline: collect() only, in one process, ${CONCURRENCY} at once per marketplace | ${baseline.toFixed(0)} | | | | |`);
      let one = 0;
      for (const w of [1, 2]) {
        const r = await workerRun(ctx, group, api1.url, sim.url, w, latency, `${latency}-${w}`, sim);
        if (w === 1) one = r.perSecond;
        console.log(`| ${latency} ms | ${w} worker${w > 1 ? 's' : ''} per marketplace (${w * BUSY.length} processes) | ${r.perSecond.toFixed(0)} | ${(r.perSecond / one).toFixed(2)} | ${r.cpuMsPerSearch.workers.toFixed(2)} | ${r.cpuMsPerSearch.simulators.toFixed(2)} | ${r.cpuMsPerSearch.redis.toFixed(2)} |`);
      }
    }
    for (const t of BUSY) sim.setFaults(t, { fault: 'none', latencyMs: 0 });

    // 2. Cache hits: one page collected for real, then served from the cache.
    const [warmKey] = await keyPool(ctx.accounts, 1);
    await collectOnce(ctx, sim.url, async () => {
      const r = await fetch(`${api1.url}${SEARCH}`, { headers: { authorization: `Bearer ${warmKey}` } });
      return ((await r.json()) as { request_id: string }).request_id;
    });
    const api2 = await startApiProcess(group, 'api-2', { ...ctx.env, SIMULATOR_URL: sim.url }, { stdio: 'ignore' });
    console.log(`\n2. cache hits (GET ${SEARCH}, charged), autocannon in this process, ${CONNECTIONS} connections in all, ${ROUNDS} alternating rounds of ${DURATION_S} s\n`);
    await hits(ctx, [api1.url]); // warm-up
    await hits(ctx, [api1.url, api2.url]);
    const rows: Record<string, { rps: number[]; p99: number[]; bad: number; cpuApi: number[]; cpuRedis: number[] }> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const urls of [[api1.url], [api1.url, api2.url]]) {
        const label = urls.length === 1 ? '1 api process (baseline)' : '2 api processes';
        const pids = urls.length === 1 ? [api1.proc.pid] : [api1.proc.pid, api2.proc.pid];
        const c0 = pids.reduce((s, p) => s + cpuMs(p), 0);
        const r0 = await redisCpuMs(ctx);
        const r = await hits(ctx, urls);
        const total = r.rps * DURATION_S;
        const row = (rows[label] ??= { rps: [], p99: [], bad: 0, cpuApi: [], cpuRedis: [] });
        row.rps.push(r.rps);
        row.p99.push(r.p99);
        row.bad += r.bad;
        row.cpuApi.push(((pids.reduce((s, p) => s + cpuMs(p), 0) - c0) * 1000) / total);
        row.cpuRedis.push(((await redisCpuMs(ctx)) - r0) * 1000 / total);
      }
    }
    console.log('| setup | req/s (rounds) | × of 1 api | p99 ms | api CPU µs/req | Redis CPU µs/req | non-2xx/errors |');
    console.log('|---|---|---|---|---|---|---|');
    const base = median(rows['1 api process (baseline)']!.rps);
    for (const [label, row] of Object.entries(rows)) {
      console.log(`| ${label} | ${median(row.rps).toFixed(0)} (${row.rps.map((x) => x.toFixed(0)).join(', ')}) | ${(median(row.rps) / base).toFixed(2)} | ${median(row.p99)} | ${median(row.cpuApi).toFixed(0)} | ${median(row.cpuRedis).toFixed(0)} | ${row.bad} |`);
    }
    console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await group.stopAll();
    await sim.close();
    await ctx.close();
    await redisHost.stop();
  }
}

await main();
