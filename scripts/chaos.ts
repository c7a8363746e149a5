/**
 * `npm run chaos [-- --seconds=120 --accounts=16 --seed=7]`: the faults production brings
 * every week, over and over, under a steady load, and at the end the counts that matter.
 *
 * A Redis Sentinel set as docs/operations.md recommends it (a primary, two replicas,
 * `min-replicas-to-write 1`, three sentinels), the simulators, two api processes
 * and two workers, all real processes on 127.0.0.1. Clients (one per account, sandbox keys)
 * search and send batches the way the README tells them to: an Idempotency-Key on every
 * search, a 503 or a dropped connection resent as Retry-After says, jobs polled with `wait`
 * until settled. Every account has a webhook endpoint on a local receiver that checks each
 * signature and records each event id. Meanwhile, one fault after another:
 * - `failover`: the primary SIGKILLed; the sentinels promote a replica; the old primary is
 *   started again and rejoins as a replica;
 * - `switch`: `SENTINEL FAILOVER`, the primary demoted in place (its clients are cut, a write
 *   that reaches it meets READONLY);
 * - `stall`: the primary stopped (SIGSTOP) for 0.6 s, then continued;
 * - `worker-kill`: a worker SIGKILLed mid-work, a new one started.
 * After the load stops, the run waits for everything to settle and counts, from Redis and the
 * receiver: searches never settled, batches never settled, events never delivered, charges
 * without a completed job, completed jobs uncharged. It prints them with the faults survived
 * and exits 1 when any count is not 0. Not a CI test (it takes minutes and both cores); a
 * benchmark-style script whose output docs/operations.md quotes.
 *
 * The sweep's stale threshold is shortened (JOB_LOCK_MS 3000, HTTP_TIMEOUT_MS 2000: about
 * 20 s instead of the defaults' 203 s) so a collection whose queue entry a failover lost is found again
 * within the run; the rest of the settings are the defaults.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { connectRedis, createAccounts, createStore, whenReady } from '@listings/store';
import { startSentinelSet, uniquePrefix, type PrivateRedis, type SentinelSet } from '@listings/testing';
import { verifySignature } from '@listings/webhooks';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess, type Proc } from '../test/support/processes.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/u, '').split('=', 2) as [string, string]));
const SECONDS = Number(args.seconds ?? 120);
const ACCOUNTS = Number(args.accounts ?? 16);
const FAULT_EVERY_MS = Number(args['fault-every'] ?? 7000);
const SETTLE_WAIT_MS = 180_000;
/** `min-replicas-to-write` of the Redis servers (docs/operations.md recommends 1); `--min-replicas=0` shows what a switch loses without it. */
const MIN_REPLICAS = Number(args['min-replicas'] ?? 1);

let seed = Number(args.seed ?? Date.now() % 100_000);
const seedUsed = seed;
/** A small deterministic generator (mulberry32), so a run can be repeated with --seed. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const group = new ProcessGroup();
let set: SentinelSet | null = null;

// ---- the webhook receiver ------------------------------------------------------------------

interface Receiver { url: string; secrets: Map<string, string>; events: Map<string, number>; badSignatures: number; close(): void }

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: '', secrets: new Map(), events: new Map(), badSignatures: 0, close: () => undefined };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const account = (req.url ?? '').split('/').pop() ?? '';
      const secret = r.secrets.get(account);
      const ok = secret !== undefined && verifySignature(secret, body, String(req.headers['listings-signature'] ?? ''), { toleranceSeconds: 600 });
      if (!ok) {
        r.badSignatures++;
        res.writeHead(400).end();
        return;
      }
      const id = (JSON.parse(body) as { id: string }).id;
      r.events.set(id, (r.events.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  r.close = () => server.close();
  return r;
}

// ---- clients -------------------------------------------------------------------------------

interface Client { account: string; key: string }
interface Seen { account: string; kind: 'job' | 'batch'; id: string; firstPending: boolean; status: string; at: number }

const counters = { calls: 0, unavailable: 0, dropped: 0, rateLimited: 0 };
const seen: Seen[] = [];
let apis: string[] = [];

/** One call as the README says to make it: 503 and dropped connections resent after Retry-After (at most 1 s here), 429 after its Retry-After. */
async function call(method: string, path: string, key: string, opts: { idem?: string; body?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  for (let attempt = 0; ; attempt++) {
    counters.calls++;
    const api = pick(apis);
    let r: Response;
    try {
      r = await fetch(`${api}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(opts.idem ? { 'idempotency-key': opts.idem } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
        ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      counters.dropped++;
      await sleep(300);
      continue;
    }
    const body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
    const wait = Math.min(1000, 1000 * Number(r.headers.get('retry-after') ?? 1));
    if (r.status === 503) {
      counters.unavailable++;
      await sleep(wait);
      continue;
    }
    if (r.status === 429) {
      counters.rateLimited++;
      await sleep(1000 * Number(r.headers.get('retry-after') ?? 1));
      continue;
    }
    return { status: r.status, body };
  }
}

const WORDS = ['lamp', 'camera', 'jacket', 'sneakers', 'lego', 'switch', 'iphone', 'guitar', 'watch', 'blender'];

/**
 * Sends a search or a batch and polls it until settled. A poll that answers 404 means a
 * failover lost the record (docs/operations.md): the client sends it again with the same
 * Idempotency-Key, as the docs say, and follows what it gets (the lost one is counted).
 */
async function settleOne(c: Client, kind: 'job' | 'batch', send: () => ReturnType<typeof call>, poll: (id: string) => string, until: number): Promise<void> {
  for (let sends = 0; sends < 5; sends++) {
    const sent = await send();
    if (sent.status !== 200 && sent.status !== 202) return;
    const id = (kind === 'job' ? sent.body.request_id : sent.body.batch_id) as string;
    const entry: Seen = { account: c.account, kind, id, firstPending: sent.status === 202, status: sent.body.status as string, at: Date.now() };
    seen.push(entry);
    let answer = sent;
    while ((answer.status === 200 || answer.status === 202) && answer.body.status === 'pending' && Date.now() < until + SETTLE_WAIT_MS) answer = await call('GET', poll(id), c.key);
    if (answer.status === 404) {
      entry.status = 'lost';
      lostRecords++;
      continue;
    }
    entry.status = answer.body.status as string;
    return;
  }
}

let lostRecords = 0;

async function runClient(c: Client, until: number): Promise<void> {
  for (let n = 0; Date.now() < until; n++) {
    if (n % 6 === 5) {
      const searches = [0, 1, 2].map(() => ({ endpoint: `${pick(['mkt_a', 'mkt_b', 'mkt_c'])}/sold`, q: `chaos ${pick(WORDS)} ${Math.floor(random() * 40)}` }));
      const idem = randomUUID();
      await settleOne(c, 'batch', () => call('POST', '/v1/batches', c.key, { idem, body: { searches } }), (id) => `/v1/batches/${id}?wait=20`, until);
    } else {
      const token = pick(['mkt_a', 'mkt_b', 'mkt_c', 'mkt_d']);
      // Some searches repeat across accounts (cache hits), most are new.
      const q = random() < 0.25 ? `chaos shared ${pick(WORDS)}` : `chaos ${pick(WORDS)} ${c.account.slice(-4)} ${n}`;
      const idem = randomUUID();
      await settleOne(c, 'job', () => call('GET', `/v1/${token}/sold?q=${encodeURIComponent(q)}`, c.key, { idem }), (id) => `/v1/jobs/${id}?wait=20`, until);
    }
    await sleep(1500 + random() * 1500);
  }
}

// ---- faults --------------------------------------------------------------------------------

type FaultKind = 'failover' | 'switch' | 'stall' | 'worker-kill';
const faultLog: Array<{ kind: FaultKind; at: number }> = [];
let t0 = 0;
const survived: Record<FaultKind, number> = { failover: 0, switch: 0, stall: 0, 'worker-kill': 0 };

/** The server the sentinels call the primary now, and a replica of it in sync (or null). */
async function primaryAndReplica(s: SentinelSet): Promise<[PrivateRedis, PrivateRedis | null]> {
  const port = await s.currentPrimaryPort();
  const primary = s.servers.find((x) => x.port === port)!;
  for (const r of s.servers.filter((x) => x !== primary)) if (await untilReplicaSynced(r, 10_000)) return [primary, r];
  return [primary, null];
}

/** Until the sentinels name another server than `port` as the primary (or `timeoutMs` passes). */
async function untilOtherPrimary(s: SentinelSet, port: number, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await s.currentPrimaryPort().catch(() => 0);
    if (now !== 0 && now !== port) return true;
    await sleep(200);
  }
  return false;
}

/** Until the replica reports its link to the primary up (a failover needs a synced replica). */
async function untilReplicaSynced(replica: PrivateRedis, timeoutMs = 30_000): Promise<boolean> {
  const c = new Redis({ port: replica.port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
  c.on('error', () => undefined);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const info = await c.info('replication').catch(() => '');
      if (/role:slave/u.test(info) && /master_link_status:up/u.test(info)) return true;
      await sleep(200);
    }
    return false;
  } finally {
    c.disconnect();
  }
}

async function fault(kind: FaultKind, s: SentinelSet, workers: Proc[], startWorker: () => Promise<Proc>): Promise<void> {
  if (kind === 'failover' || kind === 'switch') {
    const [primary, replica] = await primaryAndReplica(s);
    if (!replica) throw new Error(`no replica in sync for a ${kind}`);
    if (kind === 'failover') {
      await primary.kill();
      if (!(await untilOtherPrimary(s, primary.port))) throw new Error('the sentinels did not promote a replica');
      await primary.restart(); // comes back, and the sentinels make it a replica of the new primary
    } else {
      const sentinel = new Redis({ port: s.sentinels[0]!.port, host: '127.0.0.1', maxRetriesPerRequest: 1 });
      try {
        await sentinel.call('SENTINEL', 'failover', s.name);
      } finally {
        sentinel.disconnect();
      }
      if (!(await untilOtherPrimary(s, primary.port))) throw new Error('SENTINEL FAILOVER did not switch the primary');
    }
  } else if (kind === 'stall') {
    const port = await s.currentPrimaryPort();
    const primary = s.servers.find((x) => x.port === port)!;
    primary.process.kill('SIGSTOP');
    await sleep(600);
    primary.process.kill('SIGCONT');
  } else {
    const i = Math.floor(random() * workers.length);
    workers[i]!.child.kill('SIGKILL');
    await workers[i]!.exited;
    workers[i] = await startWorker();
  }
  survived[kind]++;
}

// ---- the run -------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(`chaos: ${SECONDS} s of load on ${ACCOUNTS} accounts, a fault every ${FAULT_EVERY_MS / 1000} s, min-replicas-to-write ${MIN_REPLICAS} (seed ${seedUsed})`);
  set = await startSentinelSet({ name: 'chaos', replicas: 2, minReplicasToWrite: MIN_REPLICAS });
  for (const r of set.servers.slice(1)) await untilReplicaSynced(r);
  const redis = connectRedis(set.url, { name: 'chaos', failFast: false });
  await whenReady(redis, 10_000);
  const prefix = uniquePrefix('chaos');
  const accounts = createAccounts(redis, prefix);
  const receiver = await startReceiver();
  const sim = await startSimulatorProcess(group);
  const env = {
    REDIS_URL: set.url, KEY_PREFIX: prefix, CURSOR_SECRET: randomBytes(24).toString('hex'), SIMULATOR_URL: sim.url, LOG_LEVEL: 'error',
    SWEEP_INTERVAL_MS: '500', UNQUEUED_GRACE_MS: '1000', JOB_LOCK_MS: '3000', JOB_STALLED_CHECK_MS: '1000', HTTP_TIMEOUT_MS: '2000',
    WEBHOOK_RETRY_FIRST_MS: '1000', WEBHOOK_SANDBOX_LOOPBACK: 'true',
  };
  let workerN = 0;
  const startWorker = async (): Promise<Proc> => (await startWorkerProcess(group, `worker-${++workerN}`, env)).proc;
  const [a1, a2, w1, w2] = await Promise.all([startApiProcess(group, 'api-1', env), startApiProcess(group, 'api-2', env), startWorker(), startWorker()]);
  apis = [a1.url, a2.url];
  const workers: Proc[] = [w1, w2];

  const clients: Client[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const acct = await accounts.create(`chaos-${i}`, 'pro');
    const key = (await accounts.issueKey(acct.id, 'sandbox')).secret;
    const made = await call('POST', '/v1/webhook_endpoints', key, { body: { url: `${receiver.url}/hook/${acct.id}` } });
    if (made.status !== 201) throw new Error(`endpoint not created: ${made.status} ${JSON.stringify(made.body)}`);
    receiver.secrets.set(acct.id, made.body.secret as string);
    clients.push({ account: acct.id, key });
  }

  const until = Date.now() + SECONDS * 1000;
  t0 = Date.now();
  const load = Promise.all(clients.map((c) => runClient(c, until)));
  const kinds: FaultKind[] = ['failover', 'worker-kill', 'stall', 'switch'];
  const faultErrors: string[] = [];
  for (let i = 0; Date.now() < until - FAULT_EVERY_MS / 2; i++) {
    await sleep(FAULT_EVERY_MS);
    const kind = kinds[i % kinds.length]!;
    const started = Date.now();
    faultLog.push({ kind, at: started });
    await fault(kind, set, workers, startWorker).catch((err: unknown) => faultErrors.push(`${kind}: ${(err as Error).message}`));
    console.log(`  ${((Date.now() - until + SECONDS * 1000) / 1000).toFixed(0).padStart(4)} s  ${kind} (${Date.now() - started} ms)`);
  }
  await load;

  // Everything settles: jobs and batches (read from Redis, as an operator would), then events.
  const store = createStore(redis, { prefix });
  const deadline = Date.now() + SETTLE_WAIT_MS;
  const finalJobs = new Map<string, string>();
  const jobIds = seen.filter((s) => s.kind === 'job' && s.status !== 'lost').map((s) => s.id);
  for (;;) {
    for (const id of jobIds) finalJobs.set(id, (await store.getJob(id))?.status ?? 'missing');
    if (![...finalJobs.values()].includes('pending') || Date.now() > deadline) break;
    await sleep(1000);
  }
  const expectedEvents = new Set<string>([
    ...seen.filter((s) => s.kind === 'job' && s.firstPending && s.status !== 'lost').map((s) => `evt_job_${s.id.replace(/^req_/u, '')}`),
    ...seen.filter((s) => s.kind === 'batch' && s.firstPending && s.status !== 'lost').map((s) => `evt_batch_${s.id.replace(/^bat_/u, '')}`),
  ]);
  while ([...expectedEvents].some((id) => !receiver.events.has(id)) && Date.now() < deadline) await sleep(1000);

  // Counts.
  const completedByAccount = new Map<string, number>();
  for (const c of clients) completedByAccount.set(c.account, 0);
  const batchCredits = new Map<string, number>();
  for (const s of seen.filter((x) => x.kind === 'batch' && x.status !== 'lost')) {
    const b = (await call('GET', `/v1/batches/${s.id}`, clients.find((c) => c.account === s.account)!.key)).body;
    s.status = b.status as string;
    batchCredits.set(s.account, (batchCredits.get(s.account) ?? 0) + Number(b.credits ?? 0));
  }
  for (const s of seen.filter((x) => x.kind === 'job')) {
    if (finalJobs.get(s.id) === 'complete') completedByAccount.set(s.account, completedByAccount.get(s.account)! + 1);
  }
  let chargedWithoutJob = 0;
  let completedUncharged = 0;
  for (const c of clients) {
    const completed = completedByAccount.get(c.account)! + (batchCredits.get(c.account) ?? 0);
    const charged = (await store.usage(c.account, 'sandbox')).completed30d;
    chargedWithoutJob += Math.max(0, charged - completed);
    completedUncharged += Math.max(0, completed - charged);
  }
  const finalCounts: Record<string, number> = {};
  for (const v of finalJobs.values()) finalCounts[v] = (finalCounts[v] ?? 0) + 1;
  console.log(`final job states: ${JSON.stringify(finalCounts)}`);
  for (const s of seen.filter((x) => x.kind === 'job' && x.status !== 'lost' && finalJobs.get(x.id) !== x.status)) {
    const before = faultLog.filter((f) => f.at <= s.at + 15_000).pop();
    console.log(`  ${s.id} told ${s.status}, now ${finalJobs.get(s.id)}; made ${((s.at - t0) / 1000).toFixed(1)} s; last fault ${before ? `${before.kind} at ${((before.at - t0) / 1000).toFixed(1)} s` : 'none'}`);
  }
  const changedAfterTold = seen.filter((s) => s.kind === 'job' && s.status !== 'lost' && finalJobs.get(s.id) !== s.status).length;
  const counts = {
    'searches never settled': [...finalJobs.values()].filter((v) => v === 'pending' || v === 'missing').length,
    'batches never settled': seen.filter((s) => s.kind === 'batch' && s.status === 'pending').length,
    'events never delivered': [...expectedEvents].filter((id) => !receiver.events.has(id)).length,
    'charges without a completed job': chargedWithoutJob,
    'completed jobs uncharged': completedUncharged,
  };
  const jobs = seen.filter((s) => s.kind === 'job');
  console.log(`\nfaults survived: ${Object.values(survived).reduce((a, b) => a + b, 0)} (${Object.entries(survived).map(([k, v]) => `${k} ${v}`).join(', ')})${faultErrors.length ? `; not made: ${faultErrors.join('; ')}` : ''}`);
  console.log(`load: ${jobs.length} searches (${jobs.filter((j) => !j.firstPending).length} cache hits), ${seen.length - jobs.length} batches, ${counters.calls} calls; ${counters.unavailable} answered 503, ${counters.dropped} dropped connections, ${counters.rateLimited} 429`);
  console.log(`settled: ${[...finalJobs.values()].filter((v) => v === 'complete').length} complete, ${[...finalJobs.values()].filter((v) => v === 'failed').length} failed; events: ${expectedEvents.size} expected, ${[...receiver.events.values()].reduce((a, b) => a + b, 0)} deliveries received (${[...receiver.events.values()].filter((n) => n > 1).length} repeated, dropped by id), ${receiver.badSignatures} bad signatures`);
  console.log(`records a failover lost (a poll answered 404; sent again with the same Idempotency-Key): ${lostRecords}; settled answers that changed after a client was told: ${changedAfterTold}`);
  for (const [name, n] of Object.entries(counts)) console.log(`${name.padEnd(34)} ${n}`);

  receiver.close();
  await group.stopAll();
  redis.disconnect();
  await set.stop();
  process.exit(Object.values(counts).every((n) => n === 0) && receiver.badSignatures === 0 ? 0 : 1);
}

main().catch(async (err: unknown) => {
  console.error(err);
  console.error(group.report());
  await group.stopAll().catch(() => undefined);
  await set?.stop().catch(() => undefined);
  process.exit(2);
});
