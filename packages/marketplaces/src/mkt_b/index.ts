/**
 * @module mkt_b
 * The social fashion resale marketplace (interface 4.2, `mkt_b/sold` and `mkt_b/listings`):
 * one server-rendered search page per source page, read from its embedded state (or its tiles),
 * with the JSON listing route as the fallback when the page carries neither. Pages continue
 * with the marketplace's own `max_id`.
 */
import {
  BlockedError, CursorRejectedError, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError,
  type Search, type UpstreamResponse,
} from '@listings/contract';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { MAX_PAGE } from './params.ts';
import { parsePostsJson, parseSearchPage, type MktBPage } from './parse.ts';
import { postsRequest, searchPageRequest } from './request.ts';
import { createMktBSimulator } from './simulator.ts';
import { pageResult } from '../shared/result.ts';

export const MKT_B_LIVE_BASE_URL = 'https://poshmark.com';

const FIELD_NOTES = {
  sold: 'One page of the marketplace\'s sold search (48 listings a page). Only listings whose inventory is sold out are rows. '
    + 'displayed_price is the last listed asking price, not the amount paid (accepted offers are not shown). '
    + 'sold_date_text is the time the inventory changed to sold out, with the marketplace\'s UTC offset; sold_date is its date in that offset. '
    + 'condition is nwt, uln, ug or uf, null for anything else (boutique, older used codes, none).',
  listings: 'One page of the marketplace\'s active listings (48 listings a page). Only listings with available inventory are rows. '
    + 'displayed_price is the asking price. format is always fixed_price; promoted, best_offer, bid_count, ends_at and location_text are null (not shown by the marketplace). '
    + 'listed_at is the first publication time in UTC. condition is nwt, uln, ug or uf, null for anything else.',
} as const;

function header(res: UpstreamResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Statuses both routes share; returns normally when the body should be read. */
function classify(res: UpstreamResponse, what: string, continued: boolean): void {
  if (res.status === 403 || res.status === 401) throw new BlockedError(`${what}: ${res.status}`);
  if (res.status === 429) {
    const n = Number(header(res, 'retry-after'));
    throw new UpstreamThrottledError(`${what}: 429`, { retryAfterSeconds: Number.isFinite(n) && n >= 0 ? n : undefined });
  }
  if (res.status >= 500) throw new TransientUpstreamError(`${what}: ${res.status}`);
  if (res.status >= 300 && res.status < 400) throw new BlockedError(`${what}: redirected (${res.status}) to ${header(res, 'location') ?? 'elsewhere'}`);
  let path = '';
  try {
    path = new URL(res.url).pathname;
  } catch {
    // An unreadable final URL says nothing about a redirect.
  }
  if (/\/(login|signup|captcha)\b/.test(path)) throw new BlockedError(`${what}: sent to ${path}`);
  if (res.status === 400 && continued) throw new CursorRejectedError(`${what}: the marketplace refused the page token (400)`);
  if (res.status !== 200) throw new LayoutChangedError(`${what}: status ${res.status}`);
}

/** A whole page ends with `</html>`; a page cut short in transit does not. */
function isComplete(html: string): boolean {
  return html.trimEnd().toLowerCase().endsWith('</html>');
}

async function collectPage(search: Search, ctx: CollectContext): Promise<MktBPage> {
  const token = ctx.continuation?.token ?? null;
  // Links are the public site's, whatever host the page was fetched from (a configured mirror, the simulator).
  const opts = { siteUrl: MKT_B_LIVE_BASE_URL, page: search.page, continued: token !== null };
  const res = await ctx.http.request(searchPageRequest(ctx.baseUrl, search, token), ctx.signal);
  classify(res, 'search page', token !== null);
  if (!isComplete(res.body)) {
    if (res.body.length > 0) throw new TransientUpstreamError('search page cut off before </html>');
    throw new TransientUpstreamError('empty search page');
  }
  try {
    return parseSearchPage(res.body, search, opts);
  } catch (err) {
    if (!(err instanceof LayoutChangedError)) throw err;
    // Neither embedded state nor tiles: the JSON listing route is the documented fallback.
    const json = await ctx.http.request(postsRequest(ctx.baseUrl, search, token), ctx.signal);
    try {
      classify(json, 'listing route', token !== null);
      return parsePostsJson(json.body, search, opts);
    } catch (fallbackErr) {
      if (fallbackErr instanceof LayoutChangedError) throw new LayoutChangedError(`${err.message}; fallback: ${fallbackErr.message}`, { cause: err });
      throw fallbackErr;
    }
  }
}

export function createMktB(): Marketplace {
  return {
    token: 'mkt_b',
    kinds: ['sold', 'listings'],
    liveBaseUrl: MKT_B_LIVE_BASE_URL,
    async collect(search: Search, ctx: CollectContext): Promise<CollectedPage> {
      if (search.page > 1 && ctx.continuation === null) throw new CursorRejectedError(`page ${search.page} needs the previous page's token`);
      const page = await collectPage(search, ctx);
      const nextPage = page.nextToken !== null && search.page < MAX_PAGE ? search.page + 1 : null;
      return {
        result: pageResult(search, ctx.now, {
          page_size: page.pageSize, reported_total: page.reportedTotal, next_page: nextPage, field_notes: FIELD_NOTES[search.kind], data: page.rows,
        }),
        next: nextPage !== null && page.nextToken !== null ? { token: page.nextToken } : null,
      };
    },
    createSimulator: () => createMktBSimulator(),
  };
}
