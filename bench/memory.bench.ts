/**
 * `npm run bench memory`: Redis memory per search, per webhook delivery and per watch, through
 * the whole service in one process (api over real HTTP, worker, the sandbox simulators' pages),
 * on a private `redis-server` (or REDIS_URL), each figure beside the figure before issue 32's
 * storage changes, measured in the same run: the scenario runs twice, once with
 * `legacyStorage.on` (@listings/store bodies.ts: bodies stored plain, a settled collection kept
 * 24 h, delivered webhook jobs kept 24 h and completed collection jobs an hour, as before) and
 * once as the service runs now.
 *
 * Scenario (per run, its own key prefix): SEARCHES collected searches (new pages), as many cache
 * hits of those pages by other accounts, BATCHES batches of 10 new searches, DELIVERIES searches
 * of an account with a webhook endpoint (a local receiver answering 200: one delivery each), and
 * WATCHES watches run RUNS times each (their runs are searches too). Then a census of every key
 * under the prefix: MEMORY USAGE, time to live and family. "Kept past the cache" counts what
 * still exists 15 minutes on: keys whose time to live is longer (or none), less BullMQ's completed
 * jobs that its age-based removal drops by then. Every key family must be bounded by a time to
 * live or a count (the census fails the run on a family it does not know).
 *
 * Target (issue 32): at most 8 KB a search kept past the 15-minute cache.
 */
import { createServer, type Server } from 'node:http';
import type { Redis } from 'ioredis';
import { registerWatchRoutes } from '@listings/api';
import { connectRedis, createWebhooks, legacyStorage, whenReady } from '@listings/store';
import { packBody } from '@listings/store/testing';
import { startPrivateRedis } from '@listings/testing';
import { createBatchRoutes } from '../apps/api/src/routes/batches.ts';
import { startStack, type Stack } from '../test/support/stack.ts';
import { realResults } from './support/real-pages.ts';

const SEARCHES = Number(process.env.BENCH_MEMORY_SEARCHES ?? 200);
const BATCHES = Number(process.env.BENCH_MEMORY_BATCHES ?? 10);
const DELIVERIES = Number(process.env.BENCH_MEMORY_DELIVERIES ?? 50);
const WATCHES = Number(process.env.BENCH_MEMORY_WATCHES ?? 5);
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 10);
const CACHE_MS = 15 * 60_000;
const TARGET = 8 * 1024;

const given = process.env.REDIS_URL;
const privateRedis = given ? null : await startPrivateRedis({ appendonly: false });
process.env.REDIS_URL = given ?? privateRedis!.url;

/**
 * Key families (after the prefix) and what bounds each: a time to live, or a count. A key of no
 * family here fails the census: every family must be bounded and documented.
 */
const FAMILIES: ReadonlyArray<{ name: string; re: RegExp; bound: string; fixed?: true }> = [
  { name: 'result (body)', re: /^result:[^:]+$/u, bound: 'TTL 24 h (+1 h when a hit extends it)' },
  { name: 'result hidden', re: /^result:[^:]+:hidden$/u, bound: 'TTL as its result' },
  { name: 'job', re: /^job:/u, bound: 'TTL 24 h after settling' },
  { name: 'collection', re: /^coll:[^:]+$/u, bound: 'TTL 15 min after settling (24 h before)' },
  { name: 'collection jobs', re: /^coll:[^:]+:jobs$/u, bound: 'TTL as its collection' },
  { name: 'cache', re: /^cache:/u, bound: 'TTL 15 min' },
  { name: 'idempotency', re: /^idem:/u, bound: 'TTL 24 h' },
  { name: 'cursor state', re: /^cstate:/u, bound: 'TTL 24 h' },
  { name: 'rate limit', re: /^rl:/u, bound: 'TTL 60 s' },
  { name: 'pending', re: /^pending:/u, bound: 'TTL 24 h; members ≤ pending cap' },
  { name: 'ledger', re: /^ledger:/u, bound: 'one per account and mode; ≤ 720 hourly fields', fixed: true },
  { name: 'account', re: /^(acct:[^:]+(:keys)?|accounts|key:.+)$/u, bound: 'one per account / key (operator-made)', fixed: true },
  { name: 'queue depth', re: /^qdepth:/u, bound: 'one per marketplace and mode', fixed: true },
  { name: 'upstream count', re: /^upstream:/u, bound: 'TTL to the end of the UTC day', fixed: true },
  { name: 'open / unqueued', re: /^(open|unqueued)$/u, bound: 'members: open collections only', fixed: true },
  { name: 'batch', re: /^batch:/u, bound: 'TTL 24 h' },
  { name: 'webhook outbox', re: /^events$/u, bound: 'stream trimmed to ~1,000,000 entries; acked entries read once' },
  { name: 'webhook delivered marker', re: /^wh:acct:[^:]+:done:/u, bound: 'TTL 24 h' },
  { name: 'webhook delivery', re: /^wh:acct:[^:]+:dlv:/u, bound: 'TTL of its retry window; deleted when it ends' },
  { name: 'webhook endpoints & circuits', re: /^wh:acct:/u, bound: '≤ WEBHOOK_MAX_ENDPOINTS per account', fixed: true },
  { name: 'webhook log', re: /^wh:log:/u, bound: 'last 50 attempts per endpoint, TTL 7 days' },
  { name: 'watch', re: /^wat:/u, bound: 'per watch: ≤ 50 runs, ≤ 5,000 seen rows (watches.ts)' },
  { name: 'kept page', re: /^kept:/u, bound: 'KEPT_PAGES_MAX, KEPT_PAGES_HOURS', fixed: true },
  { name: 'bull job (collect)', re: /^bull:collect-[^:]+:col_[A-Za-z0-9]+$/u, bound: 'completed: age 15 min (1 h before), count 10,000; failed: 24 h, 10,000' },
  { name: 'bull job (webhooks)', re: /^bull:webhooks:evt_[^:]+\.we_[A-Za-z0-9]+$/u, bound: 'removed once complete (24 h before); failed: 7 days, 100,000' },
  { name: 'bull watch scheduler', re: /^bull:watches:repeat:wat_[A-Za-z0-9]+$/u, bound: 'one per watch, removed with it' },
  { name: 'bull job (watch runs)', re: /^bull:watches:repeat:wat_[A-Za-z0-9]+:\d+$/u, bound: 'removed once complete; failed: 7 days, 10,000' },
  { name: 'bull dedup/lock/logs', re: /^bull:[^:]+:[^:]+:(lock|logs)$/u, bound: 'lock: its duration; logs: with their job' },
  { name: 'bull queue (lists, sets, events)', re: /^bull:[^:]+:[a-z-]+$/u, bound: 'events stream ~10,000; sets: members of live jobs', fixed: true },
];

interface Key { family: string; bytes: number; pttl: number; kept: boolean }

function familyOf(rest: string): string | null {
  return FAMILIES.find((x) => x.re.test(rest))?.name ?? null;
}

/** Every key under `prefix`: its family, MEMORY USAGE and whether it outlives the cache. */
async function census(redis: Redis, prefix: string): Promise<Key[]> {
  const out: Key[] = [];
  const unknown: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const k of found) {
      const rest = k.slice(prefix.length);
      const family = familyOf(rest);
      if (family === null) {
        unknown.push(rest);
        continue;
      }
      const [bytes, pttl] = await Promise.all([redis.memory('USAGE', k, 'SAMPLES', '0'), redis.pttl(k)]);
      let kept = pttl === -1 || pttl > CACHE_MS;
      if (kept && family.startsWith('bull job')) {
        // A completed job goes when a later one completes past its age (removeOnComplete).
        const [opts, finished] = await redis.hmget(k, 'opts', 'finishedOn');
        const age = (JSON.parse(opts ?? '{}') as { removeOnComplete?: boolean | { age?: number } }).removeOnComplete;
        if (finished && (age === true || (typeof age === 'object' && age.age !== undefined && age.age * 1000 <= CACHE_MS))) kept = false;
      }
      out.push({ family, bytes: Number(bytes ?? 0), pttl, kept });
    }
  } while (cursor !== '0');
  if (unknown.length > 0) throw new Error(`census: keys of no known family (every family needs a bound): ${unknown.slice(0, 20).join(', ')}`);
  return out;
}

interface Figures {
  searches: number;
  deliveries: number;
  watches: number;
  keys: Key[];
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function receiver(): Promise<{ server: Server; url: string; count(): number }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/hook`, count: () => n };
}

async function scenario(legacy: boolean): Promise<Figures> {
  legacyStorage.on = legacy;
  const stack: Stack = await startStack({
    modules: [createBatchRoutes(), registerWatchRoutes],
    env: { SANDBOX_ALLOWANCE: '100000000', WEBHOOK_SANDBOX_LOOPBACK: 'true', QUEUE_FULL_THRESHOLDS: 'mkt_a=100000,mkt_b=100000,mkt_c=100000,mkt_d=100000,mkt_e=100000', KEPT_PAGES_MAX: '0' },
  });
  const { store } = stack.services;
  const tag = `${legacy ? 'b' : 'n'}${process.pid}`;
  const call = async (method: string, path: string, key: string, body?: unknown): Promise<Record<string, unknown>> => {
    const r = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  const settled = (id: string): Promise<void> => until(`job ${id}`, async () => (await store.getJob(id))?.status !== 'pending');
  // Accounts of 50 searches at most: the rate limit is 60 calls a minute per account.
  let current: { key: string; used: number } | null = null;
  const key = async (): Promise<string> => {
    if (!current || current.used >= 50) current = { key: (await stack.newKey()).key, used: 0 };
    current.used++;
    return current.key;
  };
  let searches = 0;
  const queries: string[] = [];

  // Collected searches, then as many cache hits of the same pages by other accounts.
  for (let i = 0; i < SEARCHES; i++) {
    const q = `memory ${tag} ${i}`;
    queries.push(q);
    const r = await call('GET', `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, await key());
    await settled(r.request_id as string);
    searches++;
  }
  current = null;
  for (const q of queries) {
    const r = await call('GET', `/v1/mkt_a/sold?q=${encodeURIComponent(q)}`, await key());
    if (r.cached !== true) throw new Error('expected a cache hit');
    searches++;
  }
  // Batches of 10 new searches.
  for (let b = 0; b < BATCHES; b++) {
    const r = await call('POST', '/v1/batches', await key(), { searches: Array.from({ length: 10 }, (_, i) => ({ endpoint: i % 2 ? 'mkt_b/sold' : 'mkt_a/sold', q: `memory batch ${tag} ${b} ${i}` })) });
    for (const item of r.items as Array<{ request_id: string }>) await settled(item.request_id);
    searches += 10;
  }
  // Searches of an account with a webhook endpoint: one delivery each.
  const hook = await receiver();
  const owner = await stack.newKey();
  await createWebhooks(store.redis, store.keys, { maxEndpoints: 10 }).create(owner.account, 'sandbox', hook.url, ['job.settled'], true);
  for (let i = 0; i < DELIVERIES; i++) {
    const r = await call('GET', `/v1/mkt_a/sold?q=${encodeURIComponent(`memory hook ${tag} ${i}`)}`, owner.key);
    await settled(r.request_id as string);
    searches++;
  }
  await until('deliveries', async () => hook.count() >= DELIVERIES);
  await until('delivery jobs finished', async () => (await stack.worker!.webhooks.stats()).active + (await stack.worker!.webhooks.stats()).waiting === 0);
  // Watches, each run RUNS times (its first run at creation).
  current = null;
  for (let w = 0; w < WATCHES; w++) {
    const k = await key();
    const r = await call('POST', '/v1/watches', k, { search: { endpoint: 'mkt_a/listings', q: `memory watch ${tag} ${w}` }, schedule: { every_seconds: 3600 } });
    const id = r.id as string;
    await until(`first run of ${id}`, async () => {
      const runs = await stack.services.watches.runs(id);
      return runs.length > 0 && runs.every((x) => x.status !== 'running');
    });
    const first = (await stack.services.watches.runs(id))[0]!.period;
    for (let n = 1; n < RUNS; n++) await stack.worker!.watches.runPeriod(id, first + n * 3_600_000, 3_600_000);
    searches += RUNS;
  }
  // BullMQ removes completed jobs past their age when a later one completes: let the last ones land.
  await new Promise((r) => setTimeout(r, 500));
  const redis = connectRedis(process.env.REDIS_URL!, { name: 'bench-memory-census', failFast: false });
  await whenReady(redis);
  const keys = await census(redis, stack.config.keyPrefix);
  redis.disconnect();
  hook.server.close();
  await stack.close();
  return { searches, deliveries: DELIVERIES, watches: WATCHES, keys };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const sum = (keys: readonly Key[], pick: (k: Key) => boolean): number => keys.filter(pick).reduce((s, k) => s + k.bytes, 0);
const isWebhook = (k: Key): boolean => (k.family.startsWith('webhook') || k.family === 'bull job (webhooks)') && k.family !== 'webhook endpoints & circuits';
const isWatch = (k: Key): boolean => k.family === 'watch' || k.family.startsWith('bull job (watch') || k.family === 'bull watch scheduler';

console.log(`Redis: ${given ? `REDIS_URL ${given}` : 'private redis-server'}; scenario: ${SEARCHES} collected + ${SEARCHES} cache hits, ${BATCHES} batches × 10, ${DELIVERIES} searches with a webhook delivery each, ${WATCHES} watches × ${RUNS} runs (sandbox simulator pages)`);
const before = await scenario(true);
const now = await scenario(false);
legacyStorage.on = false;

const families = [...new Set([...before.keys, ...now.keys].map((k) => k.family))].sort();
console.log('\nBy key family, bytes per search (all keys / kept past the 15-minute cache), before and now (fixed families: their whole size / searches of this run):');
console.log(`${'family'.padEnd(34)}${'before all'.padStart(12)}${'before kept'.padStart(13)}${'now all'.padStart(12)}${'now kept'.padStart(12)}  bound`);
for (const f of families) {
  const row = [before, now].flatMap((r) => [sum(r.keys, (k) => k.family === f) / r.searches, sum(r.keys, (k) => k.family === f && k.kept) / r.searches]);
  const bound = FAMILIES.find((x) => x.name === f)!.bound;
  console.log(`${f.padEnd(34)}${row.map((v, i) => `${v.toFixed(0)} B`.padStart(i % 2 ? 13 : 12)).join('')}  ${bound}`);
}

/** Families of a size set by the deployment (accounts, marketplaces, queues' bounded lists), not by the searches. */
const fixed = (k: Key): boolean => FAMILIES.find((x) => x.name === k.family)?.fixed === true;
const figure = (r: Figures) => {
  const searchKeys = (k: Key): boolean => !isWebhook(k) && !isWatch(k) && !fixed(k);
  return {
    kept: sum(r.keys, (k) => searchKeys(k) && k.kept) / r.searches,
    steady: sum(r.keys, searchKeys) / r.searches,
    delivery: sum(r.keys, (k) => isWebhook(k) && k.kept) / r.deliveries,
    watch: sum(r.keys, isWatch) / r.watches,
    fixed: sum(r.keys, fixed),
    total: sum(r.keys, () => true),
  };
};
const b = figure(before);
const n = figure(now);
console.log(`\n${before.searches} searches each run (${now.searches} now):`);
console.log(`  Redis bytes per search kept past the 15-minute cache:  before ${kb(b.kept)}  now ${kb(n.kept)}  (target ≤ ${kb(TARGET)})`);
console.log(`  Redis bytes per search at steady state (cache held):   before ${kb(b.steady)}  now ${kb(n.steady)}`);
console.log(`  Redis bytes per webhook delivery kept past the cache:  before ${kb(b.delivery)}  now ${kb(n.delivery)}`);
console.log(`  Redis bytes per watch after ${RUNS} runs:                   before ${kb(b.watch)}  now ${kb(n.watch)}`);
console.log(`  Fixed families (accounts, counters, queues' bounded sets): before ${kb(b.fixed)}  now ${kb(n.fixed)} in all, not per search`);
console.log(`  All keys of the run:                                   before ${kb(b.total)}  now ${kb(n.total)}`);

// The sandbox pages are smaller than real ones: the results of the real captures (test/golden),
// as the adapters read them, plain and packed, with the records a collected search keeps beside
// its body (job, hidden facts, idempotency: per collected search of this run).
const real = (await realResults()).filter((r) => r.json.length > 10_000);
const sizes = real.map((r) => ({ plain: Buffer.byteLength(r.json), packed: packBody(r.json).length })).sort((x, y) => x.packed - y.packed);
if (sizes.length > 0) {
  const mid = sizes[Math.floor(sizes.length / 2)]!;
  const worst = sizes.at(-1)!;
  const collected = SEARCHES + BATCHES * 10 + DELIVERIES;
  // Every search has a job record (and an idempotency record when it sends a key); a collected one also its hidden facts.
  const records = sum(now.keys, (k) => ['job', 'idempotency'].includes(k.family) && k.kept) / now.searches + sum(now.keys, (k) => k.family === 'result hidden' && k.kept) / collected;
  console.log(`\nReal pages (${sizes.length} captures of more than 10 KB read by their adapters): result JSON median ${kb(mid.plain)} → packed ${kb(mid.packed)}, largest packed ${kb(worst.packed)} (of ${kb(worst.plain)})`);
  console.log(`  a collected search on a real page keeps about: before ${kb(mid.plain + records)} (largest ${kb(worst.plain + records)})  now ${kb(mid.packed + records)} (largest ${kb(worst.packed + records)}), records beside the body ${kb(records)}`);
}
await privateRedis?.stop();
if (n.kept > TARGET) {
  console.error(`over target: ${kb(n.kept)} a search kept past the cache (target ${kb(TARGET)})`);
  process.exit(1);
}
process.exit(0);
