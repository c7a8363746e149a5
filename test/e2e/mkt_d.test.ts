/**
 * mkt_d end to end: active listings over HTTP through api → queue → worker → the
 * fashion marketplace's adapter → its simulator, with a sandbox key. A search followed by
 * cursor to its end is compared with the simulator's own unpaged answer; the marketplace's
 * continuation reaches it on each page; cursors that are missing, foreign or altered are
 * refused at the door; a cursor the marketplace refuses fails the job `rejected` at no cost;
 * every fault ends in its documented code at no cost.
 */
import { marketplaceSuite } from '../support/suites.ts';
import {
  altered, complete, cursorPayload, expectFailsFree, expectInvalid, expectResult, expectRows, FAULT_OUTCOMES, follow,
  nextPath, repeats, resignedWithToken, type FieldKind, type Result,
  allRows, ids,
} from './helpers.ts';

const LISTING_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string?', link: 'url', displayed_price: 'price', displayed_price_text: 'string', price_includes: 'strings',
  displayed_shipping: 'null', shipping_text: 'null', condition: 'one of brand_new|used_like_new|used_excellent|used_good|used_fair?',
  seller_text: 'null', brand: 'string?', size: 'string?', image: 'url?', status: 'one of active', promoted: 'boolean?',
  format: 'one of fixed_price', listed_at: 'null', bid_count: 'null', ends_at: 'null', best_offer: 'null', location_text: 'string?',
};
const SEARCH_PATH = '/presentation/api/v1/search/products/';

const suite = marketplaceSuite('mkt_d');
const { seen } = suite;


interface Product {
  id: number;
  status: string;
  is_boosted: boolean;
  description: string;
  pricing: { currency?: string; currency_name?: string };
}

/**
 * The simulator's whole answer for a search in one unpaged request (limit 100), asked
 * directly: the order every page of a paged search must reproduce.
 */
async function unpaged(what: string): Promise<{ total: number; products: Product[] }> {
  const url = `${suite.stack.sim.url}/mkt_d${SEARCH_PATH}?${new URLSearchParams({ what, limit: '100', country: 'us', currency: 'USD' }).toString()}`;
  const r = await fetch(url, { headers: { 'depop-device-id': 'e2e', 'depop-session-id': 'e2e', 'depop-search-id': 'e2e' } });
  const body = (await r.json()) as { meta: { total_count: number }; page_info: { has_more: boolean }; objects: Product[] };
  expect(body.page_info.has_more).toBe(false);
  return { total: body.meta.total_count, products: body.objects };
}

test('a search followed by cursor to its end is the simulator\'s unpaged answer: same order, USD on-sale listings only', async () => {
  const path = '/v1/mkt_d/listings?q=mesh+top&count=12';
  const pages = await follow(suite.stack, suite.key, path);
  const truth = await unpaged('mesh top');
  expect(pages.length).toBeGreaterThanOrEqual(4);
  pages.forEach((p, i) => {
    expectResult(p, 'mkt_d', 'mesh top', i + 1);
    expect(p.schema_version).toBe(1);
    expect(p.page_size).toBeLessThanOrEqual(12);
    expectRows(p.data, LISTING_ROW);
    for (const r of p.data) expect((r.price_includes as string[]).every((x) => ['buyer_fee', 'shipping_price', 'tax'].includes(x))).toBe(true);
  });
  // The total is reported on page 1 only; each later page is reached with the previous page's own `after`.
  expect(pages[0]!.reported_total).toBe(truth.total);
  expect(pages.slice(1).every((p) => p.reported_total === null)).toBe(true);
  expect(pages.at(-1)).toMatchObject({ next_page: null, next_cursor: null });
  const asked = seen.filter((r) => r.path === SEARCH_PATH && r.query.get('what') === 'mesh top' && r.headers['depop-device-id'] !== 'e2e');
  expect(asked.map((r) => r.query.get('limit'))).toEqual(pages.map(() => '12'));
  expect(asked.map((r) => r.query.get('after'))).toEqual([null, ...pages.slice(0, -1).map((p) => cursorPayload(p.next_cursor!).t)]);

  // Every source listing once, in order, boosted ones first on page 1 and again in their place;
  // listings in another currency or no longer on sale are dropped, never converted.
  const kept = truth.products.filter((p) => p.status === 'ONSALE' && (p.pricing.currency ?? p.pricing.currency_name) === 'USD');
  expect(kept.length).toBeLessThan(truth.products.length);
  expect(ids(allRows(pages))).toEqual(kept.map((p) => String(p.id)));
  expect(pages.reduce((n, p) => n + p.page_size, 0)).toBe(truth.products.length);
  const twice = repeats(ids(allRows(pages)));
  expect(twice.length).toBeGreaterThan(0);
  expect(allRows(pages).filter((r) => twice.includes(r.id)).every((r) => r.promoted === true)).toBe(true);
  const byId = new Map(truth.products.map((p) => [String(p.id), p]));
  for (const r of allRows(pages)) expect(r.title).toBe(byId.get(r.id)!.description.slice(0, 2000));
});

test('filters reach the marketplace\'s request; every row honours the condition', async () => {
  const result = await complete(suite.stack, suite.key, '/v1/mkt_d/listings?q=knit+vest&condition=used_good&min_price=10&max_price=120&count=30');
  const req = seen.filter((r) => r.path === SEARCH_PATH && r.query.get('what') === 'knit vest').at(-1)!;
  expect(Object.fromEntries(req.query)).toMatchObject({ what: 'knit vest', limit: '30', conditions: 'used_good', price_min: '10', price_max: '120', country: 'us', currency: 'USD' });
  expect(result.data.length).toBeGreaterThan(0);
  expect(result.data.every((r) => r.condition === 'used_good')).toBe(true);
});

describe('cursors', () => {
  let first: Result;
  const path = '/v1/mkt_d/listings?q=cargo+shorts&count=20';
  beforeAll(async () => {
    const { key: k } = await suite.stack.newKey();
    first = await complete(suite.stack, k, path);
    expect(first.next_page).toBe(2);
  });

  test('page 2 without a cursor, with a foreign one, or an altered one → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2`, 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_d/listings?q=cargo+pants&count=20', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_d/listings?q=cargo+shorts&count=24', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=${encodeURIComponent(altered(first.next_cursor!))}`, 'cursor');
  });

  test('a cursor the marketplace refuses fails the job `rejected` at no cost', async () => {
    // The core signed it for this search, but the marketplace no longer honours the continuation inside: it answers 400.
    const refused = resignedWithToken(suite.stack, first.next_cursor!, 'MnwyMHwxNzkwODU4Nzc2.EXPIRED');
    await expectFailsFree(suite.stack, suite.account, suite.key, `${path}&page=2&cursor=${encodeURIComponent(refused)}`, 'rejected');
    const sent = seen.filter((r) => r.path === SEARCH_PATH && r.query.get('after') === 'MnwyMHwxNzkwODU4Nzc2.EXPIRED');
    expect(sent).toHaveLength(1);
  });

  test('the same page with the genuine cursor still completes', async () => {
    const second = await complete(suite.stack, suite.key, nextPath(path, first));
    expect(second.page).toBe(2);
    expect(second.data.length).toBeGreaterThan(0);
  });
});

test.each(FAULT_OUTCOMES)('fault %s → failed %s, 0 credits, usage unchanged', async (fault, code) => {
  suite.stack.sim.setFaults('mkt_d', { fault });
  await expectFailsFree(suite.stack, suite.account, suite.key, `/v1/mkt_d/listings?q=fault+${fault}`, code);
});
