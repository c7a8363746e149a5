/**
 * The 15-minute cache and single-flight collection (interface 1.2, decisions.md "Cache,
 * credits, quota"): a hit is a new job answered 200 at once with `cached` true and 1 credit;
 * the cache is shared by all accounts, keyed by route and every normalized parameter, and
 * never shared between sandbox and live; identical misses at the same moment share one
 * upstream request, each caller charged once.
 */
import { findRoute, pageIdentity, queryPairs, validateSearch } from '@listings/contract';
import { startSimulators, type SimulatorServer } from '@listings/marketplaces';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { enc, expectRateHeaders, get, poll, submit, uniqueQ, type Answer } from './helpers.ts';

let stack: Stack;
/** The "real sites" live keys collect from: a second simulator server, counted apart. */
let liveSim: SimulatorServer;

beforeAll(async () => {
  liveSim = await startSimulators(Object.fromEntries(Object.entries(TEST_MARKETPLACES).map(([t, m]) => [t, m.createSimulator()])));
  const live = Object.keys(TEST_MARKETPLACES).map((t) => `${t}=${liveSim.url}/${t}`).join(',');
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, env: { LIVE_BASE_URLS: live } });
});
afterEach(() => {
  for (const t of Object.keys(TEST_MARKETPLACES)) stack.sim.setFaults(t, { fault: 'none', latencyMs: 0 });
});
afterAll(async () => {
  await stack?.close();
  await liveSim?.close();
});

async function charged(account: string, mode: 'sandbox' | 'live' = 'sandbox'): Promise<number> {
  return (await stack.services.store.usage(account, mode)).chargedTotal;
}

/** Runs a search to completion and returns the complete answer. */
async function collect(key: string, path: string): Promise<Answer> {
  const done = await poll(stack, key, await submit(stack, key, path));
  expect(done.json).toMatchObject({ status: 'complete', cached: false, credits: 1 });
  return done;
}

test('a hit answers 200 at once: a new job, cached true, the same result, 1 credit; kept 15 minutes', async () => {
  const { key, account } = await stack.newKey();
  const q = uniqueQ('hit');
  const first = await collect(key, `/v1/mkt_a/sold?q=${enc(q)}`);
  const upstream = stack.sim.requests('mkt_a');
  const hit = await get(stack, `/v1/mkt_a/sold?q=${enc(q)}`, key);
  expect(hit.status).toBe(200);
  expect(hit.header('location')).toBeUndefined();
  expect(hit.header('retry-after')).toBeUndefined();
  expectRateHeaders(hit);
  expect(Object.keys(hit.json!)).toEqual(['request_id', 'status', 'credits', 'cached', 'result']);
  expect(hit.json).toMatchObject({ status: 'complete', credits: 1, cached: true });
  expect(hit.json!.request_id).toMatch(/^req_/u);
  expect(hit.json!.request_id).not.toBe(first.json!.request_id);
  expect(hit.json!.result).toEqual(first.json!.result);
  expect(stack.sim.requests('mkt_a')).toBe(upstream);
  expect(await charged(account)).toBe(2);
  // The hit's own job polls as the same complete, cached envelope, free of charge.
  const polled = await get(stack, `/v1/jobs/${hit.json!.request_id as string}`, key);
  expect(polled.json).toEqual(hit.json);
  expect(await charged(account)).toBe(2);

  const search = validateSearch(findRoute('mkt_a/sold')!, queryPairs(`q=${enc(q)}`), { cursorSecret: stack.config.cursorSecret });
  const ttl = await stack.services.store.redis.pttl(`${stack.config.keyPrefix}cache:sandbox:${pageIdentity(search)}`);
  expect(ttl).toBeGreaterThan(14 * 60_000);
  expect(ttl).toBeLessThanOrEqual(15 * 60_000);
});

test('the cache is shared by all accounts; each hit is charged to its caller', async () => {
  const a = await stack.newKey();
  const b = await stack.newKey({ plan: 'free' });
  const q = uniqueQ('shared');
  const first = await collect(a.key, `/v1/mkt_c/sold?q=${enc(q)}&count=20`);
  const hit = await get(stack, `/v1/mkt_c/sold?count=20&q=${enc(q)}`, b.key);
  expect(hit.status).toBe(200);
  expect(hit.json).toMatchObject({ cached: true, credits: 1, result: first.json!.result as object });
  expect(await charged(a.account)).toBe(1);
  expect(await charged(b.account)).toBe(1);
  // B's hit is B's job, not A's.
  expect((await get(stack, `/v1/jobs/${hit.json!.request_id as string}`, a.key)).status).toBe(404);
});

test('keyed by every normalized parameter: spacing, order, defaults and list order fold; anything else misses', async () => {
  const { key } = await stack.newKey();
  const q = uniqueQ('norm');
  const [w1, w2] = q.split(' ') as [string, string];
  await collect(key, `/v1/mkt_a/listings?q=${enc(q)}&condition=used,new&min_price=5`);
  const same = [
    `q=${enc(`  ${w1} \t\n  ${w2}  `)}&condition=used,new&min_price=5`,
    `min_price=5&condition=new,used&q=${enc(q)}`,
    `q=${enc(q)}&condition=used,new&min_price=5&sort=best_match&page=1&marketplace=mkt_a&country=us`,
    `q=${w1}+${w2}&condition=used%2Cnew&min_price=5`,
  ];
  for (const query of same) {
    const a = await get(stack, `/v1/mkt_a/listings?${query}`, key, [['Idempotency-Key', uniqueQ('k').replace(' ', '-')]]);
    expect({ query, status: a.status, cached: a.json!.cached }).toEqual({ query, status: 200, cached: true });
  }
  const different = [
    `q=${enc(q.toUpperCase())}&condition=used,new&min_price=5`,
    `q=${enc(`${w1}${w2}`)}&condition=used,new&min_price=5`,
    `q=${enc(q)}&condition=used&min_price=5`,
    `q=${enc(q)}&condition=used,new`,
    `q=${enc(q)}&condition=used,new&min_price=6`,
    `q=${enc(q)}&condition=used,new&min_price=5&max_price=1000000`,
    `q=${enc(q)}&condition=used,new&min_price=5&sort=newest`,
    `q=${enc(q)}&condition=used,new&min_price=5&page=2`,
  ];
  for (const query of different) {
    const a = await get(stack, `/v1/mkt_a/listings?${query}`, key);
    expect({ query, status: a.status }).toEqual({ query, status: 202 });
  }
  // Another route with the same inputs misses too.
  expect((await get(stack, `/v1/mkt_a/sold?q=${enc(q)}&condition=used,new&min_price=5`, key)).status).toBe(202);
});

test('sandbox and live never share the cache, either way', async () => {
  const { key, account } = await stack.newKey();
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  const q = uniqueQ('modes');
  const liveBefore = liveSim.requests('mkt_b');
  const sandboxBefore = stack.sim.requests('mkt_b');
  await collect(key, `/v1/mkt_b/listings?q=${enc(q)}`);
  expect(stack.sim.requests('mkt_b') - sandboxBefore).toBe(1);
  const liveMiss = await get(stack, `/v1/mkt_b/listings?q=${enc(q)}`, live);
  expect(liveMiss.status).toBe(202);
  expect((await poll(stack, live, liveMiss.json!.request_id as string)).json).toMatchObject({ status: 'complete', cached: false });
  expect(liveSim.requests('mkt_b') - liveBefore).toBe(1);

  const q2 = uniqueQ('modes');
  await collect(live, `/v1/mkt_b/sold?q=${enc(q2)}`);
  const sandboxMiss = await get(stack, `/v1/mkt_b/sold?q=${enc(q2)}`, key);
  expect(sandboxMiss.status).toBe(202);
  await poll(stack, key, sandboxMiss.json!.request_id as string);
  // Each mode hits its own entry, and is charged in its own ledger.
  expect((await get(stack, `/v1/mkt_b/sold?q=${enc(q2)}`, live)).status).toBe(200);
  expect(await charged(account, 'live')).toBe(3);
  expect(await charged(account, 'sandbox')).toBe(2);
});

describe('single flight', () => {
  test('identical misses from several accounts at once: one upstream request, a job each, each charged once', async () => {
    stack.sim.setFaults('mkt_d', { latencyMs: 300 });
    const callers = await Promise.all([stack.newKey(), stack.newKey(), stack.newKey({ plan: 'free' })]);
    const q = uniqueQ('flight');
    const before = stack.sim.requests('mkt_d');
    const answers = await Promise.all(callers.map((c) => get(stack, `/v1/mkt_d/listings?q=${enc(q)}`, c.key)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    const ids = answers.map((a) => a.json!.request_id as string);
    expect(new Set(ids).size).toBe(3);
    const done = await Promise.all(callers.map((c, i) => poll(stack, c.key, ids[i]!)));
    for (const d of done) expect(d.json).toMatchObject({ status: 'complete', credits: 1, cached: false });
    expect(done[1]!.json!.result).toEqual(done[0]!.json!.result);
    expect(stack.sim.requests('mkt_d') - before).toBe(1);
    for (const c of callers) expect(await charged(c.account)).toBe(1);
  });

  test('the same account sending the same miss twice (no Idempotency-Key) gets two jobs sharing one collection, charged twice', async () => {
    stack.sim.setFaults('mkt_e', { latencyMs: 200 });
    const { key, account } = await stack.newKey();
    const q = uniqueQ('twice');
    const before = stack.sim.requests('mkt_e');
    const [a, b] = await Promise.all([get(stack, `/v1/mkt_e/listings?q=${enc(q)}`, key), get(stack, `/v1/mkt_e/listings?q=${enc(q)}`, key)]);
    expect([a!.status, b!.status]).toEqual([202, 202]);
    expect(a!.json!.request_id).not.toBe(b!.json!.request_id);
    await poll(stack, key, a!.json!.request_id as string);
    await poll(stack, key, b!.json!.request_id as string);
    expect(stack.sim.requests('mkt_e') - before).toBe(1);
    expect(await charged(account)).toBe(2);
  });

  test('a failed shared collection fails every job waiting on it, none charged', async () => {
    stack.sim.setFaults('mkt_c', { fault: 'layout_changed', latencyMs: 200 });
    const callers = await Promise.all([stack.newKey(), stack.newKey()]);
    const q = uniqueQ('flightfail');
    const ids = await Promise.all(callers.map((c) => submit(stack, c.key, `/v1/mkt_c/sold?q=${enc(q)}`)));
    const done = await Promise.all(callers.map((c, i) => poll(stack, c.key, ids[i]!)));
    for (const d of done) expect(d.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'upstream_error' } });
    for (const c of callers) expect(await stack.services.store.usage(c.account, 'sandbox')).toMatchObject({ pending: 0, chargedTotal: 0 });
  });
});
