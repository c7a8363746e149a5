/**
 * @module mkt_a/request
 * Search parameters → eBay's search URL and request. The browser identity (full Chrome
 * header set, cookie jar, operator cookies, proxy) is the HTTP client's; this module adds
 * only what depends on the navigation: the Referer a user paging through results would send.
 */
import type { Search, UpstreamRequest } from '@listings/contract';
import {
  CONDITION_IDS, ITEMS_PER_PAGE, SEARCH_PATH, SOLD_SORT_CODE, SORT_CODES, US_ONLY_LOCATION,
} from './params.ts';

/** `LH_ItemCondition` for the search's `condition` list, or null when none was sent. */
export function conditionFilter(search: Search): string | null {
  const wanted = search.params.condition;
  if (!Array.isArray(wanted) || wanted.length === 0) return null;
  const ids = new Set<number>();
  for (const c of wanted) {
    const mapped = CONDITION_IDS[c];
    // Validation admits only mapped values; an unmapped one here is a programming error.
    if (!mapped) throw new Error(`no eBay condition ids for ${JSON.stringify(c)}`);
    for (const id of mapped) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b).join('|');
}

/** The `_sop` code: the route's sort on listings, "ended recently" on sold searches. */
export function sortCode(search: Search): number {
  if (search.kind === 'sold') return SOLD_SORT_CODE;
  const sort = typeof search.params.sort === 'string' ? search.params.sort : 'best_match';
  const code = SORT_CODES[sort];
  if (code === undefined) throw new Error(`no eBay sort code for ${JSON.stringify(sort)}`);
  return code;
}

/** The search results URL for one page of a search, below `baseUrl` (live site or simulator). */
export function buildSearchUrl(search: Search, baseUrl: string, page = search.page): string {
  const q = new URLSearchParams();
  q.set('_nkw', search.q);
  q.set('_sacat', '0');
  if (search.kind === 'sold') {
    // Both flags: LH_Sold alone is rewritten to the active view, LH_Complete alone adds unsold ended items.
    q.set('LH_Sold', '1');
    q.set('LH_Complete', '1');
  }
  const condition = conditionFilter(search);
  if (condition !== null) q.set('LH_ItemCondition', condition);
  if (typeof search.params.min_price === 'number') q.set('_udlo', String(search.params.min_price));
  if (typeof search.params.max_price === 'number') q.set('_udhi', String(search.params.max_price));
  q.set('LH_PrefLoc', String(US_ONLY_LOCATION));
  q.set('_sop', String(sortCode(search)));
  q.set('_ipg', String(ITEMS_PER_PAGE));
  if (page > 1) q.set('_pgn', String(page));
  return `${baseUrl.replace(/\/+$/u, '')}${SEARCH_PATH}?${q.toString()}`;
}

/**
 * The request for one results page. A person reaches page 1 from the home page and page N
 * from page N-1, so the Referer says the same; the rest of the header set is the client's.
 */
export function buildSearchRequest(search: Search, baseUrl: string): UpstreamRequest {
  const root = baseUrl.replace(/\/+$/u, '');
  const referer = search.page > 1 ? buildSearchUrl(search, root, search.page - 1) : `${root}/`;
  return {
    method: 'GET',
    url: buildSearchUrl(search, root),
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
      referer,
      'sec-fetch-site': 'same-origin',
    },
  };
}

/** The home page: a session's first request, which collects the cookies searches need. */
export function warmUpRequest(baseUrl: string): UpstreamRequest {
  return { method: 'GET', url: `${baseUrl.replace(/\/+$/u, '')}/`, headers: { 'accept-language': 'en-US,en;q=0.9' } };
}
