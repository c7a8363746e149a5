/**
 * @module mkt_e
 * The local classifieds marketplace (OfferUp): active listings around a ZIP or a point,
 * collected from its GraphQL feed. One call → one source page of about 50 listings; listings
 * repeated from earlier pages of the same search are removed with state the core keeps on the
 * server behind the cursor (interface 4.5 rule 4).
 */
import {
  BlockedError, CollectionUnavailableError, FilterNotSupportedError, LayoutChangedError, TransientUpstreamError,
  UpstreamThrottledError, type Row, type Search, type UpstreamResponse,
} from '@listings/contract';
import { randomUUID } from 'node:crypto';
import type { CollectContext, CollectedPage, Continuation, Marketplace } from '../contract.ts';
import { cloudflareBlock, looksLikeHtml } from '../shared/cloudflare.ts';
import { CARS_AND_TRUCKS } from './categories.ts';
import { appliedRadius, checkSearch, isProblem, mapRadius, predictsVehicle, resolveCenter, wireFilters, type WireFilter } from './params.ts';
import { parseFeed, parseSsrPage, type FeedPage, type SsrPlace } from './parse.ts';
import { buildFeedRequest } from './request.ts';
import { createMktESimulator } from './simulator.ts';
import { pageResult } from '../shared/result.ts';

export const LIVE_BASE_URL = 'https://offerup.com';
/** Paging stops once a search has delivered about this many listings (interface 4.5 rule 4). */
export const DEPTH_LIMIT = 220;
/** Paging stops after a page with fewer new listings than this. */
export const MIN_NEW_PER_PAGE = 5;
export const LAST_PAGE = 100;

/** What the core keeps on the server between pages (JSON). */
export interface FeedState {
  v: 1;
  /** The web app's search session, kept for every page. */
  session: string;
  /** IDs of every listing delivered so far. */
  seen: string[];
}

function readState(c: Continuation | null, page: number): FeedState {
  if (page === 1) return { v: 1, session: randomUUID(), seen: [] };
  const s = c?.state as Partial<FeedState> | null | undefined;
  if (!c || !s || s.v !== 1 || typeof s.session !== 'string' || !Array.isArray(s.seen) || !s.seen.every((x) => typeof x === 'string')) {
    // The core hands back what it stored; anything else is a fault of ours, not the marketplace's.
    throw new CollectionUnavailableError(`page ${page} arrived without the search's stored state`);
  }
  return { v: 1, session: s.session, seen: s.seen };
}

/** Throws the CollectionError an answer that is not a feed page stands for. */
export function classifyFeedResponse(res: UpstreamResponse): void {
  const block = cloudflareBlock(res);
  if (block) throw new BlockedError(block);
  if (res.status === 429) throw new UpstreamThrottledError('feed throttled (429)', { retryAfterSeconds: Number(res.headers['retry-after']) || undefined });
  if (res.status === 401 || res.status === 403) throw new BlockedError(`feed refused the session (${res.status})`);
  if (res.status >= 500) throw new TransientUpstreamError(`feed answered ${res.status}`);
  if (res.status === 404 || res.status === 410) throw new LayoutChangedError(`feed endpoint answered ${res.status}`);
  if (looksLikeHtml(res)) throw new LayoutChangedError(`feed answered an HTML page (${res.status})`);
  // 200 and the GraphQL 400s carry JSON; parseFeed reads their errors.
}

/** Throws FilterNotSupportedError for the first filter the feed does not show as applied. */
export function verifyFilters(filters: readonly WireFilter[], feed: FeedPage, params: Readonly<Record<string, unknown>> = {}): void {
  for (const f of filters) {
    let applied: boolean;
    const echo = f.echo;
    if (echo.kind === 'category') applied = feed.categoryId !== null && (feed.categoryId === echo.id || feed.categoryId.startsWith(`${echo.id}.`));
    else if (echo.kind === 'bound') applied = feed.bounds[echo.target] !== undefined && Number(feed.bounds[echo.target]) === Number(echo.value);
    else {
      const got = feed.selected[echo.target];
      applied = got !== undefined && got.length === echo.values.length && echo.values.every((v) => got.includes(v));
    }
    if (!applied) {
      const ours = params[f.param];
      const shown = ours === undefined ? f.value : `${Array.isArray(ours) ? ours.join(',') : String(ours)} (${f.key}=${f.value})`;
      throw new FilterNotSupportedError(`the marketplace did not apply ${f.param}=${shown}`);
    }
  }
}

function isCars(categoryId: string | null): boolean {
  return categoryId !== null && (categoryId === CARS_AND_TRUCKS || categoryId.startsWith(`${CARS_AND_TRUCKS}.`));
}

const FIELD_NOTES = [
  'Active local listings around the point in `location`, one source page of about 50.',
  'Listings repeated from earlier pages of this search are removed: `count` new rows, `page_size` source listings.',
  '`displayed_price` is the ask and is null when the seller asks buyers to call (`call_for_price`).',
  '`location_text` is the area the seller chose, not an address; `city`/`state` are read from its "City, ST" form.',
  '`widened_radius_miles` is set when the marketplace widened the area for this page because nearby results ran out.',
].join(' ');

/** Degrees within which a server-rendered feed counts as placed at the asked point (about a mile). */
const PLACE_TOLERANCE = 0.015;

/**
 * Why a server-rendered page's stated place is not the point searched, or null when it is. The
 * page may state coordinates (the feed's cache key, or the app's location state) or only a ZIP
 * (the app's location state): coordinates must lie within PLACE_TOLERANCE of the point; a ZIP
 * alone must be the ZIP searched. A page that states no place at all is not taken as placed.
 */
export function misplaced(place: SsrPlace | null, center: { zip: string | null; latitude: number; longitude: number }): string | null {
  if (place === null) return 'an unstated place';
  if (place.latitude !== null && place.longitude !== null) {
    if (Math.abs(place.latitude - center.latitude) <= PLACE_TOLERANCE && Math.abs(place.longitude - center.longitude) <= PLACE_TOLERANCE) return null;
    return `${place.latitude}, ${place.longitude}`;
  }
  if (place.zip !== null && center.zip !== null && place.zip === center.zip) return null;
  return `ZIP ${place.zip ?? 'unstated'}`;
}

/**
 * Fallback for page 1: `GET /search?q=…&lat=…&lon=…` (plus the radius and filters), read with
 * parseSsrPage. Rows of a feed placed elsewhere (the web app may place it by the visitor's IP)
 * are never returned: that fails the job as the GraphQL failure did.
 */
async function readSsrFallback(search: Search, center: { zip: string | null; latitude: number; longitude: number }, ctx: CollectContext, cause: LayoutChangedError): Promise<FeedPage> {
  const params = new URLSearchParams({ q: search.q, lat: center.latitude.toFixed(4), lon: center.longitude.toFixed(4) });
  for (const f of wireFilters(search)) params.set(f.key, f.value);
  if (typeof search.params.radius === 'number') params.set('radius', String(mapRadius(search.params.radius, predictsVehicle(search))));
  const res = await ctx.http.request({ method: 'GET', url: `${ctx.baseUrl}/search?${params.toString()}`, headers: { accept: 'text/html' } }, ctx.signal);
  const block = cloudflareBlock(res);
  if (block) throw new BlockedError(block);
  if (res.status !== 200) throw new LayoutChangedError(`${cause.message}; the server-rendered search page answered ${res.status} too`);
  const page = parseSsrPage(res.body);
  const where = misplaced(page.place, center);
  if (where !== null) {
    throw new LayoutChangedError(`${cause.message}; the server-rendered page was placed at ${where}, not at ${center.latitude}, ${center.longitude}${center.zip !== null ? ` (ZIP ${center.zip})` : ''}`);
  }
  return page;
}

export async function collectMktE(search: Search, ctx: CollectContext): Promise<CollectedPage> {
  const center = resolveCenter(search);
  if (isProblem(center)) throw new CollectionUnavailableError(`search was not checked: ${center.message}`);
  const state = readState(ctx.continuation, search.page);
  const predicted = predictsVehicle(search);
  const filters = wireFilters(search);
  const sentRadius = typeof search.params.radius === 'number' ? mapRadius(search.params.radius, predicted) : null;

  const req = buildFeedRequest(ctx.baseUrl, {
    q: search.q, center, radius: sentRadius, filters, searchSessionId: state.session,
    pageCursor: search.page > 1 ? ctx.continuation!.token : null,
  });
  const res = await ctx.http.request(req, ctx.signal);
  let feed: FeedPage;
  try {
    classifyFeedResponse(res);
    feed = parseFeed(res.body);
  } catch (err) {
    // The GraphQL feed no longer answers as known (a refused field, a moved endpoint): the first
    // page is read from the server-rendered search page instead, when it was placed where asked.
    if (!(err instanceof LayoutChangedError) || search.page > 1) throw err;
    feed = await readSsrFallback(search, center, ctx, err);
  }
  if (feed.rows.length === 0 && feed.unreadable > 0) throw new LayoutChangedError(`none of ${feed.unreadable} listing tiles could be read`);
  verifyFilters(filters, feed, search.params);

  // The marketplace's answer says whether it treated the search as cars and trucks; only when it
  // names no category does the radius fall back to the adapter's own reading of the keywords.
  const vehicle = isCars(feed.categoryId);
  const radius = appliedRadius(search, feed.categoryId !== null ? vehicle : predicted);
  const echoed = Number(feed.selected.DISTANCE?.[0]);
  const shown = Number.isFinite(echoed) && echoed > 0 ? echoed : null;

  const seen = new Set(state.seen);
  const fresh: Row[] = feed.rows.filter((r) => !seen.has(r.id));
  for (const r of fresh) seen.add(r.id);
  const more = feed.pageCursor !== null && fresh.length >= MIN_NEW_PER_PAGE && seen.size < DEPTH_LIMIT && search.page < LAST_PAGE;
  const nextPage = more ? search.page + 1 : null;

  return {
    result: pageResult(search, ctx.now, { page_size: feed.rows.length, reported_total: null, next_page: nextPage, field_notes: FIELD_NOTES, data: fresh, schema_version: 2 }, {
      location: {
        zip: center.zip, latitude: center.latitude, longitude: center.longitude,
        radius_miles: shown !== null && shown < radius ? shown : radius,
        requested_radius_miles: typeof search.params.radius === 'number' ? search.params.radius : null,
        widened_radius_miles: shown !== null && shown > radius ? shown : null,
      },
      category_id: feed.categoryId,
      vehicle_search: vehicle,
    }),
    next: nextPage !== null ? { token: feed.pageCursor!, state: { v: 1, session: state.session, seen: [...seen] } satisfies FeedState } : null,
  };
}

export function createMktE(): Marketplace {
  return {
    token: 'mkt_e',
    kinds: ['listings'],
    liveBaseUrl: LIVE_BASE_URL,
    check: checkSearch,
    collect: collectMktE,
    createSimulator: createMktESimulator,
  };
}
