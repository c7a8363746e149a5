/**
 * @module mkt_b/params
 * How our `mkt_b/sold` and `mkt_b/listings` parameters map onto the social fashion resale
 * marketplace's search page URL and its JSON listing route. Every value not verified against
 * the live site sits in a table here (docs/marketplaces/mkt_b.md says which).
 */
import type { Kind, Search } from '@listings/contract';

/** Rows per source page (verified: 48 on both routes). */
export const PAGE_SIZE = 48;

/** The last page the service serves (interface 2.1). */
export const MAX_PAGE = 100;

/** Condition codes rows carry (interface 2.4); anything else the marketplace says reads as null. */
export const CONDITION_CODES: readonly string[] = ['nwt', 'uln', 'ug', 'uf'];

/**
 * Our `condition` → the search page's `condition` URL value. UNVERIFIED for all four: the only
 * values seen in live URLs are group values (`nwt_and_ret`, `closet_nwt`). Rows are checked
 * against the requested condition anyway, so a value the site ignores cannot leak other rows.
 */
export const CONDITION_URL_VALUE: Readonly<Record<string, string>> = { nwt: 'nwt', uln: 'uln', ug: 'ug', uf: 'uf' };

/** The inventory status a route's rows must have (and the page's `availability` filter). */
export const WANTED_INVENTORY: Readonly<Record<Kind, string>> = { sold: 'sold_out', listings: 'available' };

/**
 * `sort` → the search page's `sort_by`. `added_desc` and `price_asc` are seen in live URLs;
 * `relevance` for best match is seen only in one adapter (lower confidence). Sold searches
 * always ask for `added_desc`, as the documented sold-search URL does.
 */
export const PAGE_SORT: Readonly<Record<string, string>> = { best_match: 'relevance', newest: 'added_desc', price_asc: 'price_asc' };
export const SOLD_PAGE_SORT = 'added_desc';

/**
 * `sort` → the JSON route's `sort_by` (verified 2026-05: `best_match`, `price_asc`; omitted
 * means newest first, "just in").
 */
export const JSON_SORT: Readonly<Record<string, string | null>> = { best_match: 'best_match', newest: null, price_asc: 'price_asc' };

export interface MktBFilters {
  kind: Kind;
  condition: string | null;
  min: number | null;
  max: number | null;
  sort: string;
}

export function filtersOf(search: Search): MktBFilters {
  const p = search.params;
  return {
    kind: search.kind,
    condition: typeof p.condition === 'string' ? p.condition : null,
    min: typeof p.min_price === 'number' ? p.min_price : null,
    max: typeof p.max_price === 'number' ? p.max_price : null,
    sort: typeof p.sort === 'string' ? p.sort : 'best_match',
  };
}
