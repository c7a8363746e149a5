/**
 * Webhooks end to end with real processes (simulators, an api, workers) on one Redis prefix,
 * and receivers on 127.0.0.1 (sandbox endpoints): a `job.settled` for a search and a
 * `batch.settled` for a batch, signatures verified with the SDK-style helper, each event seen
 * once after a 200; a receiver that answers 500 twice gets the event three times with growing
 * delays; a worker SIGKILLed while a receiver holds its delivery does not lose it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { connectRedis, createAccounts, whenReady, type Accounts } from '@listings/store';
import { testRedisUrl, uniquePrefix, dropPrefix } from '@listings/testing';
import { verifySignature } from '@listings/webhooks';
import { ProcessGroup, startApiProcess, startSimulatorProcess, startWorkerProcess, type Proc } from '../support/processes.ts';

interface Received { at: number; headers: http.IncomingHttpHeaders; body: string; event: { id: string; type: string; sandbox: boolean; data: Record<string, Record<string, unknown>> } }

/** A receiver whose answers a test scripts: `answer(n)` gives the status of the n-th request (or holds it when null). */
class Receiver {
  readonly got: Received[] = [];
  private server: http.Server;
  url = '';
  private waiters: Array<() => void> = [];
  private readonly answer: (n: number, req: http.IncomingMessage) => number | null;
  constructor(answer: (n: number, req: http.IncomingMessage) => number | null = () => 200) {
    this.answer = answer;
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        this.got.push({ at: Date.now(), headers: req.headers, body, event: JSON.parse(body) as Received['event'] });
        for (const w of this.waiters.splice(0)) w();
        const status = this.answer(this.got.length, req);
        if (status !== null) res.writeHead(status).end();
      });
    });
  }
  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }
  async until(pred: (got: Received[]) => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.got)) {
      if (Date.now() > deadline) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${JSON.stringify(this.got.map((g) => [g.event.type, g.event.id, g.headers['listings-delivery-attempt']]))}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

const group = new ProcessGroup();
const prefix = uniquePrefix('webhooks');
let redis: Redis;
let accounts: Accounts;
let api: string;
let worker: Proc;
let workerHealth: string;
let env: Record<string, string>;

beforeAll(async () => {
  redis = connectRedis(testRedisUrl(), { name: 'webhooks-test' });
  await whenReady(redis);
  accounts = createAccounts(redis, prefix);
  const sim = await startSimulatorProcess(group);
  env = {
    REDIS_URL: testRedisUrl(),
    KEY_PREFIX: prefix,
    CURSOR_SECRET: randomBytes(24).toString('hex'),
    SIMULATOR_URL: sim.url,
    LOG_LEVEL: 'warn',
    JOB_LOCK_MS: '2000',
    JOB_STALLED_CHECK_MS: '500',
    JOB_BACKOFF_MS: '50',
    SWEEP_INTERVAL_MS: '500',
    WEBHOOK_RETRY_FIRST_MS: '400',
    WEBHOOK_TIMEOUT_MS: '5000',
    // The receivers are on 127.0.0.1 (sandbox endpoints, where the operator allows it).
    WEBHOOK_SANDBOX_LOOPBACK: 'true',
  };
  const [a, w] = await Promise.all([startApiProcess(group, 'api', env), startWorkerProcess(group, 'worker-1', env)]);
  api = a.url;
  worker = w.proc;
  workerHealth = w.healthUrl;
}, 30_000);

afterAll(async () => {
  await group.stopAll();
  if (redis) {
    await dropPrefix(redis, prefix);
    redis.disconnect();
  }
});

async function sandboxKey(): Promise<string> {
  const acct = await accounts.create('webhooks', 'pro');
  return (await accounts.issueKey(acct.id, 'sandbox')).secret;
}

async function call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${api}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function register(key: string, url: string, events?: string[]): Promise<{ id: string; secret: string }> {
  const r = await call('POST', '/v1/webhook_endpoints', key, { url, ...(events ? { events } : {}) });
  expect(r.status).toBe(201);
  return r.body as { id: string; secret: string };
}

test('a search and a batch: job.settled and batch.settled arrive signed, each event once after a 200', () => group.explained(async () => {
  const receiver = await new Receiver().start();
  try {
    const key = await sandboxKey();
    const { secret } = await register(key, receiver.url);
    const search = await call('GET', `/v1/mkt_a/sold?q=${encodeURIComponent(`webhook search ${randomBytes(4).toString('hex')}`)}`, key);
    expect(search.status).toBe(202);
    const jobId = search.body.request_id as string;
    await receiver.until((g) => g.some((r) => r.event.type === 'job.settled' && r.event.data.job!.request_id === jobId));
    const got = receiver.got.find((r) => r.event.data.job?.request_id === jobId)!;
    expect(verifySignature(secret, got.body, got.headers['listings-signature'] as string)).toEqual({ ok: true });
    expect(verifySignature('whsec_wrong', got.body, got.headers['listings-signature'] as string)).toEqual({ ok: false, reason: 'mismatch' });
    expect(got.headers['listings-event-id']).toBe(got.event.id);
    expect(got.event).toMatchObject({ type: 'job.settled', sandbox: true, data: { job: { request_id: jobId, status: 'complete', credits: 1, cached: false } } });
    // The envelope without its rows: every result field but `data`, with `count`.
    const result = got.event.data.job!.result as Record<string, unknown>;
    expect(result).not.toHaveProperty('data');
    expect(result).toMatchObject({ provider: 'mkt_a', page: 1 });
    expect(typeof result.count).toBe('number');

    const q = `webhook batch ${randomBytes(4).toString('hex')}`;
    const batch = await call('POST', '/v1/batches', key, { searches: [{ endpoint: 'mkt_a/sold', q }, { endpoint: 'mkt_b/sold', q }] });
    expect(batch.status).toBe(202);
    const batchId = batch.body.batch_id as string;
    await receiver.until((g) => g.some((r) => r.event.type === 'batch.settled' && r.event.data.batch!.batch_id === batchId));
    const b = receiver.got.find((r) => r.event.type === 'batch.settled')!;
    expect(b.event.data.batch).toMatchObject({ batch_id: batchId, status: 'complete', counts: { pending: 0, complete: 2, failed: 0, rejected: 0 }, credits: 2 });
    expect(verifySignature(secret, b.body, b.headers['listings-signature'] as string)).toEqual({ ok: true });
    // Each event once: wait past a retry interval and a dispatcher claim, then count.
    await new Promise((r) => setTimeout(r, 1500));
    const ids = receiver.got.map((r) => r.event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.got.filter((r) => r.event.type === 'job.settled')).toHaveLength(3);
    // The delivery log shows the attempts.
    const endpoints = await call('GET', '/v1/webhook_endpoints', key);
    const id = (endpoints.body.data as Array<{ id: string }>)[0]!.id;
    const log = await call('GET', `/v1/webhook_endpoints/${id}/deliveries`, key);
    expect((log.body.data as Array<{ ok: boolean; status: number }>).every((d) => d.ok && d.status === 200)).toBe(true);
    // The worker's metrics count them, and show the fleet's delivery queue.
    const metrics = await (await fetch(`${workerHealth}/metrics`)).text();
    expect(Number(/^listings_webhook_deliveries_total\{outcome="delivered"[^}]*\} (\d+)/mu.exec(metrics)?.[1])).toBeGreaterThanOrEqual(4);
    expect(metrics).toMatch(/^listings_webhook_queue_jobs\{state="waiting"[^}]*\} \d+/mu);
    expect(metrics).toMatch(/^listings_webhook_queue_oldest_waiting_seconds\{[^}]*\} [\d.]+/mu);
  } finally {
    await receiver.close();
  }
}), 60_000);

test('a receiver answering 500 twice then 200 gets the event three times, with growing delays', () => group.explained(async () => {
  const receiver = await new Receiver((n) => (n <= 2 ? 500 : 200)).start();
  try {
    const key = await sandboxKey();
    await register(key, receiver.url, ['job.settled']);
    const search = await call('GET', `/v1/mkt_c/sold?q=${encodeURIComponent(`webhook retry ${randomBytes(4).toString('hex')}`)}`, key);
    expect(search.status).toBe(202);
    await receiver.until((g) => g.length >= 3);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.got).toHaveLength(3);
    expect(new Set(receiver.got.map((g) => g.event.id)).size).toBe(1);
    expect(receiver.got.map((g) => g.headers['listings-delivery-attempt'])).toEqual(['1', '2', '3']);
    const [a, b, c] = receiver.got.map((g) => g.at);
    // First retry after ~400 ms (±25 %), the second after ~800 ms (±25 %): always longer.
    expect(b! - a!).toBeGreaterThanOrEqual(250);
    expect(c! - b!).toBeGreaterThan(b! - a!);
  } finally {
    await receiver.close();
  }
}), 60_000);

test('a worker SIGKILLed while its delivery is held open does not lose the event', () => group.explained(async () => {
  let held = 0;
  const receiver = await new Receiver((n) => {
    if (n === 1) {
      held++;
      return null; // hold the first delivery open: the worker is killed meanwhile
    }
    return 200;
  }).start();
  try {
    const key = await sandboxKey();
    await register(key, receiver.url, ['job.settled']);
    const search = await call('GET', `/v1/mkt_d/listings?q=${encodeURIComponent(`webhook kill ${randomBytes(4).toString('hex')}`)}`, key);
    expect(search.status).toBe(202);
    await receiver.until((g) => g.length >= 1);
    expect(held).toBe(1);
    await worker.stop('SIGKILL');
    const w2 = await startWorkerProcess(group, 'worker-2', env);
    worker = w2.proc;
    await receiver.until((g) => g.length >= 2, 30_000);
    expect(receiver.got[1]!.event.id).toBe(receiver.got[0]!.event.id);
    expect(receiver.got[1]!.event.data.job!.request_id).toBe(search.body.request_id);
  } finally {
    await receiver.close();
  }
}), 60_000);
