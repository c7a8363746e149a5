/**
 * The text summaries of the MCP tools' answers (packages/mcp/src/summary.ts): what a job, a
 * batch and a comps block say in words, with figures worked by hand from the values given.
 */
import type { AnyJob, Batch, Comps } from '@listings/sdk';
import { batchText, compsText, jobText } from '../../packages/mcp/src/summary.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

const COMPS: Comps = {
  basis: 'item', currency: 'USD',
  price: { count: 5, median: 300, p25: 250, p75: 320.5, low: 199.99, high: 410, median_ci90: { low: 199.99, high: 410, level: 0.9, coverage: 0.9375 } },
  price_with_shipping: { count: 3, median: 310, p25: 260, p75: 330, low: 260, high: 330, median_ci90: null },
  kinds: { item: 5, accessory: 2, lot: 0, parts: 1, other: 0 },
};

test('a comps block: the items\' figures, with shipping, the rows of each kind', () => {
  expect(compsText(COMPS)).toBe(
    'Items (rows judged the product itself): 5 priced, median $300.00 (90% CI $199.99-$410.00), p25-p75 $250.00-$320.50, low-high $199.99-$410.00; '
    + 'with shipping: 3 priced, median $310.00, p25-p75 $260.00-$330.00, low-high $260.00-$330.00. Rows by kind: 5 item, 2 accessory, 0 lot, 1 parts, 0 other.',
  );
  expect(compsText({ ...COMPS, price: { ...COMPS.price, count: 0 }, price_with_shipping: { ...COMPS.price_with_shipping, count: 0 } })).toMatch(/^Items \(rows judged the product itself\): none priced; with shipping: none priced\./u);
  expect(compsText(undefined)).toBeNull();
});

test('a complete job: rows, credits, the median of every priced row, the items, the next page', () => {
  const job = {
    request_id: 'req_a', status: 'complete', credits: 1, cached: true,
    result: {
      provider: 'mkt_c', query: 'leica m6', page: 1, reported_total: 227, next_page: 2, next_cursor: 'abc', comps: COMPS,
      data: [{ id: '1', displayed_price: usd(100) }, { id: '2', displayed_price: usd(250) }, { id: '3', displayed_price: null }, { id: '4', displayed_price: usd(200) }, { id: '5', displayed_price: { amount: 90, currency: 'EUR' } }],
    },
  } as unknown as AnyJob;
  expect(jobText('mkt_c/sold', job).split('\n')).toEqual([
    'mkt_c/sold "leica m6" page 1: 5 rows of about 227 the marketplace reports; 1 credit (cache hit); request req_a.',
    // USD amounts 100, 250, 200: the middle one is 200.
    'Median displayed price $200.00 over 3 priced rows (every row of the page).',
    compsText(COMPS),
    'Next page: page=2 with cursor=next_cursor.',
  ]);
});

test('a pending job says what to poll; a failed one its code and that nothing was charged', () => {
  expect(jobText(null, { request_id: 'req_p', status: 'pending', credits: 0, cached: false } as AnyJob)).toBe('Search req_p is still pending; nothing is charged until it completes. Poll it with get_job {"request_id": "req_p"} (free).');
  expect(jobText(null, { request_id: 'req_f', status: 'failed', credits: 0, cached: false, error: { code: 'upstream_blocked', message: 'Blocked.' } } as AnyJob)).toBe('Search req_f failed: upstream_blocked: Blocked. Nothing was charged (0 credits).');
});

test('a batch: counts and credits, each item with its figures or its error, the CSV or what to poll', () => {
  const batch = {
    batch_id: 'bat_x', status: 'complete', counts: { pending: 0, complete: 2, failed: 1, rejected: 1 }, credits: 2,
    items: [
      { index: 0, endpoint: 'mkt_a/sold', q: 'leica', request_id: 'req_1', status: 'complete', cached: false, credits: 1, rows: 60, summary: { priced_count: 54, median: 3544.5 }, comps: COMPS },
      { index: 1, endpoint: 'mkt_b/sold', q: 'leica', request_id: 'req_2', status: 'complete', cached: true, credits: 1, rows: 48 },
      { index: 2, endpoint: 'mkt_c/sold', q: 'leica', request_id: 'req_3', status: 'failed', cached: false, credits: 0, error: { code: 'upstream_timeout', message: 'Timed out.' } },
      { index: 3, endpoint: 'mkt_d/listings', q: 'leica', request_id: null, status: 'rejected', cached: false, credits: 0, error: { code: 'quota_exceeded' } },
    ],
  } as unknown as Batch;
  expect(batchText(batch, 'http://h/v1/batches/bat_x?format=csv').split('\n')).toEqual([
    'Batch bat_x complete: 2 complete, 1 failed, 1 rejected, 0 pending; 2 credits.',
    `#0 mkt_a/sold "leica": complete, 60 rows, 1 credit; median displayed price $3544.50 over 54 priced rows. ${compsText(COMPS)}`,
    '#1 mkt_b/sold "leica": complete, 48 rows, 1 credit (cache hit).',
    '#2 mkt_c/sold "leica": failed, upstream_timeout: Timed out. (0 credits).',
    '#3 mkt_d/listings "leica": rejected, quota_exceeded (0 credits).',
    'CSV of every row: http://h/v1/batches/bat_x?format=csv (send the API key in the Authorization header).',
  ]);
  expect(batchText({ ...batch, status: 'pending' }, 'u').split('\n').at(-1)).toBe('Poll it with get_batch {"batch_id": "bat_x", "wait_seconds": 20} (free).');
});
