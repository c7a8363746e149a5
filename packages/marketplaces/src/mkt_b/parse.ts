/**
 * @module mkt_b/parse
 * Pure reading of one mkt_b source page into rows: the search page's embedded state (posts of
 * `$_search.gridData`), its rendered tiles when the state is missing, or the JSON listing
 * route's answer. Sold pages keep only sold-out inventory, listings pages only available
 * inventory; rows that do not match the condition or price filters sent are removed too, and
 * `pageSize` counts every listing the marketplace returned. Anything unreadable becomes a
 * CollectionError, never a TypeError or an empty success.
 */
import {
  BlockedError, CursorRejectedError, FilterNotSupportedError, LayoutChangedError, TransientUpstreamError,
  type Kind, type Row, type Search,
} from '@listings/contract';
import { CONDITION_CODES, CONDITION_URL_VALUE, filtersOf, PAGE_SIZE, type MktBFilters } from './params.ts';
import { extractInitialState } from './state.ts';
import { blockReason, checkedFilters, parseHtml, readTiles, type Tile } from './tiles.ts';
import { groupedDigits, isObject, nonEmpty } from '../shared/json-read.ts';

export interface MktBPage {
  rows: Row[];
  /** Listings on the source page, before removal of rows that do not belong. */
  pageSize: number;
  reportedTotal: number | null;
  /** The marketplace's `max_id` for the next page, or null on the last page. */
  nextToken: string | null;
  /** Where the page was read from. */
  source: 'state' | 'tiles' | 'json';
}

export interface ParseOptions {
  /** Root of listing links: the live site, or the simulator's base URL in the sandbox. */
  siteUrl: string;
  /** Page number asked for (tiles carry no next-page token: it is the next page number). */
  page: number;
}

/** One post (listing) as read, before the route's filters. */
export interface MktBPost {
  id: string;
  title: string | null;
  amount: number | null;
  priceText: string | null;
  inventory: string | null;
  statusChangedAt: string | null;
  condition: string | null;
  brand: string | null;
  size: string | null;
  seller: string | null;
  image: string | null;
  publishedAt: string | null;
}




/** `29` → `$29`, `24.5` → `$24.50`, `1099` → `$1,099` (whole amounts show no cents, as tiles do). */
export function dollarsText(amount: number): string {
  const cents = Math.round(amount * 100);
  const rest = cents % 100;
  return `$${groupedDigits(Math.floor(cents / 100))}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** `$1,099` → 1099; null when the text is not a plain dollar amount; an error for another currency. */
export function readDollars(text: string | null): number | null {
  if (text === null) return null;
  const m = /^\$\s?([0-9]{1,3}(?:,[0-9]{3})*|[0-9]+)(\.[0-9]{1,2})?$/.exec(text);
  if (m) return Number(m[1]!.replace(/,/g, '') + (m[2] ?? ''));
  if (/[0-9]/.test(text)) throw new LayoutChangedError(`price "${text.slice(0, 20)}" is not a US dollar amount (localized page?)`);
  return null;
}

/**
 * The listing URL with its slug written as the site writes it (punctuation and hyphens dropped,
 * words joined by `-`; checked against real tile links). Any slug resolves: `x-<id>` redirects.
 */
export function listingLink(siteUrl: string, id: string, title: string | null): string {
  // One pass over the title (this runs for every row; regex chains cost more than the rest of the row).
  let slug = '';
  let gap = false;
  for (const ch of title ?? '') {
    const c = ch.charCodeAt(0);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      if (gap && slug !== '') slug += '-';
      slug += ch;
      gap = false;
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\u00a0') {
      gap = true;
    }
  }
  return `${siteUrl}/listing/${slug || 'x'}-${id}`;
}

/** ISO 8601 with an offset → the same instant in UTC (`…Z`), or null when unreadable. */
function toUtc(text: string | null): string | null {
  if (text === null || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t).toISOString().replace('.000Z', 'Z');
}

/** Reads one post of the embedded state or JSON route. */
export function readPost(raw: unknown, index: number): MktBPost {
  if (!isObject(raw)) throw new LayoutChangedError(`post ${index} is not an object`);
  const id = typeof raw.id === 'string' && /^[0-9a-f]{24}$/i.test(raw.id) ? raw.id : null;
  if (id === null) throw new LayoutChangedError(`post ${index} has no readable id`);
  let amount: number | null = null;
  let priceText: string | null = null;
  if (isObject(raw.price_amount)) {
    const currency = raw.price_amount.currency_code;
    if (currency !== undefined && currency !== 'USD') throw new LayoutChangedError(`post ${id} is priced in ${String(currency)} (localized page?)`);
    const n = Number(raw.price_amount.val);
    if (typeof raw.price_amount.val === 'string' && raw.price_amount.val.trim() !== '' && Number.isFinite(n) && n >= 0) {
      amount = Math.round(n * 100) / 100;
      priceText = dollarsText(amount);
    }
  }
  const inv = isObject(raw.inventory) ? raw.inventory : {};
  const brandObj = isObject(raw.brand_obj) ? raw.brand_obj : {};
  const sizeObj = isObject(raw.size_obj) ? raw.size_obj : {};
  const cover = isObject(raw.cover_shot) ? raw.cover_shot : {};
  const condition = nonEmpty(raw.condition);
  return {
    id,
    title: nonEmpty(raw.title),
    amount,
    priceText,
    inventory: nonEmpty(inv.status),
    statusChangedAt: nonEmpty(inv.status_changed_at),
    condition: condition !== null && CONDITION_CODES.includes(condition) ? condition : null,
    brand: nonEmpty(raw.brand) ?? nonEmpty(brandObj.canonical_name),
    size: nonEmpty(raw.size) ?? nonEmpty(sizeObj.display),
    seller: nonEmpty(raw.creator_username),
    image: nonEmpty(cover.url) ?? nonEmpty(raw.picture_url),
    publishedAt: nonEmpty(raw.first_published_at),
  };
}

/** Whether a listing belongs on this route's page with these filters. */
export function keepListing(inventory: string | null, condition: string | null, amount: number | null, f: MktBFilters, wanted: string): boolean {
  if (inventory !== wanted) return false;
  if (f.condition !== null && condition !== f.condition) return false;
  if ((f.min !== null || f.max !== null) && amount === null) return false;
  if (f.min !== null && amount! < f.min) return false;
  if (f.max !== null && amount! > f.max) return false;
  return true;
}

interface RowParts {
  id: string;
  title: string | null;
  link: string;
  amount: number | null;
  priceText: string | null;
  soldText: string | null;
  condition: string | null;
  seller: string | null;
  brand: string | null;
  size: string | null;
  image: string | null;
  listedAt: string | null;
}

/** A row of the route: sold rows per interface 2.4; listings rows as docs/marketplaces/mkt_b.md defines. */
function toRow(kind: Kind, p: RowParts): Row {
  const price = p.amount === null ? null : { amount: p.amount, currency: 'USD' };
  if (kind === 'sold') {
    const date = p.soldText !== null && /^\d{4}-\d{2}-\d{2}T/.test(p.soldText) ? p.soldText.slice(0, 10) : null;
    return {
      id: p.id, title: p.title, link: p.link, displayed_price: price, displayed_price_text: p.priceText,
      displayed_shipping: null, shipping_text: null, sold_date: date, sold_date_text: p.soldText,
      condition: p.condition, seller_text: p.seller, brand: p.brand, size: p.size, image: p.image,
      price: null, shipping: null, sold_at: null, took_offer: null,
    };
  }
  return {
    id: p.id, title: p.title, link: p.link, promoted: null, format: 'fixed_price',
    displayed_price: price, displayed_price_text: p.priceText, displayed_shipping: null, shipping_text: null,
    condition: p.condition, brand: p.brand, size: p.size, listed_at: p.listedAt, bid_count: null, ends_at: null,
    best_offer: null, seller_text: p.seller, location_text: null, image: p.image,
  };
}

export function postToRow(post: MktBPost, kind: Kind, siteUrl: string): Row {
  return toRow(kind, {
    id: post.id, title: post.title, link: listingLink(siteUrl, post.id, post.title), amount: post.amount, priceText: post.priceText,
    soldText: post.statusChangedAt, condition: post.condition, seller: post.seller, brand: post.brand, size: post.size,
    image: post.image, listedAt: kind === 'listings' ? toUtc(post.publishedAt) : null,
  });
}

function postsPage(data: unknown[], more: unknown, search: Search, opts: ParseOptions, source: 'state' | 'json'): MktBPage {
  const f = filtersOf(search);
  const posts = data.map(readPost);
  const m = isObject(more) ? more : {};
  const next = m.is_next_max_id_present === false ? null : m.next_max_id;
  const token = typeof next === 'number' && Number.isFinite(next) ? String(next) : nonEmpty(next);
  const total = typeof m.total === 'number' && Number.isSafeInteger(m.total) && m.total >= 0 ? m.total : null;
  return {
    rows: posts.filter((p) => keepListing(p.inventory, p.condition, p.amount, f, f.kind === 'sold' ? 'sold_out' : 'available')).map((p) => postToRow(p, f.kind, opts.siteUrl)),
    pageSize: posts.length,
    reportedTotal: total,
    nextToken: posts.length === 0 ? null : token,
    source,
  };
}

/** Inventory status a tile shows: its overlay says "Sold" (or "Sold Out") when sold out. */
function tileInventory(t: Tile): string {
  if (t.status === '') return 'available';
  return /^sold\b/i.test(t.status) ? 'sold_out' : t.status.toLowerCase();
}

/**
 * Tiles show an NWT badge but no other condition, so a condition filter is never re-checked on
 * them: it is trusted when the page's filter panel shows it applied (its `condition` radio
 * checked at the value asked for), and the tiles then all stand as matching it; otherwise the
 * search fails `filter_not_supported`, never as an empty or unfiltered success.
 */
function trustedCondition(f: MktBFilters, applied: ReadonlyMap<string, string>): boolean {
  if (f.condition === null) return false;
  const shown = applied.get('condition');
  if (shown === CONDITION_URL_VALUE[f.condition]) return true;
  throw new FilterNotSupportedError(shown === undefined
    ? `the tile page does not show which condition it applied (asked ${f.condition}), and its tiles do not show conditions`
    : `the tile page applied condition "${shown}", not ${f.condition}`);
}

function tilesPage(tiles: Tile[], search: Search, opts: ParseOptions, applied: ReadonlyMap<string, string>): MktBPage {
  const f = filtersOf(search);
  const trusted = trustedCondition(f, applied);
  const rows: Row[] = [];
  for (const t of tiles) {
    const amount = readDollars(t.priceText);
    const condition = trusted ? f.condition : t.nwt ? 'nwt' : null;
    if (!keepListing(tileInventory(t), condition, amount, f, f.kind === 'sold' ? 'sold_out' : 'available')) continue;
    rows.push(toRow(f.kind, {
      id: t.id, title: t.title, link: t.href ? `${opts.siteUrl}${t.href}` : listingLink(opts.siteUrl, t.id, t.title),
      amount, priceText: amount === null ? t.priceText : dollarsText(amount), soldText: null, condition,
      seller: null, brand: null, size: t.size, image: t.image, listedAt: null,
    }));
  }
  // Tiles carry no next-page token; the page's own URLs page by number, and a full page means more may follow.
  return { rows, pageSize: tiles.length, reportedTotal: null, nextToken: tiles.length >= PAGE_SIZE ? String(opts.page + 1) : null, source: 'tiles' };
}

/** The grid of the embedded state, or null when the state holds no search grid. */
function stateGrid(state: unknown): { data: unknown[]; more: unknown } | null {
  if (!isObject(state)) return null;
  const s = state.$_search;
  const grid = isObject(s) ? s.gridData : undefined;
  if (!isObject(grid) || !Array.isArray(grid.data)) return null;
  return { data: grid.data, more: grid.more };
}

/**
 * One search page (HTML). Reads the embedded state grid; without one, the rendered tiles; a
 * page with neither is a block or login wall when it shows their signs, else a
 * LayoutChangedError (the caller may then try the JSON route).
 */
export function parseSearchPage(html: string, search: Search, opts: ParseOptions): MktBPage {
  const grid = stateGrid(extractInitialState(html));
  if (grid) return postsPage(grid.data, grid.more, search, opts, 'state');
  const doc = parseHtml(html);
  const found = readTiles(doc);
  if (found === null) {
    // Only a page without a grid is checked for block signs: normal pages embed invisible captcha frames too.
    const blocked = blockReason(doc);
    if (blocked) throw new BlockedError(blocked);
    throw new LayoutChangedError('search page has neither an embedded state grid nor listing tiles');
  }
  if (found.unreadable > 0) throw new LayoutChangedError(`${found.unreadable} listing tile(s) without a readable id`);
  return tilesPage(found.tiles, search, opts, checkedFilters(doc));
}

/** One answer of the JSON listing route (`{ data: [posts], more: { next_max_id, … } }`). */
export function parsePostsJson(body: string, search: Search, opts: ParseOptions & { continued: boolean }): MktBPage {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('<')) {
    const reason = blockReason(parseHtml(trimmed));
    if (reason) throw new BlockedError(reason);
    throw new LayoutChangedError('HTML where the listing route answers JSON');
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new TransientUpstreamError('listing route answer is not complete JSON', { cause: err });
  }
  if (!isObject(doc)) throw new LayoutChangedError('listing route answer is not a JSON object');
  if (isObject(doc.error)) {
    const e = doc.error;
    const text = `${String(e.errorType ?? e.type ?? '')} ${String(e.errorMessage ?? e.message ?? '')}`.trim();
    if (opts.continued && (e.statusCode === 400 || /max_id/i.test(text))) throw new CursorRejectedError(`max_id refused: ${text}`);
    throw new LayoutChangedError(`listing route answered an error: ${text || 'unknown'}`);
  }
  if (!Array.isArray(doc.data)) throw new LayoutChangedError('no data array in the listing route answer');
  return postsPage(doc.data, doc.more, search, opts, 'json');
}
