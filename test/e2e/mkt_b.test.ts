/**
 * mkt_b end to end: sold and listings searches over HTTP through api → queue →
 * worker → the resale marketplace's adapter → its simulator, with a sandbox key. Pages are
 * followed by cursor and compared with the simulator's ground truth; cursors that are
 * missing, foreign or altered are refused at the door; a token the marketplace refuses fails
 * the job `rejected`; every fault ends in its documented code at no cost.
 */
import { mktBGroundTruth, type MktBSimPost, type MktBSimQuery } from '../../packages/marketplaces/src/mkt_b/simulator.ts';
import { marketplaceSuite } from '../support/suites.ts';
import {
  altered, complete, cursorPayload, expectFailsFree, expectInvalid, expectResult, expectRows, FAULT_OUTCOMES, follow,
  nextPath, repeats, resignedWithToken, type FieldKind, type Result, type Row,
  allRows, ids,
} from './helpers.ts';

const PAGE = 48;
const SOLD_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', displayed_price: 'price?', displayed_price_text: 'string?',
  displayed_shipping: 'null', shipping_text: 'null', sold_date: 'date?', sold_date_text: 'iso?', condition: 'one of nwt|uln|ug|uf?',
  seller_text: 'string?', brand: 'string?', size: 'string?', image: 'url?', price: 'null', shipping: 'null', sold_at: 'null', took_offer: 'null',
};
// The listings row docs/marketplaces/mkt_b.md defines (the interface does not show one).
const LISTING_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', promoted: 'null', format: 'one of fixed_price',
  displayed_price: 'price?', displayed_price_text: 'string?', displayed_shipping: 'null', shipping_text: 'null',
  condition: 'one of nwt|uln|ug|uf?', brand: 'string?', size: 'string?', listed_at: 'utc?', bid_count: 'null', ends_at: 'null',
  best_offer: 'null', seller_text: 'string?', location_text: 'null', image: 'url?',
};
const CODES = ['nwt', 'uln', 'ug', 'uf'];

const suite = marketplaceSuite('mkt_b');
const { seen } = suite;


/** A row read from a simulator post: the fields the post decides. */
function expectFromPost(r: Row, p: MktBSimPost): void {
  expect(r.title).toBe(p.title);
  expect(r.displayed_price).toEqual({ amount: p.price, currency: 'USD' });
  expect(r.condition).toBe(p.condition !== undefined && CODES.includes(p.condition) ? p.condition : null);
  expect(r.seller_text).toBe(p.seller);
  expect(r.brand).toBe(p.brand === '' ? null : p.brand);
  expect(r.size).toBe(p.size);
  expect(r.link).toBe(`https://poshmark.com/listing/${String(r.link).split('/listing/')[1]}`);
  expect(String(r.link).endsWith(`-${p.id}`)).toBe(true);
}

test('sold: three pages followed by cursor are the ground truth\'s first 144 sold listings, none twice, none missing', async () => {
  const pages = await follow(suite.stack, suite.key, '/v1/mkt_b/sold?q=denim+jacket', 3);
  expect(pages).toHaveLength(3);
  const truth = mktBGroundTruth({ query: 'denim jacket', availability: 'sold_out', sort: 'added_desc' });
  expect(truth.length).toBeGreaterThan(3 * PAGE);
  pages.forEach((p, i) => {
    expectResult(p, 'mkt_b', 'denim jacket', i + 1);
    expect(p).toMatchObject({ schema_version: 1, page_size: PAGE, count: PAGE, reported_total: truth.length, next_page: i + 2 });
    expect(typeof p.next_cursor).toBe('string');
    expectRows(p.data, SOLD_ROW);
  });
  const rows = allRows(pages);
  expect(repeats(ids(rows))).toEqual([]);
  expect(ids(rows)).toEqual(ids(truth.slice(0, 3 * PAGE)));
  const byId = new Map(truth.map((p) => [p.id, p]));
  for (const r of rows) {
    expectFromPost(r, byId.get(r.id)!);
    // The status-change time with the marketplace's offset; sold_date is its date in that offset.
    expect(r.sold_date_text).toMatch(/-07:00$/u);
    expect(r.sold_date).toBe((r.sold_date_text as string).slice(0, 10));
  }
  // Each page after the first continued from the marketplace's own token.
  const asked = seen.filter((r) => r.path === '/search' && r.query.get('query') === 'denim jacket').slice(-3);
  expect(asked.map((r) => r.query.get('availability'))).toEqual(['sold_out', 'sold_out', 'sold_out']);
  expect(asked[0]!.query.get('max_id')).toBeNull();
  expect(asked.slice(1).map((r) => r.query.get('max_id'))).toEqual(pages.slice(0, 2).map((p) => cursorPayload(p.next_cursor!).t));
});

test('listings: three pages followed by cursor are the ground truth\'s first 144 available listings', async () => {
  const pages = await follow(suite.stack, suite.key, '/v1/mkt_b/listings?q=silk+scarf', 3);
  expect(pages).toHaveLength(3);
  const truth = mktBGroundTruth({ query: 'silk scarf', availability: 'available', sort: 'relevance' });
  pages.forEach((p, i) => {
    expectResult(p, 'mkt_b', 'silk scarf', i + 1);
    expect(p).toMatchObject({ schema_version: 1, page_size: PAGE, count: PAGE, reported_total: truth.length });
    expectRows(p.data, LISTING_ROW);
  });
  const rows = allRows(pages);
  expect(repeats(ids(rows))).toEqual([]);
  expect(ids(rows)).toEqual(ids(truth.slice(0, 3 * PAGE)));
  const byId = new Map(truth.map((p) => [p.id, p]));
  for (const r of rows) {
    const p = byId.get(r.id)!;
    expectFromPost(r, p);
    // The simulator publishes a listing a minute after creating it; listed_at is that time in UTC.
    expect(r.listed_at).toBe(new Date((p.created + 60) * 1000).toISOString().replace('.000Z', 'Z'));
  }
});

test('listings filters reach the marketplace; a filtered search followed to its end is exactly the ground truth', async () => {
  const path = '/v1/mkt_b/listings?q=leather+boots&condition=nwt&min_price=20&max_price=250&sort=price_asc';
  const pages = await follow(suite.stack, suite.key, path);
  const req = seen.filter((r) => r.path === '/search' && r.query.get('query') === 'leather boots').at(-1)!;
  expect(Object.fromEntries(req.query)).toMatchObject({ availability: 'available', condition: 'nwt', 'price[]': '20-250', sort_by: 'price_asc' });
  const q: MktBSimQuery = { query: 'leather boots', availability: 'available', condition: 'nwt', min: 20, max: 250, sort: 'price_asc' };
  const truth = mktBGroundTruth(q);
  expect(truth.length).toBeGreaterThan(0);
  expect(pages).toHaveLength(Math.ceil(truth.length / PAGE));
  expect(pages.at(-1)).toMatchObject({ next_page: null, next_cursor: null });
  expect(ids(allRows(pages))).toEqual(ids(truth));
  const prices = allRows(pages).map((r) => (r.displayed_price as { amount: number }).amount);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices.every((p) => p >= 20 && p <= 250)).toBe(true);
  expect(allRows(pages).every((r) => r.condition === 'nwt')).toBe(true);
});

describe('cursors', () => {
  let first: Result;
  const path = '/v1/mkt_b/sold?q=wool+coat';
  beforeAll(async () => {
    const { key: k } = await suite.stack.newKey();
    first = await complete(suite.stack, k, path);
  });

  test('page 2 without a cursor → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2`, 'cursor');
  });

  test('a cursor from another search → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_b/sold?q=wool+scarf', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath(`${path}&condition=nwt`, first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_b/listings?q=wool+coat', first), 'cursor');
  });

  test('an altered cursor → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=${encodeURIComponent(altered(first.next_cursor!))}`, 'cursor');
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=${encodeURIComponent(`${first.next_cursor!}x`)}`, 'cursor');
  });

  test('a cursor sent on page 1, or with another page number → 422', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&cursor=${encodeURIComponent(first.next_cursor!)}`, 'cursor');
    await expectInvalid(suite.stack, suite.key, `${path}&page=3&cursor=${encodeURIComponent(first.next_cursor!)}`, 'page');
  });

  test('a page token the marketplace refuses fails the job `rejected` at no cost', async () => {
    const other = await complete(suite.stack, suite.key, '/v1/mkt_b/sold?q=wool+hat');
    // The token of another search, inside a cursor the core signed for this one: the marketplace answers 400.
    const forged = resignedWithToken(suite.stack, first.next_cursor!, cursorPayload(other.next_cursor!).t);
    await expectFailsFree(suite.stack, suite.account, suite.key, `${path}&page=2&cursor=${encodeURIComponent(forged)}`, 'rejected');
  });
});

test('a list of conditions → 422 (param condition); ending_soon on listings → 422 (param sort)', async () => {
  await expectInvalid(suite.stack, suite.key, '/v1/mkt_b/sold?q=dress&condition=nwt,uln', 'condition');
  await expectInvalid(suite.stack, suite.key, '/v1/mkt_b/listings?q=dress&condition=nwt,uln', 'condition');
  await expectInvalid(suite.stack, suite.key, '/v1/mkt_b/listings?q=dress&sort=ending_soon', 'sort');
  await expectInvalid(suite.stack, suite.key, '/v1/mkt_b/sold?q=dress&sort=newest', 'sort');
  expect(await suite.stack.services.store.usage(suite.account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
});

test.each(FAULT_OUTCOMES)('fault %s → failed %s, 0 credits, usage unchanged', async (fault, code) => {
  suite.stack.sim.setFaults('mkt_b', { fault });
  await expectFailsFree(suite.stack, suite.account, suite.key, `/v1/mkt_b/sold?q=fault+${fault}`, code);
});
