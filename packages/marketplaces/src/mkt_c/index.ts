/**
 * @module mkt_c
 * The consumer resale app marketplace (interface 4.3, `mkt_c/sold`): a session bootstrap,
 * then one search API call per page, following the marketplace's own next page key. The
 * access token lives in this adapter's session cache (per base URL and HTTP identity); a
 * refused token is refreshed once, then the job fails as blocked.
 */
import {
  BlockedError, CursorRejectedError, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError,
  type Search, type HttpClient, type UpstreamResponse,
} from '@listings/contract';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { MAX_PAGE } from './params.ts';
import { looksLikeChallenge, parseSoldPage, TokenRefusedError, type MktCPage } from './parse.ts';
import { initializeRequest, searchRequest, warmUpRequest } from './request.ts';
import { readInitialize, SessionCache, type MktCSession } from './session.ts';
import { createMktCSimulator } from './simulator.ts';
import { pageResult } from '../shared/result.ts';

export const MKT_C_LIVE_BASE_URL = 'https://www.mercari.com';

const FIELD_NOTES = 'One page of the marketplace\'s sold search. Only sold-out listings are rows: sales still in progress (trading) and listings on sale are left out, so count can be below page_size. '
  + 'displayed_price is the listing price the marketplace shows (converted from cents), not a verified transaction amount. sold_date and sold_date_text are null when the search reports no sold time. '
  + 'The same listing can appear on several pages; deduplicate by id.';

function header(res: UpstreamResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function retryAfter(res: UpstreamResponse): number | undefined {
  const n = Number(header(res, 'retry-after'));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Statuses every mkt_c answer shares; returns normally when the body should be read. */
function classifyStatus(res: UpstreamResponse, what: string): void {
  const challenged = header(res, 'cf-mitigated') !== undefined || looksLikeChallenge(res.body);
  if (res.status === 403) throw new BlockedError(`${what}: 403${challenged ? ' challenge' : ''}`);
  if (res.status === 429) throw new UpstreamThrottledError(`${what}: 429`, { retryAfterSeconds: retryAfter(res) });
  if (res.status >= 500) {
    if (challenged) throw new BlockedError(`${what}: ${res.status} challenge`);
    throw new TransientUpstreamError(`${what}: ${res.status}`);
  }
  if (res.status >= 300 && res.status < 400) throw new BlockedError(`${what}: redirected (${res.status}) to ${header(res, 'location') ?? 'elsewhere'}`);
}

async function bootstrap(http: HttpClient, baseUrl: string, q: string, signal: AbortSignal): Promise<MktCSession> {
  const shell = await http.request(warmUpRequest(baseUrl, q), signal);
  classifyStatus(shell, 'search page');
  if (shell.status === 401) throw new BlockedError('search page: 401');
  const init = await http.request(initializeRequest(baseUrl, q), signal);
  classifyStatus(init, 'session bootstrap');
  if (init.status === 401) throw new BlockedError('session bootstrap: 401');
  if (init.status !== 200) throw new LayoutChangedError(`session bootstrap: status ${init.status}`);
  return readInitialize(init.body);
}

async function searchOnce(http: HttpClient, ctx: CollectContext, search: Search, session: MktCSession): Promise<MktCPage> {
  const token = ctx.continuation?.token ?? null;
  const res = await http.request(searchRequest(ctx.baseUrl, search, token, session), ctx.signal);
  if (res.status === 401) throw new TokenRefusedError('search: 401');
  classifyStatus(res, 'search');
  if (res.status !== 200 && res.status !== 400) throw new LayoutChangedError(`search: status ${res.status}`);
  // 400 answers carry GraphQL errors (bad page key, schema change): the parser reads them.
  // Links are the public site's, whatever host the page was fetched from (a configured mirror, the simulator).
  return parseSoldPage(res.body, search, { siteUrl: MKT_C_LIVE_BASE_URL, continued: token !== null });
}

export function createMktC(): Marketplace {
  const sessions = new SessionCache();

  async function collectPage(search: Search, ctx: CollectContext): Promise<MktCPage> {
    const base = ctx.baseUrl;
    const id = ctx.http;
    let session = sessions.current(id, base, ctx.now.getTime());
    let fresh = false;
    if (!session) {
      session = await sessions.obtain(id, base, () => bootstrap(ctx.http, base, search.q, ctx.signal));
      fresh = true;
    }
    try {
      return await searchOnce(ctx.http, ctx, search, session);
    } catch (err) {
      if (err instanceof BlockedError) sessions.drop(id, base, session);
      if (!(err instanceof TokenRefusedError)) throw err;
      if (fresh) throw new BlockedError('a freshly issued access token was refused', { cause: err });
    }
    // The cached token was refused (expired or revoked): refresh once, then give up.
    const renewed = await sessions.obtain(id, base, () => bootstrap(ctx.http, base, search.q, ctx.signal));
    try {
      return await searchOnce(ctx.http, ctx, search, renewed);
    } catch (err) {
      if (err instanceof BlockedError) sessions.drop(id, base, renewed);
      if (err instanceof TokenRefusedError) throw new BlockedError('access token refused again after one refresh', { cause: err });
      throw err;
    }
  }

  return {
    token: 'mkt_c',
    kinds: ['sold'],
    liveBaseUrl: MKT_C_LIVE_BASE_URL,
    check(search) {
      if (search.params.max_price === 0) {
        return { param: 'max_price', message: 'mkt_c reads a maximum price of 0 as "no bound"; send max_price of 1 or more.' };
      }
      return null;
    },
    async collect(search: Search, ctx: CollectContext): Promise<CollectedPage> {
      if (search.page > 1 && ctx.continuation === null) throw new CursorRejectedError(`page ${search.page} needs the previous page's key`);
      const page = await collectPage(search, ctx);
      const nextPage = page.nextKey !== null && search.page < MAX_PAGE ? search.page + 1 : null;
      return {
        result: pageResult(search, ctx.now, {
          page_size: page.pageSize, reported_total: page.reportedTotal, next_page: nextPage, field_notes: FIELD_NOTES, data: page.rows,
        }),
        next: nextPage !== null && page.nextKey !== null ? { token: page.nextKey } : null,
      };
    },
    createSimulator: () => createMktCSimulator(),
  };
}
