/**
 * `npm run bench api-cache-hit`: cache-hit search throughput and latency of the api, with
 * charging on, beside a bare Express route answering the same JSON body, in the same run.
 *
 * - The api runs as it is deployed: its own process (`node apps/api/src/main.ts`) on a real
 *   Redis (REDIS_URL, else a private redis-server with AOF everysec). Measured twice: with
 *   LOG_LEVEL=silent, and with LOG_LEVEL=info and its stdout going to /dev/null (production
 *   logs every request; this is the cost of writing them).
 * - Every request is a full cache hit: key lookup + rolling rate limit (auth.lua), then
 *   idempotency/quota/cache/charge (submit.lua) and a new job record, then the stored result
 *   spliced into the envelope. The page was collected for real from the simulators first.
 * - Real keys: the rate limit is 60 calls per minute per account, so requests go round-robin
 *   over a pool of accounts with one key each, fresh per run, none used more than ~55 times
 *   (any 429 would show in the non-2xx column).
 * - Baseline: a bare Express 5 app in its own process whose one route answers the same body
 *   bytes the api answered (`--bare` mode of this file).
 * - autocannon runs in this process, with the same connections and duration for every target.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import express from 'express';
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
const DURATION_S = 10;
const WARMUP_S = 3;
const SEARCH = '/v1/mkt_a/sold?q=brass+desk+lamp';
/** Calls per key per run, under the limit of 60 in the rolling minute. */
const PER_KEY = 55;

// --bare <port> <body file>: the baseline server (a child of the benchmark).
if (process.argv[2] === '--bare') {
  const { readFileSync } = await import('node:fs');
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

function row(name: string, r: AutocannonResult, base?: AutocannonResult): string {
  const ratio = base ? `${((r.requests.average / base.requests.average) * 100).toFixed(0)} %` : '100 %';
  return `| ${name} | ${r.requests.average.toFixed(0)} | ${ratio} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx + r.errors + r.timeouts} |`;
}

async function main(): Promise<void> {
  const group = new ProcessGroup();
  const redisHost = await benchRedis();
  const ctx = await benchContext('cache-hit', redisHost.url, { SANDBOX_ALLOWANCE: '1000000' });
  const sim = await startAllSimulators();
  const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const tmp = mkdtempSync(`${tmpdir()}/bench-cache-hit-`);
  try {
    console.log(`machine: ${await machine(ctx.redis)}; Redis: ${redisHost.label}`);
    console.log(`load: autocannon in the benchmark process, ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up; GET ${SEARCH}`);

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

    const keysFor = (seconds: number, rps: number): Promise<string[]> => keyPool(ctx.accounts, Math.ceil((seconds * rps) / PER_KEY));
    // Sized for up to 12,000 requests/s; a smaller pool would show as 429s (non-2xx).
    const results: Record<string, AutocannonResult> = {};
    const apiRuns: AutocannonResult[] = [];
    const apiLoad = async (url: string, seconds: number): Promise<AutocannonResult> => {
      const r = await load(url, await keysFor(seconds, 12_000), seconds);
      apiRuns.push(r);
      return r;
    };
    await load(bareUrl, null, WARMUP_S);
    results.bare = await load(bareUrl, null, DURATION_S);
    await apiLoad(silent.url, WARMUP_S);
    results.silent = await apiLoad(silent.url, DURATION_S);
    await apiLoad(info.url, WARMUP_S);
    results.info = await apiLoad(info.url, DURATION_S);
    // The baseline again at the end, so a drift of the machine during the run shows.
    results.bare2 = await load(bareUrl, null, DURATION_S);

    const base = results.bare!;
    console.log('\n| target | req/s | of bare | p50 ms | p99 ms | max ms | non-2xx/errors |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('bare Express route, same body (baseline)', base));
    console.log(row('api cache hit, LOG_LEVEL=silent', results.silent!, base));
    console.log(row('api cache hit, LOG_LEVEL=info → /dev/null', results.info!, base));
    console.log(row('bare Express route again (drift check)', results.bare2!, base));
    const ids = await ctx.redis.smembers(ctx.store.keys.accounts());
    const pipe = ctx.redis.pipeline();
    for (const id of ids) pipe.hget(ctx.store.keys.account(id), 'charged_sandbox');
    const charged = ((await pipe.exec()) ?? []).reduce((sum, [, v]) => sum + Number(v ?? 0), 0);
    const answered = apiRuns.reduce((sum, r) => sum + r['2xx'], 0) + 1;
    console.log(`\ncharging: ${charged} credits charged over ${ids.length} accounts; ${answered} cache hits answered 200 and counted by autocannon, plus 1 collected job (requests cut off at the end of a run may be charged uncounted)`);
    console.log(`target: api ≥ 35 % of the bare route's requests/s → silent ${((results.silent!.requests.average / base.requests.average) * 100).toFixed(0)} %, info ${((results.info!.requests.average / base.requests.average) * 100).toFixed(0)} %`);
  } finally {
    await group.stopAll();
    await sim.close();
    await ctx.close();
    await redisHost.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
