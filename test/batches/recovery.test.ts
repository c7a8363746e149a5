/**
 * Crash between recording a batch and submitting its items: the route's test hook stops the
 * submitter before a chosen item and drops the connection, as a dying api process would. The
 * items it reached are ordinary jobs; the rest read pending while the submitter's lease runs,
 * then failed `not_submitted`; a resend with the same Idempotency-Key and body submits only
 * those, under the request ids recorded at creation, charging each search once.
 */
import { createBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { fresh, getBatch, keywordsWithPages, postBatch, settleBatch, type Batch } from './helpers.ts';

/** Batch id → index to crash before, once. */
const crashes = new Map<string, number>();
let crashAt: number | null = null;
let lastCrashed: string | null = null;

/** Long enough that the test reads the batch inside it, even on a slow machine. */
const LEASE_MS = 2000;

let stack: Stack;
beforeAll(async () => {
  const module = createBatchRoutes({
    leaseMs: LEASE_MS,
    crashBeforeItem: (batchId, index) => {
      if (crashAt === null) return false;
      if (!crashes.has(batchId)) crashes.set(batchId, crashAt);
      if (crashes.get(batchId) !== index) return false;
      crashes.set(batchId, -1);
      lastCrashed = batchId;
      return true;
    },
  });
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [module] });
});
afterAll(async () => {
  await stack?.close();
});

async function crashOnce(key: string, body: unknown, idem: string, at: number): Promise<string> {
  crashAt = at;
  lastCrashed = null;
  await expect(postBatch(stack, key, body, { 'idempotency-key': idem })).rejects.toThrow();
  crashAt = null;
  expect(lastCrashed).not.toBeNull();
  return lastCrashed!;
}

test('items never submitted read pending during the lease, then not_submitted; a resend runs only them', async () => {
  const { key, account } = await stack.newKey();
  const body = { searches: Array.from({ length: 5 }, (_, i) => ({ endpoint: i % 2 ? 'mkt_c/sold' : 'mkt_a/sold', q: fresh(`crash ${i}`) })) };
  const id = await crashOnce(key, body, 'crash-1', 3);

  const during = (await getBatch(stack, key, id)).body;
  expect(during.items.slice(3).map((i) => i.status)).toEqual(['pending', 'pending']);
  expect(during.status).toBe('pending');

  // wait returns once the lease has lapsed and the three submitted items settled.
  const after = await settleBatch(stack, key, id);
  expect(after.status).toBe('complete');
  expect(after.items.map((i) => [i.status, i.error?.code ?? null])).toEqual([
    ['complete', null], ['complete', null], ['complete', null], ['failed', 'not_submitted'], ['failed', 'not_submitted'],
  ]);
  expect(after.items[3]!.request_id).toMatch(/^req_/);
  expect(after.credits).toBe(3);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(3);

  const resend = await postBatch(stack, key, body, { 'idempotency-key': 'crash-1' });
  expect(resend.status).toBe(202);
  expect(resend.headers.get('idempotent-replayed')).toBe('true');
  const replayed = (await resend.json()) as Batch;
  expect(replayed.batch_id).toBe(id);
  expect(replayed.items.map((i) => i.request_id)).toEqual(after.items.map((i) => i.request_id));
  const done = await settleBatch(stack, key, id);
  expect(done.items.map((i) => i.status)).toEqual(['complete', 'complete', 'complete', 'complete', 'complete']);
  expect(done.credits).toBe(5);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(5);

  // Nothing left to run: a further resend answers the batch as it is, 200, charging nothing.
  const last = await postBatch(stack, key, body, { 'idempotency-key': 'crash-1' });
  expect(last.status).toBe(200);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(5);
});

test('a crash before the first item: every item not_submitted, then all run on resend', async () => {
  const { key } = await stack.newKey();
  const body = { searches: [{ endpoint: 'mkt_d/listings', q: fresh('lens') }, { endpoint: 'mkt_a/listings', q: keywordsWithPages(2, fresh('lens'), 'listings'), pages: 2 }] };
  const id = await crashOnce(key, body, 'crash-2', 0);
  await new Promise((r) => setTimeout(r, LEASE_MS + 50));
  const after = (await getBatch(stack, key, id)).body;
  expect(after.status).toBe('complete');
  expect(after.counts).toEqual({ pending: 0, complete: 0, failed: 3, rejected: 0 });
  // Polling a never-submitted item's id finds no job yet.
  expect((await stack.get(`/v1/jobs/${after.items[0]!.request_id}`, key)).status).toBe(404);

  expect((await postBatch(stack, key, body, { 'idempotency-key': 'crash-2' })).status).toBe(202);
  const done = await settleBatch(stack, key, id);
  expect(done.counts.complete).toBe(3);
  expect((await stack.get(`/v1/jobs/${after.items[0]!.request_id}`, key)).status).toBe(200);
});

test('a resend inside the crashed submitter\'s lease runs the missing items once; concurrent creations make one batch', async () => {
  const { key, account } = await stack.newKey();
  const body = { searches: Array.from({ length: 4 }, (_, i) => ({ endpoint: 'mkt_b/sold', q: fresh(`race ${i}`) })) };
  const id = await crashOnce(key, body, 'crash-3', 2);
  // Immediately, lease still running: items 2 and 3 run now; 0 and 1 keep their jobs.
  const r = await postBatch(stack, key, body, { 'idempotency-key': 'crash-3' });
  expect([200, 202]).toContain(r.status);
  const done = await settleBatch(stack, key, id);
  expect(done.counts.complete).toBe(4);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(4);
  // A concurrent pair of resends of an already complete batch charges nothing more.
  await Promise.all([postBatch(stack, key, body, { 'idempotency-key': 'crash-3' }), postBatch(stack, key, body, { 'idempotency-key': 'crash-3' })]);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(4);

  // Two creations racing with one key: one batch, each item one job (the later submitter
  // replays the items the earlier one recorded), each search charged once.
  const other = { searches: Array.from({ length: 6 }, (_, i) => ({ endpoint: 'mkt_d/listings', q: fresh(`pair ${i}`) })) };
  const [a, b] = await Promise.all([postBatch(stack, key, other, { 'idempotency-key': 'pair' }), postBatch(stack, key, other, { 'idempotency-key': 'pair' })]);
  const [ba, bb] = [(await a.json()) as Batch, (await b.json()) as Batch];
  expect(ba.batch_id).toBe(bb.batch_id);
  expect(ba.items.map((i) => i.request_id)).toEqual(bb.items.map((i) => i.request_id));
  const settled = await settleBatch(stack, key, ba.batch_id);
  expect(settled.counts.complete).toBe(6);
  expect((await stack.services.store.usage(account, 'sandbox')).chargedTotal).toBe(10);
});
