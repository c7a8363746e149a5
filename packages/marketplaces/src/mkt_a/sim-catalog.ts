/**
 * @module mkt_a/sim-catalog
 * The simulator's listings: generated deterministically from the keywords and sold/active,
 * then filtered, sorted and paged the way eBay's search URL asks (`LH_ItemCondition`,
 * `_udlo`/`_udhi`, `LH_PrefLoc`, `_sop`, `_ipg`, `_pgn`). Long queries (five words or more)
 * holding two or more words the catalogue cannot place in its listings have fewer exact matches
 * the more such words they hold (four or more: one to three, as the real "2011 volkswagen jetta
 * cold air intake apr" capture shows one), followed by looser matches after a "fewer words"
 * marker, as on the real site; a long query of a product the catalogue knows ("air jordan 1
 * retro high chicago") has pages of that product. Titles, conditions and asks are the sandbox catalogue's (sim/catalog.ts):
 * the product the keywords name, in the words of its real listings. Synthetic data: never shown
 * as real.
 */
import { drawItem, readKeywords, unplacedWords, type Grade } from '../sim/catalog.ts';
import { seededRandom } from '../sim/kit.ts';
import { OFFERED_PAGE_SIZES } from './params.ts';

export type ShippingKind = 'free' | 'exact' | 'exact_eta' | 'estimate' | 'unspecified';

export interface SimListing {
  id: string;
  title: string;
  conditionId: number;
  conditionLabel: string;
  /** Price in cents; the low end of a range. */
  priceCents: number;
  /** High end of a price range (multi-variation listing), else null. */
  highCents: number | null;
  format: 'auction' | 'fixed_price';
  bids: number;
  /** Seconds from the page time to the auction end (negative: ended); null for fixed price. */
  endsInSec: number | null;
  bestOffer: boolean;
  /** Sold listings only: sold by accepted best offer (the page strikes the list price). */
  bestOfferAccepted: boolean;
  shipping: ShippingKind;
  shippingCents: number;
  country: string;
  seller: { name: string; positive: string; count: string } | null;
  /** Sold listings: days between the sale and the page time. */
  soldDaysAgo: number;
  /** Active listings: seconds since listing (the "newly listed" sort). */
  listedSecAgo: number;
  promoted: boolean;
  /** Seller's own subtitle text, shown before the condition. */
  sellerSubtitle: string | null;
  imageId: string;
  /** The server page defers the image (placeholder `src`, real `data-defer-load`). */
  deferImage: boolean;
  /** Matches fewer of the keywords (shown after the marker). */
  loose: boolean;
}

export const CONDITION_LABEL: Readonly<Record<number, readonly string[]>> = {
  1000: ['Brand New'], 1500: ['Open Box', 'New (Other)'], 2000: ['Certified - Refurbished'], 2010: ['Excellent - Refurbished'],
  2020: ['Very Good - Refurbished'], 2030: ['Good - Refurbished'], 2500: ['Seller Refurbished'], 3000: ['Pre-Owned'], 7000: ['For parts or not working'],
};
/** eBay's condition IDs for each condition of the sandbox catalogue (refurbished: eBay's grades of it). */
const GRADE_IDS: Readonly<Record<Grade, ReadonlyArray<readonly [number, number]>>> = {
  new: [[1000, 1]], open_box: [[1500, 1]], refurbished: [[2000, 2], [2010, 3], [2020, 3], [2030, 2], [2500, 3]],
  like_new: [[3000, 1]], good: [[3000, 1]], fair: [[3000, 1]], parts: [[7000, 1]],
};
const COUNTRIES = ['China', 'United Kingdom', 'Japan', 'Germany', 'Canada'];
const SUBTITLES = ['Fast shipping · 30 day returns', 'Ships same day from USA', 'See photos for details'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'tu', 'ven', 'dor', 'pix', 'sun', 'bel', 'cor', 'zen'];
const IMAGE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~-';

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function weighted(r: () => number, table: ReadonlyArray<readonly [number, number]>): number {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of table) {
    x -= w;
    if (x < 0) return v;
  }
  return table[table.length - 1]![0];
}

function compact(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)}M`;
  if (n >= 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/u, '')}K`;
  if (n >= 1000) return `${(n / 1000).toFixed(1)}K`;
  return String(n);
}

/** The price a card shows: the ask, or a running auction's current bid, below what the item will sell for. */
function askCents(r: () => number, dollars: number, auction: boolean, sold: boolean): number {
  const bidShare = auction && !sold ? 0.5 + 0.5 * Math.sqrt(r()) : 1;
  const bid = dollars * bidShare;
  return Math.max(99, bidShare < 1 && bid >= 100 ? Math.round(bid) * 100 : Math.round(bid * 100));
}

/**
 * A new listing's own fields for the market's drift (sim/drift.ts): its title, condition, ask and
 * picture drawn as every listing of the search is, listed within the hour (sold today).
 */
export function renewListing(q: string, sold: boolean): (r: () => number, like: SimListing) => Partial<SimListing> {
  const plan = readKeywords(q.trim().toLowerCase().replace(/\s+/gu, ' '));
  return (r, like) => {
    const item = drawItem(r, plan, 'mkt_a');
    const conditionId = weighted(r, GRADE_IDS[item.grade]);
    const priceCents = askCents(r, item.price, like.format === 'auction', sold);
    return {
      title: item.title, conditionId, conditionLabel: pick(r, CONDITION_LABEL[conditionId]!), priceCents,
      highCents: like.highCents === null ? null : Math.round(priceCents * (like.highCents / like.priceCents)),
      bids: like.format === 'auction' ? (sold ? 1 : 0) + Math.floor(r() * 6) : 0,
      imageId: Array.from({ length: 16 }, () => pick(r, [...IMAGE_ALPHABET])).join(''),
      listedSecAgo: Math.floor(r() * 3600), soldDaysAgo: 0,
    };
  };
}

function listing(seed: string, i: number, sold: boolean, words: string[], loose: boolean): SimListing {
  const r = seededRandom(`${seed}#${i}${loose ? 'L' : ''}`);
  const kept = loose ? words.slice(0, Math.max(1, Math.ceil(words.length / 2))) : words;
  // The product the keywords name, in the words and at the ask of its real listings (sim/catalog.ts).
  const item = drawItem(r, readKeywords(kept.join(' ')), 'mkt_a');
  const conditionId = weighted(r, GRADE_IDS[item.grade]);
  const auction = r() < (sold ? 0.2 : 0.25);
  const priceCents = askCents(r, item.price, auction, sold);
  const range = !auction && r() < 0.08;
  const shippingRoll = r();
  const shipping: ShippingKind = shippingRoll < 0.35 ? 'free' : shippingRoll < 0.75 ? 'exact' : shippingRoll < 0.85 ? 'exact_eta' : shippingRoll < 0.95 ? 'estimate' : 'unspecified';
  const endRoll = r();
  const endsInSec = auction && !sold ? (endRoll < 0.03 ? -Math.floor(r() * 600) : 5 + Math.floor(endRoll ** 3 * 6 * 86_400)) : null;
  const seller = r() < 0.93
    ? { name: `${pick(r, SYLLABLES)}${pick(r, SYLLABLES)}${pick(r, ['', '_', '-'])}${Math.floor(r() * 100)}`, positive: `${(90 + r() * 10).toFixed(1).replace(/\.0$/u, '')}%`, count: compact(1 + Math.floor(r() ** 3 * 60_000)) }
    : null;
  return {
    id: `${1 + Math.floor(r() * 8)}${String(Math.floor(r() * 1e6)).padStart(6, '0')}${String(i).padStart(5, '0')}`,
    title: item.title,
    conditionId,
    conditionLabel: pick(r, CONDITION_LABEL[conditionId]!),
    priceCents,
    highCents: range ? Math.round(priceCents * (1.15 + r() * 0.5)) : null,
    format: auction ? 'auction' : 'fixed_price',
    bids: auction ? (sold ? 1 : 0) + Math.floor(r() * 24) : 0,
    endsInSec,
    bestOffer: !auction && r() < 0.3,
    bestOfferAccepted: sold && !auction && r() < 0.15,
    shipping,
    shippingCents: shipping === 'free' || shipping === 'unspecified' ? 0 : Math.round((3 + r() * 30) * 100),
    country: r() < 0.8 ? 'United States' : pick(r, COUNTRIES),
    seller,
    soldDaysAgo: 0,
    listedSecAgo: Math.floor(r() * 30 * 86_400),
    promoted: !sold && r() < 0.15,
    sellerSubtitle: r() < 0.1 ? pick(r, SUBTITLES) : null,
    imageId: Array.from({ length: 16 }, () => pick(r, [...IMAGE_ALPHABET])).join(''),
    deferImage: r() < 0.5,
    loose,
  };
}

/** Every listing the simulator holds for a keyword set: exact matches, then looser ones. */
export function simCatalog(q: string, sold: boolean): { exact: SimListing[]; loose: SimListing[] } {
  const norm = q.trim().toLowerCase().replace(/\s+/gu, ' ');
  const words = norm.split(' ').filter(Boolean);
  const seed = `${sold ? 'sold' : 'active'}|${norm}`;
  const r = seededRandom(seed);
  // eBay matches every keyword: few listings hold words the catalogue's listings never say (the
  // real APR-intake capture: four such words, one exact match). Keywords the catalogue does not
  // know at all name their own item: its first two words count as placed.
  const plan = readKeywords(norm);
  const unplaced = plan.what === 'generic' ? Math.max(0, words.length - 2) : unplacedWords(plan).length;
  const long = words.length >= 5 && unplaced >= 2;
  const exactCount = norm === '' ? 0 : !long ? 30 + Math.floor(r() * 520) : unplaced >= 4 ? 1 + Math.floor(r() * 3) : unplaced === 3 ? 4 + Math.floor(r() * 12) : 10 + Math.floor(r() * 36);
  const exact = Array.from({ length: exactCount }, (_, i) => listing(seed, i, sold, words, false));
  const loose = long ? Array.from({ length: 300 }, (_, i) => listing(seed, i, sold, words, true)) : [];
  if (sold) {
    // Sold listings are spread over the last ~90 days, most recent first in the catalog order.
    let days = 0;
    for (const l of [...exact, ...loose]) {
      days += Math.floor(seededRandom(`${l.id}d`)() * 2);
      l.soldDaysAgo = Math.min(days, 89);
    }
  }
  return { exact, loose };
}

export interface SimQuery {
  q: string;
  sold: boolean;
  conditionIds: number[] | null;
  minDollars: number | null;
  maxDollars: number | null;
  usOnly: boolean;
  sop: number;
  /** Items per page as sent (coerced to 60 unless offered). */
  ipg: number;
  pgn: number;
}

/** Reads the search URL's query the way eBay does: unknown or malformed values fall back to defaults. */
export function readSimQuery(p: URLSearchParams): SimQuery {
  const int = (name: string): number | null => {
    const v = p.get(name);
    return v !== null && /^\d+$/u.test(v) ? Number(v) : null;
  };
  const cond = p.get('LH_ItemCondition');
  const ids = cond ? cond.split(/[|,]/u).filter((x) => /^\d+$/u.test(x)).map(Number) : [];
  const ipg = int('_ipg') ?? 60;
  return {
    q: p.get('_nkw') ?? '',
    // eBay rewrites LH_Sold alone to the active view: both flags are needed for sold results.
    sold: p.get('LH_Sold') === '1' && p.get('LH_Complete') === '1',
    conditionIds: ids.length > 0 ? ids : null,
    minDollars: int('_udlo'),
    maxDollars: int('_udhi'),
    usOnly: p.get('LH_PrefLoc') === '1',
    sop: int('_sop') ?? 12,
    ipg: OFFERED_PAGE_SIZES.includes(ipg) ? ipg : 60,
    pgn: Math.max(1, int('_pgn') ?? 1),
  };
}

/** The listing passes the search's filters (condition, price bounds, US only). */
export function matches(l: SimListing, q: SimQuery): boolean {
  if (q.conditionIds && !q.conditionIds.includes(l.conditionId)) return false;
  const dollars = l.priceCents / 100;
  if (q.minDollars !== null && dollars < q.minDollars) return false;
  if (q.maxDollars !== null && (l.highCents ?? l.priceCents) / 100 > q.maxDollars) return false;
  if (q.usOnly && l.country !== 'United States') return false;
  return true;
}

function sortKey(q: SimQuery): ((a: SimListing, b: SimListing) => number) | null {
  const cost = (l: SimListing): number => l.priceCents + (l.shipping === 'exact' || l.shipping === 'exact_eta' ? l.shippingCents : 0);
  switch (q.sop) {
    case 1: // ending soonest: auctions by end, then fixed price
      return (a, b) => (a.endsInSec ?? Infinity) - (b.endsInSec ?? Infinity);
    case 10: // newly listed
      return (a, b) => (q.sold ? a.soldDaysAgo - b.soldDaysAgo : a.listedSecAgo - b.listedSecAgo);
    case 13: // ended recently
      return q.sold ? (a, b) => a.soldDaysAgo - b.soldDaysAgo : null;
    case 15:
      return (a, b) => cost(a) - cost(b);
    case 16:
      return (a, b) => cost(b) - cost(a);
    default: // 12 best match: the catalog order
      return null;
  }
}

export interface SimPage {
  query: SimQuery;
  /** Matching exact listings across all pages (the heading's count). */
  total: number;
  /** The page actually shown (eBay answers page 1 again when asked past the last page). */
  page: number;
  lastPage: number;
  items: SimListing[];
  /** Looser matches shown after the "fewer words" marker on this page. */
  looseItems: SimListing[];
  /** The search has looser matches (long queries): pages end with the marker, pagination hidden. */
  fewerWords: boolean;
}

/** One page of results for a search URL's query. */
export function simPage(query: SimQuery): SimPage {
  const { exact, loose } = simCatalog(query.q, query.sold);
  const cmp = sortKey(query);
  const all = exact.filter((l) => matches(l, query));
  if (cmp) all.sort(cmp);
  const looseAll = loose.filter((l) => matches(l, query));
  const fewerWords = loose.length > 0;
  const lastPage = Math.max(1, Math.ceil(all.length / query.ipg));
  // Past the exact matches a long query keeps serving looser matches; otherwise eBay shows page 1 again.
  const page = query.pgn > lastPage && !fewerWords ? 1 : query.pgn;
  const items = all.slice((page - 1) * query.ipg, page * query.ipg);
  let looseItems: SimListing[] = [];
  if (fewerWords) {
    const before = Math.max(0, (page - 1) * query.ipg - all.length);
    looseItems = looseAll.slice(before, before + query.ipg - items.length);
  }
  return { query, total: all.length, page, lastPage, items, looseItems, fewerWords };
}
