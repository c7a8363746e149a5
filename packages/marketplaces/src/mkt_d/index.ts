/**
 * @module mkt_d
 * The peer-to-peer fashion marketplace (Depop): active listings from its search API, one
 * source page per call, continued with the marketplace's own cursor (`page_info.last`, sent
 * back as `after`). A cursor the marketplace refuses fails the job as `rejected`.
 */
import {
  BlockedError, CollectionUnavailableError, CursorRejectedError, LayoutChangedError, PageOutOfRangeError,
  TransientUpstreamError, UpstreamThrottledError, type Search, type UpstreamResponse,
} from '@listings/contract';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { cloudflareBlock, looksLikeHtml } from '../shared/cloudflare.ts';
import { parseSearchDocument, parseSearchPage, type SearchPage } from './parse.ts';
import { buildSearchRequest, newIdentity, type DepopIdentity } from './request.ts';
import { createMktDSimulator } from './simulator.ts';
import { pageResult } from '../shared/result.ts';

export const LIVE_BASE_URL = 'https://www.depop.com';
export const LAST_PAGE = 100;

/** The answer of a retired search endpoint (`{"code": 9001, "message": "Deprecated endpoint"}`). */
function isRetiredEndpoint(res: UpstreamResponse): boolean {
  if (res.status === 410) return true;
  try {
    return (JSON.parse(res.body) as { code?: unknown } | null)?.code === 9001;
  } catch {
    return false;
  }
}

/**
 * Throws the CollectionError an answer that is not a search page stands for. On a later page a
 * 4xx answer to our otherwise unchanged request means the marketplace refused the cursor.
 */
export function classifySearchResponse(res: UpstreamResponse, continuing: boolean): void {
  const block = cloudflareBlock(res);
  if (block) throw new BlockedError(block);
  if (res.status === 429) throw new UpstreamThrottledError('search throttled (429)', { retryAfterSeconds: Number(res.headers['retry-after']) || undefined });
  if (res.status === 401 || res.status === 403) throw new BlockedError(`search refused the session (${res.status})`);
  if (res.status >= 500) throw new TransientUpstreamError(`search answered ${res.status}`);
  if (res.status >= 400) {
    if (isRetiredEndpoint(res)) throw new LayoutChangedError('the search endpoint is retired');
    if (continuing) throw new CursorRejectedError(`the marketplace refused the cursor (${res.status})`);
    throw new LayoutChangedError(`search refused the request (${res.status})`);
  }
  if (looksLikeHtml(res)) throw new LayoutChangedError('search answered an HTML page');
}

const FIELD_NOTES = [
  'Active fixed-price listings in the marketplace order, one source page.',
  '`title` is the listing description. `displayed_price` is the headline USD price, which can include a buyer fee, shipping or tax (`price_includes`);',
  'it is neither the seller\'s item price nor the checkout total. Price bounds apply to the marketplace\'s search price.',
  'Listings not in USD or not on sale are dropped (`page_size` counts them). The same listing can appear on several pages; deduplicate by `id`.',
].join(' ');

/**
 * Fallback for page 1: the web app's search page (`GET /search/?q=…`) embeds the same search
 * answer in its Next.js flight data (parseSearchDocument). Only the keywords are sent: a
 * filtered search is not read this way (its filters could not be confirmed), it fails as the
 * API did.
 */
async function readSearchPageFallback(search: Search, ctx: CollectContext, cause: LayoutChangedError): Promise<SearchPage> {
  // `count` is the page size, not a filter; the page shows its own default page (24).
  const filtered = Object.keys(search.params).some((k) => k !== 'count');
  if (filtered) throw cause;
  const res = await ctx.http.request({ method: 'GET', url: `${ctx.baseUrl}/search/?q=${encodeURIComponent(search.q)}`, headers: { accept: 'text/html' } }, ctx.signal);
  const block = cloudflareBlock(res);
  if (block) throw new BlockedError(block);
  if (res.status !== 200) throw new LayoutChangedError(`${cause.message}; the search page answered ${res.status} too`);
  return parseSearchDocument(res.body);
}

export async function collectMktD(search: Search, ctx: CollectContext, identity: DepopIdentity): Promise<CollectedPage> {
  if (search.page > 1 && !ctx.continuation) throw new CollectionUnavailableError(`page ${search.page} arrived without the previous page's cursor`);
  const after = search.page > 1 ? ctx.continuation!.token : null;
  const res = await ctx.http.request(buildSearchRequest(ctx.baseUrl, search, after, identity), ctx.signal);
  let page: SearchPage;
  try {
    classifySearchResponse(res, after !== null);
    page = parseSearchPage(res.body);
  } catch (err) {
    // The API no longer answers as known: page 1 is read from the search page's embedded answer.
    if (!(err instanceof LayoutChangedError) || after !== null) throw err;
    page = await readSearchPageFallback(search, ctx, err);
  }
  if (search.page > 1 && page.pageSize === 0) throw new PageOutOfRangeError(`page ${search.page} is past the last page`);
  const more = page.hasMore && search.page < LAST_PAGE;
  return {
    result: pageResult(search, ctx.now, {
      page_size: page.pageSize, reported_total: page.total, next_page: more ? search.page + 1 : null, field_notes: FIELD_NOTES, data: page.rows,
    }),
    next: more ? { token: page.last! } : null,
  };
}

export function createMktD(): Marketplace {
  // One browser identity per process, as a visitor keeps one; the search id is new per request.
  const identity = newIdentity();
  return {
    token: 'mkt_d',
    kinds: ['listings'],
    liveBaseUrl: LIVE_BASE_URL,
    // The `products` shape carries no description, so titles are null on whole real pages.
    readingChecks: { titles: false },
    collect: (search, ctx) => collectMktD(search, ctx, identity),
    createSimulator: createMktDSimulator,
  };
}
