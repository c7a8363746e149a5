/**
 * Batches against the account's limits, on a stack whose worker starts only at the end (so
 * items stay pending as long as a test needs): the pending cap (items past it are rejected
 * `too_many_pending`), the allowance (`quota_exceeded`), a queue filling up mid-batch (items
 * `not_submitted`, run again by a resend), 409 before the CSV is ready, and `wait` woken the
 * moment the last item settles.
 */
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { fresh, getBatch, postBatch, settleBatch, type Batch, type ErrorReply } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    marketplaces: TEST_MARKETPLACES,
    modules: [registerBatchRoutes],
    noWorker: true,
    env: { SANDBOX_ALLOWANCE: '12', QUEUE_FULL_THRESHOLDS: 'mkt_b=2' },
  });
});
afterAll(async () => {
  await stack?.close();
});

const many = (n: number, endpoint = 'mkt_d/listings'): Array<Record<string, unknown>> =>
  Array.from({ length: n }, (_, i) => ({ endpoint, q: fresh(`item ${i}`) }));

async function create(key: string, searches: unknown[], headers: Record<string, string> = {}): Promise<Batch> {
  const r = await postBatch(stack, key, { searches }, headers);
  expect(r.status).toBe(202);
  return (await r.json()) as Batch;
}

test('a full batch of exactly the cap is accepted; with one search already pending, the last item is rejected too_many_pending', async () => {
  const edge = await stack.newKey({ plan: 'free' });
  const full = await create(edge.key, many(10));
  expect(full.counts).toEqual({ pending: 10, complete: 0, failed: 0, rejected: 0 });

  const { key, account } = await stack.newKey({ plan: 'free' });
  expect((await stack.get(`/v1/mkt_c/sold?q=${encodeURIComponent(fresh('held'))}`, key)).status).toBe(202);
  const b = await create(key, many(10));
  expect(b.status).toBe('pending');
  expect(b.counts).toEqual({ pending: 9, complete: 0, failed: 0, rejected: 1 });
  expect(b.items.slice(0, 9).every((i) => i.status === 'pending' && typeof i.request_id === 'string')).toBe(true);
  expect(b.items[9]).toEqual({
    index: 9, endpoint: 'mkt_d/listings', q: b.items[9]!.q, request_id: null, status: 'rejected', cached: false, credits: 0,
    error: { code: 'too_many_pending', message: expect.any(String) },
  });
  expect(await stack.services.store.usage(account, 'sandbox')).toMatchObject({ pending: 10, chargedTotal: 0 });
});

test('items past the allowance are rejected quota_exceeded; extra requests let them through', async () => {
  const { key, account } = await stack.newKey({ plan: 'pro' });
  const b = await create(key, many(14));
  expect(b.counts).toEqual({ pending: 12, complete: 0, failed: 0, rejected: 2 });
  expect(b.items.slice(12).map((i) => [i.status, i.request_id, i.error?.code])).toEqual([['rejected', null, 'quota_exceeded'], ['rejected', null, 'quota_exceeded']]);

  const other = await stack.newKey({ plan: 'pro' });
  await stack.services.accounts.addExtra(other.account, 'sandbox', 2);
  const c = await create(other.key, many(14));
  expect(c.counts).toEqual({ pending: 14, complete: 0, failed: 0, rejected: 0 });
  expect((await stack.services.store.usage(account, 'sandbox')).pending).toBe(12);
});

test('a queue filling up mid-batch leaves the rest not_submitted; a resend with the same key runs only those', async () => {
  const { key, account } = await stack.newKey({ plan: 'pro' });
  const searches = many(4, 'mkt_b/sold');
  const b = await create(key, searches, { 'idempotency-key': 'queue-full-1' });
  expect(b.items.map((i) => [i.status, i.error?.code ?? null])).toEqual([['pending', null], ['pending', null], ['failed', 'not_submitted'], ['failed', 'not_submitted']]);
  expect(b.items.every((i) => i.request_id !== null)).toBe(true);
  expect(b.status).toBe('pending');

  // Still full: the resend tries the two again, leaves the first two alone.
  const again = await postBatch(stack, key, { searches }, { 'idempotency-key': 'queue-full-1' });
  expect(again.status).toBe(202);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  const same = (await again.json()) as Batch;
  expect(same.batch_id).toBe(b.batch_id);
  expect(same.items.map((i) => [i.request_id, i.status])).toEqual(b.items.map((i) => [i.request_id, i.status]));
  expect((await stack.services.store.usage(account, 'sandbox')).pending).toBe(2);

  // Free the queue (the two pending collections fail), then resend: only the two run now.
  for (const item of b.items.slice(0, 2)) {
    const job = await stack.services.store.getJob(item.request_id!);
    await stack.services.store.settle(job!.collectionId!, { outcome: 'failed', errorCode: 'upstream_error' });
  }
  const third = (await (await postBatch(stack, key, { searches }, { 'idempotency-key': 'queue-full-1' })).json()) as Batch;
  expect(third.items.map((i) => [i.request_id, i.status, i.error?.code ?? null])).toEqual([
    [b.items[0]!.request_id, 'failed', 'upstream_error'], [b.items[1]!.request_id, 'failed', 'upstream_error'],
    [b.items[2]!.request_id, 'pending', null], [b.items[3]!.request_id, 'pending', null],
  ]);
  const job = (await (await stack.get(`/v1/jobs/${b.items[2]!.request_id}`, key)).json()) as { status: string };
  expect(job.status).toBe('pending');
});

test('CSV answers 409 result_not_ready while an item is pending (batch and item job); wait wakes when the worker settles them', async () => {
  const { key } = await stack.newKey({ plan: 'pro' });
  const b = await create(key, [{ endpoint: 'mkt_a/sold', q: fresh('radio') }, { endpoint: 'mkt_c/sold', q: fresh('radio') }]);
  for (const path of [`/v1/batches/${b.batch_id}?format=csv`, `/v1/jobs/${b.items[0]!.request_id}?format=csv`]) {
    const r = await stack.get(path, key);
    expect(r.status).toBe(409);
    expect(((await r.json()) as ErrorReply).error.code).toBe('result_not_ready');
  }
  // wait=1 on a batch that cannot settle yet: held about a second, answered pending.
  let t = Date.now();
  const held = await getBatch(stack, key, b.batch_id, '?wait=1');
  expect(held.body.status).toBe('pending');
  expect(Date.now() - t).toBeGreaterThanOrEqual(900);

  t = Date.now();
  const polling = getBatch(stack, key, b.batch_id, '?wait=20');
  await new Promise((r) => setTimeout(r, 200));
  await stack.startWorker();
  const woke = await polling;
  expect(woke.body.status).toBe('complete');
  expect(woke.body.counts.complete).toBe(2);
  expect(Date.now() - t).toBeLessThan(10_000);
  const csv = await stack.get(`/v1/batches/${b.batch_id}?format=csv`, key);
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const done = await settleBatch(stack, key, b.batch_id);
  expect((await csv.text()).split('\r\n').length - 2).toBe(done.items.reduce((n, i) => n + (i.rows ?? 0), 0));
});
