/**
 * @module mkt_c/request
 * The upstream requests of one mkt_c search: the session bootstrap (a search-page shell for
 * the edge cookie, then `GET /v1/initialize` for an access token and CSRF token) and the
 * search itself, a `POST /v1/api` with an ad-hoc GraphQL query and the criteria as variables.
 */
import type { Search, UpstreamRequest } from '@listings/contract';
import { filtersOf, SELECT_SOLD_TIME, SOLD_ITEM_STATUSES } from './params.ts';

/** Headers the site's web app sends on its API calls. */
const APP_HEADERS: Readonly<Record<string, string>> = {
  'x-platform': 'web',
  'x-double-web': '1',
  'x-app-version': '1',
};

/**
 * The search query: only fields the adapter reads, so an unrelated schema change does not
 * fail it. `criteria` is not selected: the adapter checks each row against the filters itself.
 */
export const SEARCH_QUERY = `query webSearch($criteria: SearchInput!) {
  search(criteria: $criteria) {
    count
    nextKey
    itemsList {
      id
      name
      status
      price
      categoryId
      photos { imageUrl thumbnail }
      seller { sellerId: id }
      brand { id }
      itemCondition { id name }
      itemCategoryHierarchy { id }${SELECT_SOLD_TIME ? '\n      lastSoldAt' : ''}
    }
  }
}`;

/** `SearchInput` as the adapter sends it. */
export interface SearchCriteria {
  query: string;
  itemStatuses: number[];
  itemConditions: number[];
  minPrice: number;
  maxPrice: number;
  sortBy: number;
  categoryIds: number[];
  brandIds: number[];
  length: number;
  startKey?: string;
}

export function buildCriteria(search: Search, startKey: string | null): SearchCriteria {
  const f = filtersOf(search);
  const criteria: SearchCriteria = {
    query: search.q,
    itemStatuses: [...SOLD_ITEM_STATUSES],
    itemConditions: f.conditionId === null ? [] : [f.conditionId],
    minPrice: f.minCents ?? 0,
    maxPrice: f.maxCents ?? 0,
    sortBy: f.sortBy,
    categoryIds: f.categoryId === null ? [] : [f.categoryId],
    brandIds: f.brandId === null ? [] : [f.brandId],
    length: f.count,
  };
  if (startKey !== null) criteria.startKey = startKey;
  return criteria;
}

/** Step 1 of the bootstrap: the public search page, for the edge's bot-management cookie. */
export function warmUpRequest(baseUrl: string, q: string): UpstreamRequest {
  return {
    url: `${baseUrl}/search/?keyword=${encodeURIComponent(q)}`,
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  };
}

/** Step 2 of the bootstrap: `{ accessToken, csrf, isBot }`, called by the search page's script. */
export function initializeRequest(baseUrl: string, q: string): UpstreamRequest {
  return { url: `${baseUrl}/v1/initialize`, mode: 'cors', headers: { ...APP_HEADERS, accept: 'application/json', referer: warmUpRequest(baseUrl, q).url } };
}

export function searchRequest(baseUrl: string, search: Search, startKey: string | null, session: { accessToken: string; csrf: string }): UpstreamRequest {
  return {
    method: 'POST',
    url: `${baseUrl}/v1/api`,
    mode: 'cors',
    headers: {
      ...APP_HEADERS,
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${session.accessToken}`,
      'x-csrf-token': session.csrf,
      'apollo-require-preflight': 'true',
      referer: warmUpRequest(baseUrl, search.q).url,
    },
    body: JSON.stringify({ operationName: 'webSearch', variables: { criteria: buildCriteria(search, startKey) }, query: SEARCH_QUERY }),
  };
}
