/**
 * @module mkt_e/parse
 * Pure reading of one feed answer into listing rows (interface 2.5, `mkt_e` row) and the facts
 * the adapter needs from it: the next `pageCursor`, the category the marketplace applied, and
 * the filters it echoes as applied.
 *
 * Two shapes are read: the current GraphQL `data.modularFeed` (listings in `looseTiles[]` and in
 * `modules[].grid.tiles[]`, the same listing possibly in both) and the previous REST feed
 * `data.feed_items[]` (the 2021 capture in `shared/fixtures/mkt_e/`). Anything else is a changed
 * layout. Only listing tiles are rows: `ModularFeedTileListing`, and `ModularFeedTileSellerAd`
 * (a seller's own listing in a paid slot, `promoted` true); third-party ads, banners, jobs,
 * services and every other tile are dropped.
 */
import { BlockedError, LayoutChangedError, TransientUpstreamError, type Money, type Row } from '@listings/contract';
import { groupedDigits } from '../shared/json-read.ts';

export const LISTING_URL = 'https://offerup.com/item/detail/';
export const TITLE_MAX = 2000;
/** The flag a listing carries when the seller asks buyers to call (unverified name). */
export const CALL_FOR_PRICE_FLAG = 'CALL_FOR_PRICE';

const LISTING_TILE = 'ModularFeedTileListing';
const SELLER_AD_TILE = 'ModularFeedTileSellerAd';

export interface FeedPage {
  shape: 'modular' | 'legacy' | 'ssr';
  /** Listings in feed order, each once. */
  rows: Row[];
  /** Listing tiles that could not be read (no id or title). */
  unreadable: number;
  /** Tiles that are not listings (ads, banners, ...). */
  otherTiles: number;
  /** Continuation for the next page; null on the last. */
  pageCursor: string | null;
  /** Category the marketplace applied (`categoryInfo.categoryId`), or null. */
  categoryId: string | null;
  /** Echoed selection filters: upper-case target name → selected values. */
  selected: Record<string, string[]>;
  /** Echoed numeric bounds: upper-case target name → value. */
  bounds: Record<string, string>;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function nonEmpty(v: unknown): string | null {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v)?.trim();
  return s ? s : null;
}

const STATES = new Set(('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP').split(' '));

/** `City, ST` → its parts; anything else → nulls (the text stays in `location_text`). */
export function parseCityState(text: string | null): { city: string | null; state: string | null } {
  if (text === null) return { city: null, state: null };
  const comma = text.lastIndexOf(',');
  if (comma <= 0) return { city: null, state: null };
  const city = text.slice(0, comma).trim();
  const state = text.slice(comma + 1).trim();
  if (city.length === 0 || !STATES.has(state)) return { city: null, state: null };
  return { city, state };
}

/** A price string such as `"240"`, `"1,200.50"` or `"$35"` → dollars; empty or other text → null. */
export function parsePriceAmount(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null;
  const s = str(v)?.trim().replace(/^\$/u, '').replaceAll(',', '');
  if (!s || !/^[0-9]{1,9}(\.[0-9]{1,2})?$/u.test(s)) return null;
  return Number(s);
}

/**
 * Odometer miles: a number, or text such as `"45,123"`, `"45,123 miles"`, `"45K mi"`. The feed's
 * format is unverified; anything else → null.
 */
export function parseMiles(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
  const s = str(v)?.trim().toLowerCase().replaceAll(',', '');
  if (!s) return null;
  const m = /^([0-9]+(?:\.[0-9]+)?)\s*(k)?\s*(?:mi|miles)?$/u.exec(s);
  if (!m) return null;
  return Math.round(Number(m[1]) * (m[2] ? 1000 : 1));
}

function truncate(s: string): string {
  return s.length > TITLE_MAX ? s.slice(0, TITLE_MAX) : s;
}

function usd(amount: number | null): Money | null {
  return amount === null ? null : { amount, currency: 'USD' };
}

/**
 * The price as the site shows it: whole dollars with thousands separators, cents only when
 * there are some (`"7580.00"` → `$7,580`, `"1"` → `$1`, `"12.50"` → `$12.50`). The feed
 * carries only the number (as a string); its web pages print it this way.
 */
export function priceText(amount: number | null): string | null {
  if (amount === null) return null;
  const cents = Math.round(amount * 100) % 100;
  const dollars = Math.floor(Math.round(amount * 100) / 100);
  return `$${groupedDigits(dollars)}${cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`}`;
}

/** One `ModularFeedListing` → a row, or null when it has no id or title. */
export function listingRow(listing: Json, promoted: boolean): Row | null {
  const id = nonEmpty(listing.listingId);
  const title = str(listing.title);
  if (id === null || title === null) return null;
  const flags = Array.isArray(listing.flags) ? listing.flags.filter((f): f is string => typeof f === 'string') : [];
  const amount = parsePriceAmount(listing.price);
  // The call-for-price flag is the signal (its price is the empty string).
  const callForPrice = flags.includes(CALL_FOR_PRICE_FLAG);
  const locationText = nonEmpty(listing.locationName);
  const image = obj(listing.image);
  return {
    id,
    title: truncate(title),
    link: `${LISTING_URL}${encodeURIComponent(id)}`,
    displayed_price: callForPrice ? null : usd(amount),
    displayed_price_text: callForPrice ? null : priceText(amount),
    call_for_price: callForPrice,
    firm_price: typeof listing.isFirmPrice === 'boolean' ? listing.isFirmPrice : null,
    condition: nonEmpty(listing.conditionText),
    location_text: locationText,
    ...parseCityState(locationText),
    image: nonEmpty(image?.url),
    vehicle_miles: parseMiles(listing.vehicleMiles),
    promoted,
    flags,
  };
}

/** One item of the previous REST feed → a row, or null when it has no id or title. */
export function legacyItemRow(item: Json): Row | null {
  const id = nonEmpty(item.id);
  const title = str(item.title);
  if (id === null || title === null) return null;
  const rawPrice = nonEmpty(item.price);
  const locationText = nonEmpty(item.location_name);
  const photo = obj(obj(obj(Array.isArray(item.photos) ? item.photos[0] : null)?.images)?.list);
  return {
    id,
    title: truncate(title),
    link: `${LISTING_URL}${encodeURIComponent(id)}`,
    displayed_price: usd(parsePriceAmount(rawPrice)),
    displayed_price_text: priceText(parsePriceAmount(rawPrice)),
    call_for_price: false,
    firm_price: null,
    // The feed's numeric condition codes (40, 100, ...) have no published labels.
    condition: null,
    location_text: locationText,
    ...parseCityState(locationText),
    image: nonEmpty(photo?.url) ?? nonEmpty(item.get_img_permalink_small),
    vehicle_miles: null,
    promoted: item.paid === true,
    flags: [],
  };
}

function readFilters(filters: unknown): Pick<FeedPage, 'selected' | 'bounds'> {
  const selected: Record<string, string[]> = {};
  const bounds: Record<string, string> = {};
  for (const f of Array.isArray(filters) ? filters : []) {
    const filter = obj(f);
    if (!filter) continue;
    const target = nonEmpty(filter.targetName);
    if (target !== null && Array.isArray(filter.options)) {
      selected[target.toUpperCase()] = filter.options.map(obj).filter((o) => o?.isSelected === true).map((o) => String(o?.value));
    }
    for (const side of [obj(filter.lowerBound), obj(filter.upperBound)]) {
      const name = nonEmpty(side?.targetName);
      const value = nonEmpty(side?.value);
      if (name !== null && value !== null) bounds[name.toUpperCase()] = value;
    }
  }
  return { selected, bounds };
}

function readModular(feed: Json): FeedPage {
  const loose = feed.looseTiles;
  const modules = feed.modules;
  if (!Array.isArray(loose) && !Array.isArray(modules)) throw new LayoutChangedError('modularFeed has neither looseTiles nor modules');
  const tiles: unknown[] = [...(Array.isArray(loose) ? loose : [])];
  for (const m of Array.isArray(modules) ? modules : []) {
    const grid = obj(obj(m)?.grid);
    if (Array.isArray(grid?.tiles)) tiles.push(...grid.tiles);
  }
  const rows: Row[] = [];
  const ids = new Set<string>();
  let unreadable = 0;
  let otherTiles = 0;
  for (const t of tiles) {
    const tile = obj(t);
    const type = str(tile?.__typename);
    if (type !== LISTING_TILE && type !== SELLER_AD_TILE) {
      otherTiles++;
      continue;
    }
    const listing = obj(tile?.listing);
    const row = listing ? listingRow(listing, type === SELLER_AD_TILE) : null;
    if (row === null) unreadable++;
    else if (!ids.has(row.id)) {
      ids.add(row.id);
      rows.push(row);
    }
  }
  return {
    shape: 'modular', rows, unreadable, otherTiles,
    pageCursor: nonEmpty(feed.pageCursor),
    categoryId: nonEmpty(obj(feed.categoryInfo)?.categoryId),
    ...readFilters(feed.filters),
  };
}

/** The previous feed's options: `query_param` names echoed as the current target names. */
const LEGACY_NAMES: Readonly<Record<string, string>> = { radius: 'DISTANCE', sort: 'SORT', delivery_param: 'DELIVERY_FLAGS' };

function readLegacy(data: Json): FeedPage {
  const rows: Row[] = [];
  const ids = new Set<string>();
  let unreadable = 0;
  let otherTiles = 0;
  for (const f of data.feed_items as unknown[]) {
    const entry = obj(f);
    const item = obj(entry?.item);
    if (entry?.type !== 'item' || !item) {
      otherTiles++;
      continue;
    }
    const row = legacyItemRow(item);
    if (row === null) unreadable++;
    else if (!ids.has(row.id)) {
      ids.add(row.id);
      rows.push(row);
    }
  }
  const selected: Record<string, string[]> = {};
  for (const o of Array.isArray(data.feed_options) ? data.feed_options : []) {
    const option = obj(o);
    const name = nonEmpty(option?.query_param);
    if (name === null || !Array.isArray(option?.options)) continue;
    selected[LEGACY_NAMES[name] ?? name.toUpperCase()] = option.options.map(obj).filter((x) => x?.selected === true).map((x) => String(x?.value));
  }
  return { shape: 'legacy', rows, unreadable, otherTiles, pageCursor: nonEmpty(data.next_page_cursor), categoryId: null, selected, bounds: {} };
}

function graphqlFailure(errors: unknown[]): Error {
  const first = obj(errors[0]);
  const message = str(first?.message) ?? 'GraphQL error';
  const code = str(obj(first?.extensions)?.code) ?? '';
  if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') return new BlockedError(`feed refused: ${message}`);
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' || /Cannot query field|Unknown (argument|type)/u.test(message)) {
    return new LayoutChangedError(`feed query no longer accepted: ${message}`);
  }
  return new TransientUpstreamError(`feed error: ${message}`);
}

/** Reads one feed answer body. Throws a CollectionError when it is not a feed page. */
export function parseFeed(body: string): FeedPage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new TransientUpstreamError('feed answer is not complete JSON', { cause: err });
  }
  const root = obj(json);
  const data = obj(root?.data);
  const feed = obj(data?.modularFeed);
  if (feed) return readModular(feed);
  if (data && Array.isArray(data.feed_items)) return readLegacy(data);
  if (Array.isArray(root?.errors) && root.errors.length > 0) throw graphqlFailure(root.errors);
  throw new LayoutChangedError('answer is neither the modular feed nor the previous feed');
}

/** Where a server-rendered page says its feed was placed (the web app places it by the visitor's IP or chosen location). */
export interface SsrPlace {
  latitude: number | null;
  longitude: number | null;
  /** Five-digit ZIP, when the page states one. */
  zip: string | null;
  /** Where the page states it: the feed's Apollo cache key, or the app's location state. */
  statedIn: 'feed' | 'app';
  /** Where the app says the location came from (`ip`, a chosen ZIP, …), when it says. */
  source: string | null;
}

export interface SsrFeedPage extends FeedPage {
  /** The place the page states for its feed; null when it states none. */
  place: SsrPlace | null;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * The app's location state, `props.pageProps.appProps.location`: `{city, state, zipCode,
 * latitude, longitude, source}` (ssr-explore-cars-trucks.html: coordinates from the IP, city
 * and ZIP null). A state with neither coordinates nor a ZIP states no place.
 */
export function appPlace(appProps: unknown): SsrPlace | null {
  const loc = obj(obj(appProps)?.location);
  if (!loc) return null;
  const latitude = num(loc.latitude);
  const longitude = num(loc.longitude);
  const zipText = nonEmpty(loc.zipCode ?? loc.zip ?? loc.postalCode);
  const zip = zipText !== null && /^[0-9]{5}$/u.test(zipText) ? zipText : null;
  const coords = latitude !== null && longitude !== null;
  if (!coords && zip === null) return null;
  return { latitude: coords ? latitude : null, longitude: coords ? longitude : null, zip, statedIn: 'app', source: nonEmpty(loc.source) };
}

/**
 * Reads a server-rendered search or explore page (ssr-explore-cars-trucks.html): its
 * `__NEXT_DATA__` holds the same modular feed as the GraphQL answer, in the Apollo cache
 * (`props.pageProps.initialApolloState.ROOT_QUERY["modularFeed:…:lat=…:lon=…"]`), and the
 * page's own copy (`props.pageProps.searchFeedResponse`: `nextPageCursor`, `forcedCategory`).
 * The Apollo entry is read first (its key says where the feed was placed); the page copy next.
 * The place is read wherever the page states it: the Apollo key's `lat`/`lon`, else the app's
 * location state (`appProps.location`), which a search page may be the only one to state.
 */
export function parseSsrPage(html: string): SsrFeedPage {
  const m = /<script id="__NEXT_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/u.exec(html);
  if (!m) throw new LayoutChangedError('the server-rendered page has no __NEXT_DATA__');
  let next: unknown;
  try {
    next = JSON.parse(m[1]!);
  } catch (err) {
    throw new TransientUpstreamError('the server-rendered page was cut inside __NEXT_DATA__', { cause: err });
  }
  const pageProps = obj(obj(obj(next)?.props)?.pageProps);
  const rootQuery = obj(obj(pageProps?.initialApolloState)?.ROOT_QUERY);
  const key = rootQuery ? Object.keys(rootQuery).find((k) => k.startsWith('modularFeed')) : undefined;
  const lat = key ? /:lat=(-?[0-9.]+)/u.exec(key) : null;
  const lon = key ? /:lon=(-?[0-9.]+)/u.exec(key) : null;
  const place: SsrPlace | null = lat && lon
    ? { latitude: Number(lat[1]), longitude: Number(lon[1]), zip: null, statedIn: 'feed', source: null }
    : appPlace(pageProps?.appProps);
  const apollo = key ? obj(rootQuery![key]) : null;
  if (apollo && (Array.isArray(apollo.looseTiles) || Array.isArray(apollo.modules))) return { ...readModular(apollo), shape: 'ssr', place };
  const own = obj(pageProps?.searchFeedResponse);
  if (own && (Array.isArray(own.looseTiles) || Array.isArray(own.modules))) {
    const forced = nonEmpty(obj(own.forcedCategory)?.id);
    const feed = { ...own, pageCursor: own.nextPageCursor, categoryInfo: forced === null ? null : { categoryId: forced } };
    return { ...readModular(feed), shape: 'ssr', place };
  }
  throw new LayoutChangedError('the server-rendered page holds no modular feed');
}
