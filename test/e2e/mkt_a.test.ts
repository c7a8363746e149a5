/**
 * mkt_a end to end: sold and listings searches over HTTP through api → queue →
 * worker → the eBay adapter → its simulator, with a sandbox key. Rows are checked against
 * the simulator's own page for the URL it received (its ground truth), filters against that
 * URL, and every fault against its documented failed-job code at no cost.
 */
import { readSimQuery, simPage } from '../../packages/marketplaces/src/mkt_a/index.ts';
import { marketplaceSuite } from '../support/suites.ts';
import {
  complete, expectFailsFree, expectResult, expectRows, FAULT_OUTCOMES, run, type FieldKind,
} from './helpers.ts';

const SOLD_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', displayed_price: 'price?', displayed_price_text: 'string?',
  displayed_shipping: 'price?', shipping_text: 'string?', sold_date: 'date?', sold_date_text: 'string?', condition: 'string?',
  seller_text: 'string?', brand: 'null', size: 'null', image: 'url?', price: 'null', shipping: 'null', sold_at: 'null', took_offer: 'null',
};
const LISTING_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', promoted: 'boolean', format: 'one of auction|fixed_price',
  displayed_price: 'price?', displayed_price_text: 'string?', displayed_shipping: 'price?', shipping_text: 'string?',
  condition: 'string?', brand: 'null', size: 'null', listed_at: 'null', bid_count: 'integer?', ends_at: 'utc?',
  best_offer: 'boolean', seller_text: 'string?', location_text: 'string?', image: 'url?',
};

const suite = marketplaceSuite('mkt_a');
const { seen } = suite;

/** The search URL the simulator received last, and its own page for that URL. */
function lastAsked(): { query: Record<string, string>; truth: ReturnType<typeof simPage> } {
  const req = seen.filter((r) => r.path === '/sch/i.html').at(-1)!;
  return { query: Object.fromEntries(req.query), truth: simPage(readSimQuery(req.query)) };
}

test('a sold search completes with the simulator\'s listings as sold rows', async () => {
  const result = await complete(suite.stack, suite.key, '/v1/mkt_a/sold?q=vintage+camera+lens');
  const { query, truth } = lastAsked();
  expect(query).toMatchObject({ _nkw: 'vintage camera lens', LH_Sold: '1', LH_Complete: '1', LH_PrefLoc: '1' });
  expectResult(result, 'mkt_a', 'vintage camera lens', 1);
  expect(result).toMatchObject({ schema_version: 1, next_cursor: null, next_page: 2, page_size: 60, count: 60, reported_total: truth.total });
  expect(result.data.map((r) => r.id)).toEqual(truth.items.map((l) => l.id));
  expectRows(result.data, SOLD_ROW);
  // Plausible values: the simulator's titles and prices, recent sold dates, eBay image host.
  const byId = new Map(truth.items.map((l) => [l.id, l]));
  const today = Date.now();
  for (const r of result.data) {
    const l = byId.get(r.id)!;
    expect(r.title).toBe(l.title);
    expect(r.link).toBe(`https://www.ebay.com/itm/${r.id}`);
    if (l.highCents === null) expect(r.displayed_price).toEqual({ amount: l.priceCents / 100, currency: 'USD' });
    else expect(r.displayed_price).toBeNull();
    const sold = Date.parse(`${r.sold_date as string}T12:00:00Z`);
    expect(today - sold).toBeLessThan(92 * 86_400_000);
    expect(sold - today).toBeLessThan(2 * 86_400_000);
    if (r.image !== null) expect(new URL(r.image as string).hostname).toBe('i.ebayimg.com');
  }
  // Accepted best offers are kept for batch summaries, never shown as a row field.
  expect(truth.items.some((l) => l.bestOfferAccepted)).toBe(true);
});

test('a listings search completes; page 2 follows next_page and continues where page 1 ended', async () => {
  const first = await complete(suite.stack, suite.key, '/v1/mkt_a/listings?q=desk+lamp');
  const one = lastAsked();
  expectResult(first, 'mkt_a', 'desk lamp', 1);
  expect(first).toMatchObject({ schema_version: 1, next_cursor: null, next_page: 2, reported_total: one.truth.total });
  expectRows(first.data, LISTING_ROW);
  expect(first.data.map((r) => r.id)).toEqual(one.truth.items.map((l) => l.id));
  expect(first.data.some((r) => r.format === 'auction') && first.data.some((r) => r.format === 'fixed_price')).toBe(true);
  for (const r of first.data) {
    if (r.format === 'fixed_price') expect({ bid_count: r.bid_count, ends_at: r.ends_at }).toEqual({ bid_count: null, ends_at: null });
    else expect(r.bid_count !== null || r.ends_at !== null).toBe(true);
  }

  const second = await complete(suite.stack, suite.key, `/v1/mkt_a/listings?q=desk+lamp&page=${first.next_page}`);
  const two = lastAsked();
  expect(two.query._pgn).toBe('2');
  expectResult(second, 'mkt_a', 'desk lamp', 2);
  expectRows(second.data, LISTING_ROW);
  expect(second.data.map((r) => r.id)).toEqual(two.truth.items.map((l) => l.id));
  const onFirst = new Set(first.data.map((r) => r.id));
  expect(second.data.filter((r) => onFirst.has(r.id))).toEqual([]);
});

test('listings filters reach the simulator\'s request and the rows honour them', async () => {
  // Camera lenses come open box and refurbished (a sandbox item of a kind without those conditions would give no rows).
  const result = await complete(suite.stack, suite.key, '/v1/mkt_a/listings?q=camera+lens&condition=open_box,refurbished&min_price=20&max_price=400&sort=price_asc');
  const { query, truth } = lastAsked();
  expect(query).toMatchObject({ _nkw: 'camera lens', LH_ItemCondition: '1500|2000|2010|2020|2030|2500', _udlo: '20', _udhi: '400', _sop: '15', LH_PrefLoc: '1' });
  expect(result.data.map((r) => r.id)).toEqual(truth.items.map((l) => l.id));
  expect(result.data.length).toBeGreaterThan(0);
  const allowed = ['Open Box', 'New (Other)', 'Certified - Refurbished', 'Excellent - Refurbished', 'Very Good - Refurbished', 'Good - Refurbished', 'Seller Refurbished'];
  for (const r of result.data) {
    expect(allowed).toContain(r.condition);
    const p = r.displayed_price as { amount: number } | null;
    if (p) expect(p.amount >= 20 && p.amount <= 400).toBe(true);
  }

  for (const [sort, sop] of [['ending_soon', '1'], ['newest', '10'], ['best_match', '12']] as const) {
    await complete(suite.stack, suite.key, `/v1/mkt_a/listings?q=brass+telescope&sort=${sort}`);
    expect(lastAsked().query._sop).toBe(sop);
  }
});

test('sold filters: conditions and price bounds reach the request; rows are of those conditions', async () => {
  const result = await complete(suite.stack, suite.key, '/v1/mkt_a/sold?q=film+camera&condition=used,for_parts&max_price=150');
  const { query } = lastAsked();
  expect(query).toMatchObject({ LH_Sold: '1', LH_Complete: '1', LH_ItemCondition: '3000|7000', _udhi: '150', _sop: '13' });
  expect(query._udlo).toBeUndefined();
  expect(result.data.length).toBeGreaterThan(0);
  for (const r of result.data) {
    expect(['Pre-Owned', 'For parts or not working']).toContain(r.condition);
    const p = r.displayed_price as { amount: number } | null;
    if (p) expect(p.amount).toBeLessThanOrEqual(150);
  }
});

test('a page past the last fails page_out_of_range at no cost', async () => {
  await expectFailsFree(suite.stack, suite.account, suite.key, '/v1/mkt_a/listings?q=desk+lamp&page=60', 'page_out_of_range');
});

test.each(FAULT_OUTCOMES)('fault %s → failed %s, 0 credits, usage unchanged', async (fault, code) => {
  suite.stack.sim.setFaults('mkt_a', { fault });
  await expectFailsFree(suite.stack, suite.account, suite.key, `/v1/mkt_a/sold?q=fault+${fault}`, code);
});

test('a transient fault on the first attempt is retried: the job completes, charged once', async () => {
  suite.stack.sim.setFaults('mkt_a', { fault: 'http_5xx', times: 1 });
  const env = await run(suite.stack, suite.key, '/v1/mkt_a/listings?q=retry+once');
  expect(env).toMatchObject({ status: 'complete', credits: 1 });
  expect(await suite.stack.services.store.usage(suite.account, 'sandbox')).toMatchObject({ completed30d: 1, pending: 0 });
});
