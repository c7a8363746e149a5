/**
 * Redis going away (decisions.md "Errors": storage failures answer 503 storage_unavailable
 * with Retry-After, never a 500). The stack runs on a private redis-server of its own (AOF on)
 * that the test kills while requests are in flight, then restarts: the service recovers by
 * itself, a collection that was running settles exactly once, and nothing charged is lost.
 */
import { DEFAULT_RETRY_AFTER } from '@listings/contract';
import { startPrivateRedis, type PrivateRedis } from '@listings/testing';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { call, enc, expectError, get, poll, sleep, submit, uniqueQ, type Answer } from './helpers.ts';

let redis: PrivateRedis;
let stack: Stack;

beforeAll(async () => {
  redis = await startPrivateRedis();
  stack = await startStack({
    marketplaces: TEST_MARKETPLACES,
    env: { REDIS_URL: redis.url, JOB_LOCK_MS: '1000', JOB_STALLED_CHECK_MS: '500', SWEEP_INTERVAL_MS: '200', JOB_BACKOFF_MS: '100', HTTP_TIMEOUT_MS: '3000' },
  });
});
afterAll(async () => {
  await stack?.close();
  await redis?.stop();
});

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

/** Every answer while Redis is away or coming back: the documented outcome, or 503 storage_unavailable. */
function expectServedOrUnavailable(a: Answer, served: number[]): void {
  expect(a.status).not.toBe(500);
  if (a.status === 503) expectError(a, 'storage_unavailable');
  else expect(served).toContain(a.status);
}

test('killed mid-request: every call answers 503 storage_unavailable with Retry-After (never 500); after a restart the service recovers and no charge is lost', async () => {
  const { key, account } = await stack.newKey();
  // Charges made before the outage: two completed searches and a cache hit.
  const q1 = uniqueQ('before');
  const first = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q1)}`));
  expect(first.json).toMatchObject({ status: 'complete' });
  await poll(stack, key, await submit(stack, key, `/v1/mkt_b/sold?q=${enc(uniqueQ('before'))}`));
  expect((await get(stack, `/v1/mkt_a/sold?q=${enc(q1)}`, key)).status).toBe(200);
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ chargedTotal: 3, completed30d: 3, pending: 0 });

  // A collection in flight when Redis dies, and polls held open on it.
  stack.sim.setFaults('mkt_c', { latencyMs: 700 });
  const inflightQ = uniqueQ('inflight');
  const inflight = await submit(stack, key, `/v1/mkt_c/sold?q=${enc(inflightQ)}`);
  const held = [get(stack, `/v1/jobs/${inflight}?wait=1`, key), get(stack, `/v1/jobs/${inflight}?wait=2`, key)];
  await until(async () => stack.services.waiters.size() === 2, 2000);

  // A stream of calls from another account running across the moment of the kill.
  const streamer = await stack.newKey();
  let stop = false;
  const stream: Answer[] = [];
  const streaming = (async () => {
    while (!stop) {
      stream.push(...await Promise.all([
        get(stack, `/v1/jobs/${first.json!.request_id as string}`, streamer.key),
        get(stack, `/v1/mkt_a/sold?q=${enc(q1)}`, streamer.key),
        get(stack, `/v1/mkt_d/listings?q=${enc(uniqueQ('during'))}`, streamer.key),
      ]));
      await sleep(40);
    }
  })();
  await sleep(100);
  await redis.kill();

  // While Redis is away: every call that needs it answers 503 with Retry-After.
  const calls: Array<Promise<Answer>> = [
    get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ('down'))}`, key),
    get(stack, `/v1/mkt_a/sold?q=${enc(q1)}`, key),
    get(stack, `/v1/jobs/${inflight}`, key),
    get(stack, `/v1/jobs/${inflight}?wait=1`, key),
    get(stack, `/v1/jobs/${inflight}?format=csv`, key),
    get(stack, `/v1/mkt_a/sold?q=${enc(uniqueQ('down'))}`, key, [['Idempotency-Key', 'down-1']]),
    get(stack, '/v1/jobs/req_0000000000000000000000', key),
  ];
  for (const a of await Promise.all(calls)) {
    expectError(a, 'storage_unavailable');
    expect(a.header('retry-after')).toBe(String(DEFAULT_RETRY_AFTER.storage_unavailable));
  }
  // What needs no storage still answers as documented.
  expectError(await get(stack, '/v1/mkt_a/sold?q=a', null), 'invalid_api_key');
  expectError(await get(stack, '/v1/nowhere', key), 'not_found');
  expectError(await call(stack.url, 'POST', '/v1/mkt_a/sold', { key }), 'method_not_allowed');
  expect((await get(stack, '/healthz', null)).status).toBe(200);
  const ready = await get(stack, '/readyz', null);
  expect(ready.status).toBe(503);
  expect(ready.header('retry-after')).toBe('2');
  for (const a of await Promise.all(held)) expectServedOrUnavailable(a, [200]);

  stop = true;
  await streaming;
  expect(stream.length).toBeGreaterThan(0);
  for (const a of stream) expectServedOrUnavailable(a, [200, 202, 404]);
  expect(stream.some((a) => a.status === 503)).toBe(true);

  // Back again: the service recovers by itself.
  await redis.restart();
  stack.sim.setFaults('mkt_c', { latencyMs: 0 });
  await until(async () => (await get(stack, '/readyz', null)).status === 200, 10_000);
  await until(async () => (await get(stack, `/v1/jobs/${first.json!.request_id as string}`, key)).status === 200, 10_000);

  // The collection that was running settles exactly once: complete, charged once.
  const settled = await poll(stack, key, inflight, 30);
  expect(settled.json).toMatchObject({ request_id: inflight, status: 'complete', credits: 1, result: { query: inflightQ } });
  // Every charge made before the outage is still there, plus the one collection that completed.
  expect(await stack.services.store.usage(account, 'sandbox')).toEqual({ completed30d: 4, pending: 0, extraLeft: 0, chargedTotal: 4 });
  // What the other account was answered across the outage is what it is charged: each search
  // answered 202 completes with 1 credit, each 200 hit was charged, each 503 charged nothing.
  for (const a of stream.filter((x) => x.status === 202)) {
    expect((await poll(stack, streamer.key, a.json!.request_id as string, 30)).json).toMatchObject({ status: 'complete', credits: 1 });
  }
  const accepted = stream.filter((a) => a.json?.status === 'complete' && a.json.cached === true).length + stream.filter((a) => a.status === 202).length;
  expect(await stack.services.store.usage(streamer.account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: accepted });

  // New searches and held polls work again (the pub/sub subscription came back too).
  stack.sim.setFaults('mkt_e', { latencyMs: 300 });
  const after = await submit(stack, key, `/v1/mkt_e/listings?q=${enc(uniqueQ('after'))}`);
  const t0 = Date.now();
  const woke = await get(stack, `/v1/jobs/${after}?wait=20`, key);
  expect(woke.json).toMatchObject({ status: 'complete', credits: 1 });
  expect(Date.now() - t0).toBeLessThan(10_000);
  stack.sim.setFaults('mkt_e', { latencyMs: 0 });
}, 60_000);
