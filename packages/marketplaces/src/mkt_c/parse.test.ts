/**
 * Parser tests: every captured search answer in ../shared/fixtures/mkt_c with exact values,
 * then hand-made answers for each reading rule.
 */
import {
  BlockedError, CursorRejectedError, findRoute, LayoutChangedError, TransientUpstreamError, validateSearch,
  type Search,
} from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { centsText, itemToRow, parseSoldPage, readItem, readItems, TokenRefusedError } from './parse.ts';

const SITE = 'https://www.mercari.com';
const FIRST = { siteUrl: SITE, continued: false };

function mktCSearch(extra: Array<[string, string]> = [], q = 'ps5'): Search {
  return validateSearch(findRoute('mkt_c/sold')!, [['q', q], ...extra], { cursorSecret: 'test' });
}

function answer(items: unknown[], more: Record<string, unknown> = {}): string {
  return JSON.stringify({ data: { search: { count: 1234, nextKey: 'rw1:abc', itemsList: items, ...more } } });
}

function item(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'm12345678901', name: 'Thing', status: 'sold_out', price: 38900, categoryId: 798,
    photos: [{ imageUrl: 'https://img.example/p.jpg', thumbnail: 'https://img.example/p.jpg&w=200' }],
    seller: { sellerId: 42, id: 42 }, brand: { id: 5058 }, itemCondition: { id: 3, name: 'Good' },
    itemCategoryHierarchy: [{ id: 7 }, { id: 84 }, { id: 798 }],
    ...over,
  };
}

describeWithFixtures('mkt_c', 'mkt_c parser on captured search answers', () => {
  test('search-payload.json: three items read exactly; none is sold out and two are on sale: the sold filter was not applied (upstream_error, never an empty success)', () => {
    const body = readFixture('mkt_c', 'search-payload.json');
    const { items, reportedTotal, nextKey } = readItems(body, { continued: false });
    expect(reportedTotal).toBe(20783);
    expect(nextKey).toBe('rw1:eyJiYWNrZW5kX3N0YXJ0X2tleSI6IiIsIm9mZnNldF9pbl93aW5kb3ciOjEwMCwic2VhcmNoX3BhZ2VfbnVtIjoyfQ==');
    expect(items.map((i) => [i.id, i.title, i.status, i.priceCents, i.conditionId, i.categoryId, i.brandId, i.sellerId])).toEqual([
      ['m71344610988', 'Sony PlayStation 5 PS5 Digital Console with Controller and Power Cable', 'on_sale', 38900, 3, 797, 5058, '865070813'],
      ['m89945662386', 'Sony PlayStation PS5 Disc Drive for Digital Consoles', 'on_sale', 16500, 2, 798, 5937, '149209354'],
      ['m44688360101', 'PlayStation 5 DualSense Wireless Controller 30th Anniversary', 'trading', 14025, 1, 798, 5058, '993368787'],
    ]);
    expect(items[2]!.categoryPath).toEqual([7, 84, 798]);
    expect(items.every((i) => i.soldAtSeconds === null)).toBe(true);

    expect(() => parseSoldPage(body, mktCSearch(), FIRST)).toThrow(LayoutChangedError);
    expect(() => parseSoldPage(body, mktCSearch(), FIRST)).toThrow(/3 items, none sold out \(on sale: 2\): the sold filter was not applied/u);
  });

  test('search-payload.json: the trading item, were it sold out, maps to these exact row fields', () => {
    const { items } = readItems(readFixture('mkt_c', 'search-payload.json'), { continued: false });
    expect(itemToRow(items[2]!, SITE)).toEqual({
      id: 'm44688360101',
      title: 'PlayStation 5 DualSense Wireless Controller 30th Anniversary',
      link: 'https://www.mercari.com/us/item/m44688360101/',
      displayed_price: { amount: 140.25, currency: 'USD' },
      displayed_price_text: '$140.25',
      displayed_shipping: null,
      shipping_text: null,
      sold_date: null,
      sold_date_text: null,
      condition: 'New',
      seller_text: '993368787',
      brand: null,
      size: null,
      image: 'https://u-mercari-images.mercdn.net/photos/m44688360101_1.jpg?1789417744',
      price: null, shipping: null, sold_at: null, took_offer: null,
      status: 'sold',
      seller_id: '993368787',
      condition_id: 1,
      category_id: 798,
      brand_id: 5058,
    });
  });

  test('search-payload-active-filtered.json: two items on sale, no next key', () => {
    const body = readFixture('mkt_c', 'search-payload-active-filtered.json');
    const { items, reportedTotal, nextKey } = readItems(body, { continued: false });
    expect(reportedTotal).toBe(8095);
    expect(nextKey).toBeNull();
    expect(items.map((i) => [i.id, i.title, i.status, i.priceCents, i.conditionId])).toEqual([
      ['m61061097686', 'PS5 Controller EMPTY BOX!', 'on_sale', 665, 3],
      ['m31224133612', 'Sony PlayStation 5 Console Disc Edition with PS5 controller w/ TMR Joysticks', 'on_sale', 44000, 3],
    ]);
    expect(itemToRow(items[0]!, SITE).displayed_price).toEqual({ amount: 6.65, currency: 'USD' });
    expect(() => parseSoldPage(body, mktCSearch(), FIRST)).toThrow(/the sold filter was not applied/u);
  });

  test('search-payload-cards.json and -clothing.json: minimal envelopes read exactly', () => {
    const cards = readItems(readFixture('mkt_c', 'search-payload-cards.json'), { continued: false });
    expect(cards.reportedTotal).toBe(8421);
    expect(cards.items.map((i) => [i.id, i.title, i.status, i.priceCents, i.conditionId, i.categoryId, i.brandId, i.categoryPath])).toEqual([
      ['m80477245182', 'Pokemon Trading Cards Lot', 'on_sale', 4500, 1, 3509, 5074, [1611, 1780, 3509]],
      ['m83211233472', 'Pokemon card lot of 7', 'on_sale', 2600, 2, 3509, 5074, [1611, 1780, 3509]],
    ]);
    const clothing = readItems(readFixture('mkt_c', 'search-payload-clothing.json'), { continued: false });
    expect(clothing.reportedTotal).toBe(5017);
    expect(clothing.items.map((i) => [i.id, i.title, i.status, i.priceCents, i.conditionId, i.categoryId])).toEqual([
      ['m25551005690', "Nike revolution 8- SIZE 6 women's/youth 4.5", 'on_sale', 3990, 1, 1909],
      ['m74693959349', 'Nike Red and Black Sneakers Size Kids 6', 'on_sale', 1710, 2, 397],
    ]);
    // Size is never a row field on mkt_c (interface: brand and size always null).
    expect(itemToRow(clothing.items[0]!, SITE).size).toBeNull();
  });

  test('search-payload-custom-facets.json: one trading item, left out of the sold page', () => {
    const body = readFixture('mkt_c', 'search-payload-custom-facets.json');
    const { items } = readItems(body, { continued: false });
    expect(items.map((i) => [i.id, i.title, i.status, i.priceCents, i.conditionId])).toEqual([['m26134884694', 'Pulse 3D', 'trading', 10172, 1]]);
    const page = parseSoldPage(body, mktCSearch(), FIRST);
    expect([page.pageSize, page.rows.length, page.reportedTotal, page.nextKey]).toEqual([1, 0, 20783, null]);
  });

  test('item-detail answers are not search answers: layout error, never an empty page', () => {
    for (const f of ['item-api-sold-m87013616167.json', 'item-api-active-m45718142917.json']) {
      expect(() => parseSoldPage(readFixture('mkt_c', f), mktCSearch(), FIRST)).toThrow(LayoutChangedError);
    }
  });
});

describe('mkt_c parser rules on hand-made answers', () => {
  test('only sold-out items become rows; page_size counts every item returned', () => {
    const body = answer([item({ id: 'm10000000001', status: 'sold_out' }), item({ id: 'm10000000002', status: 'trading' }), item({ id: 'm10000000003', status: 'on_sale' }), item({ id: 'm10000000004', status: 'sold_out' })]);
    const page = parseSoldPage(body, mktCSearch(), FIRST);
    expect(page.pageSize).toBe(4);
    expect(page.rows.map((r) => r.id)).toEqual(['m10000000001', 'm10000000004']);
    expect(page.rows.every((r) => r.status === 'sold')).toBe(true);
  });

  test('cents become dollars; the text shows two decimals and thousands separators', () => {
    const page = parseSoldPage(answer([item({ price: 123456 }), item({ id: 'm10000000009', price: 5 }), item({ id: 'm10000000010', price: 0 })]), mktCSearch(), FIRST);
    expect(page.rows.map((r) => [r.displayed_price, r.displayed_price_text])).toEqual([
      [{ amount: 1234.56, currency: 'USD' }, '$1,234.56'],
      [{ amount: 0.05, currency: 'USD' }, '$0.05'],
      [{ amount: 0, currency: 'USD' }, '$0.00'],
    ]);
    expect(centsText(38900)).toBe('$389.00');
  });

  test('condition labels follow the interface; an unknown condition id gives null label and id', () => {
    const ids = [1, 2, 3, 4, 5, 9];
    const rows = parseSoldPage(answer(ids.map((c, n) => item({ id: `m1000000010${n}`, itemCondition: { id: c, name: 'x' } }))), mktCSearch(), FIRST).rows;
    expect(rows.map((r) => [r.condition, r.condition_id])).toEqual([['New', 1], ['Like New', 2], ['Good', 3], ['Fair', 4], ['Poor', 5], [null, null]]);
    expect(parseSoldPage(answer([item({ itemCondition: null })]), mktCSearch(), FIRST).rows[0]!.condition).toBeNull();
  });

  test('a reported sold time gives a UTC timestamp and its date; none gives nulls', () => {
    const rows = parseSoldPage(answer([item({ lastSoldAt: 1790504253 }), item({ id: 'm10000000020', lastSoldAt: null }), item({ id: 'm10000000021', lastSoldAt: 0 })]), mktCSearch(), FIRST).rows;
    expect(rows.map((r) => [r.sold_date, r.sold_date_text])).toEqual([['2026-09-27', '2026-09-27T10:17:33Z'], [null, null], [null, null]]);
  });

  test('missing optional parts become null; seller id is kept as a string', () => {
    const row = parseSoldPage(answer([item({ name: '  ', photos: [], brand: null, seller: { id: 77 }, categoryId: undefined, itemCategoryHierarchy: undefined })]), mktCSearch(), FIRST).rows[0]!;
    expect([row.title, row.image, row.brand_id, row.seller_text, row.seller_id, row.category_id]).toEqual([null, null, null, '77', '77', null]);
    expect(parseSoldPage(answer([item({ photos: [{ thumbnail: 'https://t/1.jpg' }] })]), mktCSearch(), FIRST).rows[0]!.image).toBe('https://t/1.jpg');
  });

  test('last page: an empty or absent next key gives null; a present one is passed on verbatim', () => {
    expect(parseSoldPage(answer([item()], { nextKey: '' }), mktCSearch(), FIRST).nextKey).toBeNull();
    expect(parseSoldPage(answer([item()], { nextKey: null }), mktCSearch(), FIRST).nextKey).toBeNull();
    expect(parseSoldPage(answer([item()], { nextKey: undefined }), mktCSearch(), FIRST).nextKey).toBeNull();
    const key = 'rw1:eyJiYWNrZW5kX3N0YXJ0X2tleSI6IiIsIm9mZnNldF9pbl93aW5kb3ciOjIwMCwic2VhcmNoX3BhZ2VfbnVtIjozfQ==';
    expect(parseSoldPage(answer([item()], { nextKey: key }), mktCSearch(), FIRST).nextKey).toBe(key);
  });

  test('an empty result is a real, empty page', () => {
    const page = parseSoldPage(answer([], { count: 0, nextKey: '' }), mktCSearch(), FIRST);
    expect([page.pageSize, page.rows.length, page.reportedTotal, page.nextKey]).toEqual([0, 0, 0, null]);
  });

  test('rows that do not match the filters sent are removed, never passed off as filtered', () => {
    const items = [
      item({ id: 'm10000000031', itemCondition: { id: 3 }, price: 5000, brand: { id: 1 }, categoryId: 798, itemCategoryHierarchy: [{ id: 7 }, { id: 84 }, { id: 798 }] }),
      item({ id: 'm10000000032', itemCondition: { id: 2 }, price: 5000, brand: { id: 1 }, categoryId: 798 }),
      item({ id: 'm10000000033', itemCondition: { id: 3 }, price: 999, brand: { id: 1 }, categoryId: 798 }),
      item({ id: 'm10000000034', itemCondition: { id: 3 }, price: 20001, brand: { id: 1 }, categoryId: 798 }),
      item({ id: 'm10000000035', itemCondition: { id: 3 }, price: 5000, brand: { id: 2 }, categoryId: 798 }),
      item({ id: 'm10000000036', itemCondition: { id: 3 }, price: 5000, brand: { id: 1 }, categoryId: 500, itemCategoryHierarchy: [{ id: 5 }, { id: 500 }] }),
      item({ id: 'm10000000037', itemCondition: { id: 3 }, price: 20000, brand: { id: 1 }, categoryId: 798 }),
    ];
    const search = mktCSearch([['condition', 'good'], ['min_price', '10'], ['max_price', '200'], ['brand_id', '1'], ['category_id', '84']]);
    const page = parseSoldPage(answer(items), search, FIRST);
    expect(page.rows.map((r) => r.id)).toEqual(['m10000000031', 'm10000000037']);
    expect(page.pageSize).toBe(7);
  });

  test('an item without a readable id, status or price makes the page unreadable', () => {
    for (const bad of [item({ id: 12 }), item({ id: 'x1' }), item({ status: 3 }), item({ price: '389.00' }), item({ price: -1 }), 'item']) {
      expect(() => parseSoldPage(answer([bad]), mktCSearch(), FIRST)).toThrow(LayoutChangedError);
    }
    expect(() => readItem(null, 0)).toThrow(LayoutChangedError);
  });

  test('shapes that are not a search answer are layout errors; cut-off JSON is transient', () => {
    for (const body of ['{}', '[]', '"x"', '{"data":null}', '{"data":{"search":{"itemsList":{}}}}', '{"data":{"searchV2":{"results":[]}}}']) {
      expect(() => parseSoldPage(body, mktCSearch(), FIRST)).toThrow(LayoutChangedError);
    }
    const full = answer([item()]);
    expect(() => parseSoldPage(full.slice(0, full.length / 2), mktCSearch(), FIRST)).toThrow(TransientUpstreamError);
  });

  test('HTML where JSON belongs: a challenge is a block, anything else a layout change', () => {
    expect(() => parseSoldPage('<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>', mktCSearch(), FIRST)).toThrow(BlockedError);
    expect(() => parseSoldPage('<html><head><title>Home</title></head><body>Welcome</body></html>', mktCSearch(), FIRST)).toThrow(LayoutChangedError);
  });

  test('GraphQL errors: token refusal, page-key refusal, other errors', () => {
    const err = (message: string, code: string): string => JSON.stringify({ errors: [{ message, extensions: { code } }], data: null });
    expect(() => parseSoldPage(err('Unauthorized', 'UNAUTHENTICATED'), mktCSearch(), FIRST)).toThrow(TokenRefusedError);
    expect(() => parseSoldPage(err('jwt', 'X'), mktCSearch(), FIRST)).not.toThrow(TokenRefusedError);
    expect(() => parseSoldPage(err('Invalid startKey', 'BAD_USER_INPUT'), mktCSearch(), { siteUrl: SITE, continued: true })).toThrow(CursorRejectedError);
    expect(() => parseSoldPage(err('Invalid startKey', 'BAD_USER_INPUT'), mktCSearch(), FIRST)).toThrow(LayoutChangedError);
    expect(() => parseSoldPage(err('Cannot query field "nextKey" on type "SearchResponse".', 'GRAPHQL_VALIDATION_FAILED'), mktCSearch(), { siteUrl: SITE, continued: true })).toThrow(LayoutChangedError);
    const legacy = JSON.stringify({ errors: [{ message: 'not found', extensions: { exception: { code: 'RecordNotFoundException', status: 404 } } }], data: null });
    expect(() => parseSoldPage(legacy, mktCSearch(), FIRST)).toThrow(LayoutChangedError);
  });

  test('TokenRefusedError is a BlockedError, so an unhandled one still fails the job as blocked', () => {
    expect(new TokenRefusedError('x')).toBeInstanceOf(BlockedError);
  });
});
