import { LayoutChangedError, TransientUpstreamError } from '@listings/contract';
import { isOnSale, parseSearchPage, pictureUrl, priceIncludes, readPricing } from './parse.ts';

// No capture of the current search API was found (design notes 2.3): these answers are built
// from the two dated live write-ups of its shape, one rule per test.

let n = 0;
function product(extra: Record<string, unknown> = {}): Record<string, unknown> {
  n++;
  return {
    id: 400000000 + n,
    slug: `seller${n}-vintage-levis-501-${n}`,
    description: 'Vintage Levi\'s 501, light wash',
    status: 'ONSALE',
    brand_name: 'Levi\'s',
    location: 'Brooklyn, United States',
    attributes: { condition: 'used_excellent', gender: 'male', group: 'jeans' },
    sizes: [{ id: 1, name: 'W32 L32', quantity: 1, status: 'STATUS_ONSALE' }],
    preview: { id: 9, formats: { P0: { url: 'https://media-photos.depop.com/b1/p0.jpg', width: 1280, height: 1280 }, P1: { url: 'https://media-photos.depop.com/b1/p1.jpg', width: 150, height: 150 }, P5: { url: 'https://media-photos.depop.com/b1/p5.jpg', width: 640, height: 640 } } },
    is_boosted: false,
    pricing: { currency: 'USD', current_price: { total_price: '40.00', price_breakdown: { price: { amount: '40.00' }, shipping: { amount: '5.99' } } }, is_reduced: false, final_price_key: 'current_price' },
    ...extra,
  };
}

function page(objects: unknown[], meta: unknown = { total_count: 1234 }, pageInfo: unknown = { has_more: true, last: 'MnwyNHwxNzkwODU4Nzc0.BOOSTED_EXHAUSTED.0' }): string {
  return JSON.stringify({ meta, page_info: pageInfo, objects });
}

describe('mkt_d parser: rows', () => {
  test('maps a product field by field', () => {
    const p = product({ id: 412345678, slug: 'janedoe-vintage-levis-501' });
    const got = parseSearchPage(page([p]));
    expect(got.rows[0]).toEqual({
      id: '412345678',
      title: 'Vintage Levi\'s 501, light wash',
      link: 'https://www.depop.com/products/janedoe-vintage-levis-501/',
      displayed_price: { amount: 40, currency: 'USD' },
      displayed_price_text: '$40.00',
      price_includes: [],
      displayed_shipping: null,
      shipping_text: null,
      condition: 'used_excellent',
      seller_text: null,
      brand: 'Levi\'s',
      size: 'W32 L32',
      image: 'https://media-photos.depop.com/b1/p5.jpg',
      status: 'active',
      promoted: false,
      format: 'fixed_price',
      listed_at: null,
      bid_count: null,
      ends_at: null,
      best_offer: null,
      location_text: 'Brooklyn, United States',
    });
    expect(got).toMatchObject({ pageSize: 1, total: 1234, hasMore: true, last: 'MnwyNHwxNzkwODU4Nzc0.BOOSTED_EXHAUSTED.0' });
  });

  test('title is the description, cut at 2,000 characters; no description → null', () => {
    const got = parseSearchPage(page([product({ description: 'a'.repeat(2600) }), product({ description: '' }), product({ description: undefined })]));
    expect((got.rows[0]!.title as string).length).toBe(2000);
    expect(got.rows[1]!.title).toBeNull();
    expect(got.rows[2]!.title).toBeNull();
  });

  test('non-USD listings are dropped, not converted; page_size counts them', () => {
    const gbp = product({ pricing: { currency: 'GBP', current_price: { total_price: '30.00' }, final_price_key: 'current_price' } });
    const eur = product({ pricing: { currency_name: 'EUR', original_price: { total_price: '30.00' }, final_price_key: 'original_price' } });
    const got = parseSearchPage(page([gbp, product(), eur]));
    expect(got).toMatchObject({ pageSize: 3, droppedCurrency: 2 });
    expect(got.rows).toHaveLength(1);
  });

  test('listings not on sale are dropped', () => {
    const got = parseSearchPage(page([
      product({ status: 'SOLD' }), product({ active_status: false }), product({ status: 'MARKED_AS_SOLD' }), product({ sold: true }),
      product({ status: 'STATUS_ONSALE' }), product({ status: undefined }), product({ active_status: 'ACTIVE' }),
    ]));
    expect(got).toMatchObject({ pageSize: 7, droppedInactive: 4 });
    expect(got.rows.map((r) => r.status)).toEqual(['active', 'active', 'active']);
  });

  test('brand "Other" means unbranded; the attribute brand is a fallback', () => {
    const got = parseSearchPage(page([product({ brand_name: 'Other' }), product({ brand_name: undefined, attributes: { brand: 'Carhartt', condition: 'brand_new' } })]));
    expect(got.rows.map((r) => r.brand)).toEqual([null, 'Carhartt']);
    expect(got.rows[1]!.condition).toBe('brand_new');
  });

  test('sizes still on sale, joined; sold-out sizes left out', () => {
    const got = parseSearchPage(page([product({ sizes: [{ name: 'S', quantity: 1, status: 'STATUS_ONSALE' }, { name: 'M', quantity: 0, status: 'STATUS_ONSALE' }, { name: 'L', quantity: 1, status: 'STATUS_SOLD' }, { name: 'XL', quantity: 2 }] }), product({ sizes: [] })]));
    expect(got.rows.map((r) => r.size)).toEqual(['S, XL', null]);
  });

  test('a condition that is not one of our codes is null; boosted is promoted; no flag → null', () => {
    const got = parseSearchPage(page([product({ attributes: { condition: 'mint' } }), product({ is_boosted: true }), product({ is_boosted: undefined })]));
    expect(got.rows.map((r) => [r.condition, r.promoted])).toEqual([[null, false], ['used_excellent', true], ['used_excellent', null]]);
  });

  test('image: the widest format up to 640 px, else the first picture', () => {
    expect(pictureUrl({ formats: { P0: { url: 'big', width: 1280 }, P2: { url: 'small', width: 210 }, P4: { url: 'mid', width: 480 } } })).toBe('mid');
    expect(pictureUrl({ formats: { P0: { url: 'only', width: 1280 } } })).toBe('only');
    const got = parseSearchPage(page([product({ preview: undefined, pictures: [{ formats: { P1: { url: 'pic', width: 150 } } }] }), product({ preview: undefined })]));
    expect(got.rows.map((r) => r.image)).toEqual(['pic', null]);
  });
});

describe('mkt_d parser: the two pricing shapes and what the headline includes', () => {
  test('shape A (2026-07): current price with a breakdown; shipping listed but not in the headline', () => {
    expect(readPricing({ currency: 'USD', current_price: { total_price: '13.00', price_breakdown: { price: { amount: '13.00' }, shipping: { amount: '3.99' } } }, original_price: { total_price: '15.00' }, is_reduced: true, final_price_key: 'current_price' }))
      .toEqual({ amountCents: 1300, currency: 'USD', includes: [] });
  });

  test('shape B (2026-06): currency_name and a discounted price without breakdown', () => {
    expect(readPricing({ currency_name: 'USD', final_price_key: 'discounted_price', original_price: { total_price: '10.00' }, discounted_price: { total_price: '7.00' }, discount_percentage: 30, is_reduced: true }))
      .toEqual({ amountCents: 700, currency: 'USD', includes: [] });
    expect(readPricing({ currency_name: 'USD', final_price_key: 'original_price', original_price: { total_price: '10.00' } })?.amountCents).toBe(1000);
  });

  test.each([
    ['buyer fee', { price: { amount: '13.00' }, buyer_fee: { amount: '1.95' }, shipping: { amount: '3.99' } }, '14.95', ['buyer_fee']],
    ['shipping', { price: { amount: '13.00' }, shipping: { amount: '3.99' } }, '16.99', ['shipping_price']],
    ['fee and shipping', { price: { amount: '13.00' }, buyer_fee: { amount: '1.95' }, shipping: { amount: '3.99' } }, '18.94', ['buyer_fee', 'shipping_price']],
    ['fee, shipping and tax', { price: { amount: '20.00' }, buyer_protection_fee: { amount: '1.30' }, shipping_price: { amount: '4.00' }, sales_tax: { amount: '1.60' } }, '26.90', ['buyer_fee', 'shipping_price', 'tax']],
    ['nothing (free shipping listed)', { price: { amount: '13.00' }, shipping: { amount: '0.00' } }, '13.00', []],
    ['parts as bare strings', { price: '13.00', tax: '1.04' }, '14.04', ['tax']],
    ['more than the parts explain', { price: { amount: '13.00' }, buyer_fee: { amount: '1.00' }, shipping: { amount: '4.00' } }, '20.00', ['buyer_fee', 'shipping_price']],
  ])('headline including %s', (_name, breakdown, total, includes) => {
    const entry = { total_price: total, price_breakdown: breakdown };
    expect(priceIncludes(entry)).toEqual(includes);
    expect(readPricing({ currency: 'USD', current_price: entry, final_price_key: 'current_price' })).toEqual({ amountCents: Math.round(Number(total) * 100), currency: 'USD', includes });
  });

  test('the headline is the total shown, not the item price', () => {
    const got = parseSearchPage(page([product({ pricing: { currency: 'USD', current_price: { total_price: '14.95', price_breakdown: { price: { amount: '13.00' }, buyer_fee: { amount: '1.95' } } }, final_price_key: 'current_price' } })]));
    expect(got.rows[0]).toMatchObject({ displayed_price: { amount: 14.95, currency: 'USD' }, displayed_price_text: '$14.95', price_includes: ['buyer_fee'], displayed_shipping: null });
  });

  test('fallbacks: no final_price_key → current price; no total → the breakdown\'s item price', () => {
    expect(readPricing({ currency: 'USD', current_price: { total_price: '9.50' } })?.amountCents).toBe(950);
    expect(readPricing({ currency: 'USD', current_price: { price_breakdown: { price: { amount: '9.50' } } }, final_price_key: 'current_price' })?.amountCents).toBe(950);
  });

  test.each([
    [null], [{}], [{ currency: 'USD' }], [{ current_price: { total_price: '1.00' } }],
    [{ currency: 'USD', current_price: { total_price: 'free' } }], [{ currency: 'USD', current_price: { total_price: '-3.00' } }],
  ])('unreadable pricing %j → null', (p) => {
    expect(readPricing(p)).toBeNull();
  });

  test('on-sale reading', () => {
    expect(isOnSale({})).toBe(true);
    expect(isOnSale({ status: 'ONSALE', active_status: 'STATUS_ONSALE' })).toBe(true);
    expect(isOnSale({ status: 'ONSALE', active_status: 'INACTIVE' })).toBe(false);
    expect(isOnSale({ status: 7 })).toBe(false);
  });
});

describe('mkt_d parser: paging facts and answers that are not pages', () => {
  test('total only where reported; no cursor means no more pages', () => {
    expect(parseSearchPage(page([product()], {})).total).toBeNull();
    expect(parseSearchPage(page([product()], { total_count: null })).total).toBeNull();
    expect(parseSearchPage(page([product()], undefined, { has_more: false })).hasMore).toBe(false);
    expect(parseSearchPage(page([product()], undefined, { has_more: true })).hasMore).toBe(false);
  });

  test('an empty page is a page', () => {
    expect(parseSearchPage(page([], { total_count: 0 }, { has_more: false }))).toMatchObject({ rows: [], pageSize: 0, total: 0, hasMore: false });
  });

  test('unreadable products are skipped; a page of nothing but unreadable products is a changed layout', () => {
    const got = parseSearchPage(page([product(), { id: 5 }, 'x']));
    expect(got).toMatchObject({ pageSize: 3, unreadable: 2 });
    expect(() => parseSearchPage(page([{ id: 5 }, { slug: 'a' }]))).toThrow(LayoutChangedError);
  });

  test('the retired endpoint\'s answer, the retired v2 shape and other JSON are changed layouts', () => {
    expect(() => parseSearchPage('{"code":9001,"message":"Deprecated endpoint"}')).toThrow(/Deprecated endpoint/u);
    expect(() => parseSearchPage('{"meta":{"cursor":"x","hasMore":true},"products":[{"id":1}]}')).toThrow(LayoutChangedError);
    expect(() => parseSearchPage('[]')).toThrow(LayoutChangedError);
  });

  test('a truncated answer is transient', () => {
    expect(() => parseSearchPage(page([product()]).slice(0, 80))).toThrow(TransientUpstreamError);
  });
});
