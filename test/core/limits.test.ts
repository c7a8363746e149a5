/**
 * Limits at their edges (interface section 8, decisions.md "Cache, credits, quota"): 60 calls
 * per rolling minute per account, the allowance over 30 days with pending reservations and
 * extra requests, the per-plan pending cap, the daily upstream limit (new searches refused,
 * cache hits served), queue-full backpressure, and a mode that cannot collect. Each refusal
 * is its documented 429/503 with Retry-After and records nothing.
 */
import { DEFAULT_RETRY_AFTER, RATE_LIMIT } from '@listings/contract';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { enc, expectError, expectRateHeaders, get, poll, submit, uniqueQ } from './helpers.ts';

function stackFor(env: Record<string, string>, noWorker = false): { stack: () => Stack } {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ marketplaces: TEST_MARKETPLACES, env, noWorker });
  });
  afterAll(async () => {
    await stack?.close();
  });
  return { stack: () => stack };
}

const search = (token = 'mkt_a', q = uniqueQ()): string => `/v1/${token}/${token === 'mkt_c' ? 'sold' : 'listings'}?q=${enc(q)}`;

describe('rate limit: 60 calls per rolling minute per account', () => {
  const s = stackFor({});

  test('60 calls pass counting down, the 61st answers 429 rate_limited with Retry-After; every call counts, polls and refusals included', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey();
    const job = await submit(stack, key, search());
    const paths = [`/v1/jobs/${job}`, `/v1/jobs/${job}?wait=0`, '/v1/jobs/req_0000000000000000000000', '/v1/mkt_a/sold?page=0', search()];
    for (let n = 2; n <= RATE_LIMIT.limit; n++) {
      const a = await get(stack, paths[n % paths.length]!, key);
      expect(a.status).not.toBe(429);
      expectRateHeaders(a, RATE_LIMIT.limit - n);
    }
    const limited = await get(stack, `/v1/jobs/${job}`, key);
    expectError(limited, 'rate_limited');
    expectRateHeaders(limited, 0);
    const retry = Number(limited.header('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(RATE_LIMIT.windowSeconds);
    expect(limited.header('ratelimit')).toBe(`"minute";r=0;t=${retry}`);

    // Across every key of the account, and on every route; other accounts are not affected.
    const second = (await stack.services.accounts.issueKey(account, 'sandbox')).secret;
    expectError(await get(stack, search(), second), 'rate_limited');
    const other = await stack.newKey();
    const ok = await get(stack, `/v1/jobs/${job}`, other.key);
    expectError(ok, 'request_not_found');
    expectRateHeaders(ok, RATE_LIMIT.limit - 1);

    // Refused calls are not counted; unauthenticated ones cannot be. The window rolls: when
    // the oldest call leaves it (simulated by removing it), exactly one more call passes.
    for (let i = 0; i < 3; i++) expectError(await get(stack, `/v1/jobs/${job}`, key), 'rate_limited');
    expectError(await get(stack, `/v1/jobs/${job}`, null), 'invalid_api_key');
    await stack.services.store.redis.zremrangebyrank(`${stack.config.keyPrefix}rl:${account}`, 0, 0);
    const freed = await get(stack, `/v1/jobs/${job}`, key);
    expect(freed.status).toBe(200);
    expectRateHeaders(freed, 0);
    expectError(await get(stack, `/v1/jobs/${job}`, key), 'rate_limited');
  });

  test('concurrent calls never pass more than 60 in the window', async () => {
    const stack = s.stack();
    const { key } = await stack.newKey();
    const answers = await Promise.all(Array.from({ length: 90 }, () => get(stack, '/v1/jobs/req_0000000000000000000000', key)));
    expect(answers.filter((a) => a.status === 404)).toHaveLength(RATE_LIMIT.limit);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(90 - RATE_LIMIT.limit);
    const remaining = answers.filter((a) => a.status === 404).map((a) => Number(a.header('x-ratelimit-remaining'))).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: RATE_LIMIT.limit }, (_, i) => i));
  });
});

describe('quota: allowance over 30 days, pending reservations, extra requests, failures released', () => {
  const s = stackFor({ SANDBOX_ALLOWANCE: '3', PLAN_ALLOWANCES: 'free=2', JOB_ATTEMPTS: '1', HTTP_TIMEOUT_MS: '300' }, true);

  test('pending searches hold the allowance; extra requests extend it; completions charge allowance then extra; a hit is refused once it is used up', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey();
    const qs = [uniqueQ('quota'), uniqueQ('quota'), uniqueQ('quota'), uniqueQ('quota')];
    const ids = [];
    for (const q of qs.slice(0, 3)) ids.push(await submit(stack, key, search('mkt_a', q)));
    const refused = await get(stack, search('mkt_a', qs[3]), key, [['Idempotency-Key', 'quota-1']]);
    expectError(refused, 'quota_exceeded');
    expect(refused.header('retry-after')).toBe(String(DEFAULT_RETRY_AFTER.quota_exceeded));
    expectRateHeaders(refused);
    expect(await stack.services.store.usage(account, 'sandbox')).toEqual({ completed30d: 0, pending: 3, extraLeft: 0, chargedTotal: 0 });

    await stack.services.accounts.addExtra(account, 'sandbox', 1);
    // The refused request stored nothing under its key: the same key now makes a new job.
    const fourth = await get(stack, search('mkt_a', qs[3]), key, [['Idempotency-Key', 'quota-1']]);
    expect(fourth.status).toBe(202);
    expect(fourth.header('idempotent-replayed')).toBeUndefined();
    ids.push(fourth.json!.request_id as string);
    expectError(await get(stack, search(), key), 'quota_exceeded');

    await stack.startWorker();
    for (const id of ids) expect((await poll(stack, key, id)).json).toMatchObject({ status: 'complete', credits: 1 });
    expect(await stack.services.store.usage(account, 'sandbox')).toEqual({ completed30d: 3, pending: 0, extraLeft: 0, chargedTotal: 4 });
    // Used up: new searches and cache hits alike are refused.
    expectError(await get(stack, search(), key), 'quota_exceeded');
    expectError(await get(stack, search('mkt_a', qs[0]), key), 'quota_exceeded');
    await stack.services.accounts.addExtra(account, 'sandbox', 1);
    const hit = await get(stack, search('mkt_a', qs[0]), key);
    expect(hit.json).toMatchObject({ status: 'complete', cached: true, credits: 1 });
    expect(await stack.services.store.usage(account, 'sandbox')).toEqual({ completed30d: 3, pending: 0, extraLeft: 0, chargedTotal: 5 });
  });

  test('live allowance by plan, counted apart from sandbox; a failed search releases its reservation', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey({ plan: 'free' });
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    // Live collection goes to the test marketplace's unreachable live site: each search fails.
    const a = await submit(stack, live, search('mkt_b'));
    const b = await submit(stack, live, search('mkt_b'));
    expectError(await get(stack, search('mkt_b'), live), 'quota_exceeded');
    expect(await stack.services.store.usage(account, 'live')).toMatchObject({ pending: 2, chargedTotal: 0 });
    // The sandbox allowance is its own.
    expect((await get(stack, search('mkt_b'), key)).status).toBe(202);
    for (const id of [a, b]) expect((await poll(stack, live, id)).json).toMatchObject({ status: 'failed', credits: 0 });
    expect(await stack.services.store.usage(account, 'live')).toEqual({ completed30d: 0, pending: 0, extraLeft: 0, chargedTotal: 0 });
    expect((await get(stack, search('mkt_b'), live)).status).toBe(202);
  });
});

describe('pending cap: 429 too_many_pending (free plan: 10)', () => {
  const s = stackFor({ HTTP_TIMEOUT_MS: '5000' });

  test('the 11th pending search is refused; cache hits and replays still answer; settling frees the cap', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey({ plan: 'free' });
    const cachedQ = uniqueQ('cap');
    await poll(stack, key, await submit(stack, key, search('mkt_d', cachedQ)));
    stack.sim.setFaults('mkt_d', { latencyMs: 1000 });
    const ids = [];
    const firstPath = search('mkt_d');
    for (let i = 0; i < 10; i++) ids.push(await submit(stack, key, i === 0 ? firstPath : search('mkt_d'), i === 0 ? [['Idempotency-Key', 'cap-0']] : []));
    const refused = await get(stack, search('mkt_d'), key);
    expectError(refused, 'too_many_pending');
    expect(refused.header('retry-after')).toBe(String(DEFAULT_RETRY_AFTER.too_many_pending));
    expectError(await get(stack, search('mkt_a'), key), 'too_many_pending');
    const hit = await get(stack, search('mkt_d', cachedQ), key);
    expect(hit.json).toMatchObject({ status: 'complete', cached: true });
    const replay = await get(stack, firstPath, key, [['Idempotency-Key', 'cap-0']]);
    expect(replay.status).toBe(202);
    expect(replay.json!.request_id).toBe(ids[0]);
    expectError(await get(stack, search('mkt_d', 'never mind'), key, [['Idempotency-Key', 'cap-0']]), 'idempotency_conflict');
    // A pro account is not affected by another account's pending searches.
    const pro = await stack.newKey();
    expect((await get(stack, search('mkt_d'), pro.key)).status).toBe(202);
    expect((await stack.services.store.usage(account, 'sandbox')).pending).toBe(10);
    stack.sim.setFaults('mkt_d', { latencyMs: 0 });
    for (const id of ids) await poll(stack, key, id);
    expect((await get(stack, search('mkt_d'), key)).status).toBe(202);
  });
});

describe('daily upstream limit: 503 upstream_daily_limit for new searches, cache hits served', () => {
  const s = stackFor({ SANDBOX_UPSTREAM_DAILY_LIMITS: 'mkt_e=2', JOB_ATTEMPTS: '1' }, true);

  test('searches admitted before the limit is reached but collected after it fail with collection_unavailable at no cost', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey();
    const qs = [uniqueQ('daily'), uniqueQ('daily'), uniqueQ('daily')];
    // Nothing is used yet, so all three are admitted; only two can be collected today.
    const ids = [];
    for (const q of qs) ids.push(await submit(stack, key, search('mkt_e', q)));
    const before = stack.sim.requests('mkt_e');
    await stack.startWorker();
    const done = await Promise.all(ids.map((id) => poll(stack, key, id)));
    const statuses = done.map((d) => d.json!.status).sort();
    expect(statuses).toEqual(['complete', 'complete', 'failed']);
    const failed = done.find((d) => d.json!.status === 'failed')!;
    expect(failed.json).toMatchObject({ credits: 0, error: { code: 'collection_unavailable' } });
    expect(stack.sim.requests('mkt_e') - before).toBe(2);
    expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 2 });

    const refused = await get(stack, search('mkt_e'), key);
    expectError(refused, 'upstream_daily_limit');
    const untilMidnight = Math.ceil((Math.ceil(Date.now() / 86_400_000) * 86_400_000 - Date.now()) / 1000);
    expect(Math.abs(Number(refused.header('retry-after')) - untilMidnight)).toBeLessThanOrEqual(2);
    // Cache hits of what was collected still answer 200; other marketplaces are not limited.
    const completeQ = qs[done.findIndex((d) => d.json!.status === 'complete')]!;
    const hit = await get(stack, search('mkt_e', completeQ), key);
    expect(hit.status).toBe(200);
    expect(hit.json).toMatchObject({ cached: true, credits: 1 });
    expect((await get(stack, search('mkt_c'), key)).status).toBe(202);
    // Live keys have their own daily counters (UPSTREAM_DAILY_LIMITS, unset here).
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    expect((await get(stack, search('mkt_e'), live)).status).toBe(202);
  });
});

describe('queue full: 503 queue_full', () => {
  const s = stackFor({ QUEUE_FULL_THRESHOLDS: 'mkt_b=2' }, true);

  test('new collections beyond the threshold are refused; joining one in flight is not; draining the queue reopens it', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey();
    const other = await stack.newKey();
    const q = uniqueQ('full');
    const ids = [await submit(stack, key, search('mkt_b', q)), await submit(stack, key, search('mkt_b'))];
    const refused = await get(stack, search('mkt_b'), key, [['Idempotency-Key', 'full-1']]);
    expectError(refused, 'queue_full');
    expect(refused.header('retry-after')).toBe(String(DEFAULT_RETRY_AFTER.queue_full));
    expectError(await get(stack, search('mkt_b'), other.key), 'queue_full');
    // The same search as one already queued joins it (single flight): no new collection.
    const joined = await get(stack, search('mkt_b', q), other.key);
    expect(joined.status).toBe(202);
    expect((await get(stack, search('mkt_c'), key)).status).toBe(202);
    expect((await stack.services.store.usage(account, 'sandbox')).pending).toBe(3);
    await stack.startWorker();
    for (const id of ids) await poll(stack, key, id);
    await poll(stack, other.key, joined.json!.request_id as string);
    const after = await get(stack, search('mkt_b'), key, [['Idempotency-Key', 'full-1']]);
    expect(after.status).toBe(202);
    expect(after.header('idempotent-replayed')).toBeUndefined();
  });
});

describe('a mode that cannot collect: 503 collection_unavailable', () => {
  const s = stackFor({ SIMULATOR_URL: '', LIVE_COLLECTION: 'false' });

  test('sandbox misses without a simulator and live misses with live collection off are refused, nothing reserved', async () => {
    const stack = s.stack();
    const { key, account } = await stack.newKey();
    const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
    for (const k of [key, live]) {
      const a = await get(stack, search('mkt_a'), k, [['Idempotency-Key', 'nope']]);
      expectError(a, 'collection_unavailable');
      expect(a.header('retry-after')).toBe(String(DEFAULT_RETRY_AFTER.collection_unavailable));
      expectRateHeaders(a);
    }
    for (const mode of ['sandbox', 'live'] as const) {
      expect(await stack.services.store.usage(account, mode)).toEqual({ completed30d: 0, pending: 0, extraLeft: 0, chargedTotal: 0 });
    }
  });
});
