/**
 * @module mkt_d/params
 * Our parameters (interface 4.4) → the query string of the marketplace's search API
 * (`/presentation/api/v1/search/products/`), as a public client verified against the live
 * search page: `what` keywords, `limit` rows (24 on the web, up to 100), `after` the previous
 * page's `page_info.last`, `price_min`/`price_max` in whole dollars, `conditions` the same
 * codes we use, and the fixed `country=us`, `currency=USD`, `from=in_country_search`,
 * `include_like_count=true`. There is no sort (the marketplace's newest sort is blocked at its
 * edge) and no brand or category filter.
 */
import type { Search } from '@listings/contract';

export const SEARCH_PATH = '/presentation/api/v1/search/products/';
export const DEFAULT_LIMIT = 24;
export const CONDITIONS = ['brand_new', 'used_like_new', 'used_excellent', 'used_good', 'used_fair'] as const;

/** The search's query string; `after` is the marketplace's cursor for pages after the first. */
export function searchParams(search: Search, after: string | null): URLSearchParams {
  const p = new URLSearchParams();
  p.set('what', search.q);
  p.set('limit', String(typeof search.params.count === 'number' ? search.params.count : DEFAULT_LIMIT));
  p.set('country', 'us');
  p.set('currency', 'USD');
  p.set('from', 'in_country_search');
  p.set('include_like_count', 'true');
  if (typeof search.params.min_price === 'number') p.set('price_min', String(search.params.min_price));
  if (typeof search.params.max_price === 'number') p.set('price_max', String(search.params.max_price));
  if (typeof search.params.condition === 'string') p.set('conditions', search.params.condition);
  if (after !== null) p.set('after', after);
  return p;
}
