/**
 * @module mkt_a/notes
 * `result.field_notes`: how to read this page's rows, the fixed rules first, then what this
 * particular page needed (cards left out after the fewer-words marker, unsold items, ranges).
 */
import type { Kind } from '@listings/contract';

export interface NoteFacts {
  /** Cards after eBay's "Results matching fewer words" marker (not returned). */
  looseCards?: number;
  fewerWords?: boolean;
  /** The banner's text: what eBay did with the keywords ("Results matching fewer words", …). */
  notice?: string | null;
  /** Cards before the banner (exact matches read). */
  exactCards?: number;
  /** Ended-unsold cards left out of a sold page. */
  unsoldDropped?: number;
  /** Result items that could not be read and are left out. */
  unreadable?: number;
  /** Rows whose price is a range (displayed_price null). */
  ranges?: number;
  /** Auction rows that also show a Buy It Now price (not reported). */
  binOffers?: number;
}

const COMMON =
  'One eBay search results page, in the marketplace order, searched with eBay\'s "US Only" item location filter. ' +
  'displayed_price is the price the page shows; it is null for a price range of a multi-variation listing (the range stays in displayed_price_text) and for unreadable prices. ' +
  'displayed_shipping is read only from exact shipping text: free delivery is 0; shipping estimates, "not specified" and missing shipping are null. ' +
  'condition is eBay\'s own label; seller_text is the username, positive percentage and feedback count as shown.';

const SOLD =
  ' sold_date resolves the page\'s date text against collected_at (the most recent matching date when the page shows no year). ' +
  'On rows sold by accepted best offer the displayed price is the struck-through list price: eBay does not show the accepted amount.';

const LISTINGS =
  ' format is auction when bids or a time left are shown. ends_at is collected_at plus the time left shown (as precise as the page: ' +
  'to the second, minute or hour); for an ended auction it is the end time the page shows. promoted is true when the card\'s ' +
  '"Sponsored" label is rendered visible; eBay obfuscates that label, so read it as best effort.';

export function composeNotes(kind: Kind, f: NoteFacts): string {
  let s = COMMON + (kind === 'sold' ? SOLD : LISTINGS);
  const said = f.notice ? `"${f.notice}"` : 'a banner without text';
  if (f.fewerWords && f.exactCards === 0 && (f.looseCards ?? 0) > 0) {
    s += ` eBay showed no listing matching the keywords searched: it put ${said} before the ${f.looseCards} listing(s) on the page, all looser matches ` +
      '(fewer words, or keywords eBay rewrote) and are not returned, so this page has no rows and there is no next page. reported_total is the number eBay\'s heading states.';
  } else if (f.fewerWords) {
    s += ` eBay marked the end of the exact matches (${said}): the ${f.looseCards ?? 0} looser matches after it are not returned and there is no next page.`;
  }
  if (f.unsoldDropped) s += ` ${f.unsoldDropped} ended-unsold item(s) on the page are not sold and are left out.`;
  if (f.unreadable) s += ` ${f.unreadable} result item(s) could not be read and are left out.`;
  if (f.ranges) s += ` ${f.ranges} row(s) show a price range.`;
  if (f.binOffers) {
    s += ` ${f.binOffers} auction row(s) also offer Buy It Now at a fixed price: displayed_price is the current bid, and the Buy It Now price is not reported (no row field carries it).`;
  }
  return s;
}
