/**
 * A watch's run and a client's search are recorded by the one recording path
 * (@listings/store record-search.ts): under each condition the search answers, the run of a
 * watch of the same page finds the same thing, with the same charge. A search that completes
 * charges one credit either way; a search the account's allowance or pending cap refuses is
 * refused with the same code and charges nothing (the run is skipped); one the marketplace's
 * daily limit, its queue bound or a failed collection stops carries the same code and charges
 * nothing (the run failed). Driven on the whole stack (api, worker, the real adapters over
 * their simulators, Redis), period by period through the worker's runner.
 */
import type { RunRecord } from '@listings/store';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    modules: [registerWatchRoutes],
    env: { SANDBOX_CACHE_SECONDS: '1', JOB_ATTEMPTS: '1', SANDBOX_ALLOWANCE: '1000', SANDBOX_UPSTREAM_DAILY_LIMITS: 'mkt_d=50', QUEUE_FULL_THRESHOLDS: 'mkt_c=50' },
  });
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  for (const token of ['mkt_a', 'mkt_c', 'mkt_d'] as const) stack.sim.setFaults(token, { fault: 'none', latencyMs: 0 });
});

interface Watched { id: string; key: string; account: string; baseline: number; q: string }

async function call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A watch of `endpoint` (hourly: its scheduler's next trigger is an hour away) whose first run has finished. */
async function watched(endpoint: string, plan = 'pro'): Promise<Watched> {
  const { key, account } = await stack.newKey({ plan });
  const q = `recording ${Math.random().toString(36).slice(2, 8)}`;
  const r = await call('POST', '/v1/watches', key, { search: { endpoint, q }, schedule: { every_seconds: 3600 } });
  expect(r.status).toBe(201);
  const id = r.body.id as string;
  for (const deadline = Date.now() + 30_000; ;) {
    const runs = await stack.services.watches.runs(id);
    if (runs.length > 0 && runs.every((x) => x.status !== 'running')) return { id, key, account, baseline: runs[0]!.period, q };
    if (Date.now() > deadline) throw new Error(`the first run of ${id} did not finish: ${JSON.stringify(runs)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function charged(account: string): Promise<number> {
  return (await stack.services.store.usage(account, 'sandbox')).chargedTotal;
}

/** The watch's search asked by its client: the answer's status and code (the settled job's, for a search that was recorded), and what it charged. */
async function search(w: Watched, endpoint: string): Promise<{ status: string; code: string | null; credits: number }> {
  const before = await charged(w.account);
  const r = await stack.get(`/v1/${endpoint}?q=${encodeURIComponent(w.q)}`, w.key);
  let body = (await r.json()) as { status?: string; request_id?: string; error?: { code: string } };
  if (r.status === 202) body = (await (await stack.get(`/v1/jobs/${body.request_id!}?wait=20`, w.key)).json()) as typeof body;
  return { status: body.status ?? 'refused', code: body.error?.code ?? null, credits: (await charged(w.account)) - before };
}

/** The watch's run of a new period, as the worker runs it: its status, its code and what it charged. */
async function run(w: Watched, offsetMs: number): Promise<{ status: string; code: string | null; credits: number; record: RunRecord }> {
  const before = await charged(w.account);
  await stack.worker!.watches.runPeriod(w.id, w.baseline + offsetMs);
  const record = (await stack.services.watches.run(w.id, w.baseline + offsetMs))!;
  return { status: record.status, code: record.error?.code ?? null, credits: (await charged(w.account)) - before, record };
}

/** Past the sandbox cache (1 s): the next search of the page is a miss, recorded anew. */
const pastTheCache = (): Promise<void> => new Promise((r) => setTimeout(r, 1100));

test('a search that completes: the client\'s and the run\'s each charge one credit', async () => {
  const w = await watched('mkt_a/listings');
  await pastTheCache();
  const client = await search(w, 'mkt_a/listings');
  const runOf = await run(w, 60_000);
  expect(client).toEqual({ status: 'complete', code: null, credits: 1 });
  expect([runOf.status, runOf.code, runOf.credits, runOf.record.credits]).toEqual(['complete', null, 1, 1]);
}, 60_000);

test('the allowance used up: both refused quota_exceeded, nothing charged', async () => {
  const w = await watched('mkt_a/listings', 'free');
  // The rolling 30 days' ledger holds the sandbox allowance's worth of charges (1000; no extra requests).
  await stack.services.store.redis.hset(stack.services.store.keys.ledger(w.account, 'sandbox'), 't', String(1000), 'o', String(Math.floor(Date.now() / 3_600_000) - 719));
  await pastTheCache();
  const client = await search(w, 'mkt_a/listings');
  const runOf = await run(w, 60_000);
  expect(client).toEqual({ status: 'refused', code: 'quota_exceeded', credits: 0 });
  expect([runOf.status, runOf.code, runOf.credits]).toEqual(['skipped', 'quota_exceeded', 0]);
}, 60_000);

test('the pending cap reached: both refused too_many_pending, nothing charged', async () => {
  const w = await watched('mkt_a/listings', 'free');
  // The free plan's pending cap (10) held by searches the simulator does not answer.
  stack.sim.setFaults('mkt_a', { fault: 'hang', latencyMs: 0 });
  await pastTheCache();
  for (let i = 0; i < 10; i++) expect((await stack.get(`/v1/mkt_a/sold?q=held+${i}+${Date.now()}`, w.key)).status).toBe(202);
  const client = await search(w, 'mkt_a/listings');
  const runOf = await run(w, 60_000);
  expect(client).toEqual({ status: 'refused', code: 'too_many_pending', credits: 0 });
  expect([runOf.status, runOf.code, runOf.credits]).toEqual(['skipped', 'too_many_pending', 0]);
}, 60_000);

test('the marketplace\'s daily limit reached: both stopped upstream_daily_limit, nothing charged', async () => {
  const w = await watched('mkt_d/listings');
  const day = Math.floor(Date.now() / 86_400_000);
  const counters = [day, day + 1].map((d) => `${stack.config.keyPrefix}upstream:sandbox:mkt_d:${d}`);
  for (const c of counters) await stack.services.store.redis.set(c, '50', 'PX', 120_000);
  try {
    await pastTheCache();
    const client = await search(w, 'mkt_d/listings');
    const runOf = await run(w, 60_000);
    expect(client).toEqual({ status: 'refused', code: 'upstream_daily_limit', credits: 0 });
    expect([runOf.status, runOf.code, runOf.credits]).toEqual(['failed', 'upstream_daily_limit', 0]);
  } finally {
    await stack.services.store.redis.del(...counters);
  }
}, 60_000);

test('the marketplace\'s queue full: both stopped queue_full, nothing charged', async () => {
  const w = await watched('mkt_c/sold');
  const depth = `${stack.config.keyPrefix}qdepth:sandbox:mkt_c`;
  const held = await stack.services.store.redis.get(depth);
  await stack.services.store.redis.incrby(depth, 50);
  try {
    await pastTheCache();
    const client = await search(w, 'mkt_c/sold');
    const runOf = await run(w, 60_000);
    expect(client).toEqual({ status: 'refused', code: 'queue_full', credits: 0 });
    expect([runOf.status, runOf.code, runOf.credits]).toEqual(['failed', 'queue_full', 0]);
  } finally {
    await stack.services.store.redis.decrby(depth, 50);
    expect(await stack.services.store.redis.get(depth)).toBe(held ?? '0');
  }
}, 60_000);

test('a collection that fails: both jobs failed with the same code, nothing charged', async () => {
  const w = await watched('mkt_a/listings');
  stack.sim.setFaults('mkt_a', { fault: 'http_5xx', latencyMs: 0 });
  await pastTheCache();
  const client = await search(w, 'mkt_a/listings');
  await pastTheCache();
  const runOf = await run(w, 60_000);
  expect(client.status).toBe('failed');
  expect(client.code).toMatch(/^upstream_/u);
  expect(client.credits).toBe(0);
  expect([runOf.status, runOf.code, runOf.credits]).toEqual(['failed', client.code, 0]);
}, 60_000);
