/**
 * @module mkt_d/parse
 * Pure reading of one search API answer `{meta: {total_count}, page_info: {has_more, last},
 * objects: [product]}` into listing rows (interface 2.5, `mkt_d` row).
 *
 * Price: the headline is the entry named by `pricing.final_price_key` (`current_price`,
 * `discounted_price` or `original_price`); its `total_price` is what the listing card shows,
 * and `price_breakdown` (when present) splits it into the item `price` and other parts. Two
 * shapes of `pricing` were observed (currency in `currency` or in `currency_name`); both are
 * read. `price_includes` names the parts of the breakdown that the headline adds to the item
 * price (see priceIncludes). Listings not in USD and listings not on sale are dropped.
 */
import { LayoutChangedError, TransientUpstreamError, type Row } from '@listings/contract';
import { CONDITIONS } from './params.ts';

export const PRODUCT_URL = 'https://www.depop.com/products/';
export const TITLE_MAX = 2000;

export interface SearchPage {
  rows: Row[];
  /** Products on the source page, before any was dropped. */
  pageSize: number;
  droppedCurrency: number;
  droppedInactive: number;
  unreadable: number;
  /** `meta.total_count`, when the page reports it. */
  total: number | null;
  hasMore: boolean;
  /** `page_info.last`: the cursor of the next page. */
  last: string | null;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** A decimal string (`"13.00"`) or number → cents; anything else → null. */
export function cents(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v * 100) : null;
  const s = text(v);
  if (s === null || !/^[0-9]{1,9}(\.[0-9]{1,2})?$/u.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** Breakdown part names → the names `price_includes` uses. */
const PART_NAMES: Readonly<Record<string, 'buyer_fee' | 'shipping_price' | 'tax'>> = {
  buyer_fee: 'buyer_fee', buyer_protection_fee: 'buyer_fee', marketplace_fee: 'buyer_fee', service_fee: 'buyer_fee',
  shipping: 'shipping_price', shipping_price: 'shipping_price', national_shipping: 'shipping_price',
  tax: 'tax', sales_tax: 'tax',
};
const INCLUDES_ORDER = ['buyer_fee', 'shipping_price', 'tax'] as const;

/**
 * What a headline adds to the item price: the parts of `price_breakdown` whose amounts, added to
 * `price`, make `total_price`. No breakdown, or a total equal to the item price → none. When
 * no combination adds up but the total is higher, every non-zero part is named (the headline
 * evidently holds more than the item). Unverified: no source showed a fee in a breakdown; the
 * part names read are in PART_NAMES.
 */
export function priceIncludes(entry: Json): string[] {
  const breakdown = obj(entry.price_breakdown);
  const total = cents(entry.total_price);
  const base = cents(obj(breakdown?.price)?.amount ?? breakdown?.price);
  if (!breakdown || total === null || base === null || total === base) return [];
  const parts: Array<{ name: string; amount: number }> = [];
  for (const [key, value] of Object.entries(breakdown)) {
    const name = PART_NAMES[key];
    const amount = cents(obj(value)?.amount ?? value);
    if (name && amount !== null && amount > 0) parts.push({ name, amount });
  }
  for (let mask = 1; mask < 1 << parts.length; mask++) {
    const chosen = parts.filter((_, i) => mask & (1 << i));
    if (base + chosen.reduce((s, p) => s + p.amount, 0) === total) return INCLUDES_ORDER.filter((n) => chosen.some((p) => p.name === n));
  }
  return total > base ? INCLUDES_ORDER.filter((n) => parts.some((p) => p.name === n)) : [];
}

export interface Headline {
  amountCents: number;
  currency: string;
  includes: string[];
}

/** The headline price of a product's `pricing`, or null when it cannot be read. */
export function readPricing(pricing: unknown): Headline | null {
  const p = obj(pricing);
  if (!p) return null;
  const currency = text(p.currency) ?? text(p.currency_name);
  const key = text(p.final_price_key);
  const entry = obj(key !== null ? p[key] : null) ?? obj(p.current_price) ?? obj(p.discounted_price) ?? obj(p.original_price);
  if (!currency || !entry) return null;
  const amountCents = cents(entry.total_price) ?? cents(obj(obj(entry.price_breakdown)?.price)?.amount);
  if (amountCents === null) return null;
  return { amountCents, currency: currency.toUpperCase(), includes: priceIncludes(entry) };
}

const ACTIVE = /^(status_)?(on_?sale|active|available)$/iu;

/**
 * Whether a product is on sale: every status field it carries must say so. A product with no
 * status field counts as on sale (the search lists products on sale).
 */
export function isOnSale(product: Json): boolean {
  if (product.sold === true || product.is_sold === true) return false;
  for (const field of ['status', 'active_status']) {
    const v = product[field];
    if (v === undefined || v === null) continue;
    if (typeof v === 'boolean') {
      if (!v) return false;
    } else if (typeof v !== 'string' || !ACTIVE.test(v)) return false;
  }
  return true;
}

/** Sizes still on sale, as one string (`"S, M"`), or null. */
function sizesOnSale(sizes: unknown): string | null {
  if (!Array.isArray(sizes)) return null;
  const names = sizes.map(obj).filter((s): s is Json => s !== null)
    .filter((s) => (s.status === undefined || (typeof s.status === 'string' && ACTIVE.test(s.status))) && s.quantity !== 0)
    .map((s) => text(s.name)).filter((n): n is string => n !== null);
  return names.length > 0 ? [...new Set(names)].join(', ') : null;
}

/** The picture URL: the widest format up to 640 px, else the first with a URL. */
export function pictureUrl(picture: unknown): string | null {
  const formats = obj(obj(picture)?.formats);
  if (!formats) return null;
  const all = Object.values(formats).map(obj).filter((f): f is Json => f !== null && text(f.url) !== null);
  const fitting = all.filter((f) => typeof f.width === 'number' && f.width <= 640).sort((a, b) => (b.width as number) - (a.width as number));
  return text((fitting[0] ?? all[0])?.url);
}

function brandOf(product: Json): string | null {
  const brand = text(product.brand_name) ?? text(obj(product.attributes)?.brand);
  // "Other" is the marketplace's word for unbranded.
  return brand !== null && brand.toLowerCase() !== 'other' ? brand : null;
}

type Reading = { row: Row } | { dropped: 'currency' | 'inactive' | 'unreadable' };

/** One product → a row, or why it is not one. */
export function readProduct(product: Json): Reading {
  const id = text(product.id);
  const slug = text(product.slug);
  const price = readPricing(product.pricing);
  if (id === null || slug === null || price === null) return { dropped: 'unreadable' };
  if (price.currency !== 'USD') return { dropped: 'currency' };
  if (!isOnSale(product)) return { dropped: 'inactive' };
  const description = text(product.description);
  const condition = text(obj(product.attributes)?.condition);
  const amount = price.amountCents / 100;
  return {
    row: {
      id,
      title: description === null ? null : description.slice(0, TITLE_MAX),
      link: `${PRODUCT_URL}${encodeURIComponent(slug)}/`,
      displayed_price: { amount, currency: 'USD' },
      displayed_price_text: `$${amount.toFixed(2)}`,
      price_includes: price.includes,
      displayed_shipping: null,
      shipping_text: null,
      condition: condition !== null && (CONDITIONS as readonly string[]).includes(condition) ? condition : null,
      seller_text: null,
      brand: brandOf(product),
      size: sizesOnSale(product.sizes),
      image: pictureUrl(product.preview) ?? pictureUrl(Array.isArray(product.pictures) ? product.pictures[0] : null),
      status: 'active',
      promoted: typeof product.is_boosted === 'boolean' ? product.is_boosted : null,
      format: 'fixed_price',
      listed_at: null,
      bid_count: null,
      ends_at: null,
      best_offer: null,
      location_text: text(product.location),
    },
  };
}

/** Reads one answer body. Throws a CollectionError when it is not a search page. */
export function parseSearchPage(body: string): SearchPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new TransientUpstreamError('search answer is not complete JSON', { cause: err });
  }
  const root = obj(json);
  if (!root || !Array.isArray(root.objects)) {
    const message = text(root?.message);
    throw new LayoutChangedError(message ? `search answered "${message.slice(0, 120)}"` : 'search answer has no objects[]');
  }
  const page: SearchPage = { rows: [], pageSize: root.objects.length, droppedCurrency: 0, droppedInactive: 0, unreadable: 0, total: null, hasMore: false, last: null };
  for (const o of root.objects) {
    const product = obj(o);
    const r: Reading = product ? readProduct(product) : { dropped: 'unreadable' };
    if ('row' in r) page.rows.push(r.row);
    else if (r.dropped === 'currency') page.droppedCurrency++;
    else if (r.dropped === 'inactive') page.droppedInactive++;
    else page.unreadable++;
  }
  const total = obj(root.meta)?.total_count;
  page.total = typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : null;
  const info = obj(root.page_info);
  page.last = text(info?.last);
  page.hasMore = info?.has_more === true && page.last !== null;
  if (page.unreadable > 0 && page.unreadable === page.pageSize) throw new LayoutChangedError(`none of ${page.pageSize} products could be read`);
  return page;
}
