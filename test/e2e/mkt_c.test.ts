/**
 * mkt_c end to end: sold searches over HTTP through api → queue → worker → the
 * resale app's adapter (session bootstrap, GraphQL search) → its simulator, with a sandbox
 * key. Pages are followed by cursor and compared with the simulator's ground truth (only
 * sold-out items are rows; page_size counts them all); criteria reach the simulator; cursors
 * that are missing, foreign, altered or from another count are refused at the door; a key
 * the marketplace refuses fails the job `rejected`; every fault ends in its code at no cost.
 */
import { mktCGroundTruth, type MktCSimCriteria, type MktCSimItem, type MktCSimulator } from '../../packages/marketplaces/src/mkt_c/simulator.ts';
import { marketplaceSuite } from '../support/suites.ts';
import {
  altered, complete, cursorPayload, expectFailsFree, expectInvalid, expectResult, expectRows, FAULT_OUTCOMES, follow,
  nextPath, repeats, resignedWithToken, type FieldKind, type Result, type Row,
  allRows, ids,
} from './helpers.ts';

const SOLD_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', displayed_price: 'price', displayed_price_text: 'string',
  displayed_shipping: 'null', shipping_text: 'null', sold_date: 'date?', sold_date_text: 'utc?',
  condition: 'one of New|Like New|Good|Fair|Poor?', seller_text: 'string?', brand: 'null', size: 'null', image: 'url?',
  price: 'null', shipping: 'null', sold_at: 'null', took_offer: 'null',
  status: 'one of sold', seller_id: 'string?', condition_id: 'one of 1|2|3|4|5?', category_id: 'integer?', brand_id: 'integer?',
};
const LABELS = ['New', 'Like New', 'Good', 'Fair', 'Poor'];
/** What a sold search sends: sold out + trading, "recently sold" order unless told otherwise. */
const SOLD: MktCSimCriteria = { itemStatuses: [2, 3], sortBy: 5 };

const suite = marketplaceSuite('mkt_c');
const { seen, created } = suite;

const soldOut = (items: readonly MktCSimItem[]): MktCSimItem[] => items.filter((i) => i.status === 'sold_out');

/** The criteria of the search requests the simulator received for a query, in order. */
function criteriaSent(q: string): Array<MktCSimCriteria & Record<string, unknown>> {
  return seen
    .filter((r) => r.path === '/v1/api')
    .map((r) => (JSON.parse(r.body) as { variables: { criteria: MktCSimCriteria & Record<string, unknown> } }).variables.criteria)
    .filter((c) => c.query === q);
}

function expectFromItem(r: Row, i: MktCSimItem): void {
  expect(r.title).toBe(i.name);
  expect(r.link).toBe(`https://www.mercari.com/us/item/${i.id}/`);
  expect(r.displayed_price).toEqual({ amount: i.price / 100, currency: 'USD' });
  expect(r.displayed_price_text).toBe(`$${(i.price / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  expect({ condition: r.condition, condition_id: r.condition_id }).toEqual({ condition: LABELS[i.conditionId - 1], condition_id: i.conditionId });
  expect({ seller_text: r.seller_text, seller_id: r.seller_id }).toEqual({ seller_text: String(i.sellerId), seller_id: String(i.sellerId) });
  expect(r.category_id).toBe(i.path.at(-1)![0]);
  expect(r.brand_id).toBe(i.brand?.[0] ?? null);
}

test('three pages followed by cursor: every sold-out item of the ground truth\'s first 3 × count, none twice, none missing', async () => {
  const pages = await follow(suite.stack, suite.key, '/v1/mkt_c/sold?q=game+console&count=40', 3);
  expect(pages).toHaveLength(3);
  const truth = mktCGroundTruth({ ...SOLD, query: 'game console' });
  expect(truth.length).toBeGreaterThan(120);
  pages.forEach((p, i) => {
    expectResult(p, 'mkt_c', 'game console', i + 1);
    // page_size counts the items before trading ones are left out; the total counts every match.
    expect(p).toMatchObject({ schema_version: 1, page_size: 40, reported_total: truth.length, next_page: i + 2 });
    expect(ids(p.data)).toEqual(ids(soldOut(truth.slice(40 * i, 40 * (i + 1)))));
    expectRows(p.data, SOLD_ROW);
  });
  expect(pages.some((p) => p.count < p.page_size)).toBe(true);
  const rows = allRows(pages);
  expect(repeats(ids(rows))).toEqual([]);
  expect(ids(rows)).toEqual(ids(soldOut(truth.slice(0, 120))));
  const byId = new Map(truth.map((i) => [i.id, i]));
  for (const r of rows) expectFromItem(r, byId.get(r.id)!);
  // Each later page asked with the marketplace's own key from the page before, the rest unchanged.
  const sent = criteriaSent('game console').slice(-3);
  expect(sent.map((c) => c.startKey ?? null)).toEqual([null, ...pages.slice(0, 2).map((p) => cursorPayload(p.next_cursor!).t)]);
  const rest = sent.map(({ startKey: _s, ...other }) => other);
  expect(rest).toHaveLength(3);
  expect(rest).toEqual([rest[0], rest[0], rest[0]]);
});

test('filters and sort reach the marketplace\'s criteria; a filtered search followed to its end is the ground truth', async () => {
  // The brand most of the matching sandbox listings carry (the simulator's brands fit the keywords);
  // 1780 is Trading Cards, the second level of the captured card listings' category path.
  const matching = mktCGroundTruth({ query: 'trading card', itemStatuses: [2, 3], itemConditions: [3], minPrice: 1000, maxPrice: 30000, categoryIds: [1780] });
  const counts = new Map<number, number>();
  for (const i of matching) if (i.brand) counts.set(i.brand[0], (counts.get(i.brand[0]) ?? 0) + 1);
  const brandId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const path = `/v1/mkt_c/sold?q=trading+card&condition=good&min_price=10&max_price=300&sort=price_asc&brand_id=${brandId}&category_id=1780&count=25`;
  const pages = await follow(suite.stack, suite.key, path);
  const sent = criteriaSent('trading card');
  expect(sent[0]).toMatchObject({
    query: 'trading card', itemStatuses: [2, 3], itemConditions: [3], minPrice: 1000, maxPrice: 30000, sortBy: 3, brandIds: [brandId], categoryIds: [1780], length: 25,
  });
  const truth = mktCGroundTruth({ ...sent[0]!, startKey: '' });
  expect(pages).toHaveLength(Math.ceil(truth.length / 25));
  expect(pages.at(-1)).toMatchObject({ next_page: null, next_cursor: null });
  const rows = allRows(pages);
  expect(ids(rows)).toEqual(ids(soldOut(truth)));
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) {
    expect(r).toMatchObject({ condition: 'Good', condition_id: 3, brand_id: brandId });
    const amount = (r.displayed_price as { amount: number }).amount;
    expect(amount >= 10 && amount <= 300).toBe(true);
  }
  const prices = rows.map((r) => (r.displayed_price as { amount: number }).amount);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

describe('cursors', () => {
  let first: Result;
  const path = '/v1/mkt_c/sold?q=phone+case&count=30';
  beforeAll(async () => {
    const { key: k } = await suite.stack.newKey();
    first = await complete(suite.stack, k, path);
  });

  test('page 2 without a cursor → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2`, 'cursor');
  });

  test('a cursor from another search, or with other filters, sort or count → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_c/sold?q=phone+charger&count=30', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_c/sold?q=phone+case&count=50', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_c/sold?q=phone+case', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath(`${path}&sort=newest`, first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath(`${path}&condition=new`, first), 'cursor');
  });

  test('an altered cursor → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=${encodeURIComponent(altered(first.next_cursor!))}`, 'cursor');
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=not-a-cursor`, 'cursor');
  });

  test('a page key the marketplace refuses fails the job `rejected` at no cost', async () => {
    const forged = resignedWithToken(suite.stack, first.next_cursor!, 'rw2:unknown-key');
    await expectFailsFree(suite.stack, suite.account, suite.key, `${path}&page=2&cursor=${encodeURIComponent(forged)}`, 'rejected');
  });
});

describe('session tokens', () => {
  const sim = (): MktCSimulator => created[0] as MktCSimulator;
  afterEach(() => {
    sim().setTokenTtlSeconds(7 * 86400);
  });

  test('an expired token is renewed once and the search completes', async () => {
    await complete(suite.stack, suite.key, '/v1/mkt_c/sold?q=token+warmup');
    const issued = sim().sessionsIssued();
    sim().expireTokens();
    const result = await complete(suite.stack, suite.key, '/v1/mkt_c/sold?q=token+expired');
    expect(result.data.length).toBeGreaterThan(0);
    expect(sim().sessionsIssued()).toBe(issued + 1);
  });

  test('a renewed token refused too fails the job upstream_blocked at no cost, without a loop', async () => {
    await complete(suite.stack, suite.key, '/v1/mkt_c/sold?q=token+warmup+two');
    sim().setTokenTtlSeconds(-60);
    sim().expireTokens();
    const issued = sim().sessionsIssued();
    await expectFailsFree(suite.stack, suite.account, suite.key, '/v1/mkt_c/sold?q=token+refused', 'upstream_blocked');
    // One renewal per attempt (JOB_ATTEMPTS 2), never more.
    expect(sim().sessionsIssued() - issued).toBeLessThanOrEqual(2);
    expect(sim().sessionsIssued() - issued).toBeGreaterThanOrEqual(1);
  });
});

test('max_price=0 cannot be expressed to the marketplace → 422 before any job', async () => {
  await expectInvalid(suite.stack, suite.key, '/v1/mkt_c/sold?q=lamp&max_price=0', 'max_price');
});

test.each(FAULT_OUTCOMES)('fault %s → failed %s, 0 credits, usage unchanged', async (fault, code) => {
  suite.stack.sim.setFaults('mkt_c', { fault });
  await expectFailsFree(suite.stack, suite.account, suite.key, `/v1/mkt_c/sold?q=fault+${fault}`, code);
});
