/**
 * `npm run bench ledger`: the usage ledger of an account with 500,000 charges in its rolling
 * 30 days (a Scale plan's month) beside one with 100: Redis memory for the ledger and the
 * latency and Redis CPU of a charged cache hit (submit.lua), in the same run.
 *
 * - The ledgers are written by the ledger's own Lua functions (ledger/ledger.lua's
 *   `ledger_add`), with charge times spread evenly over the 719 hours before now (the window at
 *   hourly granularity: the 720th hour back is the current one), as that many real
 *   charges would leave them; the hits are then real submits through the store.
 * - Reference for memory: the same charges in the earlier shape, one sorted-set member per
 *   charge (a job id scored by time), built in the same Redis.
 */
import { readFileSync } from 'node:fs';
import { benchContext, benchRedis, machine, percentile } from './support/service.ts';

const HITS = 3000;
const MONTH_MS = 30 * 86_400_000;
const ledgerLua = readFileSync(new URL('../packages/store/src/ledger/ledger.lua', import.meta.url), 'utf8');

const r = await benchRedis();
const ctx = await benchContext('ledger', r.url);
try {
  console.log(`machine: ${await machine(ctx.redis)}; Redis: ${r.label}`);
  const { redis, store, accounts, prefix } = ctx;
  const [s] = await redis.time();
  const now = Number(s) * 1000;

  async function accountWith(charges: number): Promise<string> {
    const a = await accounts.create(`ledger-${charges}`, 'scale');
    // ledger_add for `charges` times spread over the window (oldest first), by the ledger's own code.
    // In slices of 20,000, each one script call well inside the command timeout.
    for (let from = 1; from <= charges; from += 20_000) {
      await redis.eval(`${ledgerLua}
local p, acct, n, now, span, from, to = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
for i = from, to do ledger_add(p, acct, 'live', now - span + math.floor(span * i / n)) end
return 1`, 0, prefix, a.id, charges, now, 719 * 3_600_000, from, Math.min(charges, from + 19_999));
    }
    return a.id;
  }

  async function oldShapeBytes(charges: number): Promise<number> {
    const key = `${prefix}old-usage:${charges}`;
    for (let i = 0; i < charges; i += 5000) {
      const args: Array<string | number> = [];
      for (let j = i; j < Math.min(charges, i + 5000); j++) args.push(now - MONTH_MS + Math.floor((MONTH_MS * j) / charges), `req_${j.toString(36).padStart(22, '0')}`);
      await redis.zadd(key, ...args);
    }
    return Number(await redis.memory('USAGE', key, 'SAMPLES', 0));
  }

  async function hits(account: string, pageId: string): Promise<{ p50: number; p99: number; redisUs: number }> {
    const input = {
      mode: 'live' as const, account, route: 'mkt_a/sold', q: 'bench', page: 1, pageId, token: 'mkt_a', idempotencyKeyHash: null,
      fingerprint: `live|mkt_a/sold|${pageId}`, allowance: 1_000_000, pendingCap: 100, dailyLimit: null, queueMax: null, searchJson: '{}', collectable: true,
    };
    const miss = await store.submit(input);
    if (miss.kind !== 'miss') throw new Error(`expected a miss, got ${miss.kind}`);
    await store.settle(miss.collectionId, { outcome: 'complete', resultJson: JSON.stringify({ data: [], pad: 'x'.repeat(30_000) }), hiddenJson: '{}' });
    for (let i = 0; i < 200; i++) await store.submit(input); // warm-up
    await redis.config('RESETSTAT');
    const ms: number[] = [];
    for (let i = 0; i < HITS; i++) {
      const t = process.hrtime.bigint();
      const o = await store.submit(input);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (o.kind !== 'hit') throw new Error(`expected a hit, got ${o.kind}`);
    }
    const stats = await redis.info('commandstats');
    const usec = (name: string): number => Number(new RegExp(`cmdstat_${name}:calls=\\d+,usec=(\\d+)`, 'u').exec(stats)?.[1] ?? 0);
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), redisUs: (usec('evalsha') + usec('get')) / HITS };
  }

  const small = await accountWith(100);
  const large = await accountWith(500_000);
  const mem = async (acct: string): Promise<number> => Number(await redis.memory('USAGE', store.keys.ledger(acct, 'live'), 'SAMPLES', 0));
  const rows: string[] = [];
  for (const [label, acct, n] of [['100 charges', small, 100], ['500,000 charges', large, 500_000]] as const) {
    const u = await store.usage(acct, 'live');
    if (u.completed30d !== n) throw new Error(`ledger of ${label} counts ${u.completed30d}`);
    const h = await hits(acct, `bench-${n}`);
    rows.push(`| ${label} | ${(await mem(acct)).toLocaleString('en-US')} B | ${(await oldShapeBytes(n)).toLocaleString('en-US')} B | ${h.p50.toFixed(3)} | ${h.p99.toFixed(3)} | ${h.redisUs.toFixed(1)} |`);
  }
  // The api's whole hit: key check and rate limit, then the same submit, in one script (search.lua).
  const { hashApiKey } = await import('@listings/store');
  const key = (await accounts.issueKey(large, 'live')).secret;
  const searchInput = {
    keyHash: hashApiKey(key), rateLimit: 1_000_000_000, rateWindowMs: 60_000, mode: 'live' as const, route: 'mkt_a/sold', q: 'bench', page: 1,
    pageId: 'bench-500000', token: 'mkt_a', idempotencyKeyHash: null, fingerprintTail: 'mkt_a/sold|bench-500000', sandboxAllowance: 0,
    plans: [{ name: 'scale', allowance: 1_000_000, pendingCap: 100 }], dailyLimit: null, queueMax: null, searchJson: '{}', collectable: true,
  };
  for (let i = 0; i < 200; i++) await store.search(searchInput);
  await redis.config('RESETSTAT');
  for (let i = 0; i < HITS; i++) {
    const o = await store.search(searchInput);
    if (o.submit?.kind !== 'hit') throw new Error(`expected a hit, got ${o.auth.kind} ${o.submit?.kind}`);
  }
  const stats = await redis.info('commandstats');
  const searchUs = Number(/cmdstat_evalsha:calls=\d+,usec=(\d+)/u.exec(stats)?.[1] ?? 0) / HITS;
  rows.push(`| 500,000 charges, the api's whole hit (search.lua: key, rate limit, submit) | | | | | ${searchUs.toFixed(1)} |`);

  console.log(`\n${HITS} charged hits per account, one after another from this process (no concurrency); Redis CPU is the commands' own time (INFO commandstats), without the network I/O the server process also spends:\n`);
  console.log('| account | ledger in Redis (hourly buckets) | reference: one member per charge (before) | hit p50 ms | hit p99 ms | Redis CPU µs per hit |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('\ntarget: the 500,000-charge account costs about what the 100-charge one does per hit, and its ledger stays in kilobytes');
} finally {
  await ctx.close();
  await r.stop();
}
