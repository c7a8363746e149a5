/**
 * @module examples
 * One example result per search route for the OpenAPI description (each row is made up in the
 * shape the route returns; a test checks every example against its route's schema). Each
 * example's one row is judged `item`, and its `comps` block is worked by hand from that row:
 * one amount is its own median, hinges, low and high; fewer than 5 amounts have no interval.
 */
import type { RouteId } from './routes.ts';

const NOTES = 'One source page as the marketplace showed it; displayed prices are asks or headline amounts, not verified transaction prices.';

const ITEM = { comp_kind: 'item', comp_reasons: [] };

/** The figures of one amount (or none). */
function figures(v: number | null): Record<string, unknown> {
  return { count: v === null ? 0 : 1, median: v, p25: v, p75: v, low: v, high: v, median_ci90: null };
}

/** The comps block of a page of one item row: its price, and its price plus shipping when the shipping is known. */
function comps(price: number, withShipping: number | null): Record<string, unknown> {
  return { basis: 'item', currency: 'USD', price: figures(price), price_with_shipping: figures(withShipping), kinds: { item: 1, accessory: 0, lot: 0, parts: 0, other: 0 } };
}

function result(route: RouteId, extra: Record<string, unknown>, data: Array<Record<string, unknown>>, block: Record<string, unknown>): Record<string, unknown> {
  const [provider] = route.split('/');
  return {
    provider, country: 'us', query: extra.query ?? 'iphone 13', page: 1, page_size: extra.page_size ?? 40, count: data.length,
    reported_total: extra.reported_total === undefined ? 177 : extra.reported_total, next_page: 2,
    next_cursor: extra.next_cursor === undefined ? 'eyJ2IjoxLCJwIjoyfQ.c2lnbmF0dXJl' : extra.next_cursor,
    collected_at: '2026-11-21T23:49:43.091Z', schema_version: provider === 'mkt_e' ? 2 : 1, completeness: 'provider_page_only', field_notes: NOTES,
    data,
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => !['query', 'page_size', 'reported_total', 'next_cursor'].includes(k))),
    comp_version: '1.0.0', comps: block,
  };
}

const usd = (amount: number): { amount: number; currency: 'USD' } => ({ amount, currency: 'USD' });
const reserved = { price: null, shipping: null, sold_at: null, took_offer: null };

export const RESULT_EXAMPLES: Readonly<Record<RouteId, Record<string, unknown> | undefined>> = {
  'mkt_a/sold': result('mkt_a/sold', { next_cursor: null }, [{
    id: '396112047782', title: 'Apple iPhone 13 128GB Midnight Unlocked', link: 'https://www.mkt-a.example/itm/396112047782',
    displayed_price: usd(289.99), displayed_price_text: '$289.99', displayed_shipping: usd(0), shipping_text: 'Free delivery',
    sold_date: '2026-11-18', sold_date_text: 'Nov 18', condition: 'Pre-Owned', seller_text: 'phonehub (2,413) 99.6%',
    brand: null, size: null, image: 'https://img.mkt-a.example/images/g/abc/s-l500.webp', ...reserved, ...ITEM,
  }], comps(289.99, 289.99)),
  'mkt_a/listings': result('mkt_a/listings', { next_cursor: null }, [{
    id: '396112047790', title: 'Apple iPhone 13 256GB Blue', link: 'https://www.mkt-a.example/itm/396112047790', promoted: false, format: 'auction',
    displayed_price: usd(210), displayed_price_text: '$210.00', displayed_shipping: null, shipping_text: '+$8.99 delivery estimate',
    condition: 'Pre-Owned', brand: null, size: null, listed_at: null, bid_count: 7, ends_at: '2026-11-23T18:02:00Z', best_offer: false,
    seller_text: 'gadgetbarn (812) 100%', location_text: 'Located in Dallas, TX', image: 'https://img.mkt-a.example/images/g/def/s-l500.webp', ...ITEM,
  }], comps(210, null)),
  'mkt_b/sold': result('mkt_b/sold', { query: 'nike dunk', page_size: 48, reported_total: 5000 }, [{
    id: '64f1c2a9b3e7d40012ab34cd', title: 'Nike Dunk Low Panda', link: 'https://www.mkt-b.example/listing/Nike-Dunk-Low-Panda-64f1c2a9b3e7d40012ab34cd',
    displayed_price: usd(95), displayed_price_text: '$95', displayed_shipping: null, shipping_text: null,
    sold_date: '2026-11-20', sold_date_text: '2026-11-20T14:12:09-08:00', condition: 'ug', seller_text: 'closetqueen',
    brand: 'Nike', size: '10', image: 'https://di2ponv0v5otw.mkt-b.example/posts/64f1.jpg', ...reserved, ...ITEM,
  }], comps(95, null)),
  'mkt_b/listings': result('mkt_b/listings', { query: 'nike dunk', page_size: 48, reported_total: null }, [{
    id: '64f1c2a9b3e7d40012ab34ce', title: 'Nike Dunk Low Grey Fog', link: 'https://www.mkt-b.example/listing/Nike-Dunk-Low-Grey-Fog-64f1c2a9b3e7d40012ab34ce',
    promoted: null, format: 'fixed_price', displayed_price: usd(80), displayed_price_text: '$80', displayed_shipping: null, shipping_text: null,
    condition: 'nwt', brand: 'Nike', size: '9.5', listed_at: '2026-11-19T03:21:44Z', bid_count: null, ends_at: null, best_offer: null,
    seller_text: 'sneakerloft', location_text: null, image: 'https://di2ponv0v5otw.mkt-b.example/posts/64f2.jpg', ...ITEM,
  }], comps(80, null)),
  'mkt_c/sold': result('mkt_c/sold', { page_size: 100, reported_total: 1200 }, [{
    id: 'm87013616167', title: 'iPhone 13 mini 128GB', link: 'https://www.mkt-c.example/us/item/m87013616167/',
    displayed_price: usd(240), displayed_price_text: '$240.00', displayed_shipping: null, shipping_text: null,
    sold_date: '2026-11-19', sold_date_text: '2026-11-19T22:41:03Z', condition: 'Good', seller_text: '418823311',
    brand: null, size: null, image: 'https://static.mkt-c.example/thumb/photos/m87013616167_1.jpg', ...reserved,
    status: 'sold', seller_id: '418823311', condition_id: 3, category_id: 7, brand_id: 1462, ...ITEM,
  }], comps(240, null)),
  'mkt_d/listings': result('mkt_d/listings', { query: 'levis 501', page_size: 24, reported_total: 311 }, [{
    id: '451112233', title: "Vintage Levi's 501 jeans, straight leg, W32 L30", link: 'https://www.mkt-d.example/products/vintage-levis-501-jeans/',
    displayed_price: usd(48.3), displayed_price_text: '$48.30', price_includes: ['buyer_fee'], displayed_shipping: null, shipping_text: null,
    condition: 'used_excellent', seller_text: null, brand: "Levi's", size: 'W32', image: 'https://media-photos.mkt-d.example/pictures/451112233.jpg',
    status: 'active', promoted: false, format: 'fixed_price', listed_at: null, bid_count: null, ends_at: null, best_offer: null, location_text: 'Austin, United States', ...ITEM,
  }], comps(48.3, null)),
  'mkt_e/listings': result('mkt_e/listings', {
    query: 'honda civic', page_size: 50, reported_total: null,
    location: { zip: '94103', latitude: 37.7725, longitude: -122.4091, radius_miles: 80, requested_radius_miles: null, widened_radius_miles: null },
    category_id: '5.1', vehicle_search: true,
  }, [{
    id: '1723456789012', title: '2016 Honda Civic LX', link: 'https://www.mkt-e.example/item/1723456789012',
    displayed_price: usd(11500), displayed_price_text: '$11,500', call_for_price: false, firm_price: false, condition: null,
    location_text: 'Oakland, CA', city: 'Oakland', state: 'CA', image: 'https://images.mkt-e.example/thumb/1723456789012.jpg',
    vehicle_miles: 88000, promoted: false, flags: ['LOCAL_PICKUP'], ...ITEM,
  }], comps(11500, null)),
  'mkt_c/listings': undefined,
  'mkt_d/sold': undefined,
  'mkt_e/sold': undefined,
};
