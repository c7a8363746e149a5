/**
 * @module mkt_e/request
 * The feed search request: `POST /api/graphql`, operation `GetModularFeed`, whose only
 * argument is a list of `{key, value}` search parameters, every value a string. The query text
 * asks only for fields a real answer carries (gql-modular-feed-*.json: listingId, title,
 * price, conditionText, flags, isFirmPrice, locationName, vehicleMiles, image) and that the
 * parser reads; a server that refused a field would answer a GraphQL validation error (read as
 * a changed layout, and the page kept by the drift guard).
 */
import type { UpstreamRequest } from '@listings/contract';
import type { Center, WireFilter } from './params.ts';

export const FEED_PATH = '/api/graphql';
export const OPERATION = 'GetModularFeed';
/** Listings per source page, as the web app asks. */
export const PAGE_LIMIT = 50;

export const FEED_QUERY = `query GetModularFeed($searchParams: [SearchParam], $debug: Boolean = false) {
  modularFeed(params: $searchParams, debug: $debug) {
    analyticsData { requestId searchSessionId }
    categoryInfo { categoryId isForcedCategory }
    filters {
      __typename
      ... on ModularFeedSelectionListFilter { targetName options { value label isSelected } }
      ... on ModularFeedNumericRangeFilter { lowerBound { targetName value } upperBound { targetName value } }
    }
    looseTiles { ...FeedTile }
    modules { __typename ... on ModularFeedModuleGrid { moduleId moduleType rank rowIndex grid { tiles { ...FeedTile } } } }
    pageCursor
    query { appliedQuery decisionType originalQuery }
  }
}
fragment FeedTile on ModularFeedTile {
  __typename
  tileId
  ... on ModularFeedTileListing { listing { ...FeedListing } }
  ... on ModularFeedTileSellerAd { listing { ...FeedListing } }
}
fragment FeedListing on ModularFeedListing {
  listingId title price conditionText flags isFirmPrice locationName vehicleMiles
  image { url width height }
}`;

export interface FeedRequestInput {
  q: string;
  center: Center;
  /** Miles to send, or null to leave the marketplace's default for the kind of search. */
  radius: number | null;
  filters: readonly WireFilter[];
  /** Kept for every page of one search, as the web app does. */
  searchSessionId: string;
  /** The previous page's `pageCursor`, or null on page 1. */
  pageCursor: string | null;
}

/** The search parameters in the order the web app sends them. */
export function searchParams(input: FeedRequestInput): Array<{ key: string; value: string }> {
  const out = [
    { key: 'q', value: input.q },
    { key: 'lat', value: input.center.latitude.toFixed(4) },
    { key: 'lon', value: input.center.longitude.toFixed(4) },
    ...(input.radius !== null ? [{ key: 'radius', value: String(input.radius) }] : []),
    ...input.filters.map((f) => ({ key: f.key, value: f.value })),
    { key: 'limit', value: String(PAGE_LIMIT) },
    { key: 'platform', value: 'web' },
    { key: 'searchSessionId', value: input.searchSessionId },
  ];
  if (input.pageCursor !== null) out.push({ key: 'page_cursor', value: input.pageCursor });
  return out;
}

export function buildFeedRequest(baseUrl: string, input: FeedRequestInput): UpstreamRequest {
  return {
    method: 'POST',
    url: `${baseUrl}${FEED_PATH}`,
    mode: 'cors',
    // The search page's script calls the feed: the page (keywords and place) is the referer.
    headers: { 'content-type': 'application/json', accept: 'application/json', referer: `${baseUrl}/search?${new URLSearchParams({ q: input.q }).toString()}` },
    body: JSON.stringify({ operationName: OPERATION, variables: { searchParams: searchParams(input), debug: false }, query: FEED_QUERY }),
  };
}
