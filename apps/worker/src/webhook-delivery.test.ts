/**
 * The webhook delivery processor (webhook-delivery.ts) without BullMQ: first the order of its
 * steps with test doubles, then its real steps on the store's webhook records (a real Redis
 * under a test prefix) and a receiver on 127.0.0.1 (a sandbox endpoint, loopback allowed), one
 * outcome at a time: delivered (signed, with its IDs), a retry on a 500 and on a timeout, given
 * up after the last attempt, dropped for an endpoint disabled or removed, the endpoint disabled
 * after failing too long, deferred without spending an attempt (busy, circuit open), expired
 * (attempts spent, retry window passed), and a slow receiver's attempt ended by the signal.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dropPrefix, testRedisUrl, uniquePrefix } from '@listings/testing';
import { connectRedis, createWebhooks, whenReady, type FairnessLimits, type Webhooks } from '@listings/store';
import { createKeys } from '@listings/store/testing';
import { SIGNATURE_HEADER, verifySignature } from '@listings/webhooks';
import {
  createDeliverySteps, processDelivery, type DeliveryDeps, type DeliveryJob, type DeliveryJobOutcome, type DeliverySteps, type Picked, type Sent,
} from './webhook-delivery.ts';

const never = new AbortController().signal;
const job = (over: Partial<DeliveryJob['data']> = {}, queuedAt = Date.now()): DeliveryJob => {
  const data = { account: 'acct_1', endpointId: 'we_1', eventId: `evt_${Math.random().toString(36).slice(2, 12)}`, eventType: 'job.settled' as const, body: '{"id":"evt"}', ...over };
  return { id: `${data.eventId}.${data.endpointId}`, data, queuedAt };
};

describe('the order of the steps', () => {
  const picked: Picked = { url: 'http://127.0.0.1:1/', secret: 'whsec_x', mode: 'sandbox', attempt: 1 };
  const sent = (over: Partial<Sent['outcome']> = {}): Sent => ({ outcome: { ok: true, status: 200, ms: 5, error: null, loopback: true, ...over }, begunAt: 0 });
  function steps(answers: { pick: Picked | { outcome: DeliveryJobOutcome }; send?: Sent; record?: DeliveryJobOutcome }): DeliverySteps & { calls: string[] } {
    const calls: string[] = [];
    const step = <T>(name: string, answer: T | undefined): Promise<T> => {
      calls.push(name);
      if (answer === undefined) throw new Error(`step ${name} was not expected`);
      return Promise.resolve(answer);
    };
    return { calls, pick: () => step('pick', answers.pick), send: () => step('send', answers.send), record: () => step('record', answers.record) };
  }

  test('an admitted attempt: pick, send, record; the outcome is the record\'s', async () => {
    const s = steps({ pick: picked, send: sent(), record: { kind: 'delivered', attempt: 1, ms: 5 } });
    expect(await processDelivery(s, job(), never)).toEqual({ kind: 'delivered', attempt: 1, ms: 5 });
    expect(s.calls).toEqual(['pick', 'send', 'record']);
  });

  test('no attempt now (dropped, deferred, expired): the pick\'s outcome, nothing sent', async () => {
    for (const outcome of [{ kind: 'dropped', reason: 'endpoint_removed' }, { kind: 'deferred', reason: 'busy', delayMs: 200 }, { kind: 'expired', reason: 'window' }] as const) {
      const s = steps({ pick: { outcome } });
      expect(await processDelivery(s, job(), never)).toEqual(outcome);
      expect(s.calls).toEqual(['pick']);
    }
  });

  test('an attempt the signal interrupted is not recorded', async () => {
    const s = steps({ pick: { ...picked, attempt: 2 }, send: sent({ ok: false, status: null, error: 'attempt interrupted', interrupted: true }) });
    expect(await processDelivery(s, job(), never)).toEqual({ kind: 'interrupted', attempt: 2 });
    expect(s.calls).toEqual(['pick', 'send']);
  });
});

describe('the steps on the webhook records and a receiver', () => {
  let redis: ReturnType<typeof connectRedis>;
  let prefix: string;
  let webhooks: Webhooks;
  let server: http.Server;
  let base: string;
  const got: Array<{ path: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const held: http.ServerResponse[] = [];
  const acct = 'acct_1';

  beforeAll(async () => {
    redis = connectRedis(testRedisUrl());
    await whenReady(redis);
    prefix = uniquePrefix('webhook-delivery');
    webhooks = createWebhooks(redis, createKeys(prefix), { maxEndpoints: 50 });
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        got.push({ path: req.url ?? '', headers: req.headers, body });
        if (req.url === '/ok') res.writeHead(200).end();
        else if (req.url === '/hold') held.push(res); // never answers
        else res.writeHead(500).end('no');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const r of held) r.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await dropPrefix(redis, prefix);
    redis.disconnect();
  });

  const limits = (over: Partial<FairnessLimits> = {}): FairnessLimits => ({
    endpointInFlight: 4, accountInFlight: 16, circuitFailures: 100, circuitCooldownMs: 60_000, leaseMs: 30_000, maxAttempts: 3, deliveryTtlMs: 3_600_000, ...over,
  });
  /** The real steps; `sent` collects each attempt as the receiver left it (a loopback failure's log shows nothing of it). */
  function real(over: Partial<DeliveryDeps> = {}): DeliverySteps & { sent: Sent[] } {
    const steps = createDeliverySteps({ webhooks, limits: limits(), retryWindowMs: 3_600_000, disableAfterMs: 3_600_000, timeoutMs: 2000, sandboxLoopback: true, random: () => 0.5, ...over });
    const sent: Sent[] = [];
    return { ...steps, sent, send: async (j, p, s) => { const r = await steps.send(j, p, s); sent.push(r); return r; } };
  }
  async function endpoint(path: string): Promise<{ id: string; secret: string }> {
    const e = await webhooks.create(acct, 'sandbox', `${base}${path}`, ['job.settled'], true);
    return e!;
  }

  test('a 2xx: delivered, signed with the endpoint\'s secret and carrying its IDs; logged, and marked delivered', async () => {
    const e = await endpoint('/ok');
    const j = job({ endpointId: e.id });
    const before = got.length;
    expect(await processDelivery(real(), j, never)).toMatchObject({ kind: 'delivered', attempt: 1 });
    expect(got.length).toBe(before + 1);
    const request = got.at(-1)!;
    expect(request.body).toBe(j.data.body);
    expect(verifySignature(e.secret, request.body, request.headers[SIGNATURE_HEADER.toLowerCase()] as string)).toMatchObject({ ok: true });
    expect(verifySignature('whsec_other', request.body, request.headers[SIGNATURE_HEADER.toLowerCase()] as string).ok).toBe(false);
    expect(request.headers).toMatchObject({ 'listings-event-id': j.data.eventId, 'listings-event-type': 'job.settled', 'listings-delivery-id': j.id, 'listings-delivery-attempt': '1' });
    expect(await webhooks.deliveries(e.id)).toEqual([expect.objectContaining({ event_id: j.data.eventId, attempt: 1, ok: true, status: 200 })]);
    expect(await webhooks.notDelivered(acct, [j.id])).toEqual([]);
  });

  test('a 500, then a timeout: retried each time, the attempt counted on; the last attempt\'s failure gives up', async () => {
    const e = await endpoint('/fail');
    const j = job({ endpointId: e.id });
    const steps = real({ limits: limits({ maxAttempts: 3 }) });
    expect(await processDelivery(steps, j, never)).toMatchObject({ kind: 'retry', attempt: 1, error: 'delivery_failed' });
    expect(steps.sent.at(-1)!.outcome).toMatchObject({ ok: false, status: 500, error: 'answered 500' });
    // The same delivery, its endpoint now silent: a timeout is a failure like a 500.
    const silent = await webhooks.create(acct, 'sandbox', `${base}/hold`, ['job.settled'], true);
    const slow = real({ limits: limits({ maxAttempts: 2 }), timeoutMs: 300 });
    const k = job({ endpointId: silent!.id });
    const began = Date.now();
    expect(await processDelivery(slow, k, never)).toMatchObject({ kind: 'retry', attempt: 1 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(250);
    expect(slow.sent.at(-1)!.outcome).toMatchObject({ ok: false, status: null, error: 'no answer within 300 ms' });
    expect(await processDelivery(slow, k, never)).toMatchObject({ kind: 'gave_up', attempt: 2 });
    expect(await webhooks.deliveries(silent!.id)).toHaveLength(2);
    // Given up, it is forgotten: its count of attempts is gone.
    expect(await redis.exists(createKeys(prefix).webhookDelivery(acct, k.id))).toBe(0);
    // And the first delivery's remaining attempts go on from where they stood.
    expect(await processDelivery(steps, j, never)).toMatchObject({ kind: 'retry', attempt: 2 });
    expect(await processDelivery(steps, j, never)).toMatchObject({ kind: 'gave_up', attempt: 3 });
  });

  test('every attempt begun already (workers that died during them): expired, nothing sent', async () => {
    const e = await endpoint('/ok');
    const j = job({ endpointId: e.id });
    const l = limits({ maxAttempts: 2 });
    for (let i = 0; i < 2; i++) {
      expect((await webhooks.acquire(acct, e.id, j.id, l)).kind).toBe('go');
      await webhooks.settle(acct, e.id, j.id, false, l);
    }
    const before = got.length;
    expect(await processDelivery(real({ limits: l }), j, never)).toEqual({ kind: 'expired', reason: 'spent', attempts: 2 });
    expect(got.length).toBe(before);
  });

  test('an endpoint disabled or removed: dropped, nothing sent', async () => {
    const e = await endpoint('/ok');
    await webhooks.setEnabled(acct, 'sandbox', e.id, false);
    const before = got.length;
    expect(await processDelivery(real(), job({ endpointId: e.id }), never)).toEqual({ kind: 'dropped', reason: 'endpoint_disabled' });
    await webhooks.remove(acct, 'sandbox', e.id);
    expect(await processDelivery(real(), job({ endpointId: e.id }), never)).toEqual({ kind: 'dropped', reason: 'endpoint_removed' });
    expect(got.length).toBe(before);
  });

  test('a failure past WEBHOOK_DISABLE_AFTER_HOURS disables the endpoint and warns the account: the delivery is over', async () => {
    const e = await endpoint('/fail');
    expect(await processDelivery(real({ disableAfterMs: 0 }), job({ endpointId: e.id }), never)).toMatchObject({ kind: 'disabled', attempt: 1 });
    expect((await webhooks.get(acct, 'sandbox', e.id))?.enabled).toBe(false);
    expect(await webhooks.warning(acct)).toContain(e.id);
    await webhooks.setEnabled(acct, 'sandbox', e.id, true);
  });

  test('turned away (busy, circuit open): deferred without spending an attempt; past its retry window, expired', async () => {
    const e = await endpoint('/ok');
    const one = limits({ endpointInFlight: 1, circuitFailures: 1 });
    // Another delivery holds the endpoint's one slot.
    expect((await webhooks.acquire(acct, e.id, 'other', one)).kind).toBe('go');
    const j = job({ endpointId: e.id });
    const before = got.length;
    expect(await processDelivery(real({ limits: one }), j, never)).toEqual({ kind: 'deferred', reason: 'busy', delayMs: 200 });
    expect(await processDelivery(real({ limits: one }), { ...j, queuedAt: Date.now() - 2 * 3_600_000 }, never)).toEqual({ kind: 'expired', reason: 'window' });
    // Its failure opens the circuit (one failure is enough here): the next is deferred until the cool-down ends.
    await webhooks.settle(acct, e.id, 'other', false, one);
    const k = job({ endpointId: e.id });
    const deferred = await processDelivery(real({ limits: one }), k, never);
    expect(deferred).toMatchObject({ kind: 'deferred', reason: 'circuit_open' });
    expect((deferred as { delayMs: number }).delayMs).toBeGreaterThan(50_000);
    expect(got.length).toBe(before);
    // No attempt was spent while it waited: once the circuit closes, its first attempt is number 1.
    await webhooks.settle(acct, e.id, 'closer', true, one);
    expect(await processDelivery(real({ limits: one }), k, never)).toMatchObject({ kind: 'delivered', attempt: 1 });
  });

  test('a slow receiver: the attempt ends when the signal aborts, long before its timeout; nothing logged, the attempt counted', async () => {
    const e = await endpoint('/hold');
    const j = job({ endpointId: e.id });
    const stop = new AbortController();
    const began = Date.now();
    setTimeout(() => stop.abort(), 200);
    expect(await processDelivery(real({ timeoutMs: 20_000 }), j, stop.signal)).toEqual({ kind: 'interrupted', attempt: 1 });
    expect(Date.now() - began).toBeLessThan(3000);
    expect(got.filter((g) => g.headers['listings-delivery-id'] === j.id)).toHaveLength(1);
    expect(await webhooks.deliveries(e.id)).toEqual([]);
    // As after a worker's death mid-attempt: the next attempt is the second.
    const again = await webhooks.acquire(acct, e.id, j.id, limits());
    expect(again).toMatchObject({ kind: 'go', attempt: 2 });
  });
});
