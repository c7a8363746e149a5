/**
 * The SDK against the conditions behind the 429 and 503 codes of interface section 7 (every
 * documented error surfaces as its typed error), each produced for real by a local
 * stack configured for it: an allowance of 1 (quota_exceeded), a daily limit of 0
 * (upstream_daily_limit), a queue threshold of 1 (queue_full), a sandbox without a simulator
 * (collection_unavailable) and a private redis-server that is killed (storage_unavailable).
 * For each: the typed error with its code, HTTP status and `retryAfter`, and the retry rule of
 * the SDK's README (how many requests were sent, with which Idempotency-Key, after which waits).
 * Waits go through the SDK's `sleep` option, recorded and not slept, so the file stays fast.
 *
 * Codes the SDK cannot provoke by design, so not tested here: `method_not_allowed` (every
 * search, job and batch poll is a GET and batch creation a POST, fixed by the SDK) and
 * `duplicate_parameter` (parameters are an object, so a name is sent once; list values go
 * comma-separated in one parameter). `not_found` is reachable only from untyped code passing a
 * route that does not exist, and is tested that way.
 */
import { Listings, ListingsApiError, ListingsJobError, isApiError, type ListingsOptions, type Route } from '@listings/sdk';
import { startPrivateRedis, type PrivateRedis } from '@listings/testing';
import { settle, startStack, type Stack } from '../support/stack.ts';

interface Sent {
  path: string;
  key: string | null;
  status: number;
  retryable: string | null;
}

/** An SDK on a fresh sandbox key of `stack` that records every request and every wait. */
async function client(stack: Stack, opts: Partial<ListingsOptions> & { onSleep?: (ms: number) => Promise<void> } = {}): Promise<{ sdk: Listings; key: string; account: string; sent: Sent[]; waits: number[] }> {
  const { account, key } = await stack.newKey({ plan: 'pro' });
  const sent: Sent[] = [];
  const waits: number[] = [];
  const recording: typeof fetch = async (input, init) => {
    const req = new Request(input as Request, init);
    const res = await fetch(req);
    sent.push({ path: new URL(req.url).pathname, key: req.headers.get('idempotency-key'), status: res.status, retryable: res.headers.get('listings-retryable') });
    return res;
  };
  const { onSleep, ...rest } = opts;
  const sdk = new Listings({
    apiKey: key, baseUrl: stack.url, fetch: recording,
    sleep: async (ms) => {
      waits.push(ms);
      await onSleep?.(ms);
    },
    ...rest,
  });
  return { sdk, key, account, sent, waits };
}

async function apiError(p: Promise<unknown>, code: string, status: number): Promise<ListingsApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ListingsApiError);
  const e = err as ListingsApiError;
  expect({ code: e.code, status: e.status }).toEqual({ code, status });
  expect(isApiError(e, e.code)).toBe(true);
  expect(e.requestId).toBeTruthy();
  return e;
}

/** Every request sent to `path` carried the same generated Idempotency-Key. */
function oneKey(sent: Sent[], path: string): string {
  const keys = new Set(sent.filter((s) => s.path === path).map((s) => s.key));
  expect(keys.size).toBe(1);
  const [k] = [...keys];
  expect(k).toMatch(/^sdk-/u);
  return k!;
}

/**
 * One stack for the account and marketplace limits: a sandbox allowance of 1 search, mkt_b's
 * daily limit at 0, at most one open mkt_c collection. mkt_c's simulator answers slowly so a
 * collection stays open while the test asks for another.
 */
describe('limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { SANDBOX_ALLOWANCE: '1', SANDBOX_UPSTREAM_DAILY_LIMITS: 'mkt_b=0', QUEUE_FULL_THRESHOLDS: 'mkt_c=1' } });
  });
  afterAll(async () => {
    await stack?.close();
  });
  afterEach(() => {
    for (const t of ['mkt_a', 'mkt_c']) stack.sim.setFaults(t, { fault: 'none', latencyMs: 0 });
  });

  test('quota_exceeded (429, Retry-After 3600) throws at once, without a wait or a retry', async () => {
    const { sdk, sent, waits } = await client(stack);
    await sdk.search('mkt_a/sold', { q: 'quota one' });
    const e = await apiError(sdk.search('mkt_a/sold', { q: 'quota two' }), 'quota_exceeded', 429);
    expect(e.retryAfter).toBe(3600);
    expect(sent.filter((s) => s.path === '/v1/mkt_a/sold').map((s) => s.status)).toEqual([202, 429]);
    expect(waits).toEqual([]);
    // A cache hit is refused too (it would be charged).
    await apiError(sdk.search('mkt_a/sold', { q: 'quota one' }), 'quota_exceeded', 429);
  });

  test('upstream_daily_limit (503) past maxWaitSeconds throws at once, with Retry-After to the next UTC midnight', async () => {
    const { sdk, sent, waits } = await client(stack, { maxWaitSeconds: 0 });
    const before = Date.now();
    const e = await apiError(sdk.search('mkt_b/sold', { q: 'daily limit' }), 'upstream_daily_limit', 503);
    const toMidnight = (Date.UTC(new Date(before).getUTCFullYear(), new Date(before).getUTCMonth(), new Date(before).getUTCDate() + 1) - before) / 1000;
    expect(e.retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(e.retryAfter! - toMidnight)).toBeLessThanOrEqual(5);
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test('upstream_daily_limit within maxWaitSeconds is retried after its Retry-After, maxRetries times, with one Idempotency-Key', async () => {
    const { sdk, sent, waits } = await client(stack, { maxWaitSeconds: 86_400, maxRetries: 2 });
    const e = await apiError(sdk.search('mkt_b/sold', { q: 'daily limit retried' }), 'upstream_daily_limit', 503);
    expect(sent.map((s) => s.status)).toEqual([503, 503, 503]);
    oneKey(sent, '/v1/mkt_b/sold');
    expect(waits).toHaveLength(2);
    for (const w of waits) expect(Math.abs(w / 1000 - e.retryAfter!)).toBeLessThanOrEqual(5);
  });

  test('queue_full (503, Retry-After 5) is retried maxRetries times with one Idempotency-Key, then thrown', async () => {
    const filler = await client(stack);
    stack.sim.setFaults('mkt_c', { fault: 'none', latencyMs: 800 });
    const open = await filler.sdk.submit('mkt_c/sold', { q: 'queue filler one' });
    expect(open.status).toBe('pending');
    const { sdk, sent, waits } = await client(stack, { maxRetries: 3 });
    const e = await apiError(sdk.search('mkt_c/sold', { q: 'queue full' }), 'queue_full', 503);
    expect(e.retryAfter).toBe(5);
    expect(sent.map((s) => s.status)).toEqual([503, 503, 503, 503]);
    oneKey(sent, '/v1/mkt_c/sold');
    expect(waits).toEqual([5000, 5000, 5000]);
    await settle(stack, filler.key, open.request_id);
  });

  test('queue_full is retried after Retry-After; once the queue has room the retry goes through and is charged once', async () => {
    const filler = await client(stack);
    stack.sim.setFaults('mkt_c', { fault: 'none', latencyMs: 800 });
    const open = await filler.sdk.submit('mkt_c/sold', { q: 'queue filler two' });
    const { sdk, sent, waits, account } = await client(stack, {
      // The "wait": until the open collection settles.
      onSleep: async () => {
        await settle(stack, filler.key, open.request_id);
      },
    });
    const result = await sdk.search('mkt_c/sold', { q: 'queue has room' });
    expect(result.query).toBe('queue has room');
    expect(sent.filter((s) => s.path === '/v1/mkt_c/sold').map((s) => s.status)).toEqual([503, 202]);
    oneKey(sent, '/v1/mkt_c/sold');
    expect(waits).toEqual([5000]);
    expect((await stack.services.store.usage(account, 'sandbox')).completed30d).toBe(1);
  });

  test.each([
    ['a failed search whose retry cannot help (page_out_of_range, Listings-Retryable: no)', 'mkt_a/listings', { q: 'desk lamp', page: 60 }, 'none', 'page_out_of_range', 'no'],
    ['a failed search that may succeed when searched again (upstream_blocked)', 'mkt_a/sold', { q: 'walled replay' }, 'bot_wall', 'upstream_blocked', null],
  ] as const)('the replay of %s throws ListingsJobError on its one answer (503 with the job), without a retry', async (_name, route, params, fault, code, retryable) => {
    stack.sim.setFaults('mkt_a', { fault, latencyMs: 0 });
    const { sdk, sent, waits } = await client(stack);
    const first = await sdk.search(route, params as never, { idempotencyKey: `replay-${code}` }).then(() => null, (e: unknown) => e);
    expect(first).toBeInstanceOf(ListingsJobError);
    expect((first as ListingsJobError).code).toBe(code);
    const before = sent.length;
    const replayed = await sdk.search(route, params as never, { idempotencyKey: `replay-${code}` }).then(() => null, (e: unknown) => e);
    expect(replayed).toBeInstanceOf(ListingsJobError);
    expect((replayed as ListingsJobError).code).toBe(code);
    expect((replayed as ListingsJobError).requestId).toBe((first as ListingsJobError).requestId);
    expect(sent.slice(before)).toEqual([{ path: `/v1/${route}`, key: `replay-${code}`, status: 503, retryable }]);
    expect(waits).toEqual([]);
  });

  test('not_found (404) for a route that does not exist, from code without the types', async () => {
    const { sdk } = await client(stack);
    await apiError(sdk.search('mkt_c/listings' as Route, { q: 'no such route' } as never), 'not_found', 404);
  });
});

describe('a sandbox with no simulator', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { SIMULATOR_URL: '' }, noWorker: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('collection_unavailable (503, Retry-After 30) is retried maxRetries times after 30 s each with one Idempotency-Key, then thrown', async () => {
    const { sdk, sent, waits, account } = await client(stack);
    const e = await apiError(sdk.search('mkt_a/sold', { q: 'nowhere to collect' }), 'collection_unavailable', 503);
    expect(e.retryAfter).toBe(30);
    expect(sent.map((s) => s.status)).toEqual([503, 503, 503, 503, 503]);
    oneKey(sent, '/v1/mkt_a/sold');
    expect(waits).toEqual([30_000, 30_000, 30_000, 30_000]);
    expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
  });

  test('with maxRetries 0 it throws on the first answer', async () => {
    const { sdk, sent, waits } = await client(stack, { maxRetries: 0 });
    await apiError(sdk.search('mkt_d/listings', { q: 'no retries' }), 'collection_unavailable', 503);
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});

describe('storage going away (a private redis-server, killed)', () => {
  let redis: PrivateRedis;
  let stack: Stack;
  beforeAll(async () => {
    // Every write on disk before its answer, so a restart keeps the keys issued before the kill.
    redis = await startPrivateRedis({ args: ['--appendfsync', 'always'] });
    stack = await startStack({ env: { REDIS_URL: redis.url }, noWorker: true });
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
  });

  async function restart(): Promise<void> {
    await redis.restart();
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await stack.services.store.redis.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error('the stack did not reconnect to the restarted redis-server');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  test('storage_unavailable (503, Retry-After 2) is retried with one Idempotency-Key; once Redis is back the submit goes through', async () => {
    const { sdk, sent, waits, account } = await client(stack, { onSleep: restart });
    await redis.kill();
    const job = await sdk.submit('mkt_a/sold', { q: 'storage comes back' });
    expect(job.status).toBe('pending');
    const submits = sent.filter((s) => s.path === '/v1/mkt_a/sold');
    expect(submits.map((s) => s.status)).toEqual([503, 202]);
    oneKey(sent, '/v1/mkt_a/sold');
    expect(waits).toEqual([2000]);
    expect((await stack.services.store.usage(account, 'sandbox')).pending).toBe(1);
  }, 30_000);

  test('storage_unavailable while Redis stays down: maxRetries retries, then the typed error', async () => {
    const { sdk, sent, waits } = await client(stack, { maxRetries: 1 });
    await redis.kill();
    try {
      const e = await apiError(sdk.submit('mkt_a/sold', { q: 'storage stays down' }), 'storage_unavailable', 503);
      expect(e.retryAfter).toBe(2);
      expect(sent.map((s) => s.status)).toEqual([503, 503]);
      oneKey(sent, '/v1/mkt_a/sold');
      expect(waits).toEqual([2000]);
      // A poll is retried the same way (it has no Idempotency-Key: a GET of a job changes nothing).
      const before = sent.length;
      await apiError(sdk.job('req_0000000000000000000000'), 'storage_unavailable', 503);
      expect(sent.slice(before).map((s) => [s.status, s.key])).toEqual([[503, null], [503, null]]);
    } finally {
      await restart();
    }
  }, 30_000);
});
