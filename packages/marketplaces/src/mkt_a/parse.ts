/**
 * @module mkt_a/parse
 * The pure reading of one eBay search results page: (body, search, collection time) → result
 * page, or a CollectionError saying why the body is not one. In order:
 *  1. block pages (JS challenge, captcha, error page, edge block, sign-in, home redirect) → BlockedError;
 *  2. another country's page (language, site, currency, item links) → NonUsPageError (upstream_error);
 *  3. no results list, unknown cards, or too many unreadable ones → LayoutChangedError;
 *  4. a page cut short (results without the pagination or the river's end that close every results page) → TransientUpstreamError;
 *  5. a page past the last → PageOutOfRangeError;
 *  6. the cards before eBay's looser-match banner (`REWRITE_START`: "Results matching fewer
 *     words", a rewritten query) → rows; the banner's words go to field_notes.
 * Never an empty success for a page that is not a results page: zero rows is returned only
 * when the page itself says so (zero results, or every card after the banner: `noRowsBecause`).
 */
import {
  BlockedError, LayoutChangedError, NonUsPageError, PageOutOfRangeError, TransientUpstreamError, type Search,
} from '@listings/contract';
import { parse } from 'parse5';
import type { PageResult } from '../contract.ts';
import { readSCard, readSItem, type Layout, type RawCard } from './cards.ts';
import { attr, hasClass, hasClassPrefix, ownText, text, walk, type Document, type Element } from './dom.ts';
import { MAX_PAGE } from './params.ts';
import { cardId, isPlaceholder, toRow, type ReadCard } from './rows.ts';
import { composeNotes, type NoteFacts } from './notes.ts';
import { isSponsoredText, labelReader } from './sponsored.ts';
import { readMoney, readPrice } from './text.ts';
import { inferClockOffset, readCaption, readClock, readTimeLeft, type Clock, type TimeLeft } from './time.ts';
import { pageResult } from '../shared/result.ts';

/** What one walk over the document finds outside the result cards. */
export interface PageSurvey {
  lang: string | null;
  title: string | null;
  heading: string | null;
  resultLists: Element[];
  styles: string[];
  /** The `nav.pagination`, when shown. */
  pagination: Element | null;
  /** The pagination answer that closes every results page (shown or hidden). */
  paginationAnswer: boolean;
  captcha: boolean;
  signInForm: boolean;
  /** The page has search results page classes (`srp-…`), even if no list was recognized. */
  searchMarkup: boolean;
  /** The page carries eBay's own chrome (its logo, titled "eBay Home"). */
  ebayChrome: boolean;
  /** The hidden label elements (children of `div[hidden]`) by `id`: what cards point at with aria-labelledby. */
  ids: Map<string, Element>;
  /** The page's own URL as it names it (`link rel=canonical`, `og:url`), for the site it belongs to. */
  canonical: string | null;
  /** The river's end (`srp-river-footer`, `srp-main-below-river`, the page footer): the body was not cut inside the results. */
  riverEnd: boolean;
  /** Index of the first results list that a "Results matching fewer words" banner placed before it makes loose. */
  looseFromList: number | null;
  /** The text of that banner: what eBay did with the keywords ("Results matching fewer words", …). */
  rewriteNotice: string | null;
  /** The buyer location the page was shaped for (the header's `shipToLocation`, decoded), when it names one. */
  shipTo: string | null;
}

export function survey(doc: Document): PageSurvey {
  const s: PageSurvey = {
    lang: null, title: null, heading: null, resultLists: [], styles: [], pagination: null, paginationAnswer: false, captcha: false, signInForm: false,
    searchMarkup: false, ebayChrome: false, ids: new Map(), canonical: null, riverEnd: false, looseFromList: null, rewriteNotice: null, shipTo: null,
  };
  walk(doc, (el) => {
    // The hidden label texts cards name themselves with sit in a `div[hidden]` outside the lists.
    if (el.tagName === 'div' && attr(el, 'hidden') !== null) {
      for (const k of el.childNodes) {
        const id = (k as Element).tagName ? attr(k as Element, 'id') : null;
        if (id !== null && !s.ids.has(id)) s.ids.set(id, k as Element);
      }
    }
    switch (el.tagName) {
      case 'html':
        s.lang ??= attr(el, 'lang');
        return true;
      case 'title':
        // Only the document's title: SVG logos carry <title> elements too.
        if (s.title === null && (el.parentNode as Element | null)?.tagName === 'head') s.title = text(el);
        return false;
      case 'style':
        s.styles.push(ownText(el));
        return false;
      case 'script':
        if (s.shipTo === null) s.shipTo = shipToOf(ownText(el));
        return false;
      case 'link':
        if ((attr(el, 'rel') ?? '').toLowerCase() === 'canonical') s.canonical ??= attr(el, 'href');
        return false;
      case 'meta':
        if ((attr(el, 'property') ?? attr(el, 'Property') ?? '').toLowerCase() === 'og:url') s.canonical ??= attr(el, 'content') ?? attr(el, 'Content');
        return false;
      case 'svg':
        for (const k of el.childNodes) if ((k as Element).tagName === 'title' && /^ebay\b/iu.test(text(k))) s.ebayChrome = true;
        return false;
      case 'form': {
        const id = attr(el, 'id') ?? '';
        if (/captcha/iu.test(id)) s.captcha = true;
        if (/sign-?in/iu.test(id) || /signin/iu.test(attr(el, 'action') ?? '')) s.signInForm = true;
        return true;
      }
      case 'iframe':
        if (/captcha/iu.test(attr(el, 'src') ?? '')) s.captcha = true;
        return false;
      default:
        break;
    }
    const cls = attr(el, 'class');
    if (cls === null) return true;
    if (!s.searchMarkup && cls.includes('srp-')) s.searchMarkup = true;
    if (el.tagName === 'ul' && hasClass(el, 'srp-results')) {
      s.resultLists.push(el);
      // The list holds the pagination answer; look for it without reading the cards.
      for (const k of el.childNodes) if ((k as Element).tagName && isPaginationAnswer(k as Element)) s.paginationAnswer = true;
      walk(el, (n) => {
        if (n.tagName === 'nav' && hasClass(n, 'pagination')) {
          s.pagination ??= n;
          s.paginationAnswer = true;
        }
        if (hasClass(n, 'srp-river-footer')) s.riverEnd = true;
        return !hasClass(n, 's-card') && !hasClass(n, 's-item');
      });
      return false;
    }
    if (hasClassPrefix(el, 'srp-river-answer--REWRITE_START')) {
      // The banner sits before the list (a zero-results page): every card of the lists after it is a looser match.
      s.looseFromList ??= s.resultLists.length;
      s.rewriteNotice ??= text(el) || null;
      return false;
    }
    if (hasClass(el, 'srp-river-footer') || hasClass(el, 'srp-main-below-river') || hasClass(el, 'x-footer')) s.riverEnd = true;
    if (hasClass(el, 'srp-controls__count-heading') || hasClass(el, 'result-count__count-heading')) {
      s.heading ??= text(el);
      return false;
    }
    if (el.tagName === 'nav' && hasClass(el, 'pagination')) {
      s.pagination ??= el;
      s.paginationAnswer = true;
      return false;
    }
    if (isPaginationAnswer(el)) s.paginationAnswer = true;
    if (hasClass(el, 'h-captcha') || hasClass(el, 'g-recaptcha')) s.captcha = true;
    return true;
  });
  return s;
}

function isPaginationAnswer(el: Element): boolean {
  return hasClassPrefix(el, 'srp-river-answer--BASIC_PAGINATION') || (el.tagName === 'nav' && hasClass(el, 'pagination'));
}

/** Throws BlockedError when the page is one of eBay's (or its edge's) walls instead of results. */
export function detectBlock(doc: Document, s: PageSurvey): void {
  const title = s.title ?? '';
  if (/pardon our interruption/iu.test(title)) throw new BlockedError('eBay answered its JS challenge ("Pardon Our Interruption") instead of results');
  // A captcha widget is evidence of a wall only on a page without results: normal results pages
  // carry a hidden, zero-size reCAPTCHA iframe too (listings-s-card-spiderman.html).
  if (/security measure/iu.test(title) || (s.captcha && s.resultLists.length === 0 && s.heading === null)) {
    throw new BlockedError('eBay answered a captcha ("Security Measure") instead of results');
  }
  if (/^error page\b/iu.test(title)) throw new BlockedError('eBay answered its error page ("Something went wrong on our end"), served to suspected bots');
  if (/access denied|service unavailable/iu.test(title) || (s.resultLists.length === 0 && /errors\.edgesuite\.net|Reference\s*#/u.test(text(doc)))) {
    throw new BlockedError(`the edge answered "${title || 'an error'}" (Akamai block) instead of results`);
  }
  if (s.signInForm || /\bsign in\b|\bsign-in\b/iu.test(title)) throw new BlockedError('eBay answered its sign-in page (login wall) instead of results');
  // An eBay page that is not a search page at all: the search was redirected (to the home page).
  // A search page whose layout changed still names the search ("… for sale | eBay") or has srp- markup.
  if (s.resultLists.length === 0 && s.heading === null && !s.searchMarkup && !/for sale/iu.test(title) && (s.ebayChrome || /\bebay\b/iu.test(title))) {
    throw new BlockedError(`eBay answered ${title ? `"${title}"` : 'a page'} that is not a search page (redirected, e.g. to its home page) instead of results`);
  }
}

/**
 * eBay hosts of the US site: ebay.com and every host under it (www., m., stores., pages.,
 * pulsar.…, which US pages link to as well); any other eBay host (ebay.co.uk, ebay.com.sg,
 * ebay.ca…) is another country's site.
 */
function isUsEbayHost(host: string): boolean {
  return /(?:^|\.)ebay\.com$/iu.test(host);
}

function foreignEbayHost(url: string | null): string | null {
  if (url === null) return null;
  try {
    const host = new URL(url, 'https://www.ebay.com').hostname;
    return /(^|\.)ebay\.[a-z.]+$/iu.test(host) && !isUsEbayHost(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * Site and locale markers of the page itself: `<html lang>` other than English or US English
 * (`ko`, `de`, `en-GB`), a canonical URL on another country's eBay site, or a buyer location
 * outside the US. Each is a page of another country (the exit IP was localized, or the search
 * was redirected): NonUsPageError.
 */
/** The header's `"shipToLocation":"<postal code>[,<country>]"` (URL-encoded) in a script's text. */
function shipToOf(script: string): string | null {
  const at = script.indexOf('"shipToLocation":"');
  if (at < 0) return null;
  const end = script.indexOf('"', at + 18);
  if (end < 0) return null;
  const raw = script.slice(at + 18, end);
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/**
 * Whether the buyer location a page was shaped for is outside the US: a country named after
 * the postal code other than the US (`01002-2453,USA` is US), or a postal code no US ZIP can
 * be (`1605`, `650-0011`, `641014`). A 5-digit code is taken as US (other countries use them
 * too: those pages are told by their language, site or currency); `0` or nothing names none.
 */
export function foreignShipTo(shipTo: string | null): boolean {
  if (shipTo === null || shipTo === '' || shipTo === '0') return false;
  const us = /^(?:usa?|united states(?: of america)?)$/iu;
  const [code = '', country] = shipTo.split(',').map((x) => x.trim());
  if (country !== undefined && country !== '') return !us.test(country);
  // A country alone, without a postal code (`USA`).
  if (us.test(code)) return false;
  return !/^\d{5}(-\d{4})?$/u.test(code);
}

export function detectLocale(s: PageSurvey): void {
  // `en_US` is how some templates spell `en-US`.
  const lang = (s.lang ?? '').trim().toLowerCase().replace('_', '-');
  if (lang !== '' && lang !== 'en' && lang !== 'en-us') {
    throw new NonUsPageError(`eBay answered a page in language "${lang}", not US English (localized by the exit IP)`);
  }
  const host = foreignEbayHost(s.canonical);
  if (host !== null) throw new NonUsPageError(`eBay answered a page of ${host}, not the US site`);
  // ebay.com in English and dollars, but shaped for a buyer abroad (the exit IP was outside
  // the US): its shipping and delivery figures are quoted to that address, not a US one.
  if (foreignShipTo(s.shipTo)) throw new NonUsPageError(`eBay shaped the page for a buyer at "${s.shipTo}", outside the US: its shipping figures are not a US buyer's`);
}

/** `+S$ 12.00 delivery` → its money text, for the currency of shipping lines. */
function shippingMoney(fact: string): string | null {
  const m = /^\+\s?(.+?)\s+(?:delivery|shipping|postage)\b/iu.exec(fact.trim());
  return m ? m[1]! : null;
}

/**
 * Markers on the cards: prices and shipping in another currency than USD (in every form eBay
 * sites print: S$, C $, AU $, £, €, ¥, KRW…), or item links on another country's eBay site,
 * on more cards than not. A US page may show a few foreign amounts; a foreign page shows
 * mostly them. NonUsPageError: never a row.
 */
export function detectCurrency(cards: readonly RawCard[]): void {
  const counts = new Map<string, number>();
  let usd = 0;
  let foreignLinks = 0;
  let linkHost = '';
  for (const c of cards) {
    const shipping = c.facts.map(shippingMoney).find((x) => x !== null);
    const currencies = [readPrice(c.priceParts).currency, shipping ? (readMoney(shipping)?.currency ?? null) : null];
    // A price text with digits whose currency reads as nothing known is not a US price either.
    if (currencies[0] === null && /\d/u.test(c.priceParts.join(''))) currencies[0] = 'unknown';
    const foreign = currencies.filter((x): x is string => x !== null && x !== 'USD');
    if (foreign.length > 0) for (const f of new Set(foreign)) counts.set(f, (counts.get(f) ?? 0) + 1);
    else if (currencies.includes('USD')) usd++;
    const host = foreignEbayHost(c.href);
    if (host !== null) {
      foreignLinks++;
      linkHost = host;
    }
  }
  const foreignCards = [...counts.values()].reduce((a, b) => Math.max(a, b), 0);
  if (foreignCards > 0 && foreignCards >= usd) {
    const named = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([cur, n]) => `${cur} on ${n}`).join(', ');
    throw new NonUsPageError(`eBay answered prices in another currency than USD (${named} cards; USD on ${usd}): not a US page`);
  }
  if (foreignLinks * 2 > cards.length) throw new NonUsPageError(`the cards link to ${linkHost}, not the US site`);
}

/** `242 results for …` → 242; `12,000,000+ results` → 12000000; null when not stated in English. */
export function readTotal(heading: string | null): number | null {
  const h = heading === null ? '' : heading.replace(/\s+/gu, ' ').trim();
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)\s?\+?\s?results?\b/iu.exec(h);
  return m ? Number(m[1]!.replace(/,/gu, '')) : null;
}

/** The page number the pagination marks as current, or null when none is marked. */
export function currentPage(nav: Element | null): number | null {
  if (!nav) return null;
  let page: number | null = null;
  walk(nav, (el) => {
    if (page === null && attr(el, 'aria-current') === 'page') {
      const n = Number(text(el));
      if (Number.isInteger(n) && n > 0) page = n;
    }
    return page === null;
  });
  return page;
}

/** Whether the pagination offers a next page (an `a.pagination__next` with a link, not a disabled button). */
export function hasNextLink(nav: Element | null): boolean {
  if (!nav) return false;
  let found = false;
  walk(nav, (el) => {
    if (el.tagName === 'a' && hasClass(el, 'pagination__next') && (attr(el, 'href') ?? '') !== '' && attr(el, 'aria-disabled') !== 'true') found = true;
    return !found;
  });
  return found;
}

export interface ListedCards {
  layout: Layout | null;
  /** Real cards before the fewer-words marker. */
  exact: RawCard[];
  /** Real cards after it (looser matches, not returned). */
  loose: RawCard[];
  /** Items in the results list that carry a listing but are in no known layout. */
  unknown: number;
  /** eBay's "Results matching fewer words" marker is on the page. */
  fewerWords: boolean;
  /** The marker's text, as eBay words what it did with the keywords; null when it has none. */
  notice: string | null;
}

/**
 * The cards of the results lists, in order, split at the fewer-words marker; placeholders and
 * carousels left out. The sponsored label is read only when asked (listings searches).
 */
export function listCards(s: PageSurvey, readSponsored = true): ListedCards {
  const isSponsored = readSponsored ? sponsoredReader(s) : null;
  const out: ListedCards = { layout: null, exact: [], loose: [], unknown: 0, fewerWords: false, notice: null };
  for (const [index, ul] of s.resultLists.entries()) {
    if (s.looseFromList !== null && index >= s.looseFromList) {
      out.fewerWords = true;
      out.notice ??= s.rewriteNotice;
    }
    for (const node of ul.childNodes) {
      const el = node as Element;
      if (!el.tagName) continue;
      if (hasClassPrefix(el, 'srp-river-answer--REWRITE_START')) {
        out.fewerWords = true;
        out.notice ??= text(el) || null;
        continue;
      }
      // Answers (banners, carousels of other items, pagination) are not results.
      if (hasClass(el, 'srp-river-answer')) continue;
      let card: RawCard | null = null;
      if (hasClass(el, 's-card')) card = readSCard(el, isSponsored);
      else if (hasClass(el, 's-item')) card = readSItem(el);
      else if (carriesListing(el)) out.unknown++;
      if (!card) continue;
      if (card.href === null && card.title === null && card.listingId === null) continue; // an empty template
      if (isPlaceholder(card, cardId(card))) continue;
      out.layout ??= card.layout;
      (out.fewerWords ? out.loose : out.exact).push(card);
    }
  }
  return out;
}

/**
 * Whether a card's footer label marks it sponsored: only when it is so for every reader. eBay
 * puts decoys in each channel: a "Sponsored" span on every card that styles, fonts or an SVG
 * image hide on most, and an accessible name (`aria-labelledby` pointing at hidden label
 * elements whose texts are "Sponsored" or empty) that says "Sponsored" on some cards of sold
 * pages too. A label is sponsored when the rendered label says so and, where the label has an
 * accessible name, that name says so as well (listings-s-card-spiderman.html: 60 rendered,
 * 30 named, 30 sponsored; listings-s-card-refurbished.html: 14 rendered and named).
 */
function sponsoredReader(s: PageSurvey): (label: Element) => boolean {
  const visual = labelReader(s.styles);
  return (label) => {
    if (!visual(label)) return false;
    // The label element itself may carry the name (a footer row without a separator), else a descendant.
    let named: Element | null = attr(label, 'aria-labelledby') !== null ? label : null;
    walk(label, (el) => {
      if (named === null && attr(el, 'aria-labelledby') !== null) named = el;
      return named === null;
    });
    if (named === null) return true;
    const parts = (attr(named, 'aria-labelledby') ?? '').split(/\s+/u).map((ref) => {
      const target = s.ids.get(ref);
      return target ? text(target) : '';
    }).filter((t) => t !== '');
    return parts.length > 0 && parts.every(isSponsoredText);
  };
}

function carriesListing(el: Element): boolean {
  if (attr(el, 'data-listingid') !== null) return true;
  let found = false;
  walk(el, (n) => {
    if (n.tagName === 'a' && (attr(n, 'href') ?? '').includes('/itm/')) found = true;
    return !found;
  });
  return found;
}

export interface ParsedPage {
  result: PageResult;
  bestOfferAcceptedIds: string[];
  layout: Layout | null;
  /**
   * Why a page that shows listings has no rows, for the drift guard: eBay marked every listing
   * on it as a looser match (the keywords rewritten, fewer words). Null when rows were read or
   * the page shows none.
   */
  noRowsBecause: string | null;
}

/** Reads one results page. Pure: the same body, search and time give the same page. */
export function parseSearchPage(body: string, search: Search, now: Date): ParsedPage {
  return readSearchDocument(parse(body), search, now);
}

/** parseSearchPage on an already parsed document. */
export function readSearchDocument(doc: Document, search: Search, now: Date): ParsedPage {
  const s = survey(doc);
  detectBlock(doc, s);
  detectLocale(s);
  const total = readTotal(s.heading);
  if (s.resultLists.length === 0) {
    if (total === 0 && search.page > 1) throw new PageOutOfRangeError(`page ${search.page} of a search with no results is past the last page`);
    if (total === 0) return assemble(search, now, { cards: [], total, pageSize: 0, next: null, notes: {} });
    throw new LayoutChangedError('no results list in the page: the search page layout is not recognized');
  }
  const listed = listCards(s, search.kind === 'listings');
  const all = [...listed.exact, ...listed.loose];
  detectCurrency(all);

  const readable: Array<{ card: RawCard; id: string }> = [];
  let unreadable = listed.unknown;
  for (const card of listed.exact) {
    const id = cardId(card);
    if (id === null) unreadable++;
    else readable.push({ card, id });
  }
  const seen = all.length + listed.unknown;
  if (seen > 0 && unreadable * 2 >= seen) {
    throw new LayoutChangedError(`${unreadable} of ${seen} result items are in no known layout: the card layout changed`);
  }
  if (all.length > 0 && !s.paginationAnswer && !s.riverEnd) {
    throw new TransientUpstreamError('the results page ends before its pagination: the body was cut short');
  }
  if (all.length === 0 && total !== 0) {
    if (search.page > 1) throw new PageOutOfRangeError(`page ${search.page} has no results: it is past the last page`);
    throw new LayoutChangedError(`the page reports ${total ?? 'unstated'} results but shows no readable card`);
  }
  const shown = currentPage(s.pagination);
  if (search.page > 1 && (shown !== null && shown !== search.page)) {
    throw new PageOutOfRangeError(`asked for page ${search.page}, eBay answered page ${shown}: past the last page`);
  }
  if (search.page > 1 && readable.length === 0) {
    throw new PageOutOfRangeError(`page ${search.page} has only looser matches: it is past the last page of this search`);
  }
  if (search.kind === 'sold' && readable.length > 0 && readable.every(({ card }) => card.caption === null || readCaption(card.caption).kind === 'other')) {
    // eBay shows active listings when it drops the sold filter (seen logged-out since mid-2026); never pass asks off as sales.
    throw new BlockedError('the sold search answered cards without sold dates: the sold filter was not applied (login wall)');
  }

  const samples: Array<{ left: TimeLeft; clock: Clock }> = [];
  for (const { card } of readable) {
    const left = card.timeLeft !== null ? readTimeLeft(card.timeLeft) : null;
    const clock = card.timeEnd !== null ? readClock(card.timeEnd) : null;
    if (left && clock) samples.push({ left, clock });
  }
  const ctx = { kind: search.kind, now, clockOffset: inferClockOffset(samples, now) };
  const read = readable.map(({ card, id }) => toRow(card, id, ctx));
  const kept = search.kind === 'sold' ? read.filter((r) => r.caption.kind !== 'ended') : read;
  // Every listing shown is a looser match: a normal page with no exact match (never the looser ones as rows).
  const looseOnly = readable.length === 0 && listed.loose.length > 0;
  // Past the marker every later page holds only looser matches, so this is the last page of the search.
  const next = search.page < MAX_PAGE && !listed.fewerWords && hasNextLink(s.pagination) ? search.page + 1 : null;
  return assemble(search, now, {
    cards: kept, total, pageSize: all.length, next,
    notes: {
      looseCards: listed.loose.length, fewerWords: listed.fewerWords, notice: listed.notice, exactCards: readable.length, unsoldDropped: read.length - kept.length, unreadable,
      ranges: kept.filter((r) => r.price.range).length, binOffers: search.kind === 'listings' ? kept.filter((r) => r.binPrice !== null && r.row.format === 'auction').length : 0,
    },
    layout: listed.layout,
    noRowsBecause: looseOnly
      ? `eBay marked all ${listed.loose.length} listings on the page as looser matches${listed.notice ? ` ("${listed.notice}")` : ''}: none matches the keywords searched`
      : null,
  });
}

interface Assembly {
  cards: ReadCard[];
  total: number | null;
  pageSize: number;
  next: number | null;
  notes: NoteFacts;
  layout?: Layout | null;
  noRowsBecause?: string | null;
}

function assemble(search: Search, now: Date, a: Assembly): ParsedPage {
  const data = a.cards.map((c) => c.row);
  return {
    result: pageResult(search, now, { page_size: a.pageSize, reported_total: a.total, next_page: a.next, field_notes: composeNotes(search.kind, a.notes), data }),
    bestOfferAcceptedIds: search.kind === 'sold' ? a.cards.filter((c) => c.bestOfferAccepted).map((c) => c.id) : [],
    layout: a.layout ?? null,
    noRowsBecause: a.noRowsBecause ?? null,
  };
}

/**
 * The cards of a page read without any page-level verdict (no block, locale or range checks):
 * what the card readers see. For tests and diagnosis of pages the parser rejects as a whole.
 */
export function readPageCards(page: string | Document): ListedCards & { ids: Array<string | null> } {
  const listed = listCards(survey(typeof page === 'string' ? parse(page) : page));
  return { ...listed, ids: listed.exact.map(cardId) };
}
