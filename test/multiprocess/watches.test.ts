/**
 * Watches end to end with real processes (the simulators, an api, two workers) on one Redis
 * prefix, and a receiver on 127.0.0.1 (a sandbox endpoint):
 *
 * - a watch on a sandbox search records a baseline; once the simulated market has moved on
 *   (sim/drift.ts: new listings, lower prices), the next run sends `watch.matched`, signed, with
 *   exactly the rows that are new or cheaper and pass the rules (worked out here from the two
 *   pages, not by the runner's code), and a run with nothing new sends nothing;
 * - a worker SIGKILLed while it holds a run: the run is resumed by the other worker, every
 *   period has one run, every completed run one charge (the account's charges are counted);
 * - a paused watch does not run; a deleted one stops, and its keys are gone.
 *
 * Waits are on events (the receiver, the runs list, BullMQ's jobs) with generous bounds: the
 * machine is shared.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullConnection, connectRedis, createAccounts, createWatches, queuePrefix, WATCH_QUEUE, whenReady, type Accounts, type Watches } from '@listings/store';
import { createKeys } from '@listings/store/testing';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import { verifySignature } from '@listings/webhooks';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess, type Proc } from '../support/processes.ts';

interface Received { headers: http.IncomingHttpHeaders; body: string; event: { id: string; type: string; sandbox: boolean; data: { watch: { id: string }; run: { request_id: string; scheduled_at: string; rows: number }; matches: Array<{ reason: string; previous_price: { amount: number } | null; row: Row }> } } }
interface Row { id: string; title: string | null; displayed_price: { amount: number; currency: string } | null }
interface Run { scheduled_at: string; status: string; request_id: string | null; credits: number; rows: number | null; baseline: boolean; match_count: number; event_id: string | null; event_delivery: string | null; error: { code: string } | null }

class Receiver {
  readonly got: Received[] = [];
  private readonly server: http.Server;
  private waiters: Array<() => void> = [];
  url = '';
  constructor() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        this.got.push({ headers: req.headers, body, event: JSON.parse(body) as Received['event'] });
        for (const w of this.waiters.splice(0)) w();
        res.writeHead(200).end();
      });
    });
  }
  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }
  async until(pred: (got: Received[]) => boolean, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.got)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${JSON.stringify(this.got.map((g) => g.event.id))}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 250);
      });
    }
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

const group = new ProcessGroup();
const prefix = uniquePrefix('watches');
let redis: Redis;
let accounts: Accounts;
let watches: Watches;
let api: string;
let sim: string;
let env: Record<string, string>;
const workers: Proc[] = [];
let queue: Queue;
let queueConn: Redis;
let receiver: Receiver;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'watches-test' });
  await whenReady(redis);
  accounts = createAccounts(redis, prefix);
  watches = createWatches(redis, createKeys(prefix));
  receiver = await new Receiver().start();
  const s = await startSimulatorProcess(group);
  sim = s.url;
  env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim,
    LOG_LEVEL: 'warn',
    JOB_LOCK_MS: '2000',
    JOB_STALLED_CHECK_MS: '500',
    JOB_BACKOFF_MS: '50',
    SWEEP_INTERVAL_MS: '500',
    UNQUEUED_GRACE_MS: '1000',
    WEBHOOK_RETRY_FIRST_MS: '400',
    WEBHOOK_TIMEOUT_MS: '5000',
    WEBHOOK_SANDBOX_LOOPBACK: 'true',
    // Sandbox watches every 2-3 s, and each run collects again (the sandbox cache holds a page 1 s).
    WATCH_SANDBOX_MIN_SECONDS: '2',
    SANDBOX_CACHE_SECONDS: '1',
  };
  const [a, w1, w2] = await Promise.all([startApiProcess(group, 'api', env), startWorkerProcess(group, 'worker-1', env), startWorkerProcess(group, 'worker-2', env)]);
  api = a.url;
  workers.push(w1.proc, w2.proc);
  queueConn = bullConnection(testRedisUrl(), 'watches-test-queue');
  queue = new Queue(WATCH_QUEUE, { connection: queueConn, prefix: queuePrefix(prefix) });
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await queue?.close();
  queueConn?.disconnect();
  await group.stopAll();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function simulator(path: string, body: unknown): Promise<void> {
  const r = await fetch(`${sim}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(r.status).toBe(204);
}

async function sandboxKey(plan = 'scale'): Promise<{ account: string; key: string }> {
  const acct = await accounts.create('watches', plan);
  return { account: acct.id, key: (await accounts.issueKey(acct.id, 'sandbox')).secret };
}

async function runs(key: string, id: string): Promise<Run[]> {
  const r = await call('GET', `/v1/watches/${id}/runs`, key);
  expect(r.status).toBe(200);
  return r.body.data as Run[];
}

/**
 * Watches the runs (read from the store every 200 ms: the api's rate limit, 60 calls a minute,
 * is for clients) until `pred` holds; the runs as the api then lists them.
 */
async function runsUntil(key: string, id: string, pred: (rs: Run[]) => boolean, what: string, timeoutMs = 60_000, diag: () => Promise<string> = async () => ''): Promise<Run[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = (await watches.runs(id)).map((r) => ({ ...r, scheduled_at: new Date(r.period).toISOString(), match_count: r.matches.length })) as unknown as Run[];
    if (pred(stored)) {
      const rs = await runs(key, id);
      if (pred(rs)) return rs;
    }
    const rs = stored;
    if (Date.now() > deadline) throw new Error(`runs of ${id}: ${what} not seen in ${timeoutMs} ms; runs: ${JSON.stringify(rs.map((r) => [r.scheduled_at, r.status, r.match_count]))}${await diag()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const finished = (r: Run): boolean => r.status !== 'running';

/** Pauses the watch and waits until no run of it is running: nothing of it happens after. */
async function pauseAndSettle(key: string, id: string): Promise<Run[]> {
  expect((await call('PATCH', `/v1/watches/${id}`, key, { status: 'paused' })).status).toBe(200);
  return runsUntil(key, id, (rs) => rs.every(finished), 'every run finished after the pause');
}

async function charged(account: string): Promise<number> {
  return Number((await redis.hget(`${prefix}acct:${account}`, 'charged_sandbox')) ?? 0);
}

/** A page as a search of it collects now (a miss: cached answers are waited out, the sandbox cache holds 1 s). */
async function collectNow(key: string, query: string): Promise<Row[]> {
  for (let attempt = 0; ; attempt++) {
    const first = await call('GET', `/v1/mkt_a/listings?${query}`, key);
    let job = first.body;
    if (job.cached === true && attempt < 20) {
      await new Promise((r) => setTimeout(r, 1200));
      continue;
    }
    while (job.status === 'pending') job = (await call('GET', `/v1/jobs/${job.request_id as string}?wait=20`, key)).body;
    expect(job.status).toBe('complete');
    return (job.result as { data: Row[] }).data;
  }
}

async function jobRows(key: string, requestId: string): Promise<Row[]> {
  const job = (await call('GET', `/v1/jobs/${requestId}`, key)).body;
  expect(job.status).toBe('complete');
  return (job.result as { data: Row[] }).data;
}

/** Whole words of a title, as a person would check them (lower case, split on what is not a letter or digit). */
function words(title: string | null): string[] {
  return (title ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

test('a later run with new and cheaper rows sends exactly those that pass the rules, signed; a run with nothing new sends nothing', () => group.explained(async () => {
  await simulator('/__sim/drift', { step: 0 });
  const { key } = await sandboxKey();
  const endpoint = await call('POST', '/v1/webhook_endpoints', key, { url: receiver.url, events: ['watch.matched'] });
  expect(endpoint.status).toBe(201);
  const secret = endpoint.body.secret as string;
  const q = 'leica m6 film camera';
  const created = await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/listings', q }, schedule: { every_seconds: 3 }, webhook_endpoint_id: endpoint.body.id });
  expect(created.status).toBe(201);
  const id = created.body.id as string;

  // The first run records a baseline and sends nothing.
  const first = await runsUntil(key, id, (rs) => rs.some((r) => r.status === 'complete'), 'a complete run');
  const baselineRun = first.find((r) => r.status === 'complete')!;
  expect(first[first.length - 1]).toMatchObject({ baseline: true, match_count: 0, event_id: null, credits: 1 });
  const done = await pauseAndSettle(key, id);
  // Every run so far saw the same market (step 0): only the baseline is one, none found anything.
  expect(done.filter((r) => r.baseline)).toHaveLength(1);
  expect(done.every((r) => r.match_count === 0 && r.event_id === null)).toBe(true);
  const before = await jobRows(key, baselineRun.request_id!);
  const seen = new Map(before.map((r) => [r.id, r.displayed_price?.amount ?? null]));

  // The market moves on two steps; what a collection of the page finds now is what the next run will.
  await simulator('/__sim/drift', { step: 2 });
  const after = await collectNow(key, `q=${encodeURIComponent(q)}`);
  const candidates = after.filter((r) => {
    if (!seen.has(r.id)) return true;
    const was = seen.get(r.id);
    return was !== null && was !== undefined && r.displayed_price !== null && r.displayed_price.amount < was;
  });
  expect(candidates.filter((r) => !seen.has(r.id)).length).toBeGreaterThanOrEqual(3);
  expect(candidates.filter((r) => seen.has(r.id)).length).toBeGreaterThanOrEqual(2);
  // Rules that keep some of them and refuse others: a price bound between their prices, and a word of one of the titles left.
  const prices = candidates.map((r) => r.displayed_price?.amount).filter((p): p is number => p !== undefined).sort((a, b) => a - b);
  const maxPrice = prices[Math.floor(prices.length / 2)]!;
  const underBound = candidates.filter((r) => r.displayed_price !== null && r.displayed_price.amount <= maxPrice);
  const excluded = words(underBound[0]!.title).find((w) => w.length > 3 && !q.includes(w) && underBound.filter((r) => words(r.title).includes(w)).length < underBound.length)
    ?? words(underBound[0]!.title).find((w) => !q.includes(w))!;
  const expected = candidates.filter((r) => r.displayed_price !== null && r.displayed_price.amount <= maxPrice && !words(r.title).includes(excluded));
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(candidates.length);

  const resumed = await call('PATCH', `/v1/watches/${id}`, key, { status: 'active', rules: { max_price: maxPrice, exclude_words: [excluded] } });
  expect(resumed.status).toBe(200);
  await receiver.until((g) => g.some((r) => r.event.data.watch.id === id));
  const got = receiver.got.filter((r) => r.event.data.watch.id === id);
  expect(got).toHaveLength(1);
  const event = got[0]!;
  expect(verifySignature(secret, event.body, event.headers['listings-signature'] as string)).toEqual({ ok: true });
  expect(verifySignature('whsec_wrong', event.body, event.headers['listings-signature'] as string)).toEqual({ ok: false, reason: 'mismatch' });
  expect(event.headers['listings-event-type']).toBe('watch.matched');
  // The delivery id the OpenAPI description documents for watch.matched: <event id>.<endpoint id>.
  expect(String(event.headers['listings-delivery-id']).startsWith(`${event.event.id}.we_`)).toBe(true);
  expect(event.headers['listings-delivery-id']).toMatch(/^evt_watch_[0-9A-Za-z]+\.we_[0-9A-Za-z]{22}$/u);
  expect(event.event).toMatchObject({ type: 'watch.matched', sandbox: true });
  const byId = (xs: Array<{ id: string }>): string[] => xs.map((x) => x.id).sort();
  expect(byId(event.event.data.matches.map((m) => m.row))).toEqual(byId(expected));
  for (const m of event.event.data.matches) {
    const was = seen.get(m.row.id);
    if (was === undefined) expect(m).toMatchObject({ reason: 'new', previous_price: null });
    else expect(m).toMatchObject({ reason: 'price_drop', previous_price: { amount: was } });
    // The row as its job's result has it.
    expect(m.row).toEqual(after.find((r) => r.id === m.row.id));
  }
  // The runs list names the event and the run's job.
  const withEvent = (await runs(key, id)).find((r) => r.event_id === event.event.id)!;
  expect(withEvent).toMatchObject({ status: 'complete', credits: 1, request_id: event.event.data.run.request_id, match_count: expected.length, event_delivery: 'queued' });

  // The market stays: the next runs find nothing and send nothing.
  const later = await runsUntil(key, id, (rs) => rs.filter((r) => r.status === 'complete' && Date.parse(r.scheduled_at) > Date.parse(withEvent.scheduled_at)).length >= 2, 'two complete runs after the one that matched');
  for (const r of later.filter((x) => Date.parse(x.scheduled_at) > Date.parse(withEvent.scheduled_at) && x.status === 'complete')) {
    expect(r).toMatchObject({ match_count: 0, event_id: null, event_delivery: null, credits: 1 });
  }
  await pauseAndSettle(key, id);
  expect(receiver.got.filter((r) => r.event.data.watch.id === id)).toHaveLength(1);
}), 180_000);

test('two workers, one SIGKILLed while it holds a run: the run resumes elsewhere, one run per period, one charge per completed run', () => group.explained(async () => {
  await simulator('/__sim/drift', { step: 0 });
  // Collections take a while: a run is held long enough to kill its worker mid-run.
  await simulator('/__sim/faults/mkt_a', { fault: 'none', latencyMs: 1500 });
  try {
    const { account, key } = await sandboxKey();
    const created = await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/listings', q: `kill ${randomBytes(3).toString('hex')}` }, schedule: { every_seconds: 2 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // Find a run in hand, mid-run (claimed, its search submitted and collecting), and the
    // worker holding it (BullMQ names the worker: watch-runner-<pid>).
    let victim: Proc | undefined;
    let killedPeriod = 0;
    const deadline = Date.now() + 60_000;
    while (!victim) {
      if (Date.now() > deadline) throw new Error('no run of the watch was seen in hand');
      for (const job of await queue.getActive()) {
        if ((job.data as { watchId: string }).watchId !== id || !job.processedBy) continue;
        // A scheduler's job id is repeat:<scheduler id>:<its period, ms>.
        const period = Number(/:(\d+)$/u.exec(job.id ?? '')?.[1]);
        const run = await watches.run(id, period);
        if (run?.status !== 'running' || run.request_id === null) continue;
        const pid = Number(/watch-runner-(\d+)/u.exec(job.processedBy)?.[1]);
        victim = workers.find((w) => w.pid === pid && w.alive());
        killedPeriod = period;
      }
      if (!victim) await new Promise((r) => setTimeout(r, 50));
    }
    await victim.stop('SIGKILL');
    workers.splice(workers.indexOf(victim), 1);
    const replacement = await startWorkerProcess(group, `worker-${workers.length + 2}-${randomBytes(2).toString('hex')}`, env);
    workers.push(replacement.proc);

    // The killed run is finished by another worker; later periods keep running.
    await runsUntil(key, id, (rs) => rs.some((r) => Date.parse(r.scheduled_at) === killedPeriod && r.status === 'complete')
      && rs.filter((r) => r.status === 'complete' && Date.parse(r.scheduled_at) > killedPeriod).length >= 3, 'the killed run complete and three after it', 120_000, async () => {
      const run = await watches.run(id, killedPeriod);
      const job = run?.request_id ? await redis.hgetall(`${prefix}job:${run.request_id}`) : null;
      const jobs = (await queue.getJobs(['waiting', 'delayed', 'active', 'failed', 'completed'])).filter((j) => (j.data as { watchId: string }).watchId === id).map((j) => [j.id, j.processedBy, j.attemptsMade, j.failedReason]);
      return `\nkilled run ${killedPeriod}: ${JSON.stringify(run)}\nits job: ${JSON.stringify(job)}\nrun jobs: ${JSON.stringify(jobs)}`;
    });
    const all = await pauseAndSettle(key, id);
    // Nothing pending of the account: every run's job has settled.
    expect(Number(await redis.zcard(`${prefix}pending:${account}:sandbox`))).toBe(0);

    const periods = all.map((r) => Date.parse(r.scheduled_at));
    expect(new Set(periods).size).toBe(periods.length);
    const requestIds = all.map((r) => r.request_id).filter((x): x is string => x !== null);
    expect(new Set(requestIds).size).toBe(requestIds.length);
    for (const r of all) {
      if (r.status === 'complete') expect(r.credits).toBe(1);
      else expect([r.status, r.credits]).toEqual([r.status, 0]);
    }
    // One charge per completed run, and nothing else: the account made no other search.
    expect(await charged(account)).toBe(all.filter((r) => r.status === 'complete').length);
    expect(all.find((r) => Date.parse(r.scheduled_at) === killedPeriod)).toMatchObject({ status: 'complete', credits: 1 });
  } finally {
    await simulator('/__sim/faults/mkt_a', { fault: 'none', latencyMs: 0 });
  }
}), 240_000);

test('a paused watch does not run; a deleted watch stops and leaves nothing behind', () => group.explained(async () => {
  await simulator('/__sim/drift', { step: 0 });
  const { account, key } = await sandboxKey();
  const make = async (q: string): Promise<string> => {
    const r = await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/listings', q }, schedule: { every_seconds: 2 } });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const paused = await make(`paused ${randomBytes(3).toString('hex')}`);
  const deleted = await make(`deleted ${randomBytes(3).toString('hex')}`);
  await runsUntil(key, paused, (rs) => rs.some((r) => r.status === 'complete'), 'a complete run');
  await runsUntil(key, deleted, (rs) => rs.some((r) => r.status === 'complete'), 'a complete run');

  const stopped = await pauseAndSettle(key, paused);
  expect((await call('DELETE', `/v1/watches/${deleted}`, key)).status).toBe(204);
  expect((await call('GET', `/v1/watches/${deleted}/runs`, key)).status).toBe(404);
  // Let any run already in hand settle, then count.
  await new Promise((r) => setTimeout(r, 3000));
  const chargedThen = await charged(account);
  expect(await queue.getJobScheduler(paused)).toBeUndefined();
  expect(await queue.getJobScheduler(deleted)).toBeUndefined();

  // Four periods later: no run of either, nothing more charged.
  await new Promise((r) => setTimeout(r, 8000));
  expect((await runs(key, paused)).map((r) => r.scheduled_at)).toEqual(stopped.map((r) => r.scheduled_at));
  expect(await charged(account)).toBe(chargedThen);
  const jobs = [...(await queue.getJobs(['waiting', 'delayed', 'active'])).filter((j) => [paused, deleted].includes((j.data as { watchId: string }).watchId))];
  expect(jobs).toEqual([]);
  // The deleted watch's keys are gone (a run that was in hand when it was deleted wrote nothing back).
  expect(await redis.keys(`${prefix}wat:${deleted}*`)).toEqual([]);
  expect(await redis.zscore(`${prefix}wat:acct:${account}:sandbox`, deleted)).toBeNull();
  // Resumed, it runs again.
  expect((await call('PATCH', `/v1/watches/${paused}`, key, { status: 'active' })).status).toBe(200);
  await runsUntil(key, paused, (rs) => rs.length > stopped.length && rs.some((r) => r.status === 'complete' && !stopped.some((s) => s.scheduled_at === r.scheduled_at)), 'a run after the resume');
  await pauseAndSettle(key, paused);
}), 120_000);
