/**
 * @module mkt_c/parse
 * Pure reading of one answer of the marketplace's search API (`data.search` of its GraphQL
 * endpoint) into sold rows (interface 2.4, mkt_c). Prices come in integer cents. Only
 * sold-out items become rows; in-progress sales (`trading`), items on sale, and rows that do
 * not match the search's filters are removed, while `pageSize` counts every item the
 * marketplace returned. Anything unreadable becomes a CollectionError, never a TypeError.
 */
import {
  BlockedError, CursorRejectedError, LayoutChangedError, TransientUpstreamError,
  type Row, type Search,
} from '@listings/contract';
import { CONDITION_LABELS, filtersOf, type MktCFilters } from './params.ts';
import { groupedDigits, isObject, nonEmpty, type Json } from '../shared/json-read.ts';
import { FilterIgnoredError } from '../shared/reading.ts';

/** One page as read, before the result envelope is built. */
export interface MktCPage {
  rows: Row[];
  /** Items the marketplace returned, before removal of rows that are not sold. */
  pageSize: number;
  reportedTotal: number | null;
  /** The marketplace's next page key, or null on the last page. */
  nextKey: string | null;
}

/** The marketplace refused our access token (expired or revoked): refresh once, then fail. */
export class TokenRefusedError extends BlockedError {}

/** An item as read from `itemsList`, before the sold filter. */
export interface MktCItem {
  id: string;
  title: string | null;
  status: string;
  priceCents: number;
  conditionId: number | null;
  categoryId: number | null;
  categoryPath: number[];
  brandId: number | null;
  sellerId: string | null;
  image: string | null;
  soldAtSeconds: number | null;
}


function intOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
}
function idOrNull(v: unknown): string | null {
  if (typeof v === 'string' && v.length > 0) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}


/** `1234567` cents → `$12,345.67`. */
export function centsText(cents: number): string {
  return `$${groupedDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/** A challenge page where JSON was expected (the edge answers HTML). */
export function looksLikeChallenge(body: string): boolean {
  const head = body.slice(0, 4096).toLowerCase();
  return head.includes('just a moment') || head.includes('cf-chl') || head.includes('challenge-platform') || head.includes('captcha') || head.includes('attention required');
}

interface GraphQlError {
  message: string;
  code: string;
  status: number | null;
}

function graphQlErrors(doc: Json): GraphQlError[] {
  if (!Array.isArray(doc.errors)) return [];
  return doc.errors.map((e) => {
    const o = isObject(e) ? e : {};
    const ext = isObject(o.extensions) ? o.extensions : {};
    const exception = isObject(ext.exception) ? ext.exception : {};
    return {
      message: typeof o.message === 'string' ? o.message : '',
      code: String(ext.code ?? exception.code ?? ''),
      status: intOrNull(ext.status ?? exception.status),
    };
  });
}

/** An error answer that means our access token is not (or no longer) accepted. */
function isTokenRefusal(e: GraphQlError): boolean {
  return e.code === 'UNAUTHENTICATED' || e.status === 401 || /unauthori[sz]ed|access token|token (has )?expired/i.test(e.message);
}

/**
 * An error answer to a continued page that names the page key. UNVERIFIED: how the live API
 * refuses a stale or foreign `startKey` has not been seen; this reading is the one place to fix.
 */
function isKeyRefusal(e: GraphQlError): boolean {
  if (e.code === 'GRAPHQL_VALIDATION_FAILED' || /^cannot query field/i.test(e.message)) return false;
  return e.code === 'BAD_USER_INPUT' || e.code === 'INVALID_ARGUMENT' || /start\s*key/i.test(e.message);
}

/** Reads one item; null fields where the marketplace gives nothing, an error where it must. */
export function readItem(raw: unknown, index: number): MktCItem {
  if (!isObject(raw)) throw new LayoutChangedError(`item ${index} is not an object`);
  const id = typeof raw.id === 'string' && /^m[0-9]{5,20}$/.test(raw.id) ? raw.id : null;
  if (id === null) throw new LayoutChangedError(`item ${index} has no readable id`);
  if (typeof raw.status !== 'string') throw new LayoutChangedError(`item ${id} has no status`);
  const price = intOrNull(raw.price);
  if (price === null || price < 0) throw new LayoutChangedError(`item ${id} has no readable price`);
  const condition = isObject(raw.itemCondition) ? intOrNull(raw.itemCondition.id) : null;
  const category = intOrNull(raw.categoryId) ?? (isObject(raw.itemCategory) ? intOrNull(raw.itemCategory.id) : null);
  const path = Array.isArray(raw.itemCategoryHierarchy)
    ? raw.itemCategoryHierarchy.map((c) => (isObject(c) ? intOrNull(c.id) : null)).filter((c): c is number => c !== null)
    : [];
  const seller = isObject(raw.seller) ? idOrNull(raw.seller.sellerId ?? raw.seller.id) : null;
  const photo = Array.isArray(raw.photos) && isObject(raw.photos[0]) ? raw.photos[0] : null;
  const soldAt = intOrNull(raw.lastSoldAt);
  return {
    id,
    title: nonEmpty(raw.name),
    status: raw.status,
    priceCents: price,
    conditionId: condition,
    categoryId: category,
    categoryPath: path,
    brandId: isObject(raw.brand) ? intOrNull(raw.brand.id) : null,
    sellerId: seller,
    image: photo ? nonEmpty(photo.imageUrl) ?? nonEmpty(photo.thumbnail) : null,
    soldAtSeconds: soldAt !== null && soldAt > 0 ? soldAt : null,
  };
}

/** Whether an item belongs in a sold page of this search (sold out and matching every filter). */
export function keepItem(item: MktCItem, f: MktCFilters): boolean {
  if (item.status !== 'sold_out') return false;
  if (f.conditionId !== null && item.conditionId !== f.conditionId) return false;
  if (f.minCents !== null && item.priceCents < f.minCents) return false;
  if (f.maxCents !== null && item.priceCents > f.maxCents) return false;
  if (f.brandId !== null && item.brandId !== f.brandId) return false;
  if (f.categoryId !== null && item.categoryId !== f.categoryId && !item.categoryPath.includes(f.categoryId)) return false;
  return true;
}

export function itemToRow(item: MktCItem, siteUrl: string): Row {
  const soldText = item.soldAtSeconds === null ? null : new Date(item.soldAtSeconds * 1000).toISOString().replace('.000Z', 'Z');
  const conditionId = item.conditionId !== null && CONDITION_LABELS[item.conditionId] ? item.conditionId : null;
  return {
    id: item.id,
    title: item.title,
    link: `${siteUrl}/us/item/${item.id}/`,
    displayed_price: { amount: item.priceCents / 100, currency: 'USD' },
    displayed_price_text: centsText(item.priceCents),
    displayed_shipping: null,
    shipping_text: null,
    sold_date: soldText === null ? null : soldText.slice(0, 10),
    sold_date_text: soldText,
    condition: conditionId === null ? null : CONDITION_LABELS[conditionId]!,
    seller_text: item.sellerId,
    brand: null,
    size: null,
    image: item.image,
    price: null,
    shipping: null,
    sold_at: null,
    took_offer: null,
    status: 'sold',
    seller_id: item.sellerId,
    condition_id: conditionId,
    category_id: item.categoryId,
    brand_id: item.brandId,
  };
}

/** Every item of an answer, in order, without the sold filter (what `pageSize` counts). */
export function readItems(body: string, opts: { continued: boolean }): { items: MktCItem[]; reportedTotal: number | null; nextKey: string | null } {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('<')) {
    if (looksLikeChallenge(trimmed)) throw new BlockedError('challenge page instead of search results');
    throw new LayoutChangedError('HTML where the search API answers JSON');
  }
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (err) {
    throw new TransientUpstreamError('search answer is not complete JSON', { cause: err });
  }
  if (!isObject(doc)) throw new LayoutChangedError('search answer is not a JSON object');
  const errors = graphQlErrors(doc);
  if (errors.some(isTokenRefusal)) throw new TokenRefusedError(`access token refused: ${errors[0]!.message}`);
  const data = isObject(doc.data) ? doc.data : null;
  const s = data && isObject(data.search) ? data.search : null;
  if (errors.length > 0 && (s === null || !Array.isArray(s.itemsList))) {
    if (opts.continued && errors.some(isKeyRefusal)) throw new CursorRejectedError(`page key refused: ${errors[0]!.message}`);
    throw new LayoutChangedError(`search answered errors: ${errors.map((e) => e.message).join('; ').slice(0, 300)}`);
  }
  if (s === null || !Array.isArray(s.itemsList)) throw new LayoutChangedError('no data.search.itemsList in the answer');
  const total = intOrNull(s.count);
  const next = typeof s.nextKey === 'string' && s.nextKey.length > 0 ? s.nextKey : null;
  return { items: s.itemsList.map(readItem), reportedTotal: total !== null && total >= 0 ? total : null, nextKey: next };
}

/**
 * One sold page. `siteUrl` roots the listing links (the live site, or the simulator's URL in
 * the sandbox); `continued` says a page key was sent (page > 1).
 */
export function parseSoldPage(body: string, search: Search, opts: { siteUrl: string; continued: boolean }): MktCPage {
  const { items, reportedTotal, nextKey } = readItems(body, opts);
  const f = filtersOf(search);
  // A sold search answered with items on sale (and none sold) did not apply the sold filter:
  // the real active-search payloads read this way. Never an empty success, never asks as sales.
  if (items.length > 0 && items.some((i) => i.status === 'on_sale') && !items.some((i) => i.status === 'sold_out')) {
    throw new FilterIgnoredError(`the sold search answered ${items.length} items, none sold out (on sale: ${items.filter((i) => i.status === 'on_sale').length}): the sold filter was not applied`);
  }
  return {
    rows: items.filter((i) => keepItem(i, f)).map((i) => itemToRow(i, opts.siteUrl)),
    pageSize: items.length,
    reportedTotal,
    nextKey,
  };
}
