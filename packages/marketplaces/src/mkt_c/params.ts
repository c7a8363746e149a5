/**
 * @module mkt_c/params
 * How our `mkt_c/sold` parameters map onto the consumer resale app marketplace's search
 * criteria (its web GraphQL `SearchInput`). Every value that is not verified against the live
 * site sits in one table here, so a correction is a one-line change (docs/marketplaces/mkt_c.md).
 */
import type { Search } from '@listings/contract';

/** Item status codes of `criteria.itemStatuses` (verified: 1 on sale; sold = [2, 3]). */
export const ITEM_STATUS = { on_sale: 1, sold_out: 2, trading: 3 } as const;

/**
 * What a sold search asks for. The site's own browser sends sold-out and trading together;
 * trading rows (sale in progress) are removed afterwards, as the interface requires.
 */
export const SOLD_ITEM_STATUSES: readonly number[] = [ITEM_STATUS.sold_out, ITEM_STATUS.trading];

/** Our `condition` values → `criteria.itemConditions` ids (1-3 seen in captures; 4, 5 inferred). */
export const CONDITION_IDS: Readonly<Record<string, number>> = { new: 1, like_new: 2, good: 3, fair: 4, poor: 5 };

/** `condition_id` → the label rows show (interface 2.4: New, Like New, Good, Fair, Poor). */
export const CONDITION_LABELS: Readonly<Record<number, string>> = { 1: 'New', 2: 'Like New', 3: 'Good', 4: 'Fair', 5: 'Poor' };

/**
 * Our `sort` values → `criteria.sortBy`. Verified: 0 is the default order (best match) and 2
 * orders by newest. The other four codes are UNVERIFIED guesses; the simulator honours this
 * same table, so only a live check can confirm them.
 */
export const SORT_BY: Readonly<Record<string, number>> = {
  best_match: 0,
  most_popular: 1,
  newest: 2,
  price_asc: 3,
  price_desc: 4,
  recently_sold: 5,
};

/** Rows per page when `count` is not sent (interface 4.3). */
export const DEFAULT_COUNT = 100;

/** The last page the service serves (interface 2.1). */
export const MAX_PAGE = 100;

/**
 * Whether the search query selects `lastSoldAt` on result items. The item-detail query has it;
 * whether search items expose it is UNVERIFIED (captured search items carry no sold time), and
 * selecting an unknown field fails the whole query, so it is off: sold dates stay null, as the
 * interface allows "when no sold time is reported".
 */
export const SELECT_SOLD_TIME = false;

/** The filters of a search, in the marketplace's terms. */
export interface MktCFilters {
  conditionId: number | null;
  minCents: number | null;
  maxCents: number | null;
  categoryId: number | null;
  brandId: number | null;
  sortBy: number;
  count: number;
}

export function filtersOf(search: Search): MktCFilters {
  const p = search.params;
  const condition = typeof p.condition === 'string' ? CONDITION_IDS[p.condition] ?? null : null;
  const sort = typeof p.sort === 'string' ? p.sort : 'recently_sold';
  return {
    conditionId: condition,
    minCents: typeof p.min_price === 'number' ? p.min_price * 100 : null,
    maxCents: typeof p.max_price === 'number' ? p.max_price * 100 : null,
    categoryId: typeof p.category_id === 'number' ? p.category_id : null,
    brandId: typeof p.brand_id === 'number' ? p.brand_id : null,
    sortBy: SORT_BY[sort] ?? SORT_BY.recently_sold!,
    count: typeof p.count === 'number' ? p.count : DEFAULT_COUNT,
  };
}
