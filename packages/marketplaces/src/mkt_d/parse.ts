/**
 * @module mkt_d/parse
 * Pure reading of one search answer into listing rows (interface 2.5, `mkt_d` row). Two shapes
 * are served (docs/marketplaces/mkt_d.md, "Fallback order"):
 * - the presentation API: `{meta: {total_count}, page_info: {has_more, last}, objects: [product]}`
 *   (presentation-api-search.json), sizes as objects, images in `preview.formats`;
 * - the `products`/`meta` shape: `{meta: {result_count, cursor, has_more, total_count},
 *   products: [product]}`, from the same API or embedded in the search page's Next.js flight
 *   data (search-page-v3-flight.html), sizes as strings, `preview` a width → URL map.
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
export function priceIncludes(entry: Json, components?: unknown): string[] {
  // The price components, where the answer states them, say what the headline holds.
  const stated = obj(components);
  if (stated && INCLUDES_ORDER.some((n) => typeof stated[n] === 'boolean')) return INCLUDES_ORDER.filter((n) => stated[n] === true);
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
  return { amountCents, currency: currency.toUpperCase(), includes: priceIncludes(entry, p.total_price_components) };
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

/** Sizes still on sale, as one string (`"S, M"`), or null: objects with a status (presentation API) or plain names (`products` shape). */
function sizesOnSale(sizes: unknown): string | null {
  if (!Array.isArray(sizes)) return null;
  const names = sizes.map((s) => {
    if (typeof s === 'string') return text(s);
    const size = obj(s);
    if (!size || !((size.status === undefined || (typeof size.status === 'string' && ACTIVE.test(size.status))) && size.quantity !== 0)) return null;
    return text(size.name);
  }).filter((n): n is string => n !== null);
  return names.length > 0 ? [...new Set(names)].join(', ') : null;
}

/**
 * The picture URL: the widest up to 640 px, else the first with a URL. A picture is
 * `{formats: {P0: {url, width}}}` (presentation API) or a width → URL map
 * (`{"150": url, …, "640": url}`, the `products` shape's `preview`).
 */
export function pictureUrl(picture: unknown): string | null {
  const p = obj(picture);
  if (!p) return null;
  const formats = obj(p.formats);
  const all: Array<{ url: string; width: number | null }> = formats
    ? Object.values(formats).map(obj).filter((f): f is Json => f !== null && text(f.url) !== null).map((f) => ({ url: text(f.url)!, width: typeof f.width === 'number' ? f.width : null }))
    : Object.entries(p).filter(([k, v]) => /^[0-9]+$/u.test(k) && text(v) !== null).map(([k, v]) => ({ url: text(v)!, width: Number(k) }));
  const fitting = all.filter((f) => f.width !== null && f.width <= 640).sort((a, b) => b.width! - a.width!);
  return (fitting[0] ?? all[0])?.url ?? null;
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

/** Reads one answer body (either shape). Throws a CollectionError when it is not a search page. */
export function parseSearchPage(body: string): SearchPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new TransientUpstreamError('search answer is not complete JSON', { cause: err });
  }
  return readSearchAnswer(json);
}

/** Reads an already parsed answer: `objects` with `page_info`, or `products` with `meta.cursor`. */
export function readSearchAnswer(json: unknown): SearchPage {
  const root = obj(json);
  const products = Array.isArray(root?.objects) ? root.objects : Array.isArray(root?.products) ? root.products : null;
  if (!root || products === null) {
    const message = text(root?.message);
    throw new LayoutChangedError(message ? `search answered "${message.slice(0, 120)}"` : 'search answer has neither objects[] nor products[]');
  }
  const page: SearchPage = { rows: [], pageSize: products.length, droppedCurrency: 0, droppedInactive: 0, unreadable: 0, total: null, hasMore: false, last: null };
  for (const o of products) {
    const product = obj(o);
    const r: Reading = product ? readProduct(product) : { dropped: 'unreadable' };
    if ('row' in r) page.rows.push(r.row);
    else if (r.dropped === 'currency') page.droppedCurrency++;
    else if (r.dropped === 'inactive') page.droppedInactive++;
    else page.unreadable++;
  }
  const meta = obj(root.meta);
  const total = meta?.total_count;
  page.total = typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : null;
  const info = obj(root.page_info);
  page.last = info ? text(info.last) : text(meta?.cursor);
  page.hasMore = (info ? info.has_more : meta?.has_more) === true && page.last !== null;
  if (page.unreadable > 0 && page.unreadable === page.pageSize) throw new LayoutChangedError(`none of ${page.pageSize} products could be read`);
  return page;
}

/** The JSON value that starts at `start` in `s` (an object or array), by balanced brackets outside strings. */
function jsonValueAt(s: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return s.slice(start, i + 1);
    }
  }
  return null;
}

/**
 * Reads the search page's embedded answer (search-page-v3-flight.html): the Next.js flight
 * chunks (`self.__next_f.push([1, "…"])`) carry the react-query cache, where the query keyed
 * `["product_search", …]` holds `state.data.pages[0].data` = `{meta, products}`.
 */
export function parseSearchDocument(html: string): SearchPage {
  let flight = '';
  for (const m of html.matchAll(/self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/gu)) {
    try {
      const chunk = JSON.parse(m[1]!) as unknown[];
      if (typeof chunk[1] === 'string') flight += chunk[1];
    } catch {
      // A chunk that is not JSON carries no query data.
    }
  }
  if (flight === '') throw new LayoutChangedError('the search page carries no Next.js flight data');
  const key = flight.indexOf('"queryKey":["product_search"');
  if (key < 0) throw new LayoutChangedError('the search page holds no product_search query');
  const pages = flight.lastIndexOf('"data":{"pages":[', key);
  if (pages < 0) throw new LayoutChangedError('the product_search query holds no pages');
  const first = jsonValueAt(flight, pages + '"data":{"pages":['.length);
  if (first === null) throw new TransientUpstreamError('the search page was cut inside its product_search data');
  let page: unknown;
  try {
    page = JSON.parse(first);
  } catch (err) {
    throw new LayoutChangedError('the product_search data is not JSON', { cause: err });
  }
  return readSearchAnswer(obj(page)?.data);
}
