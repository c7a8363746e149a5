/**
 * The search routes' one round trip: a charged cache hit sends Redis one command
 * (searches/search.lua: key, rate limit, idempotency, quota, cache, charge), and none for the
 * result body once this api process has answered that result (results are immutable by id).
 * The order of refusals is the one the key check alone gives: a refused key (401, 403, 429)
 * before a refused input (422), and nothing recorded or charged for a refused call.
 */
import { RATE_LIMIT } from '@listings/contract';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { call, expectError, expectRateHeaders, poll, submit, uniqueQ } from './helpers.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES });
});
afterAll(async () => {
  await stack?.close();
});

/** The Redis commands the api's connection sends while `fn` runs (by name). */
async function commandsDuring(fn: () => Promise<void>): Promise<string[]> {
  const redis = stack.services.store.redis as unknown as { sendCommand(cmd: { name: string }): unknown };
  const original = redis.sendCommand.bind(redis);
  const sent: string[] = [];
  redis.sendCommand = (cmd: { name: string }) => {
    sent.push(cmd.name);
    return original(cmd);
  };
  try {
    await fn();
  } finally {
    redis.sendCommand = original;
  }
  return sent;
}

test('a charged cache hit is one Redis command; the body comes from memory once answered', async () => {
  const { account, key } = await stack.newKey();
  const path = `/v1/mkt_a/sold?q=${encodeURIComponent(uniqueQ('trip'))}`;
  await poll(stack, key, await submit(stack, key, path));
  const charges = async (): Promise<number> => (await stack.services.store.usage(account, 'sandbox')).chargedTotal;
  expect(await charges()).toBe(1);

  // First hit: the script copies the body (the page's result id is not known here yet).
  const first = await commandsDuring(async () => {
    const a = await call(stack.url, 'GET', path, { key });
    expect(a.json).toMatchObject({ status: 'complete', cached: true, credits: 1 });
  });
  expect(first).toEqual(['evalsha']);
  // Second: the known result read beside the script (same round trip), then kept.
  const second = await commandsDuring(async () => {
    expect((await call(stack.url, 'GET', path, { key })).status).toBe(200);
  });
  expect(second.sort()).toEqual(['evalsha', 'get']);
  // From then on: the script alone, the body from this process's memory, the same bytes.
  let body = '';
  const third = await commandsDuring(async () => {
    const a = await call(stack.url, 'GET', path, { key });
    expect(a.status).toBe(200);
    expectRateHeaders(a);
    body = JSON.stringify((a.json as { result: unknown }).result);
  });
  expect(third).toEqual(['evalsha']);
  const stored = await stack.services.store.getResultJson(String((await stack.services.store.redis.get(`${stack.services.store.keys.prefix}cache:sandbox:${await cacheKeyOf(path)}`))));
  expect(body).toBe(JSON.stringify(JSON.parse(stored!)));
  expect(await charges()).toBe(4);
  expect(stack.services.store.keptBodies().entries).toBeGreaterThanOrEqual(1);
});

async function cacheKeyOf(path: string): Promise<string> {
  const { pageIdentity, queryPairs, findRoute, validateSearch } = await import('@listings/contract');
  const u = new URL(path, 'http://x');
  const route = findRoute(u.pathname.slice(4))!;
  return pageIdentity(validateSearch(route, queryPairs(u.search.slice(1)), { cursorSecret: stack.config.cursorSecret }));
}

test('a refused key comes before a refused input, and nothing is recorded', async () => {
  // Unknown key and an invalid parameter: 401, as when the key is checked alone.
  const unknown = await call(stack.url, 'GET', '/v1/mkt_a/sold?q=lamp&sort=nope', { key: `lk_sandbox_${'A'.repeat(32)}` });
  expectError(unknown, 'invalid_api_key');
  const unknownOk = await call(stack.url, 'GET', '/v1/mkt_a/sold?q=lamp', { key: `lk_live_${'B'.repeat(32)}` });
  expectError(unknownOk, 'invalid_api_key');

  // A valid key with a bad input: 422, and the call counted against the rate limit.
  const { account, key } = await stack.newKey();
  const bad = await call(stack.url, 'GET', '/v1/mkt_a/sold?q=lamp&sort=nope', { key });
  expect(bad.status).toBe(422);
  expectRateHeaders(bad, RATE_LIMIT.limit - 1);

  // Spend the rest of the minute, then a bad input and a good one both answer 429.
  await stack.services.store.redis.eval(
    "for i = 1, tonumber(ARGV[2]) do redis.call('ZADD', KEYS[1], ARGV[1], 'fill' .. i) end redis.call('PEXPIRE', KEYS[1], 60000)",
    1, `${stack.services.store.keys.prefix}rl:${account}`, Date.now(), RATE_LIMIT.limit,
  );
  expectError(await call(stack.url, 'GET', '/v1/mkt_a/sold?q=lamp&sort=nope', { key }), 'rate_limited');
  expectError(await call(stack.url, 'GET', `/v1/mkt_a/sold?q=${encodeURIComponent(uniqueQ('limited'))}`, { key }), 'rate_limited');
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 0 });
});

test('an origin the account has not allowed is refused before anything is recorded', async () => {
  const { account, key } = await stack.newKey();
  const path = `/v1/mkt_a/sold?q=${encodeURIComponent(uniqueQ('origin'))}`;
  const a = await call(stack.url, 'GET', path, { key, headers: [['Origin', 'https://elsewhere.example']] });
  expectError(a, 'origin_not_allowed');
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 0 });
  // The service's own origin is allowed for every account, in one round trip.
  const own = await call(stack.url, 'GET', path, { key, headers: [['Origin', stack.url]] });
  expect(own.status).toBe(202);
  expect(own.header('access-control-allow-origin')).toBe(stack.url);
});

test('a suspended account is refused on the search routes and charged nothing', async () => {
  const { account, key } = await stack.newKey();
  await stack.services.accounts.setStatus(account, 'suspended');
  expectError(await call(stack.url, 'GET', `/v1/mkt_a/sold?q=${encodeURIComponent(uniqueQ('susp'))}`, { key }), 'account_suspended');
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 0 });
});
