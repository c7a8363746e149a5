/**
 * @module mkt_c/simulator
 * A stand-in for the consumer resale app marketplace's web API, speaking its real formats:
 * the search-page shell (sets the edge cookie), `GET /v1/initialize` (a JWT access token with
 * `exp` plus a CSRF token) and `POST /v1/api` (GraphQL `search(criteria)` answering
 * `data.search` with `count`, `nextKey` and `itemsList` in the captured item shape, prices in
 * cents). Listings are synthetic, generated deterministically from the keywords by the sandbox
 * catalogue (sim/catalog.ts: the product they name, its category path, in its listings' words); every
 * criterion the adapter sends is honoured (statuses, conditions, cents bounds, sort codes,
 * categories, brands, `length`, `startKey`). Faults render as the site does: a Cloudflare
 * challenge, a GraphQL UNAUTHENTICATED answer, a changed response shape.
 */
import { createHmac } from 'node:crypto';
import { drawItem, readKeywords, type Grade } from '../sim/catalog.ts';
import { drifted } from '../sim/drift.ts';
import { seededRandom, type MarkupFault, type SimRequest, type SimResponse, type Simulator } from '../sim/kit.ts';

const STATUS_NAMES = ['on_sale', 'sold_out', 'trading'] as const;
const CONDITIONS: ReadonlyArray<readonly [number, string]> = [[1, 'New'], [2, 'Like new'], [3, 'Good'], [4, 'Fair'], [5, 'Poor']];
/** The marketplace's condition ID for each condition of the sandbox catalogue. */
const GRADE_CONDITION: Readonly<Record<Grade, number>> = { new: 1, open_box: 2, like_new: 2, refurbished: 3, good: 3, fair: 4, parts: 5 };
/** A brand as the API carries it, `[id, name]`: the id a stable number of the name (the real ids are the marketplace's own). */
export function mktCSimBrand(name: string | null): readonly [number, string] | null {
  if (name === null) return null;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 9000;
  return [1000 + h, name];
}
/** Today's start (UTC, seconds): items and sales sit in the months before it, so sold times are recent. */
const SIM_EPOCH = Math.floor(Date.now() / 86_400_000) * 86_400;

/** One synthetic listing, as the simulator holds it. */
export interface MktCSimItem {
  id: string;
  name: string;
  status: (typeof STATUS_NAMES)[number];
  price: number;
  originalPrice: number;
  conditionId: number;
  path: ReadonlyArray<readonly [number, string]>;
  brand: readonly [number, string] | null;
  sellerId: number;
  created: number;
  soldAt: number | null;
  likes: number;
  score: number;
}

/** The criteria the simulator reads (the adapter's `SearchInput`). */
export interface MktCSimCriteria {
  query?: string;
  itemStatuses?: number[];
  itemConditions?: number[];
  minPrice?: number;
  maxPrice?: number;
  sortBy?: number;
  categoryIds?: number[];
  brandIds?: number[];
  length?: number;
  startKey?: string;
}

const universes = new Map<string, MktCSimItem[]>();

/** A new listing's own fields for the market's drift (sim/drift.ts), drawn as every listing of the search is. */
function renewItem(query: string): (r: () => number, like: MktCSimItem) => Partial<MktCSimItem> {
  const plan = readKeywords(query);
  return (r) => {
    const item = drawItem(r, plan, 'mkt_c');
    const price = 100 * item.price;
    return {
      name: item.title, price, originalPrice: price + (r() < 0.4 ? 100 * Math.floor(r() * Math.max(2, item.price * 0.15)) : 0),
      conditionId: GRADE_CONDITION[item.grade], path: item.places.c, brand: mktCSimBrand(item.brand), likes: Math.floor(r() * 20),
    };
  };
}

/** Every listing the simulator holds for a keyword set, in creation order. */
export function mktCUniverse(query: string): MktCSimItem[] {
  const key = query.trim().toLowerCase();
  const cached = universes.get(key);
  if (cached) return cached;
  const rnd = seededRandom(`mkt_c:${key}`);
  const plan = readKeywords(query);
  const n = 300 + Math.floor(rnd() * 400);
  const items: MktCSimItem[] = [];
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    let id: string;
    do id = `m${String(10000000000 + Math.floor(rnd() * 89999999999))}`; while (used.has(id));
    used.add(id);
    const s = rnd();
    const status = s < 0.55 ? 'sold_out' : s < 0.7 ? 'trading' : 'on_sale';
    // The product the keywords name, in its listings' words; Mercari asks whole dollars, in cents (sim/catalog.ts).
    const item = drawItem(seededRandom(`mkt_c:${key}#${i}`), plan, 'mkt_c');
    const price = 100 * item.price;
    const created = SIM_EPOCH - Math.floor(rnd() * 86400 * 90);
    items.push({
      id,
      name: item.title,
      status,
      price,
      originalPrice: price + (rnd() < 0.4 ? 100 * Math.floor(rnd() * Math.max(2, item.price * 0.15)) : 0),
      conditionId: GRADE_CONDITION[item.grade],
      path: item.places.c,
      brand: mktCSimBrand(item.brand),
      sellerId: 100000000 + Math.floor(rnd() * 899999999),
      created,
      // Sold between listing and today: within the last 90 days, never in the future.
      soldAt: status === 'on_sale' ? null : created + Math.floor(rnd() * (SIM_EPOCH - created)),
      likes: Math.floor(rnd() * 200),
      score: Math.round(rnd() * 20000) / 100,
    });
  }
  universes.set(key, items);
  return items;
}

const byId = (a: MktCSimItem, b: MktCSimItem): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ORDERS: Record<number, (a: MktCSimItem, b: MktCSimItem) => number> = {
  0: (a, b) => b.score - a.score || byId(a, b),
  1: (a, b) => b.likes - a.likes || byId(a, b),
  2: (a, b) => b.created - a.created || byId(a, b),
  3: (a, b) => a.price - b.price || byId(a, b),
  4: (a, b) => b.price - a.price || byId(a, b),
  5: (a, b) => (b.soldAt ?? 0) - (a.soldAt ?? 0) || b.created - a.created || byId(a, b),
};

/** Ground truth: every listing matching the criteria, in the order the pages serve them. */
export function mktCGroundTruth(c: MktCSimCriteria): MktCSimItem[] {
  const out = mktCUniverse(c.query ?? '').filter(matchesC(c));
  return out.sort(ORDERS[c.sortBy ?? 0] ?? ORDERS[0]);
}

/** The search's filters (status, condition, price bounds, category, brand). */
function matchesC(c: MktCSimCriteria): (i: MktCSimItem) => boolean {
  const statuses = new Set((c.itemStatuses ?? []).map((s) => STATUS_NAMES[s - 1]));
  const conditions = new Set(c.itemConditions ?? []);
  const cats = c.categoryIds ?? [];
  const brands = c.brandIds ?? [];
  return (i) => (statuses.size === 0 || statuses.has(i.status))
    && (conditions.size === 0 || conditions.has(i.conditionId))
    && (!c.minPrice || i.price >= c.minPrice)
    && (!c.maxPrice || i.price <= c.maxPrice)
    && (cats.length === 0 || i.path.some(([id]) => cats.includes(id)))
    && (brands.length === 0 || (i.brand !== null && brands.includes(i.brand[0])));
}

function itemJson(i: MktCSimItem, withSoldTime: boolean): Record<string, unknown> {
  const photo = `https://u-mercari-images.mercdn.net/photos/${i.id}_1.jpg?${i.created}`;
  const leaf = i.path[i.path.length - 1]!;
  return {
    id: i.id,
    name: i.name,
    status: i.status,
    shippingPayer: { id: null, name: null, code: null, __typename: 'ShippingPayer' },
    photos: [{ imageUrl: photo, thumbnail: `${photo}&width=200&height=200`, __typename: 'Photo' }],
    seller: { id: i.sellerId, sellerId: i.sellerId, __typename: 'PublicUser' },
    price: i.price,
    originalPrice: i.originalPrice,
    itemDecorationRectangle: i.status === 'on_sale' ? null : { textColor: 'WHITE', backgroundColor: 'DARK_GRAY', icon: null, text: 'SOLD', __typename: 'ItemDecorationRectangle' },
    brand: i.brand ? { id: i.brand[0], name: i.brand[1], __typename: 'ItemBrand' } : null,
    itemSize: null,
    __typename: 'Item',
    description: '',
    itemCategoryHierarchy: i.path.map(([id, name], level) => ({ id, level, name, __typename: 'ItemCategory' })),
    itemCondition: { id: i.conditionId, name: CONDITIONS[i.conditionId - 1]![1], __typename: 'ItemCondition' },
    itemCategory: { id: leaf[0], name: leaf[1], __typename: 'ItemCategory' },
    customFacetsList: [],
    categoryTitle: leaf[1],
    categoryId: leaf[0],
    ...(withSoldTime ? { lastSoldAt: i.soldAt } : {}),
  };
}

function encodeKey(offset: number, page: number): string {
  return `rw1:${Buffer.from(JSON.stringify({ backend_start_key: '', offset_in_window: offset, search_page_num: page })).toString('base64')}`;
}

/** The offset a page key points at, or null when it is not one of ours. */
function decodeKey(key: string): { offset: number; page: number } | null {
  if (!key.startsWith('rw1:')) return null;
  try {
    const o = JSON.parse(Buffer.from(key.slice(4), 'base64').toString('utf8')) as { offset_in_window?: unknown; search_page_num?: unknown };
    if (typeof o.offset_in_window !== 'number' || !Number.isInteger(o.offset_in_window) || o.offset_in_window < 0) return null;
    return { offset: o.offset_in_window, page: typeof o.search_page_num === 'number' ? o.search_page_num : 2 };
  } catch {
    return null;
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

function gqlError(status: number, message: string, code: string): SimResponse {
  return json(status, { errors: [{ message, extensions: { code } }], data: null });
}

export interface MktCSimOptions {
  /** Lifetime of issued access tokens, seconds (negative issues tokens already expired). @defaultValue 604800 */
  tokenTtlSeconds?: number;
}

export interface MktCSimulator extends Simulator {
  /** Makes every access token issued so far expired, as time passing would. */
  expireTokens(): void;
  /** Changes the lifetime of tokens issued from now on (negative: born expired). */
  setTokenTtlSeconds(seconds: number): void;
  /** How many sessions `/v1/initialize` has handed out. */
  sessionsIssued(): number;
}

export function createMktCSimulator(opts: MktCSimOptions = {}): MktCSimulator {
  let ttl = opts.tokenTtlSeconds ?? 7 * 86400;
  const secret = 'mkt_c-simulator';
  const tokens = new Map<string, { csrf: string; exp: number }>();
  let issued = 0;

  function issue(): SimResponse {
    issued++;
    const now = Math.floor(Date.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'guest', iat: now, exp: now + ttl, jti: issued })).toString('base64url');
    const sig = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    const accessToken = `${header}.${payload}.${sig}`;
    const csrf = createHmac('sha256', secret).update(`csrf:${issued}`).digest('hex').slice(0, 32);
    tokens.set(accessToken, { csrf, exp: now + ttl });
    return json(200, { accessToken, csrf, isBot: false });
  }

  function search(req: SimRequest): SimResponse {
    if (req.method !== 'POST') return gqlError(405, 'Method not allowed', 'METHOD_NOT_ALLOWED');
    if (req.headers['apollo-require-preflight'] === undefined) return gqlError(400, 'This operation has been blocked as a potential Cross-Site Request Forgery (CSRF).', 'BAD_REQUEST');
    const auth = String(req.headers.authorization ?? '');
    const session = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
    if (!session || session.exp * 1000 <= Date.now()) return gqlError(401, 'Unauthorized: access token expired or invalid', 'UNAUTHENTICATED');
    if (req.headers['x-csrf-token'] !== session.csrf) return gqlError(403, 'Invalid CSRF token', 'FORBIDDEN');
    let body: { query?: unknown; variables?: { criteria?: MktCSimCriteria } };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return gqlError(400, 'Unexpected token in JSON body', 'BAD_REQUEST');
    }
    const query = typeof body.query === 'string' ? body.query : '';
    const c = body.variables?.criteria;
    if (!query.includes('search(criteria:') || !c || typeof c.query !== 'string') return gqlError(400, 'Variable "$criteria" of required type "SearchInput!" was not provided.', 'BAD_USER_INPUT');
    const length = c.length ?? 30;
    if (!Number.isInteger(length) || length < 1 || length > 120) return gqlError(400, 'length must be between 1 and 120', 'BAD_USER_INPUT');
    let offset = 0;
    let pageNum = 1;
    if (c.startKey !== undefined && c.startKey !== '') {
      const k = decodeKey(c.startKey);
      if (!k) return gqlError(400, 'Invalid startKey', 'BAD_USER_INPUT');
      offset = k.offset;
      pageNum = k.page;
    }
    const all = drifted(mktCGroundTruth(c), req.driftStep ?? 0, `mkt_c|${c.query.trim().toLowerCase()}`, { id: 'id', price: 'price', unit: 100, renew: renewItem(c.query ?? ''), keep: matchesC(c) });
    const items = all.slice(offset, offset + length);
    const next = offset + length < all.length ? encodeKey(offset + length, pageNum + 1) : '';
    return json(200, {
      data: {
        search: {
          page: { offset: offset + items.length, soldItemsOffset: 0, promotedItemsOffset: 0, __typename: 'SearchPage' },
          count: all.length,
          nextKey: next,
          searchId: createHmac('sha256', secret).update(c.query).digest('hex').slice(0, 32),
          initRequestTime: Math.floor(Date.now() / 1000),
          itemsList: items.map((i) => itemJson(i, query.includes('lastSoldAt'))),
          // The criteria echo carries the keys a real payload's does (not the paging fields sent).
          criteria: {
            query: c.query, sortBy: c.sortBy ?? 0, categoryIds: c.categoryIds ?? [], brandIds: c.brandIds ?? [], itemStatuses: c.itemStatuses ?? [],
            itemConditions: c.itemConditions ?? [], maxPrice: c.maxPrice ?? 0, minPrice: c.minPrice ?? 0, __typename: 'SearchCriteria',
          },
          __typename: 'SearchResponse',
        },
      },
    });
  }

  return {
    handle(req: SimRequest): SimResponse {
      if (req.path === '/search' || req.path === '/search/') {
        return { status: 200, headers: { 'set-cookie': '__cf_bm=sim; Path=/; HttpOnly', 'content-type': 'text/html; charset=utf-8' }, body: '<!DOCTYPE html><html lang="en"><head><title>Search | Simulated resale app</title></head><body><div id="__next"></div></body></html>' };
      }
      if (req.path === '/v1/initialize') return issue();
      if (req.path === '/v1/api') return search(req);
      return { status: 404, body: '<html><head><title>404 | Page not found</title></head><body>Not found</body></html>' };
    },
    renderFault(fault: MarkupFault, req: SimRequest): SimResponse {
      switch (fault) {
        case 'bot_wall':
          return {
            status: 403,
            headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', server: 'cloudflare', 'cf-ray': '8f0000000000-SJC' },
            body: '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div class="main-wrapper" role="main"><h1>Verify you are human by completing the action below.</h1><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></div></body></html>',
          };
        case 'login_wall':
          return gqlError(401, 'Unauthorized: login required', 'UNAUTHENTICATED');
        case 'layout_changed':
          if (req.path === '/v1/initialize') return json(200, { session: { token: 'opaque' }, version: 2 });
          return json(200, { data: { searchV2: { results: { edges: [], pageInfo: { endCursor: null } }, totalCount: 0 } } });
      }
    },
    expireTokens(): void {
      for (const t of tokens.values()) t.exp = 0;
    },
    setTokenTtlSeconds(seconds: number): void {
      ttl = seconds;
    },
    sessionsIssued: () => issued,
  };
}

