/**
 * @module mkt_a/cards
 * Reads one result card of either layout into the same raw shape: the texts and attributes a
 * card shows, not yet interpreted. The current `li.s-card` layout (2025-) and the earlier
 * `li.s-item` layout (to mid-2025) differ only here; the reading rules (rows.ts) are shared.
 * One walk per card, dispatching on class names.
 */
import {
  attr, find, fold, hasClass, hasClassPrefix, inClassList, isElement, prefixInClassList, rawText, text, textSkipping, walk, type Element,
} from './dom.ts';
import { looksLikeSeller } from './text.ts';

export type Layout = 's-card' | 's-item';

export interface RawCard {
  layout: Layout;
  /** `data-listingid` (s-card only). */
  listingId: string | null;
  /** The first item link (`/itm/...`). */
  href: string | null;
  title: string | null;
  /** Texts of the price spans, in order (three for a range: low, `to`, high). */
  priceParts: string[];
  /**
   * The fixed price an auction card also shows with its current bid ("Buy It Now" option): a
   * second price, never part of the displayed price. No row field carries it (field_notes counts it).
   */
  binPrice: string | null;
  /** The price is struck through (sold by accepted best offer: the list price, not the sale). */
  priceStruck: boolean;
  /** Sold/ended caption (`Sold  Mar 7, 2026`). */
  caption: string | null;
  /** Subtitle texts (condition, aspects, seller's own words). */
  subtitles: string[];
  /** One text per attribute row or detail (shipping, format, bids, location, ...). */
  facts: string[];
  seller: string | null;
  timeLeft: string | null;
  timeEnd: string | null;
  /** `src`, or null when missing or a placeholder pixel. */
  imageSrc: string | null;
  /** The deferred image (`data-defer-load`, `data-src`). */
  imageDeferred: string | null;
  sponsored: boolean;
}

function empty(layout: Layout, listingId: string | null): RawCard {
  return {
    layout, listingId, href: null, title: null, priceParts: [], binPrice: null, priceStruck: false, caption: null, subtitles: [],
    facts: [], seller: null, timeLeft: null, timeEnd: null, imageSrc: null, imageDeferred: null, sponsored: false,
  };
}

/**
 * The seller badge's own text: "name  99.6% positive (96.3K)". Its tooltip ("Top Rated Plus",
 * "Sellers with highest buyer ratings", "Learn More") and icons are not part of it.
 */
function sellerBadgeText(el: Element): string {
  return textSkipping(el, (n) => hasClass(n, 'tooltip__overlay') || hasClassPrefix(n, 's-card__program-badge-tooltip') || attr(n, 'role') === 'tooltip' || attr(n, 'aria-hidden') === 'true');
}

/** Classes of the labels eBay puts inside a title element: "New Listing" badges and the screen-reader suffix. */
const TITLE_LABELS = ['clipped', 's-card__new-listing', 's-item__new-listing', 'NEW_LISTING', 'LIGHT_HIGHLIGHT'];
const NEW_LISTING = /^new listing$/iu;

/**
 * A title element's text without the labels shown inside it, at any depth: the "New Listing"
 * badge sits straight in the title (`h3.s-item__title > span.LIGHT_HIGHLIGHT`, 2021-2022) or one
 * level down (`div.s-item__title > span[role=heading] > span.LIGHT_HIGHLIGHT`, 2023-2025:
 * test/data/mkt_a/listings-s-item-new-listing-nested.html). An element whose whole text is
 * "New Listing" is the badge whatever its class: the label is never part of a title.
 */
export function titleText(el: Element): string {
  return textSkipping(el, (n) => TITLE_LABELS.some((c) => hasClass(n, c)) || NEW_LISTING.test(text(n)));
}

function isItemHref(href: string | null): href is string {
  return href !== null && href.includes('/itm/');
}

/** `src` unless it is a data URI or eBay's static placeholder pixel (the real image is deferred). */
function realSrc(src: string | null): string | null {
  if (src === null || src === '' || src.startsWith('data:') || src.includes('ebaystatic.com')) return null;
  return src;
}

/** Reads one attribute row: its price spans, time, or its text as one fact. */
function readRow(row: Element, card: RawCard, inSecondary: boolean): void {
  let hasPrice = false;
  // An auction with Buy It Now shows a second price row (the BIN price); the first is the current bid.
  const firstPriceRow = card.priceParts.length === 0;
  const parts: string[] = [];
  walk(row, (el) => {
    if (hasClass(el, 's-card__price')) {
      hasPrice = true;
      if (firstPriceRow) {
        card.priceParts.push(text(el));
        if (hasClass(el, 'strikethrough')) card.priceStruck = true;
      } else {
        card.binPrice ??= text(el);
      }
      return false;
    }
    if (hasClass(el, 's-card__time')) {
      walk(el, (t) => {
        if (hasClass(t, 's-card__time-left')) card.timeLeft = text(t);
        else if (hasClass(t, 's-card__time-end')) card.timeEnd = text(t);
      });
      return false;
    }
    if (hasClassPrefix(el, 's-card__program-badge-container--seller')) {
      // Seller badge variant: "name  99.1% positive (500)" in one span, often inside a store link.
      card.seller ??= sellerBadgeText(el);
      return false;
    }
    if (el.tagName === 'a' && hasClass(el, 'su-link')) return false; // "View similar active items", "Sell one like this"
    if (el.tagName === 'span' && hasClass(el, 'su-styled-text')) {
      parts.push(rawText(el));
      return false;
    }
    return true;
  });
  if (hasPrice) return;
  const fact = fold(parts.join(' ').replace(/\s·\s?/gu, ' '));
  if (fact === '' || fact === '·') return;
  if (inSecondary && card.seller === null && looksLikeSeller(fact)) card.seller = fact;
  else card.facts.push(fact);
}

/**
 * Reads an `li.s-card` (current layout). `isSponsored` reads the footer label (null: not
 * needed, e.g. on sold searches, which have no `promoted` field).
 */
export function readSCard(li: Element, isSponsored: ((label: Element) => boolean) | null): RawCard {
  const card = empty('s-card', attr(li, 'data-listingid'));
  walk(li, (el) => {
    const cls = attr(el, 'class');
    if (cls === null) return true;
    if (el.tagName === 'a' && card.href === null && isItemHref(attr(el, 'href'))) {
      card.href = attr(el, 'href');
      return true;
    }
    // Every class read below has one of these stems; most elements have none (fast path).
    if (!cls.includes('s-card__') && !cls.includes('__secondary') && !cls.includes('s-item__sep')) return true;
    if (el.tagName === 'img' && inClassList(cls, 's-card__image')) {
      card.imageSrc = realSrc(attr(el, 'src'));
      card.imageDeferred = attr(el, 'data-defer-load') ?? attr(el, 'data-src');
      return false;
    }
    if (inClassList(cls, 's-card__caption')) {
      card.caption = text(el);
      return false;
    }
    if (inClassList(cls, 's-card__title')) {
      // Badges shown inside the title ("New Listing") and the screen-reader suffix are not the title.
      card.title = titleText(el);
      return false;
    }
    if (inClassList(cls, 's-card__subtitle')) {
      for (const k of el.childNodes) {
        const t = isElement(k) ? text(k) : fold(rawText(k));
        if (t !== '') card.subtitles.push(t);
      }
      return false;
    }
    if (inClassList(cls, 'su-card-container__attributes__secondary')) {
      walk(el, (row) => {
        if (hasClassPrefix(row, 's-card__program-badge-container--seller')) {
          // Seller badge variant: "name  99.1% positive (500)" in one span.
          card.seller ??= sellerBadgeText(row);
          return false;
        }
        if (hasClass(row, 's-card__program-badge-container')) return false; // "Direct from <brand>", refurbished badges
        if (hasClass(row, 's-card__attribute-row')) {
          readRow(row, card, true);
          return false;
        }
        return true;
      });
      return false;
    }
    if (prefixInClassList(cls, 's-card__program-badge-container--seller')) {
      card.seller ??= sellerBadgeText(el);
      return false;
    }
    if (inClassList(cls, 's-card__attribute-row')) {
      readRow(el, card, false);
      return false;
    }
    if (inClassList(cls, 's-card__footer')) {
      // The label sits in a separator (`s-card__sep`, `s-item__sep`) in most pages; some pages put
      // the named label element straight in the footer row (test/data/mkt_a/listings-s-card-laptop.html).
      const label = find(el, (k) => hasClass(k, 's-card__sep') || hasClass(k, 's-item__sep'))
        ?? find(el, (k) => attr(k, 'aria-labelledby') !== null);
      if (label !== null && isSponsored?.(label)) card.sponsored = true;
      return false;
    }
    if (inClassList(cls, 's-card__sep') || inClassList(cls, 's-item__sep')) {
      if (isSponsored?.(el)) card.sponsored = true;
      return false;
    }
    return true;
  });
  return card;
}

/** Classes of the legacy layout's single-fact spans. */
const LEGACY_FACTS = [
  's-item__shipping', 's-item__logisticsCost', 's-item__freeXDays', 's-item__purchase-options', 's-item__purchaseOptions',
  's-item__purchase-options-with-icon', 's-item__formatBestOfferEnabled', 's-item__formatBestOfferAccepted', 's-item__formatBuyItNow',
  's-item__bids', 's-item__bidCount', 's-item__location', 's-item__itemLocation', 's-item__hotness',
];

/** Reads an `li.s-item` (earlier layout). */
export function readSItem(li: Element): RawCard {
  const card = empty('s-item', attr(li, 'data-listingid'));
  walk(li, (el) => {
    const cls = attr(el, 'class');
    if (el.tagName === 'a' && card.href === null && isItemHref(attr(el, 'href'))) {
      card.href = attr(el, 'href');
      return true;
    }
    if (cls === null) return true;
    if (el.tagName === 'img' && (hasClass(el, 's-item__image-img') || hasClass(el, 's-item__image'))) {
      card.imageSrc = realSrc(attr(el, 'src'));
      card.imageDeferred = attr(el, 'data-src') ?? attr(el, 'data-defer-load');
      return false;
    }
    if (hasClass(el, 's-item__image') && card.imageSrc === null && card.imageDeferred === null) {
      // 2024-2025 pages leave the picture's `img` without a class (listings-s-item-new-listing-nested.html):
      // the first `img` inside the image block is the card's picture.
      const img = find(el, (n) => n.tagName === 'img');
      if (img !== null) {
        card.imageSrc = realSrc(attr(img, 'src'));
        card.imageDeferred = attr(img, 'data-src') ?? attr(img, 'data-defer-load');
      }
      return false;
    }
    if (hasClass(el, 's-item__caption--signal') || hasClass(el, 's-item__ended-date') || hasClass(el, 's-item__title--tagblock__COMPLETED')) {
      card.caption ??= text(el);
      return false;
    }
    if (hasClass(el, 's-item__title--tagblock')) {
      // The tag block holds the sponsored tag (only on promoted cards) and, on older sold pages, the sold date.
      if (hasClass(el, 's-item__title--tagblock__SPONSORED')) card.sponsored = true;
      walk(el, (t) => {
        if (hasClass(t, 's-item__title--tagblock__SPONSORED')) card.sponsored = true;
        else if (hasClass(t, 'POSITIVE')) card.caption ??= text(t);
        else return true;
        return false;
      });
      return false;
    }
    if (hasClass(el, 's-item__title')) {
      // `New Listing` badge and the screen-reader suffix are not part of the title.
      card.title = titleText(el);
      return false;
    }
    if (hasClass(el, 's-item__subtitle')) {
      for (const k of el.childNodes) {
        const t = isElement(k) ? text(k) : fold(rawText(k));
        if (t !== '') card.subtitles.push(t);
      }
      return false;
    }
    if (hasClass(el, 's-item__price')) {
      // An auction with a Buy It Now option shows two: the current bid, then (after the bids)
      // the fixed price (`s-item__buyItNowOption` follows it). Only the first is the card's price.
      if (card.priceParts.length > 0) {
        card.binPrice ??= text(el);
        return false;
      }
      card.priceParts.push(text(el));
      walk(el, (p) => {
        if (hasClass(p, 'STRIKETHROUGH')) card.priceStruck = true;
      });
      return false;
    }
    if (hasClass(el, 's-item__time-left')) {
      card.timeLeft = text(el);
      return false;
    }
    if (hasClass(el, 's-item__time-end')) {
      card.timeEnd = text(el);
      return false;
    }
    if (hasClass(el, 's-item__seller-info-text') || hasClass(el, 's-item__seller-info')) {
      card.seller ??= text(el);
      return false;
    }
    if (el.tagName === 'span' && LEGACY_FACTS.some((c) => hasClass(el, c))) {
      const t = text(el);
      if (t !== '') card.facts.push(t);
      return false;
    }
    return true;
  });
  return card;
}
