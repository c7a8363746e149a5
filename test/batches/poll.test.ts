/**
 * GET /v1/batches/{id} over HTTP on the whole stack: who may read a batch, its query
 * parameters, `include=results`, and the mkt_a price summary checked against values computed
 * here by hand from the item's own rows and the simulator's ground truth.
 */
import { compsOf } from '@listings/comps';
import { newId } from '@listings/store';
import { testListings } from '@listings/marketplaces/testkit';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { expectJudged } from '../support/comps.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { fresh, getBatch, keywordsWithPages, postBatch, settleBatch, type Batch, type ErrorReply } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack?.close();
});

async function created(key: string, body: unknown): Promise<Batch> {
  const r = await postBatch(stack, key, body);
  expect([200, 202]).toContain(r.status);
  return (await r.json()) as Batch;
}

test('a batch is found only by its own account and key mode; anything else is 404 request_not_found', async () => {
  const { key, account } = await stack.newKey();
  const b = await created(key, { searches: [{ endpoint: 'mkt_b/sold', q: fresh('owl') }] });
  expect((await getBatch(stack, key, b.batch_id)).status).toBe(200);

  const other = await stack.newKey();
  const live = (await stack.services.accounts.issueKey(account, 'live')).secret;
  const job = b.items[0]!.request_id!;
  for (const [who, id] of [[other.key, b.batch_id], [live, b.batch_id], [key, newId('bat')], [key, 'bat_short'], [key, job], [key, b.batch_id.toLowerCase()]] as const) {
    const r = await stack.get(`/v1/batches/${id}`, who);
    expect(r.status).toBe(404);
    const e = (await r.json()) as ErrorReply;
    expect(e.error.code).toBe('request_not_found');
    expect(e.error.message).toMatch(/batch/);
  }
});

test.each([
  ['?wait=21', 'invalid_wait'], ['?wait=-1', 'invalid_wait'], ['?wait=1.5', 'invalid_wait'], ['?wait=abc', 'invalid_wait'], ['?wait=', 'invalid_wait'],
  ['?include=rows', 'unsupported_or_invalid_query'], ['?format=json', 'unsupported_or_invalid_query'],
  ['?wait=1&wait=2', 'duplicate_parameter'], ['?page=2', 'unsupported_or_invalid_query'],
])('GET %s → 422 %s', async (query, code) => {
  const { key } = await stack.newKey();
  const b = await created(key, { searches: [{ endpoint: 'mkt_b/sold', q: fresh('owl') }] });
  const r = await stack.get(`/v1/batches/${b.batch_id}${query}`, key);
  expect(r.status).toBe(422);
  expect(((await r.json()) as ErrorReply).error.code).toBe(code);
});

test('include=results adds each complete item\'s result, identical to its job\'s; failed items have none', async () => {
  const { key } = await stack.newKey();
  const q = keywordsWithPages(1, fresh('kettle'));
  const b = await created(key, { searches: [{ endpoint: 'mkt_a/sold', q, pages: 2 }, { endpoint: 'mkt_e/listings', q: fresh('bike'), zip: '10001' }] });
  const done = await settleBatch(stack, key, b.batch_id, '&include=results');
  expect(done.items.map((i) => i.status)).toEqual(['complete', 'failed', 'complete']);
  for (const item of [done.items[0]!, done.items[2]!]) {
    const job = (await (await stack.get(`/v1/jobs/${item.request_id}`, key)).json()) as { result: unknown };
    expect(item.result).toEqual(job.result);
    expect(item.rows).toBe(item.result!.data.length);
  }
  expect(done.items[1]!.result).toBeUndefined();
  expect(done.items[1]!.error).toEqual({ code: 'page_out_of_range', message: expect.any(String) });
  expect(Object.keys(done.items[0]!)).toEqual(['index', 'endpoint', 'q', 'request_id', 'status', 'cached', 'credits', 'rows', 'summary', 'comps', 'result']);
  expect(Object.keys(done.items[2]!)).toEqual(['index', 'endpoint', 'q', 'request_id', 'status', 'cached', 'credits', 'rows', 'comps', 'result']);
  expect(Object.keys(done.items[1]!)).toEqual(['index', 'endpoint', 'q', 'request_id', 'status', 'cached', 'credits', 'error']);
  // Without include: summaries and rows only.
  const plain = (await getBatch(stack, key, b.batch_id)).body;
  expect(plain.items.every((i) => i.result === undefined)).toBe(true);
  expect(plain.items[0]!.summary).toEqual(done.items[0]!.summary);
  expect(plain.items.map((i) => i.comps)).toEqual(done.items.map((i) => i.comps));
  expect(Object.keys(plain)).toEqual(['batch_id', 'status', 'created_at', 'counts', 'credits', 'items']);
});

/** The summary of decisions.md "Batches", computed the plain way. */
function byHand(rows: Array<Record<string, unknown>>, offerIds: Set<string>): Record<string, unknown> {
  const amounts = rows.map((r) => (r.displayed_price as { amount: number } | null)?.amount).filter((a): a is number => typeof a === 'number').sort((a, b) => a - b);
  const n = amounts.length;
  const median = n === 0 ? null : n % 2 ? amounts[(n - 1) / 2] : (amounts[n / 2 - 1]! + amounts[n / 2]!) / 2;
  const dates = rows.map((r) => r.sold_date).filter((d): d is string => typeof d === 'string').sort();
  return {
    priced_count: n, currency: 'USD', median, low: amounts[0] ?? null, high: amounts[n - 1] ?? null,
    earliest_sold_date: dates[0] ?? null, latest_sold_date: dates[dates.length - 1] ?? null,
    best_offer_accepted_count: rows.filter((r) => offerIds.has(r.id as string)).length,
  };
}

test('summary: median, low, high, priced count, sold date range and best-offer-accepted count per mkt_a item; none elsewhere', async () => {
  const { key } = await stack.newKey();
  // Two pages of one search (page 1 holds 40 rows: an even count, so the median is the mean
  // of the two middle amounts), its listings counterpart (no sold dates), and a non-mkt_a item.
  const q = keywordsWithPages(2, fresh('camera'));
  const b = await created(key, { searches: [{ endpoint: 'mkt_a/sold', q, pages: 2 }, { endpoint: 'mkt_a/listings', q }, { endpoint: 'mkt_c/sold', q }] });
  const done = await settleBatch(stack, key, b.batch_id, '&include=results');
  expect(done.items.map((i) => i.status)).toEqual(['complete', 'complete', 'complete', 'complete']);
  expect(done.items[0]!.rows).toBe(40);
  const offers = (kind: 'sold' | 'listings'): Set<string> => new Set(testListings(q, kind).filter((l) => l.offer).map((l) => l.id));
  for (const item of done.items.slice(0, 3)) {
    const kind = item.endpoint === 'mkt_a/sold' ? 'sold' : 'listings';
    const hand = byHand(item.result!.data, offers(kind));
    expect({ ...item.summary, median: 0 }).toEqual({ ...hand, median: 0 });
    expect(item.summary!.median).toBeCloseTo(hand.median as number, 6);
  }
  expect(done.items[2]!.summary).toMatchObject({ earliest_sold_date: null, latest_sold_date: null });
  expect(done.items.slice(0, 2).some((i) => (i.summary!.best_offer_accepted_count as number) > 0)).toBe(true);
  expect(done.items[3]!.summary).toBeUndefined();
  expect(done.items[3]!.rows).toBe(done.items[3]!.result!.data.length);
});

test('comps: every complete item, on every marketplace, carries its result\'s comps block (the figures over its rows judged item) beside the summary over every row', async () => {
  const { key } = await stack.newKey();
  const q = keywordsWithPages(1, fresh('lens'));
  const searches = [
    { endpoint: 'mkt_a/sold', q }, { endpoint: 'mkt_b/sold', q: fresh('jacket') }, { endpoint: 'mkt_c/sold', q: fresh('switch'), count: 20 },
    { endpoint: 'mkt_d/listings', q: fresh('dress'), count: 12 }, { endpoint: 'mkt_e/listings', q: fresh('sofa'), zip: '10001' }, { endpoint: 'mkt_b/listings', q: fresh('boots') },
  ];
  const b = await created(key, { searches });
  const done = await settleBatch(stack, key, b.batch_id, '&include=results');
  expect(done.items.map((i) => i.status)).toEqual(searches.map(() => 'complete'));
  for (const item of done.items) {
    const result = item.result!;
    expectJudged(result);
    expect({ endpoint: item.endpoint, comps: item.comps }).toEqual({ endpoint: item.endpoint, comps: result.comps });
    expect({ endpoint: item.endpoint, comps: item.comps }).toEqual({ endpoint: item.endpoint, comps: compsOf(result.data) });
  }
  // The interface's summary stays over every priced row, whatever the judgement.
  const a = done.items[0]!;
  expect(a.summary!.priced_count).toBe(a.result!.data.filter((r) => (r.displayed_price as { currency?: string } | null)?.currency === 'USD').length);
});

test('wait answers as soon as every item settled', async () => {
  const { key } = await stack.newKey();
  const b = await created(key, { searches: [{ endpoint: 'mkt_d/listings', q: fresh('boots') }, { endpoint: 'mkt_b/listings', q: fresh('boots') }] });
  const t = Date.now();
  const { status, body } = await getBatch(stack, key, b.batch_id, '?wait=20');
  expect(status).toBe(200);
  expect(body.status).toBe('complete');
  expect(body.counts.complete).toBe(2);
  // Far below the 20 s it would hold a batch that never settles.
  expect(Date.now() - t).toBeLessThan(10_000);
});
