/**
 * The TypeScript SDK (packages/sdk) against the real local service: api, worker and the
 * marketplace simulators on Redis, over HTTP. A search runs to completion; mkt_c and
 * mkt_e are paged to their end with no id twice; a submit whose answer is lost (the connection
 * drops after the service took it) is retried with the same Idempotency-Key and charged once;
 * 429s are waited out by Retry-After; every error the SDK can meet surfaces as its typed error.
 */
import { Listings, ListingsApiError, ListingsJobError, isApiError, type ListingsEvent } from '@listings/sdk';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { E2E_ENV } from '../e2e/helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: E2E_ENV, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  for (const t of ['mkt_a', 'mkt_c', 'mkt_e']) stack.sim.setFaults(t, { fault: 'none', latencyMs: 0 });
});

async function client(opts: { plan?: string; events?: ListingsEvent[]; fetch?: typeof fetch; headers?: Record<string, string> } = {}): Promise<{ sdk: Listings; account: string; key: string }> {
  const { account, key } = await stack.newKey({ plan: opts.plan ?? 'pro' });
  const sdk = new Listings({
    apiKey: key, baseUrl: stack.url, maxWaitSeconds: 90,
    ...(opts.fetch ? { fetch: opts.fetch } : {}), ...(opts.headers ? { headers: opts.headers } : {}),
    onEvent: (e) => opts.events?.push(e),
  });
  return { sdk, account, key };
}

test('search submits, long-polls and returns the typed result; list parameters go comma-separated', async () => {
  const { sdk, account } = await client();
  const result = await sdk.search('mkt_a/sold', { q: 'iphone  13', condition: ['used', 'for_parts'] });
  expect(result).toMatchObject({ provider: 'mkt_a', query: 'iphone 13', page: 1, completeness: 'provider_page_only' });
  expect(result.data.length).toBeGreaterThan(0);
  expect(result.data.every((r) => r.condition === null || typeof r.condition === 'string')).toBe(true);
  expect((await stack.services.store.usage(account, 'sandbox')).completed30d).toBe(1);
});

test.each([
  ['mkt_c/sold', { q: 'nintendo switch', count: 100 }],
  ['mkt_e/listings', { q: 'couch', zip: '94103' }],
] as const)('pages() follows %s to its end with no repeated id', async (route, params) => {
  const { sdk } = await client({ plan: 'scale' });
  const ids: string[] = [];
  let last: { next_page: number | null; page: number } | null = null;
  let n = 0;
  for await (const page of sdk.pages(route, params)) {
    n++;
    expect(page.page).toBe(n);
    for (const row of page.data) ids.push(row.id);
    last = page;
  }
  expect(n).toBeGreaterThan(1);
  expect(last!.next_page).toBeNull();
  expect(new Set(ids).size).toBe(ids.length);
}, 120_000);

test('a submit whose answer is lost is retried with the same Idempotency-Key and charged once', async () => {
  const sent: Array<{ url: string; key: string | null }> = [];
  let dropped = false;
  const flaky: typeof fetch = async (input, init) => {
    const req = new Request(input as Request, init);
    sent.push({ url: req.url, key: req.headers.get('idempotency-key') });
    const res = await fetch(req);
    if (!dropped && new URL(req.url).pathname === '/v1/mkt_b/sold') {
      dropped = true;
      await res.arrayBuffer();
      throw new TypeError('fetch failed: socket hang up');
    }
    return res;
  };
  const events: ListingsEvent[] = [];
  const { sdk, account } = await client({ fetch: flaky, events });
  const result = await sdk.search('mkt_b/sold', { q: 'dropped connection jacket' });
  expect(result.provider).toBe('mkt_b');
  const submits = sent.filter((s) => new URL(s.url).pathname === '/v1/mkt_b/sold');
  expect(submits).toHaveLength(2);
  expect(submits[0]!.key).toMatch(/^sdk-/u);
  expect(submits[1]!.key).toBe(submits[0]!.key);
  expect(events.some((e) => e.type === 'waiting' && e.code === 'retry')).toBe(true);
  const usage = await stack.services.store.usage(account, 'sandbox');
  expect({ charged: usage.completed30d, pending: usage.pending }).toEqual({ charged: 1, pending: 0 });
});

test('429 too_many_pending is waited out by Retry-After, then the search completes', async () => {
  const events: ListingsEvent[] = [];
  const { sdk, key } = await client({ plan: 'free', events });
  stack.sim.setFaults('mkt_c', { fault: 'none', latencyMs: 3000 });
  // Fill the free plan's pending cap (10) with slow searches.
  for (let i = 0; i < 10; i++) expect((await stack.get(`/v1/mkt_c/sold?q=${encodeURIComponent(`pending filler ${i}`)}`, key)).status).toBe(202);
  stack.sim.setFaults('mkt_c', { fault: 'none', latencyMs: 0 });
  const result = await sdk.search('mkt_c/sold', { q: 'after the wait' });
  expect(result.query).toBe('after the wait');
  const waits = events.filter((e) => e.type === 'waiting' && e.code === 'too_many_pending');
  expect(waits.length).toBeGreaterThan(0);
  expect(waits.every((e) => e.type === 'waiting' && e.seconds >= 1)).toBe(true);
}, 60_000);

test('429 rate_limited is waited out by Retry-After (a minute of 60 calls)', async () => {
  const events: ListingsEvent[] = [];
  const { sdk, key } = await client({ events });
  const first = await sdk.submit('mkt_a/sold', { q: 'rate limit probe' });
  const spent = await Promise.all(Array.from({ length: 59 }, () => stack.get('/v1/jobs/req_0000000000000000000000', key)));
  expect(spent.some((r) => r.status === 429)).toBe(false);
  expect((await stack.get('/v1/jobs/req_0000000000000000000000', key)).status).toBe(429);
  const job = await sdk.waitJob(first.request_id);
  expect(job.status).toBe('complete');
  const waited = events.filter((e) => e.type === 'waiting' && e.code === 'rate_limited');
  expect(waited.length).toBeGreaterThan(0);
}, 150_000);

describe('every error surfaces as its typed error', () => {
  const expectCode = async (p: Promise<unknown>, code: string, status: number, param?: string): Promise<ListingsApiError> => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ListingsApiError);
    const e = err as ListingsApiError;
    expect({ code: e.code, status: e.status }).toEqual({ code, status });
    if (param) expect(e.param).toBe(param);
    expect(e.requestId).toBeTruthy();
    expect(isApiError(e, e.code)).toBe(true);
    return e;
  };

  test('invalid_api_key (401)', async () => {
    await expectCode(new Listings({ apiKey: 'lk_sandbox_nope', baseUrl: stack.url }).search('mkt_a/sold', { q: 'x' }), 'invalid_api_key', 401);
  });
  test('account_suspended (403)', async () => {
    const { sdk, account } = await client();
    await stack.services.accounts.setStatus(account, 'suspended');
    await expectCode(sdk.search('mkt_a/sold', { q: 'x' }), 'account_suspended', 403);
  });
  test('origin_not_allowed (403)', async () => {
    const { sdk } = await client({ headers: { origin: 'https://elsewhere.example' } });
    await expectCode(sdk.search('mkt_a/sold', { q: 'x' }), 'origin_not_allowed', 403);
  });
  test('request_not_found (404)', async () => {
    const { sdk } = await client();
    await expectCode(sdk.job('req_0000000000000000000000'), 'request_not_found', 404);
    await expectCode(sdk.batch('bat_0000000000000000000000'), 'request_not_found', 404);
  });
  test('idempotency_conflict (409)', async () => {
    const { sdk } = await client();
    await sdk.submit('mkt_a/sold', { q: 'first' }, { idempotencyKey: 'order-42' });
    await expectCode(sdk.submit('mkt_a/sold', { q: 'second' }, { idempotencyKey: 'order-42' }), 'idempotency_conflict', 409);
  });
  test('result_not_ready (409)', async () => {
    const { sdk } = await client();
    stack.sim.setFaults('mkt_a', { fault: 'none', latencyMs: 1500 });
    const job = await sdk.submit('mkt_a/sold', { q: 'not ready yet' });
    expect(job.status).toBe('pending');
    await expectCode(sdk.jobCsv(job.request_id), 'result_not_ready', 409);
  });
  test('uri_too_long (414)', async () => {
    const { sdk } = await client();
    await expectCode(sdk.search('mkt_a/sold', { q: 'x'.repeat(2100) }), 'uri_too_long', 414);
  });
  test('unsupported_or_invalid_query (422) with its param', async () => {
    const { sdk } = await client();
    await expectCode(sdk.search('mkt_a/sold', { q: 'x', min_price: 10, max_price: 5 }), 'unsupported_or_invalid_query', 422, 'min_price');
    await expectCode(sdk.search('mkt_e/listings', { q: 'x' }), 'unsupported_or_invalid_query', 422);
  });
  test('sort_not_implemented (422)', async () => {
    const { sdk } = await client();
    await expectCode(sdk.search('mkt_a/listings', { q: 'x', sort: 'best_deal' as 'newest' }), 'sort_not_implemented', 422);
  });
  test('invalid_idempotency_key (422)', async () => {
    const { sdk } = await client();
    await expectCode(sdk.submit('mkt_a/sold', { q: 'x' }, { idempotencyKey: 'has space' }), 'invalid_idempotency_key', 422);
  });
  test('invalid_wait (422)', async () => {
    const { sdk } = await client();
    const job = await sdk.submit('mkt_a/sold', { q: 'wait check' });
    await expectCode(sdk.job(job.request_id, { wait: 21 }), 'invalid_wait', 422, 'wait');
  });
  test('batch_too_large (422) and a batch validation error with its index', async () => {
    const { sdk } = await client({ plan: 'free' });
    await expectCode(sdk.createBatch({ searches: Array.from({ length: 11 }, (_, i) => ({ endpoint: 'mkt_a/sold' as const, q: `b${i}` })) }), 'batch_too_large', 422);
    const e = await expectCode(sdk.createBatch({ searches: [{ endpoint: 'mkt_a/sold', q: 'ok' }, { endpoint: 'mkt_a/sold', q: 'bad', count: 5 }] }), 'unsupported_or_invalid_query', 422);
    expect(e.index).toBe(1);
  });
  test('too_many_pending (429) when told not to wait', async () => {
    const { key } = await client({ plan: 'free' });
    const sdk = new Listings({ apiKey: key, baseUrl: stack.url, maxRateLimitWaits: 0 });
    stack.sim.setFaults('mkt_c', { fault: 'none', latencyMs: 2000 });
    for (let i = 0; i < 10; i++) await stack.get(`/v1/mkt_c/sold?q=${encodeURIComponent(`cap ${i}`)}`, key);
    const e = await expectCode(sdk.search('mkt_c/sold', { q: 'one too many' }), 'too_many_pending', 429);
    expect(e.retryAfter).toBeGreaterThanOrEqual(1);
  });
  test('a failed search throws ListingsJobError with its job code, at no cost', async () => {
    const { sdk, account } = await client();
    stack.sim.setFaults('mkt_a', { fault: 'bot_wall', latencyMs: 0 });
    const err = await sdk.search('mkt_a/sold', { q: 'blocked search' }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ListingsJobError);
    expect((err as ListingsJobError).code).toBe('upstream_blocked');
    expect((await stack.services.store.usage(account, 'sandbox')).completed30d).toBe(0);
  });
});

test('batches: create, wait, results and the CSV as a stream', async () => {
  const { sdk } = await client();
  const created = await sdk.createBatch({ defaults: { q: 'leica m6' }, searches: [{ endpoint: 'mkt_a/sold', pages: 2 }, { endpoint: 'mkt_c/sold' }] });
  expect(created.items).toHaveLength(3);
  const done = await sdk.batchResults(created.batch_id);
  expect(done.status).toBe('complete');
  expect(done.items.every((i) => i.status === 'complete' && i.result !== undefined)).toBe(true);
  const stream = await sdk.batchCsv(created.batch_id);
  let csv = '';
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) csv += chunk;
  const lines = csv.trim().split(/\r?\n/u);
  expect(lines[0]!.startsWith('search_index,q,')).toBe(true);
  expect(lines.length - 1).toBe(done.items.reduce((n, i) => n + (i.rows ?? 0), 0));
});
