/**
 * @module mkt_d/simulator
 * The fashion marketplace's search API over HTTP: `GET /presentation/api/v1/search/products/`
 * answering `{meta, page_info, objects}` in both observed `pricing` shapes.
 *
 * Products are drawn deterministically from the keywords by the sandbox catalogue (sim/catalog.ts:
 * the product they name, its brand, condition and ask; the description in its listings' words).
 * Like the real
 * API it: wants the web app's id headers (400 without them); honours `what`, `limit`, `after`,
 * `price_min`/`price_max` (on the item price, not the headline), `conditions`, `gender` (400
 * for values other than male/female/unisex), `groups`, `sort` (relevance, priceAscending,
 * priceDescending; `newlyListed` is refused at the edge with a Cloudflare 403, as seen live;
 * other values ignored) and `include_like_count`; puts boosted products first on page 1 and
 * again in their organic place (so a listing can repeat across pages); reports
 * `meta.total_count` on page 1 only; serves a couple fewer products on later pages; and mixes in
 * the occasional listing priced in another currency or already sold. Cursors look like the real
 * ones (`base64(page|offset|time).BOOSTED_EXHAUSTED.0`); a malformed one is refused with 400.
 */
import { createHash } from 'node:crypto';
import { drawItem, readKeywords, type Grade } from '../sim/catalog.ts';
import { drifted } from '../sim/drift.ts';
import { seededRandom, type SimRequest, type SimResponse, type Simulator } from '../sim/kit.ts';
import { CONDITIONS, SEARCH_PATH } from './params.ts';

const BOOSTED_SLOTS = 4;
const CURSOR_TIME = 1790858774;
const GENDERS = ['male', 'female', 'unisex'];
const SELLERS = ['thriftqueen', 'retro_racks', 'y2kcloset', 'mossvintage', 'northsupply', 'sundaysale', 'kit_archive', 'lowtide'];
/** The marketplace's condition for each condition of the sandbox catalogue. */
const GRADE_CONDITIONS: Readonly<Record<Grade, ReadonlyArray<(typeof CONDITIONS)[number]>>> = {
  new: ['brand_new'], open_box: ['used_like_new'], like_new: ['used_like_new'], refurbished: ['used_excellent'],
  good: ['used_excellent', 'used_good'], fair: ['used_fair'], parts: ['used_fair'],
};
const CITIES = ['Los Angeles, United States', 'Brooklyn, United States', 'Austin, United States', 'Portland, United States', null];

interface SimProduct {
  id: number;
  slug: string;
  description: string;
  brand: string;
  sizes: string[];
  condition: string;
  gender: string;
  group: string;
  currency: string;
  sold: boolean;
  /** Item price after any reduction, cents: the search price filters apply to. */
  itemCents: number;
  originalCents: number;
  shippingCents: number;
  feeCents: number;
  headlineHasFee: boolean;
  headlineHasShipping: boolean;
  shape: 'A' | 'B';
  boosted: boolean;
  likes: number;
  location: string | null;
  score: number;
  pictureId: number;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** What some sellers add after the item: their terms, each said once. */
const SELLER_LINES = [
  'Ships within 1-2 business days.', 'Bundle 2+ items for a discount!', 'Smoke-free and pet-free home.',
  'Please ask any questions before buying.', 'No returns, please check the photos.', 'Measurements on request.',
  'Open to reasonable offers.', 'Check out my other listings.', 'Price is firm unless bundled.', 'Packed with care in a sturdy box.',
];

/** Two to five of a seller's lines, none twice. */
function sellerLines(r: () => number): string {
  const lines = [...SELLER_LINES];
  const n = 2 + Math.floor(r() * 4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(lines.splice(Math.floor(r() * lines.length), 1)[0]!);
  return out.join(' ');
}

function makeProduct(key: string, q: string, i: number): SimProduct {
  const r = seededRandom(`${key}|${i}`);
  const words = q.toLowerCase().split(/[^a-z0-9]+/u).filter(Boolean).join('-') || 'item';
  const hash = createHash('sha1').update(`${key}|${i}`).digest('hex');
  // The product the keywords name, in its listings' words and at its ask (sim/catalog.ts).
  const item = drawItem(seededRandom(`depop-item|${key}|${i}`), readKeywords(q), 'mkt_d');
  const itemCents = Math.round(item.price * 100);
  const reduced = r() < 0.25;
  const originalCents = reduced ? Math.round(itemCents / (0.5 + r() * 0.4)) : itemCents;
  const size = item.size ?? 'One size';
  const description = `${item.title}. ${item.note}.${item.size !== null ? ` Size ${item.size}.` : ''} ${item.tags.map((t) => `#${t}`).join(' ')}`;
  const currencyDraw = r();
  return {
    id: 300000000 + Number.parseInt(hash.slice(0, 7), 16),
    slug: `${pick(r, SELLERS)}-${words}-${hash.slice(7, 11)}`,
    description: r() < 0.1 ? `${description} ${sellerLines(r)}` : description,
    brand: item.brand ?? 'Other',
    sizes: [size],
    condition: pick(r, GRADE_CONDITIONS[item.grade]),
    gender: item.gender,
    group: item.places.d,
    currency: currencyDraw < 0.05 ? 'GBP' : currencyDraw < 0.08 ? 'EUR' : 'USD',
    sold: r() < 0.04,
    itemCents, originalCents,
    shippingCents: r() < 0.2 ? 0 : 399 + Math.floor(r() * 600),
    feeCents: Math.round(itemCents * 0.05) + 30,
    headlineHasFee: r() < 0.25,
    headlineHasShipping: r() < 0.15,
    shape: r() < 0.3 ? 'B' : 'A',
    boosted: r() < 0.08,
    likes: Math.floor(r() * 60),
    location: pick(r, CITIES),
    score: r(),
    pictureId: 100000000 + Math.floor(r() * 899999999),
  };
}

/** Every product for a keyword set, drawn the same way each time. */
function catalogue(q: string, cache: Map<string, SimProduct[]>): SimProduct[] {
  const key = q.toLowerCase().trim();
  let all = cache.get(key);
  if (!all) {
    const r = seededRandom(`depop|${key}`);
    all = Array.from({ length: 10 + Math.floor(r() * 300) }, (_, i) => makeProduct(key, q, i));
    cache.set(key, all);
    if (cache.size > 32) cache.delete(cache.keys().next().value!);
  }
  return all;
}

function money(c: number): string {
  return (c / 100).toFixed(2);
}

function pricing(p: SimProduct): Record<string, unknown> {
  const reduced = p.itemCents !== p.originalCents;
  if (p.shape === 'B') {
    return {
      currency_name: p.currency,
      final_price_key: reduced ? 'discounted_price' : 'original_price',
      original_price: { total_price: money(p.originalCents) },
      ...(reduced ? { discounted_price: { total_price: money(p.itemCents) }, discount_percentage: Math.round(100 - (100 * p.itemCents) / p.originalCents) } : {}),
      is_reduced: reduced,
    };
  }
  const entry = (item: number): Record<string, unknown> => {
    const breakdown: Record<string, unknown> = { price: { amount: money(item) }, shipping: { amount: money(p.shippingCents) } };
    if (p.headlineHasFee) breakdown.buyer_fee = { amount: money(p.feeCents) };
    const total = item + (p.headlineHasFee ? p.feeCents : 0) + (p.headlineHasShipping ? p.shippingCents : 0);
    return { total_price: money(total), price_breakdown: breakdown };
  };
  return {
    currency: p.currency,
    current_price: entry(p.itemCents),
    original_price: entry(p.originalCents),
    is_reduced: reduced,
    final_price_key: reduced ? 'current_price' : 'original_price',
  };
}

function productJson(p: SimProduct, likes: boolean): Record<string, unknown> {
  const picture = (id: number): Record<string, unknown> => ({
    id,
    formats: Object.fromEntries([['P0', 1280], ['P1', 150], ['P2', 210], ['P4', 480], ['P5', 640], ['P6', 960]].map(([name, w]) => [name, { url: `https://media-photos.depop.com/b1/${p.id}/${id}_${String(name)}.jpg`, width: w, height: w }])),
  });
  return {
    id: p.id,
    slug: p.slug,
    description: p.description,
    status: p.sold ? 'SOLD' : 'ONSALE',
    brand_id: p.brand === 'Other' ? null : p.brand.length,
    brand_name: p.brand,
    country: p.currency === 'USD' ? 'US' : p.currency === 'GBP' ? 'GB' : 'FR',
    location: p.location,
    attributes: { condition: p.condition, gender: p.gender, group: p.group, is_kids: false },
    sizes: p.sizes.map((name, i) => ({ id: i + 1, name, quantity: 1, status: p.sold ? 'STATUS_SOLD' : 'STATUS_ONSALE' })),
    preview: picture(p.pictureId),
    pictures: [picture(p.pictureId), picture(p.pictureId + 1)],
    is_boosted: p.boosted,
    ...(p.boosted ? { boosted_at: '2026-09-30T18:00:00Z' } : {}),
    ...(likes ? { like_count: p.likes } : {}),
    pricing: pricing(p),
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': 'application/json', server: 'cloudflare', 'cf-ray': '8f2a1b3c4d5e6f70-LAX', ...headers }, body: JSON.stringify(body) };
}

function challenge(): SimResponse {
  return {
    status: 403,
    headers: { 'content-type': 'text/html; charset=UTF-8', server: 'cloudflare', 'cf-ray': '8f2a1b3c4d5e6f71-LAX', 'cf-mitigated': 'challenge' },
    body: '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><h1>www.depop.com</h1><p>Verifying you are human. This may take a few seconds.</p></body></html>',
  };
}

function encodeCursor(page: number, offset: number): string {
  return `${Buffer.from(`${page}|${offset}|${CURSOR_TIME + page}`).toString('base64')}.BOOSTED_EXHAUSTED.0`;
}

function decodeCursor(after: string): { page: number; offset: number } | null {
  const m = /^([A-Za-z0-9+/=]+)\.BOOSTED(?:_EXHAUSTED)?\.[0-9]+$/u.exec(after);
  if (!m) return null;
  const parts = Buffer.from(m[1]!, 'base64').toString('utf8').split('|');
  if (parts.length !== 3 || !parts.every((x) => /^[0-9]+$/u.test(x))) return null;
  return { page: Number(parts[0]), offset: Number(parts[1]) };
}

const badRequest = (message: string): SimResponse => json(400, { code: 400, message });

function search(req: SimRequest, cache: Map<string, SimProduct[]>): SimResponse {
  const q = req.query;
  if (req.method !== 'GET' || req.path !== SEARCH_PATH) return json(404, { code: 404, message: 'Not Found' });
  for (const h of ['depop-device-id', 'depop-session-id', 'depop-search-id']) if (!req.headers[h]) return badRequest('Bad Request');
  const what = (q.get('what') ?? '').trim();
  if (!what) return badRequest('what is required');
  const limit = Number(q.get('limit') ?? 24);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return badRequest('limit must be between 1 and 100');
  const gender = q.get('gender');
  if (gender !== null && !GENDERS.includes(gender)) return badRequest(`Invalid gender: ${gender}`);
  const sort = q.get('sort') ?? 'relevance';
  if (sort === 'newlyListed') return challenge();
  const after = q.get('after');
  const cursor = after === null ? { page: 1, offset: 0 } : decodeCursor(after);
  if (!cursor) return badRequest('Invalid cursor');

  const min = q.has('price_min') ? Number(q.get('price_min')) * 100 : null;
  const max = q.has('price_max') ? Number(q.get('price_max')) * 100 : null;
  const conditions = q.get('conditions')?.split(',').filter((c) => (CONDITIONS as readonly string[]).includes(c)) ?? [];
  const groups = q.get('groups')?.split(',') ?? [];
  const wanted = (p: SimProduct): boolean => (min === null || p.itemCents >= min) && (max === null || p.itemCents <= max)
    && (conditions.length === 0 || conditions.includes(p.condition))
    && (gender === null || p.gender === gender) && (groups.length === 0 || groups.includes(p.group));
  const matching = catalogue(what, cache).filter(wanted);
  const order = sort === 'priceAscending' ? (a: SimProduct, b: SimProduct) => a.itemCents - b.itemCents
    : sort === 'priceDescending' ? (a: SimProduct, b: SimProduct) => b.itemCents - a.itemCents
    : (a: SimProduct, b: SimProduct) => b.score - a.score;
  const organic = drifted([...matching].sort((a, b) => order(a, b) || a.id - b.id), req.driftStep ?? 0, `mkt_d|${what.toLowerCase()}`, { id: 'id', price: 'itemCents', renew: (r) => makeProduct(what.toLowerCase(), what, 1_000_000 + Math.floor(r() * 1e9)), keep: wanted });

  const boosted = cursor.page === 1 ? organic.filter((p) => p.boosted).slice(0, BOOSTED_SLOTS) : [];
  // Later pages come back a little short of the limit, as observed (24, 22, 22).
  const short = cursor.page === 1 ? 0 : Math.min(limit - 1, cursor.page % 3);
  const take = Math.max(1, limit - boosted.length - short);
  const slice = organic.slice(cursor.offset, cursor.offset + take);
  const end = cursor.offset + slice.length;
  const hasMore = end < organic.length;
  const likes = q.get('include_like_count') === 'true';
  return json(200, {
    meta: cursor.page === 1 ? { total_count: organic.length, result_count: boosted.length + slice.length } : { result_count: boosted.length + slice.length },
    page_info: { has_more: hasMore, ...(hasMore ? { last: encodeCursor(cursor.page + 1, end) } : {}) },
    objects: [...boosted, ...slice].map((p) => productJson(p, likes)),
  });
}

export function createMktDSimulator(): Simulator {
  const cache = new Map<string, SimProduct[]>();
  return {
    handle: (req) => search(req, cache),
    renderFault(fault): SimResponse {
      if (fault === 'bot_wall') return challenge();
      if (fault === 'login_wall') return json(401, { code: 401, message: 'Unauthorised' });
      // The retired v2 shape: `products[]` with `meta.cursor`.
      return json(200, { meta: { cursor: 'MXwyNHwxNzkwODU4Nzc0', hasMore: true, resultCount: 1 }, products: [{ id: 1, slug: 'x-y', status: 'ONSALE', price: { priceAmount: '10.00', currencyName: 'USD' } }] });
    },
  };
}
