/**
 * @module mkt_a/params
 * How our parameters (interface 4.1) map to eBay's search URL, and the few facts about eBay's
 * vocabulary the parser needs. Every uncertain fact is one named constant here, so a change
 * on the live site is a one-line fix (see docs/marketplaces/mkt_a.md "Unverified").
 */

/** Site root of the live marketplace. */
export const LIVE_BASE_URL = 'https://www.ebay.com';

/** Path of the search results page, below the site root. */
export const SEARCH_PATH = '/sch/i.html';

/** Listing links are rebuilt on this root from the item id, without tracking parameters. */
export const ITEM_URL_ROOT = 'https://www.ebay.com/itm/';

/** Hosts images must be served from to be returned (interface 2.4: "the marketplace image host"). */
export const IMAGE_HOSTS: readonly string[] = ['i.ebayimg.com'];

/**
 * Items per page sent as `_ipg`. The page offers 60 (its default), 120 and 240; other values
 * are coerced to 60 by eBay. 60 keeps our requests looking like a default browser search.
 */
export const ITEMS_PER_PAGE = 60;
export const OFFERED_PAGE_SIZES: readonly number[] = [60, 120, 240];

/** The deepest page the interface serves (`next_page` is null on it). */
export const MAX_PAGE = 100;

/** `condition` value → eBay `LH_ItemCondition` ids (joined with `|`). */
export const CONDITION_IDS: Readonly<Record<string, readonly number[]>> = {
  new: [1000],
  // 1500 is shown as "Open Box" in some categories and "New (Other)" in others.
  open_box: [1500],
  // Certified, Excellent, Very Good, Good refurbished, and seller refurbished.
  refurbished: [2000, 2010, 2020, 2030, 2500],
  used: [3000],
  for_parts: [7000],
};

/** `sort` value (listings route) → eBay `_sop` code. */
export const SORT_CODES: Readonly<Record<string, number>> = {
  best_match: 12,
  ending_soon: 1,
  newest: 10,
  price_asc: 15,
};

/** `_sop` sent on sold searches, which have no `sort` parameter: "Ended recently". */
export const SOLD_SORT_CODE = 13;

/** `LH_PrefLoc` value for "US Only" (read off a real US page's location filter). */
export const US_ONLY_LOCATION = 1;

/**
 * eBay's condition labels as shown on US cards. A subtitle or attribute text is taken as the
 * condition only when it is one of these (sellers also write free text in the subtitle).
 * Compared case-insensitively.
 */
export const CONDITION_LABELS: readonly string[] = [
  'Brand New', 'New', 'New (Other)', 'New Other (see details)', 'New with tags', 'New without tags',
  'New with box', 'New without box', 'New with defects', 'Open Box',
  'Certified - Refurbished', 'Excellent - Refurbished', 'Very Good - Refurbished', 'Good - Refurbished',
  'Seller Refurbished', 'Manufacturer Refurbished', 'Remanufactured', 'Refurbished',
  'Pre-Owned', 'Used', 'Like New', 'Very Good', 'Good', 'Acceptable',
  'For parts or not working', 'Parts Only', 'Graded', 'Ungraded',
];

/**
 * The "Shop on eBay" placeholder cards eBay puts in every results page: their item link
 * points at item 123456 and they carry this data-listingid.
 */
export const PLACEHOLDER_ITEM_ID = '123456';
export const PLACEHOLDER_LISTING_ID = '2500219655424533';
export const PLACEHOLDER_TITLE = 'Shop on eBay';
