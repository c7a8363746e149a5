/**
 * `npm run bench api-wait`: how fast a `wait` poll hears that its job settled, and what
 * holding 1,000 of them costs the api.
 *
 * - The api runs as deployed: its own process (`node apps/api/src/main.ts`, LOG_LEVEL=info,
 *   stdout to /dev/null) on a real Redis (REDIS_URL, else a private redis-server with AOF
 *   everysec). No worker runs: the benchmark settles each collection itself through
 *   `store.settle`, the very call a worker ends with, so the moment of settling is known.
 * - 1,000 accounts each submit one search (a distinct page, so one collection per job) and
 *   hold `GET /v1/jobs/<id>?wait=20` open on its own connection.
 * - Latency: jobs are settled one at a time with a page collected for real from the simulators
 *   beforehand; for each, from just before the settle call until that poll's full answer has
 *   arrived here. Baseline in the same run: a raw Redis PUBLISH, from just before the call
 *   until a subscriber in this process receives it, on the same Redis.
 * - Memory: the api process's RSS (/proc/<pid>/status VmRSS) idle after a warm-up, then with
 *   the 1,000 polls held open.
 */
import { Agent, request } from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { connectRedis, whenReady } from '@listings/store';
import { ProcessGroup, startApiProcess } from '../test/support/processes.ts';
import { benchContext, benchRedis, collectOnce, keyPool, machine, mb, percentile, rssOf, startAllSimulators } from './support/service.ts';

const CLIENTS = 1000;
const BASELINE_SAMPLES = 1000;
const SEARCH = '/v1/mkt_a/sold?q=';

interface Answer {
  status: number;
  body: string;
  /** performance.now() when the last byte arrived. */
  at: number;
}

function get(agent: Agent, url: string, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const f = (v: number): string => v.toFixed(2);
  return `p50 ${f(percentile(s, 50))} ms, p90 ${f(percentile(s, 90))} ms, p99 ${f(percentile(s, 99))} ms, max ${f(s[s.length - 1]!)} ms (n=${s.length})`;
}

/** The api's GC pause histogram (prom-client default metrics on /metrics), summed over kinds. */
async function gcFigures(apiUrl: string): Promise<{ count: number; sum: number; under1ms: number } | null> {
  const r = await fetch(`${apiUrl}/metrics`).catch(() => null);
  if (!r || r.status !== 200) return null;
  const out = { count: 0, sum: 0, under1ms: 0 };
  for (const line of (await r.text()).split('\n')) {
    const m = /^\w*gc_duration_seconds_(count|sum|bucket)\{([^}]*)\} (\S+)$/u.exec(line);
    if (!m) continue;
    if (m[1] === 'count') out.count += Number(m[3]);
    else if (m[1] === 'sum') out.sum += Number(m[3]);
    else if (/le="0\.001"/u.test(m[2]!)) out.under1ms += Number(m[3]);
  }
  return out.count > 0 ? out : null;
}

async function publishBaseline(url: string, channel: string): Promise<number[]> {
  const pub = connectRedis(url, { name: 'bench-pub' });
  const sub: Redis = connectRedis(url, { failFast: false, name: 'bench-sub' });
  await Promise.all([whenReady(pub), whenReady(sub)]);
  await sub.subscribe(channel);
  let received: ((at: number) => void) | null = null;
  sub.on('message', () => received?.(performance.now()));
  const out: number[] = [];
  for (let i = 0; i < BASELINE_SAMPLES + 100; i++) {
    const heard = new Promise<number>((resolve) => { received = resolve; });
    const t0 = performance.now();
    await pub.publish(channel, `req_${String(i).padStart(22, '0')}`);
    const t1 = await heard;
    if (i >= 100) out.push(t1 - t0); // the first hundred warm up both connections
  }
  pub.disconnect();
  sub.disconnect();
  return out;
}

async function main(): Promise<void> {
  const group = new ProcessGroup();
  const redisHost = await benchRedis();
  const ctx = await benchContext('wait', redisHost.url, { QUEUE_FULL_THRESHOLDS: `mkt_a=${CLIENTS * 2}` });
  const sim = await startAllSimulators();
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    console.log(`machine: ${await machine(ctx.redis)}; Redis: ${redisHost.label}`);
    const api = await startApiProcess(group, 'api', { ...ctx.env, SIMULATOR_URL: sim.url, LOG_LEVEL: 'info' }, { stdio: 'ignore' });

    // A real page to settle with, collected from the simulators through the api and a worker.
    const [warmKey] = await keyPool(ctx.accounts, 1);
    const { resultJson } = await collectOnce(ctx, sim.url, async () => {
      const r = await get(agent, `${api.url}${SEARCH}wait+bench+warm`, warmKey!);
      if (r.status !== 202) throw new Error(`warm-up search answered ${r.status}: ${r.body}`);
      return (JSON.parse(r.body) as { request_id: string }).request_id;
    });
    // Warm the api's routes (search, job poll) and submit the searches whose polls will be
    // held: the idle baseline is taken after that work, on closed connections, so the growth
    // measured below is what holding the polls costs.
    for (let i = 0; i < 20; i++) await get(agent, `${api.url}${SEARCH}wait+bench+warm`, warmKey!);
    const keys = await keyPool(ctx.accounts, CLIENTS, 'free');
    const jobs: Array<{ key: string; id: string; coll: string }> = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = await Promise.all(keys.slice(i, i + 50).map(async (key, j) => {
        const r = await get(agent, `${api.url}${SEARCH}wait+bench+${i + j}`, key);
        if (r.status !== 202) throw new Error(`search answered ${r.status}: ${r.body}`);
        const id = (JSON.parse(r.body) as { request_id: string }).request_id;
        const job = await ctx.store.getJob(id);
        return { key, id, coll: job!.collectionId! };
      }));
      jobs.push(...batch);
    }
    agent.destroy();
    await new Promise((r) => setTimeout(r, 1000));
    const idle = [rssOf(api.proc.pid)];
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 250));
      idle.push(rssOf(api.proc.pid));
    }
    const idleRss = idle.sort((a, b) => a - b)[2]!;

    const held = new Agent({ keepAlive: true, maxSockets: Infinity });
    const pollStart = performance.now();
    const polls = jobs.map((j) => get(held, `${api.url}/v1/jobs/${j.id}?wait=20`, j.key));
    let answeredEarly = 0;
    for (const p of polls) void p.then(() => { answeredEarly++; });
    // Every poll counted by the rate limit (2 calls per account) has been authenticated; give
    // the last ones a moment to read their job and register their waiter.
    for (;;) {
      const pipe = ctx.redis.pipeline();
      for (const j of jobs) pipe.hget(ctx.store.keys.job(j.id), 'account');
      const accountsOf = ((await pipe.exec()) ?? []).map(([, v]) => String(v));
      const counts = ctx.redis.pipeline();
      for (const a of accountsOf) counts.zcard(`${ctx.prefix}rl:${a}`);
      const n = ((await counts.exec()) ?? []).filter(([, v]) => Number(v) >= 2).length;
      if (n === CLIENTS) break;
      if (performance.now() - pollStart > 10_000) throw new Error(`only ${n} of ${CLIENTS} polls reached the api`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
    const heldRss = rssOf(api.proc.pid);
    if (answeredEarly > 0) throw new Error(`${answeredEarly} polls answered before their job settled`);

    const gcBefore = await gcFigures(api.url);
    const ownGc: number[] = [];
    const gcObserver = new PerformanceObserver((list) => { for (const e of list.getEntries()) ownGc.push(e.duration); });
    gcObserver.observe({ entryTypes: ['gc'] });
    const latencies: number[] = [];
    const settleCalls: number[] = [];
    for (let i = 0; i < jobs.length; i++) {
      const t0 = performance.now();
      const settled = await ctx.store.settle(jobs[i]!.coll, { outcome: 'complete', resultJson, hiddenJson: '{}' });
      const t1 = performance.now();
      const answer = await polls[i]!;
      if (settled.length !== 1 || answer.status !== 200 || !answer.body.includes('"status":"complete"')) throw new Error(`poll ${i} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      latencies.push(answer.at - t0);
      settleCalls.push(t1 - t0);
    }
    const heldFor = (performance.now() - pollStart) / 1000;
    gcObserver.disconnect();
    const gcAfter = await gcFigures(api.url);
    held.destroy();

    const baseline = await publishBaseline(redisHost.url, `${ctx.prefix}baseline`);
    console.log(`\npage settled: ${(resultJson.length / 1024).toFixed(1)} KB result JSON; ${CLIENTS} polls held open for up to ${heldFor.toFixed(1)} s of their 20 s wait`);
    console.log(`\nsettle → waiting poll's full answer:   ${stats(latencies)}`);
    console.log(`  of which the settle call's round trip: ${stats(settleCalls)}`);
    console.log(`baseline, raw Redis PUBLISH → subscriber: ${stats(baseline)}`);
    console.log(`target: p99 < 5 ms → ${percentile([...latencies].sort((a, b) => a - b), 99).toFixed(2)} ms`);
    if (gcBefore && gcAfter) {
      const n = gcAfter.count - gcBefore.count;
      console.log(`garbage collection while settling: api (its /metrics) ${n} pauses, ${((gcAfter.sum - gcBefore.sum) * 1000).toFixed(1)} ms in all, ${n - (gcAfter.under1ms - gcBefore.under1ms)} over 1 ms; this process (the clients) ${ownGc.length} pauses, ${ownGc.reduce((a, b) => a + b, 0).toFixed(1)} ms in all, ${ownGc.filter((d) => d > 1).length} over 1 ms`);
    }
    console.log(`\napi RSS idle (baseline, after warm-up): ${mb(idleRss)}`);
    console.log(`api RSS with ${CLIENTS} polls held in wait: ${mb(heldRss)} → +${mb(heldRss - idleRss)} (${((heldRss - idleRss) / CLIENTS / 1024).toFixed(1)} KB per held poll)`);
    console.log(`target: < 100 MB extra → +${mb(heldRss - idleRss)}`);
  } finally {
    agent.destroy();
    await group.stopAll();
    await sim.close();
    await ctx.close();
    await redisHost.stop();
  }
}

await main();
