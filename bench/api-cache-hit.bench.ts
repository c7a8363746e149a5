/**
 * `npm run bench api-cache-hit`: cache-hit search throughput and latency of the api, with
 * charging on, beside a bare Express route answering the same JSON body, in the same run.
 *
 * - The api runs as it is deployed: its own process (`node apps/api/src/main.ts`) on a real
 *   Redis (REDIS_URL, else a private redis-server with AOF everysec), its request logger
 *   pino-http (apps/api/src/middleware/request-log.ts). Measured twice: pino-http at `silent`
 *   (LOG_LEVEL=silent: ids and `req.log`, no lines), and at `info` with its stdout going to
 *   /dev/null (production logs every request; this is the cost of writing them).
 * - Every request is a full cache hit: key lookup + rolling rate limit, idempotency, quota,
 *   cache and charge and a new job record in one script call (search.lua), then the stored
 *   result (kept in the api's memory once answered) spliced into the envelope. The page was collected for real from the simulators first.
 * - Real keys: the rate limit is 60 calls per minute per account, so requests go round-robin
 *   over a pool of accounts with one key each, fresh per run, none used more than ~55 times
 *   (any 429 would show in the non-2xx column).
 * - Baseline: a bare Express 5 app in its own process whose one route answers the same body
 *   bytes the api answered (`--bare` mode of this file). Second reference: the floor, the same
 *   hit with nothing but the store's calls over node:http (`--floor` mode), which shows what
 *   the framework costs and what the store's two Redis scripts cost.
 * - autocannon runs in this process, with the same connections and duration for every target;
 *   rounds alternate the targets so that a change in the machine's load (it may be shared)
 *   hits them alike, and each round's api figure is divided by that round's baseline. The api
 *   process's CPU time per request (/proc) is printed too: it is less sensitive to load.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import express from 'express';
import { pageIdentity, queryPairs, RATE_LIMIT, ROUTES, validateSearch } from '@listings/contract';
import { connectRedis, createStore, hashApiKey, whenReady } from '@listings/store';
import { ProcessGroup, freePort, startApiProcess, waitForHttp } from '../test/support/processes.ts';
import { benchContext, benchRedis, collectOnce, keyPool, machine, startAllSimulators } from './support/service.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  '2xx': number;
  latency: { p50: number; p99: number; average: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; pipelining?: number; requests?: AutocannonRequest[] }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 50;
const ROUNDS = 3;
const DURATION_S = 5;
const WARMUP_S = 3;
/** Key pools are sized for this rate; a pool too small would show as 429s (non-2xx). */
const MAX_RPS = 15_000;
const SEARCH = '/v1/mkt_a/sold?q=brass+desk+lamp';
/** Calls per key per run, under the limit of 60 in the rolling minute. */
const PER_KEY = 55;

/**
 * `--floor <port>`: what the same cache hit costs with nothing but the store: node:http, the
 * one script call of a search (search.lua: key check, rate limit, submit with its charge; the
 * result body from memory or read beside it), the envelope written in parts. No Express, validation, logging or metrics. The
 * api cannot be faster than this on the same Redis; the gap to it is the framework's cost,
 * the gap from it to the bare route is the store's.
 */
async function floorServer(port: number): Promise<void> {
  const redis = connectRedis(process.env.REDIS_URL!, { name: 'bench-floor', autoPipelining: true });
  await whenReady(redis);
  const store = createStore(redis, { prefix: process.env.KEY_PREFIX! });
  const route = ROUTES.find((r) => r.id === 'mkt_a/sold')!;
  const search = validateSearch(route, queryPairs(SEARCH.slice(SEARCH.indexOf('?') + 1)), { cursorSecret: process.env.CURSOR_SECRET! });
  const pageId = pageIdentity(search);
  const searchJson = JSON.stringify(search);
  createServer((req, res) => {
    void (async () => {
      if (req.url === '/readyz') return void res.end('ok');
      const key = (req.headers.authorization ?? '').slice('Bearer '.length);
      const { auth, submit: hit } = await store.search({
        keyHash: hashApiKey(key), rateLimit: RATE_LIMIT.limit, rateWindowMs: RATE_LIMIT.windowSeconds * 1000,
        mode: key.startsWith('lk_sandbox_') ? 'sandbox' : 'live', route: search.route, q: search.q, page: search.page, pageId, token: search.token,
        idempotencyKeyHash: null, fingerprintTail: `${search.route}|${pageId}`, sandboxAllowance: 1_000_000,
        plans: [{ name: 'pro', allowance: 1_000_000, pendingCap: 50 }], dailyLimit: null, queueMax: null, searchJson, collectable: true,
      });
      if (auth.kind !== 'ok') return void res.writeHead(auth.kind === 'limited' ? 429 : 401).end();
      if (hit?.kind !== 'hit') return void res.writeHead(500).end();
      const parts = [`{"request_id":"${hit.jobId}","status":"complete","credits":1,"cached":true,"result":`, hit.resultJson, '}'];
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': parts.reduce((n, x) => n + Buffer.byteLength(x), 0) });
      res.write(parts[0]);
      res.write(parts[1]);
      res.end(parts[2]);
    })().catch(() => res.writeHead(503).end());
  }).listen(port, '127.0.0.1');
}

// --bare <port> <body file>: the baseline server (a child of the benchmark).
if (process.argv[2] === '--floor') {
  await floorServer(Number(process.argv[3]));
} else if (process.argv[2] === '--bare') {
  const body = readFileSync(process.argv[4]!);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/v1/mkt_a/sold', (_req, res) => {
    res.status(200).type('application/json').send(body);
  });
  app.listen(Number(process.argv[3]), '127.0.0.1');
} else {
  await main();
}

async function load(url: string, keys: string[] | null, duration: number): Promise<AutocannonResult> {
  let n = 0;
  const headers = (): Record<string, string> => (keys ? { authorization: `Bearer ${keys[n++ % keys.length]}` } : { authorization: 'Bearer none' });
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method: 'GET', path: SEARCH, setupRequest: (req) => ({ ...req, headers: headers() }) }],
  });
}

interface Run {
  r: AutocannonResult;
  cpuUsPerReq: number;
  redisUsPerReq: number;
}
interface Target {
  name: string;
  url: string;
  pid: number;
  keyed: boolean;
  runs: Run[];
}

/** CPU time (user + system) a process has used, in ms (Linux /proc, 100 ticks per second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function main(): Promise<void> {
  const group = new ProcessGroup();
  const redisHost = await benchRedis();
  const ctx = await benchContext('cache-hit', redisHost.url, { SANDBOX_ALLOWANCE: '1000000' });
  const sim = await startAllSimulators();
  const tmp = mkdtempSync(`${tmpdir()}/bench-cache-hit-`);
  try {
    console.log(`machine: ${await machine(ctx.redis)}; Redis: ${redisHost.label}`);
    console.log(`load: autocannon in the benchmark process, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s per target after ${WARMUP_S} s warm-up; GET ${SEARCH}`);

    const apiEnv = { ...ctx.env, SIMULATOR_URL: sim.url };
    const silent = await startApiProcess(group, 'api-silent', { ...apiEnv, LOG_LEVEL: 'silent' }, { stdio: 'ignore' });
    const [warmKey] = await keyPool(ctx.accounts, 1);
    const { resultJson } = await collectOnce(ctx, sim.url, async () => {
      const r = await fetch(`${silent.url}${SEARCH}`, { headers: { authorization: `Bearer ${warmKey}` } });
      const body = (await r.json()) as { request_id: string; status: string };
      if (r.status !== 202) throw new Error(`warm-up search answered ${r.status}`);
      return body.request_id;
    });
    const hit = await fetch(`${silent.url}${SEARCH}`, { headers: { authorization: `Bearer ${warmKey}` } });
    const hitBody = Buffer.from(await hit.arrayBuffer());
    if (hit.status !== 200 || !hitBody.includes('"cached":true')) throw new Error(`expected a cache hit, got ${hit.status}`);
    console.log(`cached page: ${(resultJson.length / 1024).toFixed(1)} KB result JSON, response body ${(hitBody.length / 1024).toFixed(1)} KB`);

    const bodyFile = `${tmp}/body.json`;
    writeFileSync(bodyFile, hitBody);
    const barePort = await freePort();
    const bare = group.spawn('bare', fileURLToPath(import.meta.url), { args: ['--bare', String(barePort), bodyFile] });
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForHttp(`${bareUrl}${SEARCH}`, bare);

    // The api with info logs written to /dev/null (stdio ignored = the null device).
    const info = await startApiProcess(group, 'api-info', { ...apiEnv, LOG_LEVEL: 'info' }, { stdio: 'ignore' });
    const floorPort = await freePort();
    const floor = group.spawn('floor', fileURLToPath(import.meta.url), { args: ['--floor', String(floorPort)], env: ctx.env });
    const floorUrl = `http://127.0.0.1:${floorPort}`;
    await waitForHttp(`${floorUrl}/readyz`, floor);

    const keysFor = (seconds: number): Promise<string[]> => keyPool(ctx.accounts, Math.ceil((seconds * MAX_RPS) / PER_KEY));
    const targets: Target[] = [
      { name: 'bare Express route, same body (baseline)', url: bareUrl, pid: bare.pid, keyed: false, runs: [] },
      { name: 'api cache hit, pino-http at silent (LOG_LEVEL=silent)', url: silent.url, pid: silent.proc.pid, keyed: true, runs: [] },
      { name: 'api cache hit, pino-http at info (LOG_LEVEL=info → /dev/null)', url: info.url, pid: info.proc.pid, keyed: true, runs: [] },
      { name: 'floor: node:http + the hit\'s store calls only (see --floor)', url: floorUrl, pid: floor.pid, keyed: true, runs: [] },
    ];
    const apiRuns: AutocannonResult[] = [];
    /** CPU time of the Redis server's main process (INFO cpu), ms. */
    const redisCpuMs = async (): Promise<number> => {
      const info = await ctx.redis.info('cpu');
      return (Number(/used_cpu_sys:([\d.]+)/u.exec(info)?.[1]) + Number(/used_cpu_user:([\d.]+)/u.exec(info)?.[1])) * 1000;
    };
    const run = async (t: Target, seconds: number): Promise<Run> => {
      const keys = t.keyed ? await keysFor(seconds) : null;
      const cpu0 = cpuMs(t.pid);
      const redis0 = await redisCpuMs();
      const r = await load(t.url, keys, seconds);
      if (t.keyed) apiRuns.push(r);
      const n = Math.max(1, r.requests.total);
      return { r, cpuUsPerReq: ((cpuMs(t.pid) - cpu0) * 1000) / n, redisUsPerReq: (((await redisCpuMs()) - redis0) * 1000) / n };
    };
    console.log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const t of targets) await run(t, WARMUP_S);
    // Rounds alternate the targets, so a change in the machine's load hits all of them alike;
    // each round's api figure is compared with that round's baseline.
    for (let round = 0; round < ROUNDS; round++) for (const t of targets) t.runs.push(await run(t, DURATION_S));
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    const base = targets[0]!;
    console.log(`\nmedians over ${ROUNDS} rounds of ${DURATION_S} s (round by round req/s in brackets):\n`);
    console.log(`| target | req/s | of bare (median of rounds) | p50 ms | p99 ms | server process CPU µs/request | Redis CPU µs/request${process.env.REDIS_URL ? ' (shared Redis: includes others)' : ''} | non-2xx/errors |`);
    console.log('|---|---|---|---|---|---|---|---|');
    for (const t of targets) {
      const ratios = t.runs.map((x, i) => x.r.requests.average / base.runs[i]!.r.requests.average);
      const bad = t.runs.reduce((n, x) => n + x.r.non2xx + x.r.errors + x.r.timeouts, 0);
      console.log(`| ${t.name} | ${median(t.runs.map((x) => x.r.requests.average)).toFixed(0)} (${t.runs.map((x) => x.r.requests.average.toFixed(0)).join(', ')}) | ${(median(ratios) * 100).toFixed(0)} % | ${median(t.runs.map((x) => x.r.latency.p50))} | ${median(t.runs.map((x) => x.r.latency.p99))} | ${median(t.runs.map((x) => x.cpuUsPerReq)).toFixed(0)} | ${median(t.runs.map((x) => x.redisUsPerReq)).toFixed(0)} | ${bad} |`);
    }
    const ids = await ctx.redis.smembers(ctx.store.keys.accounts());
    const pipe = ctx.redis.pipeline();
    for (const id of ids) pipe.hget(ctx.store.keys.account(id), 'charged_sandbox');
    const charged = ((await pipe.exec()) ?? []).reduce((sum, [, v]) => sum + Number(v ?? 0), 0);
    const answered = apiRuns.reduce((sum, r) => sum + r['2xx'], 0) + 1;
    console.log(`\ncharging: ${charged} credits charged over ${ids.length} accounts; ${answered} cache hits answered 200 and counted by autocannon, plus 1 collected job (requests cut off at the end of a run may be charged uncounted)`);
    const pct = (t: Target): string => `${(median(t.runs.map((x, i) => x.r.requests.average / base.runs[i]!.r.requests.average)) * 100).toFixed(0)} %`;
    const cpu = (t: Target): string => `${median(t.runs.map((x) => x.cpuUsPerReq)).toFixed(0)} µs`;
    console.log(`target: api ≥ 35 % of the bare route's requests/s → pino-http at silent ${pct(targets[1]!)}, at info ${pct(targets[2]!)} (the floor, without the framework: ${pct(targets[3]!)})`);
    console.log(`api CPU per hit: pino-http at silent ${cpu(targets[1]!)}, at info ${cpu(targets[2]!)}; the floor ${cpu(targets[3]!)}`);
  } finally {
    await group.stopAll();
    await sim.close();
    await ctx.close();
    await redisHost.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
