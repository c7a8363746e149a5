/**
 * @module mkt_b/request
 * The two upstream requests of one mkt_b page: the server-rendered search page (primary; its
 * embedded state holds the grid) and the JSON listing route `vm-rest/posts` (fallback when the
 * page carries neither state nor tiles). Both continue with the marketplace's own `max_id`.
 */
import type { Search, UpstreamRequest } from '@listings/contract';
import { CONDITION_URL_VALUE, filtersOf, JSON_SORT, PAGE_SIZE, PAGE_SORT, SOLD_PAGE_SORT, WANTED_INVENTORY } from './params.ts';

export function searchPageRequest(baseUrl: string, search: Search, maxId: string | null): UpstreamRequest {
  const f = filtersOf(search);
  const u = new URLSearchParams();
  u.set('query', search.q);
  u.set('type', 'listings');
  u.set('availability', WANTED_INVENTORY[f.kind]);
  u.set('sort_by', f.kind === 'sold' ? SOLD_PAGE_SORT : PAGE_SORT[f.sort] ?? PAGE_SORT.best_match!);
  if (f.condition !== null) u.set('condition', CONDITION_URL_VALUE[f.condition] ?? f.condition);
  if (f.min !== null || f.max !== null) u.append('price[]', `${f.min ?? ''}-${f.max ?? ''}`);
  if (maxId !== null) u.set('max_id', maxId);
  return {
    url: `${baseUrl}/search?${u.toString()}`,
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  };
}

/** The JSON route's `request` object. Facet filters may be ignored live; rows are checked anyway. */
export function postsRequestBody(search: Search, maxId: string | null): Record<string, unknown> {
  const f = filtersOf(search);
  const filters: Record<string, unknown> = { department: 'All', inventory_status: [WANTED_INVENTORY[f.kind]] };
  if (f.condition !== null) filters.condition = [CONDITION_URL_VALUE[f.condition] ?? f.condition];
  if (f.min !== null || f.max !== null) {
    filters.price_amount_range = [{
      ...(f.min !== null ? { min: { val: String(f.min), currency_code: 'USD' } } : {}),
      ...(f.max !== null ? { max: { val: String(f.max), currency_code: 'USD' } } : {}),
    }];
  }
  const body: Record<string, unknown> = { filters, query_and_facet_filters: { department: 'All' }, query: search.q, count: PAGE_SIZE, experience: 'all' };
  const sort = f.kind === 'sold' ? null : JSON_SORT[f.sort] ?? null;
  if (sort !== null) body.sort_by = sort;
  if (maxId !== null) body.max_id = maxId;
  return body;
}

export function postsRequest(baseUrl: string, search: Search, maxId: string | null): UpstreamRequest {
  const u = new URLSearchParams({ request: JSON.stringify(postsRequestBody(search, maxId)), summarize: 'true' });
  // Called by the search page's script: the page is the referer.
  return { url: `${baseUrl}/vm-rest/posts?${u.toString()}`, mode: 'cors', headers: { accept: 'application/json', referer: searchPageRequest(baseUrl, search, maxId).url } };
}
