/**
 * A watch's runs, driven period by period through the worker's runner on the whole stack (api,
 * worker, the real adapters over their simulators, on Redis), so each case is exact: the same
 * period triggered twice (at once, and again later) runs and charges once; a period triggered
 * after a later one is recorded skipped and charges nothing; one older than every run kept does
 * nothing; a run the allowance or the pending cap refuses is skipped and free; a run whose
 * search fails is failed and free; a run of a deleted watch writes nothing back.
 */
import type { RunRecord } from '@listings/store';
import { registerWatchRoutes } from '../../apps/api/src/routes/watches.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ modules: [registerWatchRoutes], env: { SANDBOX_CACHE_SECONDS: '1', JOB_ATTEMPTS: '1', SANDBOX_ALLOWANCE: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});
afterEach(() => {
  stack.sim.setFaults('mkt_a', { fault: 'none', latencyMs: 0 });
});

async function call(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A watch (hourly: its scheduler's next trigger is an hour away) whose first run has finished. */
async function watchWithBaseline(plan = 'pro'): Promise<{ id: string; key: string; account: string; baseline: number }> {
  const { key, account } = await stack.newKey({ plan });
  const r = await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/listings', q: `runs ${Math.random().toString(36).slice(2, 8)}` }, schedule: { every_seconds: 3600 } });
  expect(r.status).toBe(201);
  const id = r.body.id as string;
  for (const deadline = Date.now() + 30_000; ;) {
    const runs = await stack.services.watches.runs(id);
    if (runs.length > 0 && runs.every((x) => x.status !== 'running')) return { id, key, account, baseline: runs[0]!.period };
    if (Date.now() > deadline) throw new Error(`the first run of ${id} did not finish: ${JSON.stringify(runs)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function charged(account: string): Promise<number> {
  return (await stack.services.store.usage(account, 'sandbox')).chargedTotal;
}

function runner(): NonNullable<Stack['worker']>['watches'] {
  return stack.worker!.watches;
}

test('a period triggered twice at once, and again later, runs once and is charged once', async () => {
  const { id, account, baseline } = await watchWithBaseline();
  const before = await charged(account);
  const period = baseline + 60_000;
  const outcomes = await Promise.all([runner().runPeriod(id, period), runner().runPeriod(id, period), runner().runPeriod(id, period)]);
  expect(outcomes).toEqual(['complete', 'complete', 'complete']);
  expect(await runner().runPeriod(id, period)).toBe('complete');
  const runs = await stack.services.watches.runs(id);
  expect(runs.filter((r) => r.period === period)).toHaveLength(1);
  expect(runs.find((r) => r.period === period)).toMatchObject({ status: 'complete', credits: 1 });
  expect(await charged(account) - before).toBe(1);
});

test('a period triggered after a later one is recorded skipped, never run; one older than every run kept does nothing', async () => {
  const { id, account, baseline } = await watchWithBaseline();
  expect(await runner().runPeriod(id, baseline + 120_000)).toBe('complete');
  const before = await charged(account);
  expect(await runner().runPeriod(id, baseline + 60_000)).toBe('skipped');
  const late = (await stack.services.watches.run(id, baseline + 60_000))!;
  expect(late).toMatchObject({ status: 'skipped', superseded: true, credits: 0, request_id: null, error: null });
  // Once more: the same run, nothing new.
  expect(await runner().runPeriod(id, baseline + 60_000)).toBe('skipped');
  expect(await charged(account)).toBe(before);
  // Runs kept: the last 50. A trigger older than all of them, once 50 are kept, is a no-op.
  for (let i = 1; i <= 50; i++) await stack.services.watches.claim(id, baseline + 200_000 + i, { ...late, period: baseline + 200_000 + i, status: 'skipped' } as RunRecord);
  expect(await runner().runPeriod(id, baseline - 1000)).toBe('duplicate');
  expect(await stack.services.watches.run(id, baseline - 1000)).toBeNull();
});

test('a run the allowance refuses is skipped and free; so is one the pending cap refuses', async () => {
  const { id, key, account, baseline } = await watchWithBaseline('free');
  const used = await charged(account);
  // The rolling 30 days' ledger holds the sandbox allowance's worth of charges (1000; no extra requests).
  await stack.services.store.redis.hset(stack.services.store.keys.ledger(account, 'sandbox'), 't', String(1000), 'o', String(Math.floor(Date.now() / 3_600_000) - 719));
  expect(await runner().runPeriod(id, baseline + 60_000)).toBe('skipped');
  expect(await stack.services.watches.run(id, baseline + 60_000)).toMatchObject({ status: 'skipped', credits: 0, request_id: null, error: { code: 'quota_exceeded' } });
  expect(await charged(account)).toBe(used);
  await stack.services.store.redis.del(stack.services.store.keys.ledger(account, 'sandbox'));

  // The free plan's pending cap (10) held by searches the simulator does not answer; the page is
  // out of the sandbox cache (1 s), which would answer it without a pending slot.
  stack.sim.setFaults('mkt_a', { fault: 'hang', latencyMs: 0 });
  await new Promise((r) => setTimeout(r, 1100));
  for (let i = 0; i < 10; i++) expect((await stack.get(`/v1/mkt_a/sold?q=held+${i}+${Date.now()}`, key)).status).toBe(202);
  expect(await runner().runPeriod(id, baseline + 120_000)).toBe('skipped');
  expect(await stack.services.watches.run(id, baseline + 120_000)).toMatchObject({ status: 'skipped', credits: 0, error: { code: 'too_many_pending' } });
  expect(await charged(account)).toBe(used);
}, 60_000);

test('a run whose search fails is failed and free', async () => {
  const { id, account, baseline } = await watchWithBaseline();
  const before = await charged(account);
  stack.sim.setFaults('mkt_a', { fault: 'http_5xx', latencyMs: 0 });
  // The sandbox cache holds a page 1 s: past it, the run collects (and fails).
  await new Promise((r) => setTimeout(r, 1100));
  expect(await runner().runPeriod(id, baseline + 60_000)).toBe('failed');
  const run = (await stack.services.watches.run(id, baseline + 60_000))!;
  expect(run).toMatchObject({ status: 'failed', credits: 0, matches: [] });
  expect(run.error?.code).toMatch(/^upstream_/u);
  expect(run.request_id).toMatch(/^req_/u);
  expect((await stack.services.store.getJob(run.request_id!))?.status).toBe('failed');
  expect(await charged(account)).toBe(before);
}, 60_000);

test('a run of a watch deleted while it collects writes nothing back', async () => {
  const { id, key, baseline } = await watchWithBaseline();
  stack.sim.setFaults('mkt_a', { fault: 'none', latencyMs: 1500 });
  await new Promise((r) => setTimeout(r, 1100));
  const running = runner().runPeriod(id, baseline + 60_000);
  for (const deadline = Date.now() + 10_000; (await stack.services.watches.run(id, baseline + 60_000))?.request_id == null;) {
    if (Date.now() > deadline) throw new Error('the run never submitted its search');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect((await call('DELETE', `/v1/watches/${id}`, key)).status).toBe(204);
  expect(await running).toBe('gone');
  expect(await stack.services.store.redis.keys(`${stack.config.keyPrefix}wat:${id}*`)).toEqual([]);
}, 60_000);

test('the workers\' sweep applies a schedule change an api process left unapplied, both ways', async () => {
  const { key } = await stack.newKey();
  const queue = stack.services.watchSchedules.queue();
  const sched = `${stack.config.keyPrefix}wat:sched`;
  const a = (await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/sold', q: 'sweep a' }, schedule: { every_seconds: 3600 } })).body.id as string;
  const b = (await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/sold', q: 'sweep b' }, schedule: { every_seconds: 3600 } })).body.id as string;
  // As if the api had died after recording each change: a has no scheduler, paused b still has one.
  await queue.removeJobScheduler(a);
  await stack.services.store.redis.hset(`${stack.config.keyPrefix}wat:${b}`, 'status', 'paused');
  const old = Date.now() - 60_000;
  await stack.services.store.redis.zadd(sched, old, a, old, b);
  expect(await queue.getJobScheduler(a)).toBeUndefined();
  expect(await queue.getJobScheduler(b)).toBeDefined();
  await runner().sweep();
  expect((await queue.getJobScheduler(a))?.every).toBe(3_600_000);
  expect(await queue.getJobScheduler(b)).toBeUndefined();
  expect(await stack.services.store.redis.zscore(sched, a)).toBeNull();
  expect(await stack.services.store.redis.zscore(sched, b)).toBeNull();
  // A mark newer than the grace is left to the api that made it.
  await stack.services.store.redis.zadd(sched, Date.now(), a);
  await runner().sweep();
  expect(await stack.services.store.redis.zscore(sched, a)).not.toBeNull();
});

test('rules.kinds: a watch reports only the rows whose comp_kind it lists (items to one watch, every other kind to another)', async () => {
  const { key } = await stack.newKey({ plan: 'pro' });
  const q = `kinds ${Math.random().toString(36).slice(2, 8)}`;
  const create = async (kinds: string[]): Promise<string> => {
    const r = await call('POST', '/v1/watches', key, { search: { endpoint: 'mkt_a/listings', q }, schedule: { every_seconds: 3600 }, notify_on_first_run: true, rules: { kinds } });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const firstRun = async (id: string): Promise<RunRecord> => {
    for (const deadline = Date.now() + 30_000; ;) {
      const runs = await stack.services.watches.runs(id);
      if (runs.length > 0 && runs.every((x) => x.status !== 'running')) return runs[0]!;
      if (Date.now() > deadline) throw new Error(`the first run of ${id} did not finish`);
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const items = await firstRun(await create(['item']));
  const others = await firstRun(await create(['accessory', 'lot', 'parts', 'other']));
  expect([items.status, others.status]).toEqual(['complete', 'complete']);
  const rowsOf = async (run: RunRecord): Promise<Array<{ id: string; comp_kind: string }>> => {
    const job = (await (await stack.get(`/v1/jobs/${run.request_id}`, key)).json()) as { result: { data: Array<{ id: string; comp_kind: string }> } };
    return job.result.data;
  };
  // Each run against the rows of its own search job (the page and its judgement as settled).
  const ids = (run: RunRecord): string[] => run.matches.map((m) => m.id).sort();
  const itemRows = await rowsOf(items);
  const otherRows = await rowsOf(others);
  expect([itemRows.length > 0, otherRows.length > 0]).toEqual([true, true]);
  expect(ids(items)).toEqual(itemRows.filter((r) => r.comp_kind === 'item').map((r) => r.id).sort());
  expect(ids(others)).toEqual(otherRows.filter((r) => r.comp_kind !== 'item').map((r) => r.id).sort());
});
