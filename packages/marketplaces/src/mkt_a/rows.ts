/**
 * @module mkt_a/rows
 * Raw card → result row of interface 2.4 (sold) or 2.5 (listings), applying the reading rules:
 * ranges keep only their text, shipping only from exact text, year-less dates resolved against
 * the collection time, auction end times from the time left.
 */
import type { Kind, Row } from '@listings/contract';
import type { RawCard } from './cards.ts';
import { IMAGE_HOSTS, ITEM_URL_ROOT, PLACEHOLDER_ITEM_ID, PLACEHOLDER_LISTING_ID, PLACEHOLDER_TITLE } from './params.ts';
import {
  isBestOffer, isBestOfferAccepted, pickCondition, readBids, readLocation, readPrice, readShipping, type PriceReading, type ShippingReading,
} from './text.ts';
import { clockToUtc, isoSeconds, readCaption, readClock, readTimeLeft, resolveSoldDate, type Caption } from './time.ts';

/** The item id from a card's link (`/itm/<id>` or `/itm/<slug>/<id>`), else its `data-listingid`. */
export function cardId(card: RawCard): string | null {
  const m = card.href ? /\/itm\/(?:[^/?#]+\/)?(\d{6,19})(?=[/?#]|$)/u.exec(card.href) : null;
  if (m) return m[1]!;
  return card.listingId !== null && /^\d{9,19}$/u.test(card.listingId) ? card.listingId : null;
}

/** eBay's "Shop on eBay" placeholder, present on every page and never a listing. */
export function isPlaceholder(card: RawCard, id: string | null): boolean {
  return id === PLACEHOLDER_ITEM_ID || card.listingId === PLACEHOLDER_LISTING_ID || card.title === PLACEHOLDER_TITLE;
}

/** An image URL on the marketplace image host: `src`, else the deferred one. */
export function imageUrl(card: RawCard): string | null {
  for (const candidate of [card.imageSrc, card.imageDeferred]) {
    if (!candidate) continue;
    // A prefix test, not URL parsing: this runs for every card and the host must match exactly.
    for (const host of IMAGE_HOSTS) {
      if (candidate.startsWith(`https://${host}/`) && !/[\s"'<>]/u.test(candidate)) return candidate;
    }
  }
  return null;
}

/** The first fact that reads as shipping. */
export function shippingOf(card: RawCard): ShippingReading | null {
  for (const f of card.facts) {
    const s = readShipping(f);
    if (s) return s;
  }
  return null;
}

export interface ReadCard {
  id: string;
  row: Row;
  price: PriceReading;
  caption: Caption;
  /** Sold by accepted best offer (the struck price is the list price). */
  bestOfferAccepted: boolean;
  /** An auction's Buy It Now price, shown beside its current bid; not a row field. */
  binPrice: string | null;
}

export interface RowContext {
  kind: Kind;
  now: Date;
  /** The page's end-clock offset from UTC in minutes, when it could be measured. */
  clockOffset: number | null;
}

function money(p: PriceReading): { amount: number; currency: string } | null {
  return p.money && p.money.amount !== null && p.money.currency === 'USD' ? { amount: p.money.amount, currency: 'USD' } : null;
}

/** Auction end: collection time + time left; an ended auction's end clock when the page's offset is known. */
function endsAt(card: RawCard, ctx: RowContext): string | null {
  const left = card.timeLeft !== null ? readTimeLeft(card.timeLeft) : null;
  if (!left) return null;
  if (!left.ended) return isoSeconds(new Date(ctx.now.getTime() + left.seconds * 1000));
  const clock = card.timeEnd !== null ? readClock(card.timeEnd) : null;
  if (!clock || ctx.clockOffset === null) return null;
  return isoSeconds(clockToUtc(clock, ctx.clockOffset, ctx.now));
}

export function toRow(card: RawCard, id: string, ctx: RowContext): ReadCard {
  const price = readPrice(card.priceParts);
  const shipping = shippingOf(card);
  const shippingMoney = shipping && shipping.amount !== null ? { amount: shipping.amount, currency: 'USD' } : null;
  const condition = pickCondition([...card.subtitles, ...card.facts]);
  const caption = card.caption !== null ? readCaption(card.caption) : ({ kind: 'other' } as const);
  const link = `${ITEM_URL_ROOT}${id}`;
  const image = imageUrl(card);
  const bestOfferAccepted = card.facts.some(isBestOfferAccepted) || (ctx.kind === 'sold' && card.priceStruck);

  if (ctx.kind === 'sold') {
    const dateText = caption.kind === 'sold' ? caption.dateText || null : null;
    const row: Row = {
      id, title: card.title || null, link,
      displayed_price: money(price), displayed_price_text: price.text,
      displayed_shipping: shippingMoney, shipping_text: shipping?.text ?? null,
      sold_date: dateText !== null ? resolveSoldDate(dateText, ctx.now) : null, sold_date_text: dateText,
      condition, seller_text: card.seller || null, brand: null, size: null, image,
      price: null, shipping: null, sold_at: null, took_offer: null,
    };
    return { id, row, price, caption, bestOfferAccepted, binPrice: card.binPrice };
  }

  let bids: number | null = null;
  for (const f of card.facts) bids ??= readBids(f);
  const auction = bids !== null || card.timeLeft !== null;
  let location: string | null = null;
  for (const f of card.facts) location ??= readLocation(f);
  const row: Row = {
    id, title: card.title || null, link, promoted: card.sponsored, format: auction ? 'auction' : 'fixed_price',
    displayed_price: money(price), displayed_price_text: price.text,
    displayed_shipping: shippingMoney, shipping_text: shipping?.text ?? null,
    condition, brand: null, size: null, listed_at: null,
    bid_count: bids, ends_at: auction ? endsAt(card, ctx) : null, best_offer: card.facts.some(isBestOffer),
    seller_text: card.seller || null, location_text: location, image,
  };
  return { id, row, price, caption, bestOfferAccepted, binPrice: card.binPrice };
}
