/**
 * Every job transition of interface section 3 through a real worker and the simulator: a miss
 * goes pending → complete (1 credit) or pending → failed (0 credits, the reservation
 * released) with the job error each simulator fault maps to; transient faults are retried
 * and succeed when the fault clears within the attempts; a page past the last fails with
 * page_out_of_range. A failed job polls as HTTP 200 with its envelope (decisions.md "Jobs").
 */
import type { Fault } from '@listings/marketplaces';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { enc, expectRateHeaders, get, poll, submit, uniqueQ, uniqueQWithTotal } from './helpers.ts';

const ATTEMPTS = 2;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    marketplaces: TEST_MARKETPLACES,
    env: { JOB_ATTEMPTS: String(ATTEMPTS), JOB_BACKOFF_MS: '20', HTTP_TIMEOUT_MS: '300' },
  });
});
afterEach(() => {
  for (const t of ['mkt_a', 'mkt_b', 'mkt_c', 'mkt_d', 'mkt_e']) stack.sim.setFaults(t, { fault: 'none', latencyMs: 0 });
});
afterAll(async () => {
  await stack?.close();
});

async function usage(account: string): Promise<{ completed30d: number; pending: number; chargedTotal: number }> {
  const u = await stack.services.store.usage(account, 'sandbox');
  return { completed30d: u.completed30d, pending: u.pending, chargedTotal: u.chargedTotal };
}

test('miss: 202 pending (0 credits, reserved), then complete with 1 credit charged once', async () => {
  const { key, account } = await stack.newKey();
  stack.sim.setFaults('mkt_a', { latencyMs: 150 });
  const q = uniqueQ('lifecycle');
  const a = await get(stack, `/v1/mkt_a/sold?q=${enc(q)}`, key);
  expect(a.status).toBe(202);
  const id = a.json!.request_id as string;
  expect(a.json).toEqual({ request_id: id, status: 'pending', credits: 0, cached: false, poll_url: `/v1/jobs/${id}` });
  expect(a.header('location')).toBe(`/v1/jobs/${id}`);
  expect(a.header('retry-after')).toBe('2');
  expectRateHeaders(a, 59);
  expect(await usage(account)).toEqual({ completed30d: 0, pending: 1, chargedTotal: 0 });

  const pending = await get(stack, `/v1/jobs/${id}`, key);
  expect(pending.status).toBe(200);
  expect(pending.json).toEqual({ request_id: id, status: 'pending', credits: 0, cached: false, poll_url: `/v1/jobs/${id}` });
  expectRateHeaders(pending, 58);

  const done = await poll(stack, key, id);
  expect(done.status).toBe(200);
  expect(Object.keys(done.json!)).toEqual(['request_id', 'status', 'credits', 'cached', 'result']);
  expect(done.json).toMatchObject({ request_id: id, status: 'complete', credits: 1, cached: false, result: { provider: 'mkt_a', query: q, page: 1 } });
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
  // Polling a settled job again charges nothing more.
  for (let i = 0; i < 3; i++) expect((await get(stack, `/v1/jobs/${id}`, key)).json).toEqual(done.json);
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
});

const FAULTS: Array<[Fault, string, 'once' | 'every attempt']> = [
  ['bot_wall', 'upstream_blocked', 'every attempt'],
  ['login_wall', 'upstream_blocked', 'every attempt'],
  ['layout_changed', 'upstream_error', 'once'],
  ['http_5xx', 'upstream_error', 'every attempt'],
  ['http_429', 'upstream_error', 'every attempt'],
  ['truncated', 'upstream_error', 'every attempt'],
  ['hang', 'upstream_timeout', 'every attempt'],
];

test.each(FAULTS)('fault %s: pending → failed %s, 0 credits, reservation released, tried %s', async (fault, code, tries) => {
  const { key, account } = await stack.newKey();
  stack.sim.setFaults('mkt_c', { fault });
  const before = stack.sim.requests('mkt_c');
  const q = uniqueQ(fault);
  const id = await submit(stack, key, `/v1/mkt_c/sold?q=${enc(q)}`);
  const done = await poll(stack, key, id);
  // Polling a failed job answers 200 with the failed envelope.
  expect(done.status).toBe(200);
  expect(done.json).toEqual({ request_id: id, status: 'failed', credits: 0, cached: false, error: { code, message: expect.any(String) } });
  expect(stack.sim.requests('mkt_c') - before).toBe(tries === 'once' ? 1 : ATTEMPTS);
  expect(await usage(account)).toEqual({ completed30d: 0, pending: 0, chargedTotal: 0 });
  // A failure is not cached: the same search once the marketplace recovers is a new miss that completes.
  stack.sim.setFaults('mkt_c', { fault: 'none' });
  const again = await submit(stack, key, `/v1/mkt_c/sold?q=${enc(q)}`);
  expect((await poll(stack, key, again)).json).toMatchObject({ status: 'complete', credits: 1, cached: false });
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
});

test.each(['http_5xx', 'http_429', 'bot_wall'] as Fault[])('fault %s that clears within the attempts: retried, then complete with 1 credit', async (fault) => {
  const { key, account } = await stack.newKey();
  stack.sim.setFaults('mkt_d', { fault, times: ATTEMPTS - 1 });
  const before = stack.sim.requests('mkt_d');
  const id = await submit(stack, key, `/v1/mkt_d/listings?q=${enc(uniqueQ(fault))}`);
  const done = await poll(stack, key, id);
  expect(done.json).toMatchObject({ request_id: id, status: 'complete', credits: 1, cached: false });
  expect(stack.sim.requests('mkt_d') - before).toBe(ATTEMPTS);
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
});

test('a page past the last fails with page_out_of_range at no cost; the last page completes', async () => {
  const { key, account } = await stack.newKey();
  const q = uniqueQ('depth');
  const first = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q)}`));
  const total = (first.json!.result as { reported_total: number }).reported_total;
  const last = Math.ceil(total / 40);
  if (last > 1) {
    const lastPage = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q)}&page=${last}`));
    expect(lastPage.json).toMatchObject({ status: 'complete', credits: 1, result: { page: last, next_page: null } });
  } else {
    expect(first.json).toMatchObject({ result: { next_page: null } });
  }
  const past = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q)}&page=${last + 1}`));
  expect(past.json).toEqual({ request_id: expect.any(String), status: 'failed', credits: 0, cached: false, error: { code: 'page_out_of_range', message: expect.any(String) } });
  const deepest = await poll(stack, key, await submit(stack, key, `/v1/mkt_a/sold?q=${enc(q)}&page=100`));
  expect(deepest.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'page_out_of_range' } });
  const charged = last > 1 ? 2 : 1;
  expect(await usage(account)).toEqual({ completed30d: charged, pending: 0, chargedTotal: charged });
});

test('job CSV: pending → 409 result_not_ready; complete → header and one line per row; failed → header only', async () => {
  const { key } = await stack.newKey();
  stack.sim.setFaults('mkt_a', { latencyMs: 150 });
  const q = uniqueQ('csv');
  const id = await submit(stack, key, `/v1/mkt_a/listings?q=${enc(q)}`);
  const pending = await get(stack, `/v1/jobs/${id}?format=csv`, key);
  expect(pending.status).toBe(409);
  expect(pending.json).toMatchObject({ error: { code: 'result_not_ready' } });
  expect(pending.header('x-request-id')).toBeTruthy();
  const done = await poll(stack, key, id);
  const rows = (done.json!.result as { data: unknown[] }).data;
  // wait=… with format=csv answers the CSV as soon as the job settles.
  const csv = await get(stack, `/v1/jobs/${id}?format=csv&wait=1`, key);
  expect(csv.status).toBe(200);
  expect(csv.header('content-type')).toMatch(/^text\/csv/u);
  const lines = csv.text.split('\r\n').filter((l) => l !== '');
  expect(lines[0]!.startsWith('search_index,q,endpoint,')).toBe(true);
  expect(lines).toHaveLength(rows.length + 1);
  expect(lines[1]!.startsWith(`0,${q},mkt_a/listings,`)).toBe(true);

  stack.sim.setFaults('mkt_a', { fault: 'layout_changed', latencyMs: 0 });
  const failedId = await submit(stack, key, `/v1/mkt_a/listings?q=${enc(uniqueQ('csv'))}`);
  expect((await poll(stack, key, failedId)).json).toMatchObject({ status: 'failed' });
  const failed = await get(stack, `/v1/jobs/${failedId}?format=csv`, key);
  expect(failed.status).toBe(200);
  expect(failed.text.split('\r\n').filter((l) => l !== '')).toEqual([lines[0]]);
});

test('a collection the api recorded but could not hand to its queue is queued by the worker sweep and completes, charged once', async () => {
  const { key, account } = await stack.newKey();
  const queues = stack.services.queues;
  const add = queues.add;
  queues.add = () => Promise.reject(new Error('queue unreachable'));
  let id: string;
  try {
    id = await submit(stack, key, `/v1/mkt_b/listings?q=${enc(uniqueQ('unqueued'))}`);
  } finally {
    queues.add = add;
  }
  const job = await stack.services.store.getJob(id);
  const unqueued = `${stack.config.keyPrefix}unqueued`;
  expect(await stack.services.store.redis.zscore(unqueued, job!.collectionId!)).not.toBeNull();
  expect((await get(stack, `/v1/jobs/${id}?wait=1`, key)).json).toMatchObject({ status: 'pending' });
  // The sweep waits 5 s before taking such a collection over; age the record instead of waiting.
  await stack.services.store.redis.zadd(unqueued, 0, job!.collectionId!);
  const done = await poll(stack, key, id);
  expect(done.json).toMatchObject({ request_id: id, status: 'complete', credits: 1 });
  expect(await stack.services.store.redis.zscore(unqueued, job!.collectionId!)).toBeNull();
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
});

test('a cursor whose server-side state is gone fails the next page with rejected, at no cost', async () => {
  const { key, account } = await stack.newKey();
  const q = uniqueQWithTotal('rejected', 'listings', 41);
  const first = await poll(stack, key, await submit(stack, key, `/v1/mkt_d/listings?q=${enc(q)}`));
  const cursor = (first.json!.result as { next_cursor: string }).next_cursor;
  const payload = JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')) as { s?: string };
  expect(payload.s).toEqual(expect.any(String));
  expect(await stack.services.store.redis.del(`${stack.config.keyPrefix}cstate:${payload.s!}`)).toBe(1);
  const second = await poll(stack, key, await submit(stack, key, `/v1/mkt_d/listings?q=${enc(q)}&page=2&cursor=${enc(cursor)}`));
  expect(second.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'rejected' } });
  expect(await usage(account)).toEqual({ completed30d: 1, pending: 0, chargedTotal: 1 });
});

test('a collection whose stored search is not a valid search is never collected: its job fails collection_unavailable, free', async () => {
  const own = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true });
  try {
    const { key, account } = await own.newKey();
    const a = await get(own, `/v1/mkt_a/sold?q=${enc(uniqueQ('damaged'))}`, key);
    expect(a.status).toBe(202);
    const id = a.json!.request_id as string;
    const job = await own.services.store.getJob(id);
    // The search as something other than the api wrote it: a page the route does not serve.
    const stored = JSON.parse((await own.services.store.getCollection(job!.collectionId!))!.searchJson) as Record<string, unknown>;
    await own.services.store.redis.hset(own.services.store.keys.coll(job!.collectionId!), 'search', JSON.stringify({ ...stored, page: 101 }));
    await own.startWorker();
    const b = await poll(own, key, id);
    expect(b.json).toMatchObject({ status: 'failed', credits: 0, error: { code: 'collection_unavailable' } });
    const u = await own.services.store.usage(account, 'sandbox');
    expect({ completed30d: u.completed30d, pending: u.pending }).toEqual({ completed30d: 0, pending: 0 });
  } finally {
    await own.close();
  }
});
