/**
 * @module mkt_b/simulator
 * A stand-in for the social fashion resale marketplace speaking its real formats: the
 * server-rendered search page (`/search`, listing tiles plus `window.__INITIAL_STATE__` with
 * `$_search.gridData`), and the JSON listing route (`/vm-rest/posts?request=…`). Listings are
 * synthetic, generated deterministically from the keywords by the sandbox catalogue
 * (sim/catalog.ts: the product they name, in its listings' words); availability, condition, price
 * range, sort and `max_id` paging (48 a page) are honoured on both routes. Faults render as the
 * site's edge and pages do: an "Access Denied" edge page, the login page, a redesigned page.
 */
import { createHash } from 'node:crypto';
import { drawItem, readKeywords, type Grade } from '../sim/catalog.ts';
import { drifted } from '../sim/drift.ts';
import { seededRandom, type MarkupFault, type SimRequest, type SimResponse, type Simulator } from '../sim/kit.ts';
import { PAGE_SIZE } from './params.ts';

type Inventory = 'available' | 'sold_out' | 'reserved' | 'not_for_sale';
/** The marketplace's condition codes (`ret`, `not_nwt` and none read as no condition). */
type Condition = 'nwt' | 'uln' | 'ug' | 'uf' | 'ret' | 'not_nwt' | undefined;
/** The marketplace's condition for each condition of the sandbox catalogue (`ret` is its boutique new; some listings carry none). */
const GRADE_CONDITIONS: Readonly<Record<Grade, readonly Condition[]>> = {
  new: ['nwt', 'nwt', 'nwt', 'nwt', 'nwt', 'ret'], open_box: ['not_nwt'], refurbished: ['ug'],
  like_new: ['uln', 'uln', 'uln', 'uln', undefined], good: ['ug', 'ug', 'ug', 'ug', undefined], fair: ['uf'], parts: ['uf'],
};
/** Today's start (UTC, seconds): listings and sales sit in the months before it, so sold dates are recent. */
const SIM_EPOCH = Math.floor(Date.now() / 86_400_000) * 86_400;
const PACIFIC_OFFSET_S = -7 * 3600;

export interface MktBSimPost {
  id: string;
  title: string;
  price: number;
  originalPrice: number;
  inventory: Inventory;
  statusChangedAt: number;
  condition: Condition;
  brand: string;
  size: string;
  seller: string;
  sellerId: string;
  created: number;
  pictureId: string;
  score: number;
}

/** A search as the simulator reads it from either route. */
export interface MktBSimQuery {
  query: string;
  availability?: string;
  condition?: string;
  min?: number;
  max?: number;
  /** `added_desc`, `price_asc`, `price_desc`, `relevance` (default). */
  sort?: string;
}

const hex = (rnd: () => number, n: number): string => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
const universes = new Map<string, MktBSimPost[]>();

/** Every listing the simulator holds for a keyword set, in creation order. */
export function mktBUniverse(query: string): MktBSimPost[] {
  const key = query.trim().toLowerCase();
  const cached = universes.get(key);
  if (cached) return cached;
  const rnd = seededRandom(`mkt_b:${key}`);
  const n = 400 + Math.floor(rnd() * 400);
  const posts: MktBSimPost[] = [];
  const plan = readKeywords(query);
  for (let i = 0; i < n; i++) {
    // Listed within the last 120 days; a sale (status change) between its listing and today, so within 90 days mostly.
    const created = SIM_EPOCH - 86400 * 120 + Math.floor(rnd() * 86400 * 119);
    const inv = rnd();
    // The product the keywords name, in its listings' words; Poshmark asks whole dollars (sim/catalog.ts).
    const item = drawItem(seededRandom(`mkt_b:${key}#${i}`), plan, 'mkt_b');
    const price = item.price;
    const conditions = GRADE_CONDITIONS[item.grade];
    posts.push({
      id: created.toString(16).padStart(8, '0') + hex(rnd, 16),
      title: item.title,
      price,
      originalPrice: rnd() < 0.2 ? 0 : Math.ceil(price * (1.2 + rnd())),
      inventory: inv < 0.5 ? 'sold_out' : inv < 0.9 ? 'available' : inv < 0.95 ? 'reserved' : 'not_for_sale',
      statusChangedAt: Math.max(created, SIM_EPOCH - 86400 * 89) + Math.floor(rnd() * (SIM_EPOCH - Math.max(created, SIM_EPOCH - 86400 * 89))),
      condition: conditions[Math.floor(rnd() * conditions.length)],
      brand: item.brand ?? '',
      size: item.size ?? 'OS',
      seller: `closet_${hex(rnd, 6)}`,
      sellerId: hex(rnd, 24),
      created,
      pictureId: hex(rnd, 24),
      score: Math.round(rnd() * 100000),
    });
  }
  universes.set(key, posts);
  return posts;
}

/** A new post's own fields for the market's drift (sim/drift.ts), drawn as every post of the search is. */
function renewPost(query: string): (r: () => number, like: MktBSimPost) => Partial<MktBSimPost> {
  const plan = readKeywords(query);
  return (r, like) => {
    const item = drawItem(r, plan, 'mkt_b');
    const conditions = GRADE_CONDITIONS[item.grade];
    return {
      title: item.title, price: item.price, originalPrice: like.originalPrice === 0 ? 0 : Math.ceil(item.price * (1.2 + r())),
      condition: conditions[Math.floor(r() * conditions.length)], brand: item.brand ?? '', size: item.size ?? 'OS', pictureId: hex(r, 24),
    };
  };
}

const byId = (a: MktBSimPost, b: MktBSimPost): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ORDERS: Record<string, (a: MktBSimPost, b: MktBSimPost) => number> = {
  added_desc: (a, b) => b.created - a.created || byId(a, b),
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(a, b),
  relevance: (a, b) => b.score - a.score || byId(a, b),
};

/** The post passes the search's filters (availability, condition, price bounds). */
function matchesB(s: MktBSimQuery, p: MktBSimPost): boolean {
  return (s.availability === undefined || s.availability === 'all' || p.inventory === s.availability)
    && (s.condition === undefined || p.condition === s.condition)
    && (s.min === undefined || p.price >= s.min)
    && (s.max === undefined || p.price <= s.max);
}

/** Ground truth: every listing matching the search, in the order pages serve them. */
export function mktBGroundTruth(s: MktBSimQuery): MktBSimPost[] {
  const out = mktBUniverse(s.query).filter((p) => matchesB(s, p));
  return out.sort(ORDERS[s.sort ?? 'relevance'] ?? ORDERS.relevance);
}

function pacific(unix: number): string {
  return new Date((unix + PACIFIC_OFFSET_S) * 1000).toISOString().slice(0, 19) + '-07:00';
}

function postJson(p: MktBSimPost): Record<string, unknown> {
  const day = new Date(p.created * 1000).toISOString().slice(0, 10).replace(/-/g, '/');
  const pic = (size: string): string => `https://di2ponv0v5otw.cloudfront.net/posts/${day}/${p.id}/${size}_${p.pictureId}.jpg`;
  const money = (v: number): Record<string, string> => ({ val: v.toFixed(1), currency_code: 'USD', currency_symbol: '$' });
  return {
    id: p.id,
    creator_id: p.sellerId,
    status: 'published',
    inventory: {
      status: p.inventory,
      status_changed_at: pacific(p.statusChangedAt),
      size_quantities: [{ size_id: p.size, quantity_available: p.inventory === 'available' ? 1 : 0, quantity_sold: p.inventory === 'sold_out' ? 1 : 0, size_obj: { id: p.size, display: p.size } }],
      multi_item: false,
    },
    title: p.title,
    price_amount: money(p.price),
    original_price_amount: money(p.originalPrice),
    price: Math.floor(p.price),
    original_price: p.originalPrice,
    size: p.size,
    size_obj: { id: p.size, display: p.size, display_with_size_set: p.size },
    brand: p.brand,
    ...(p.condition === undefined ? {} : { condition: p.condition }),
    cover_shot: { id: p.pictureId, url: pic('m'), url_small: pic('s'), url_large: pic('l') },
    picture_url: pic('m'),
    created_at: pacific(p.created),
    first_published_at: pacific(p.created + 60),
    creator_username: p.seller,
    like_count: p.score % 40,
  };
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function slug(title: string): string {
  return title.replace(/[^A-Za-z0-9\s]/g, '').trim().split(/\s+/).filter(Boolean).join('-') || 'x';
}

function money(v: number): string {
  return `$${v.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(v) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

function tileHtml(p: MktBSimPost, position: number): string {
  const track = `data-et-prop-lister_id="${p.sellerId}" data-et-prop-listing_id="${p.id}" data-et-prop-location="listing_tile" data-et-prop-unit_position="${position}" data-et-name="listing"`;
  const day = new Date(p.created * 1000).toISOString().slice(0, 10).replace(/-/g, '/');
  const overlay = p.inventory === 'sold_out'
    ? '<div class="tile-grid-redesign__listing-status-overlay"><span class="tile-grid-redesign__listing-status-label"><span class="tile-grid-redesign__listing-status-word">Sold</span></span></div>'
    : p.inventory === 'not_for_sale'
      ? '<div class="tile-grid-redesign__listing-status-overlay"><span class="tile-grid-redesign__listing-status-label"><span class="tile-grid-redesign__listing-status-word">Not</span><span class="tile-grid-redesign__listing-status-word">For Sale</span></span></div>'
      : '';
  const nwt = p.condition === 'nwt' ? '<div role="img" aria-label="NWT" class="tile-grid-redesign__condition-nwt"></div>' : '';
  const href = `/listing/${esc(slug(p.title))}-${p.id}`;
  return `<div class="col-x12 col-l6 col-s8"><div ${track} class="tile-grid-redesign p--t--3 p--b--4 p--h--2">`
    + `<div class="p--h--3 p--t--3 p--b--0 tile-grid-redesign__media--wrapper"><div class="tile-grid-redesign__media"><a href="${href}" ${track} class="tile__covershot tile-grid-redesign__covershot m--b--2">`
    + `<div class="img__container img__container--3-4"><picture><img src="https://di2ponv0v5otw.cloudfront.net/posts/${day}/${p.id}/m_${p.pictureId}.jpg" alt="${esc(p.title)}" class="ovf--h d--b"></picture></div>${overlay}</a></div></div>`
    + `<div><a href="${href}" ${track} class="tile-grid-redesign__meta-link"><div class="tile-grid-redesign__meta"><div class="tile-grid-redesign__meta-row"><div class="tile-grid-redesign__meta-title-group"><span class="tile-grid-redesign__title">${esc(p.title)}</span></div>`
    + `<div class="tile-grid-redesign__condition-wrap">${nwt}</div></div><div class="tile-grid-redesign__meta-row tile-grid-redesign__meta-row--price"><div class="tile-grid-redesign__price-leading">`
    + `<span class="tile-grid-redesign__price-current">${money(p.price)}</span>${p.originalPrice > 0 ? `<span class="tile-grid-redesign__price-original">${money(p.originalPrice)}</span>` : ''}</div>`
    + `<div class="tile-grid-redesign__size">${esc(p.size)}</div></div></div></a></div></div></div>`;
}

function html(status: number, body: string): SimResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

function json(status: number, body: unknown): SimResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

function page(title: string, main: string, state: unknown): string {
  const script = state === undefined ? '' : `<script>window.__INITIAL_STATE__=${JSON.stringify(state).replace(/</g, '\\u003c')};</script>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>`
    + '<div id="app"><header class="header"><nav class="header--fixed"><form id="searchForm" action="/search" method="get" class="search-form"><input id="searchInput" name="query" type="search"></form>'
    + `<div class="header__login-signup"><a href="/login">Log in</a> | <a href="/signup">Sign up</a></div></nav></header><main>${main}</main></div>${script}</body></html>`;
}

/** The page group a search's continuation tokens belong to. */
function groupId(s: MktBSimQuery): string {
  return createHash('sha256').update(JSON.stringify([s.query.trim().toLowerCase(), s.availability, s.condition, s.min, s.max, s.sort])).digest('hex').slice(0, 24);
}

function encodeMaxId(offset: number, pageNum: number, group: string): string {
  return `ENC_${Buffer.from(JSON.stringify({ max_ids: [offset], page_num: pageNum, page_group_id: group })).toString('base64')}`;
}

/** Offset and page number of a `max_id` (an ENC_ token of this search, or a page number), else null. */
function decodeMaxId(maxId: string, group: string): { offset: number; page: number } | null {
  if (/^[1-9][0-9]{0,3}$/.test(maxId)) return { offset: (Number(maxId) - 1) * PAGE_SIZE, page: Number(maxId) };
  if (!maxId.startsWith('ENC_')) return null;
  try {
    const o = JSON.parse(Buffer.from(maxId.slice(4), 'base64').toString('utf8')) as { max_ids?: unknown; page_num?: unknown; page_group_id?: unknown };
    const offset = Array.isArray(o.max_ids) ? o.max_ids[0] : undefined;
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || o.page_group_id !== group) return null;
    return { offset, page: typeof o.page_num === 'number' ? o.page_num : 2 };
  } catch {
    return null;
  }
}

interface Slice {
  posts: MktBSimPost[];
  total: number;
  next: string | null;
  offset: number;
}

/** The page after `maxId`; `step`: the market's drift step (sim/drift.ts). */
function slice(s: MktBSimQuery, maxId: string | null, step = 0): Slice | null {
  const group = groupId(s);
  let offset = 0;
  let pageNum = 1;
  if (maxId !== null && maxId !== '') {
    const k = decodeMaxId(maxId, group);
    if (!k) return null;
    offset = k.offset;
    pageNum = k.page;
  }
  const all = drifted(mktBGroundTruth(s), step, `mkt_b|${s.query.trim().toLowerCase()}`, { id: 'id', price: 'price', renew: renewPost(s.query), keep: (p) => matchesB(s, p) });
  const posts = all.slice(offset, offset + PAGE_SIZE);
  return { posts, total: Math.min(all.length, 5000), next: offset + PAGE_SIZE < all.length ? encodeMaxId(offset + PAGE_SIZE, pageNum + 1, group) : null, offset };
}

const PAGE_SORTS = new Set(['added_desc', 'price_asc', 'price_desc', 'relevance']);
const JSON_SORTS: Record<string, string> = { best_match: 'relevance', relevance: 'relevance', price_asc: 'price_asc', price_desc: 'price_desc' };

function priceRange(v: string | null): { min?: number; max?: number } {
  const m = v === null ? null : /^([0-9]*)-([0-9]*)$/.exec(v);
  if (!m) return {};
  return { ...(m[1] ? { min: Number(m[1]) } : {}), ...(m[2] ? { max: Number(m[2]) } : {}) };
}

export interface MktBSimOptions {
  /** false renders the tiles without the embedded state (the documented fallback). @defaultValue true */
  embedState?: boolean;
}

export function createMktBSimulator(opts: MktBSimOptions = {}): Simulator {
  const embed = opts.embedState ?? true;

  function searchPage(req: SimRequest): SimResponse {
    const q = req.query;
    const sortBy = q.get('sort_by') ?? 'relevance';
    const s: MktBSimQuery = {
      query: q.get('query') ?? '',
      availability: q.get('availability') ?? 'all',
      ...(q.get('condition') ? { condition: q.get('condition')! } : {}),
      ...priceRange(q.get('price[]')),
      sort: PAGE_SORTS.has(sortBy) ? sortBy : 'relevance',
    };
    const got = slice(s, q.get('max_id'), req.driftStep);
    if (!got) return html(400, page('Bad Request | Poshmark', '<div class="error-page"><h1>Bad Request</h1><p>Something went wrong with your request.</p></div>', undefined));
    // The grid as the rendered capture has it: a bare div.tiles_container.
    const grid = `<div class="tiles_container m--t--1">${got.posts.map((p, i) => tileHtml(p, got.offset + i)).join('')}</div>`;
    const state = {
      $_auth: { isLoggedIn: false },
      $_search: {
        query: s.query,
        gridData: { data: got.posts.map(postJson), more: { next_max_id: got.next, total: got.total, is_next_max_id_present: got.next !== null } },
      },
    };
    return html(200, page(`${s.query} | Poshmark`, grid, embed ? state : undefined));
  }

  function postsRoute(req: SimRequest): SimResponse {
    let r: Record<string, unknown>;
    try {
      r = JSON.parse(req.query.get('request') ?? '') as Record<string, unknown>;
    } catch {
      return json(400, { error: { statusCode: 400, errorType: 'ValidationError', errorMessage: 'request is not valid JSON' } });
    }
    if (r.experience !== 'all') return html(500, '<html><head><title>Internal Server Error</title></head><body><h1>500</h1></body></html>');
    if (typeof r.count !== 'number') return json(400, { error: { statusCode: 400, errorType: 'ValidationError', errorMessage: 'count must be a number' } });
    const sortBy = r.sort_by === undefined ? 'added_desc' : JSON_SORTS[String(r.sort_by)];
    if (sortBy === undefined) return json(400, { error: { statusCode: 400, errorType: 'ValidationError', errorMessage: `invalid sort_by ${String(r.sort_by)}` } });
    const f = (typeof r.filters === 'object' && r.filters !== null ? r.filters : {}) as Record<string, unknown>;
    const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : undefined);
    const range = first(f.price_amount_range) as { min?: { val?: string }; max?: { val?: string } } | undefined;
    const s: MktBSimQuery = {
      query: typeof r.query === 'string' ? r.query : '',
      availability: typeof first(f.inventory_status) === 'string' ? (first(f.inventory_status) as string) : 'all',
      ...(typeof first(f.condition) === 'string' ? { condition: first(f.condition) as string } : {}),
      ...(range?.min?.val !== undefined ? { min: Number(range.min.val) } : {}),
      ...(range?.max?.val !== undefined ? { max: Number(range.max.val) } : {}),
      sort: sortBy,
    };
    const got = slice(s, typeof r.max_id === 'string' ? r.max_id : null, req.driftStep);
    if (!got) return json(400, { error: { statusCode: 400, errorType: 'ValidationError', errorMessage: 'invalid max_id' } });
    return json(200, {
      data: got.posts.map(postJson),
      more: { total: got.total, next_max_id: got.next, page_group_id: groupId(s), is_next_max_id_present: got.next !== null },
      query_hash_id: groupId(s),
      trace_id: groupId(s).slice(0, 16),
    });
  }

  return {
    handle(req: SimRequest): SimResponse {
      if (req.method !== 'GET') return html(405, page('Method Not Allowed | Poshmark', '<h1>Method Not Allowed</h1>', undefined));
      if (req.path === '/search') return searchPage(req);
      if (req.path === '/vm-rest/posts') return postsRoute(req);
      return html(404, page('Page Not Found | Poshmark', '<div class="error-page"><h1>Page Not Found</h1></div>', undefined));
    },
    renderFault(fault: MarkupFault, req: SimRequest): SimResponse {
      switch (fault) {
        case 'bot_wall':
          return html(403, '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don\'t have permission to access "http&#58;&#47;&#47;poshmark&#46;com&#47;search&#63;" on this server.<P>\nReference&#32;&#35;18&#46;5e2d3e17&#46;1790000000&#46;1a2b3c4d\n</BODY>\n</HTML>\n');
        case 'login_wall':
          return html(200, page('Login | Poshmark', '<div class="login-form"><h1>Log in to Poshmark</h1><form action="/login" method="post"><input name="login_form[username_email]" type="text"><input name="login_form[password]" type="password"><button type="submit">Log In</button></form></div>', { $_auth: { isLoggedIn: false }, $_login: { redirectUrl: '/search' } }));
        case 'layout_changed':
          if (req.path === '/vm-rest/posts') return json(200, { results: { items: [], cursor: null }, version: 3 });
          return html(200, page('Poshmark', '<div class="search-results-v3"><ul class="listing-cards"><li class="listing-card" data-id="x">New layout</li></ul></div>', undefined));
      }
    },
  };
}
