/**
 * @module mkt_a/sim-markup
 * eBay's markup, as the simulator serves it: the search results page in the current `s-card`
 * layout or the earlier `s-item` one (raw server style: minified, many attributes unquoted,
 * the "Shop on eBay" placeholders, a carousel of other items, the obfuscated "Sponsored"
 * labels, the pagination answer), and the walls eBay puts up instead (JS challenge, sign-in,
 * a changed card layout).
 */
import { Buffer } from 'node:buffer';
import type { SimListing, SimPage } from './sim-catalog.ts';

export type SimLayout = 's-card' | 's-item';

export interface RenderContext {
  layout: SimLayout;
  /** Page time: sold dates and auction clocks are relative to it. */
  now: Date;
  /** IANA zone the end clocks are printed in (eBay does not name it on the page). */
  clockZone: string;
  /** Path of the search page below the simulator root, for pagination links. */
  searchHref: (params: URLSearchParams) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function esc(s: string): string {
  return s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');
}

function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function itemUrl(l: SimListing, q: string): string {
  return `https://www.ebay.com/itm/${l.id}?_skw=${encodeURIComponent(q).replace(/%20/gu, '+')}&amp;hash=item${Number(l.id).toString(16)}&amp;itmprp=enc%3AAQAL${l.imageId}`;
}

function imageUrl(l: SimListing, size: number): string {
  return `https://i.ebayimg.com/images/g/${l.imageId}/s-l${size}.webp`;
}

const PLACEHOLDER_PIXEL = 'https://ir.ebaystatic.com/rs/v/fxxj3ttftm5ltcqnto1o4baovyl.png';

function soldDateText(l: SimListing, now: Date, withYear: boolean): string {
  const d = new Date(now.getTime() - l.soldDaysAgo * 86_400_000);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${withYear ? `, ${d.getUTCFullYear()}` : ''}`;
}

function timeLeftText(sec: number): string {
  if (sec <= 0) return 'Ended';
  if (sec < 60) return `${sec}s left`;
  if (sec < 3600) return `${Math.floor(sec / 60)}m left`;
  if (sec < 86_400) return `${Math.floor(sec / 3600)}h ${Math.floor((sec % 3600) / 60)}m left`;
  return `${Math.floor(sec / 86_400)}d ${Math.floor((sec % 86_400) / 3600)}h`;
}

/** `(Today 03:41 PM)` in the page's zone; only shown for auctions ending within a day. */
function endClockText(endsAt: Date, now: Date, zone: string): string {
  const fmt = (d: Date): Record<string, string> =>
    Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true })
      .formatToParts(d).map((p) => [p.type, p.value]));
  const e = fmt(endsAt);
  const n = fmt(now);
  const tomorrow = fmt(new Date(now.getTime() + 86_400_000));
  const sameDay = (a: Record<string, string>, b: Record<string, string>): boolean => a.year === b.year && a.month === b.month && a.day === b.day;
  const day = sameDay(e, n) ? 'Today' : sameDay(e, tomorrow) ? 'Tomorrow' : e.weekday!;
  return `(${day} ${e.hour}:${e.minute} ${e.dayPeriod})`;
}

function shippingText(l: SimListing): { text: string; eta: string | null } {
  switch (l.shipping) {
    case 'free':
      return { text: 'Free delivery', eta: null };
    case 'exact':
      return { text: `+${usd(l.shippingCents)} delivery`, eta: null };
    case 'exact_eta':
      return { text: `+${usd(l.shippingCents)} `, eta: 'delivery in 2-4 days' };
    case 'estimate':
      return { text: `+${usd(l.shippingCents)} shipping estimate`, eta: null };
    case 'unspecified':
      return { text: 'Shipping not specified', eta: null };
  }
}

/** The earlier layout said "shipping" where the current one says "delivery". */
function legacyShippingText(l: SimListing): string {
  switch (l.shipping) {
    case 'free':
      return 'Free shipping';
    case 'exact':
    case 'exact_eta':
      return `+${usd(l.shippingCents)} shipping`;
    case 'estimate':
      return `+${usd(l.shippingCents)} shipping estimate`;
    case 'unspecified':
      return 'Shipping not specified';
  }
}

function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

/** The hidden label texts the cards' accessible names point at (listings-s-card-refurbished.html has the same). */
const LABEL_TEXTS = '<div hidden><div id=s-r2uj269>Sponsored</div><div id=s-3xnh826></div><div id=s-hwan162>Sponsored</div></div>';

/** The footer label: an SVG placed in the label box when sponsored, thousands of pixels away when not. */
function sponsoredLabel(l: SimListing, n: number): string {
  const shown = l.promoted;
  // Look-alike letters as eBay uses them (Cyrillic ѕ) on some labels.
  const word = n % 3 === 0 ? 'Spon\u0455ored' : 'Sponsored';
  const [x, dx, tx] = shown ? [38.34, -36.69, -1.59] : [-37.07, -33.95, -30.33 - 10000 * (n % 2)];
  const [y, dy, ty] = shown ? [-38.04, 31.42, 18.2] : [38.42, -38.42, -39.63];
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' version='1.1'><text dy='${dy}' font-family='Market Sans,Arial,sans-serif' dx='${dx}' y='${y}' x='${x}' font-size='12' transform='translate(${tx} ${ty})' fill='#707070'>${word}</text></svg>`;
  // The accessible name, as on the real page: ids of hidden label elements (LABEL_TEXTS) whose texts are "Sponsored" or empty.
  const named = shown ? (n % 2 ? 's-r2uj269 s-5s0k244' : 's-3xnh826 s-hwan162') : (n % 2 ? 's-3xnh826 s-5s0k244' : 's-5s0k244 s-3xnh826');
  return `<div class=su-card-container__footer><div class=s-card__footer><div class=s-card__footer--row><span class=s-item__sep><span aria-labelledby="${named}" role=text style="background-image: url(&#34;data:image/svg+xml;base64,${b64(svg)}&#34;)"><span aria-hidden=true>derosnopS</span></span></span><span class=s-item__space_bar></span></div></div></div>`;
}

function row(inner: string): string {
  return `<div class=s-card__attribute-row>${inner}</div>`;
}

function span(cls: string, t: string): string {
  return `<span class="su-styled-text ${cls}">${esc(t)}</span>`;
}

function sCard(l: SimListing, n: number, page: SimPage, ctx: RenderContext): string {
  const sold = page.query.sold;
  const url = itemUrl(l, page.query.q);
  const img = l.deferImage
    ? `<img class=s-card__image data-defer-load=${imageUrl(l, 500)} loading=lazy src=${PLACEHOLDER_PIXEL} alt="${esc(l.title)}">`
    : `<img class=s-card__image fetchPriority=high data-defer-load=${imageUrl(l, 500)} loading=eager src=${imageUrl(l, 140)} alt="${esc(l.title)}">`;
  const caption = sold ? `<div class=s-card__caption><span class="su-styled-text positive default" aria-label="Sold Item">Sold  ${soldDateText(l, ctx.now, true)}</span></div>` : '';
  const subtitles = [l.sellerSubtitle, l.conditionLabel].filter((s): s is string => s !== null).map((s) => span('secondary default', s)).join('');
  const priceCls = sold ? (l.bestOfferAccepted ? 'positive strikethrough large-1 s-card__price' : 'positive bold large-1 s-card__price') : 'primary bold large-1 s-card__price';
  const price = l.highCents !== null
    ? `${span(priceCls, usd(l.priceCents))}${span('primary bold default s-card__price', ' to ')}${span(priceCls, usd(l.highCents))}`
    : span(priceCls, usd(l.priceCents));
  const rows: string[] = [row(price)];
  if (l.format === 'auction') {
    const sec = l.endsInSec;
    const bids = row(`${span('secondary large', `${l.bids} bid${l.bids === 1 ? '' : 's'}`)}${sold || sec === null ? '' : `${span('secondary small', ' · ')}<span class="s-card__time${sec < 3600 ? ' s-card__time--urgent' : ''}"><span class=clipped>Time left</span><span class=s-card__time-left>${timeLeftText(sec)}</span>${sec < 86_400 ? `  <span class=s-card__time-end>${endClockText(new Date(ctx.now.getTime() + sec * 1000), ctx.now, ctx.clockZone)}</span>` : ''}</span>`}`);
    rows.push(bids);
  } else if (l.bestOfferAccepted) {
    rows.push(row(span('secondary large', 'Best offer accepted')));
  } else {
    rows.push(row(span('secondary large', l.bestOffer ? 'or Best Offer' : 'Buy It Now')));
  }
  const ship = shippingText(l);
  rows.push(row(`${span('secondary large', ship.text)}${ship.eta ? span('positive bold large', ship.eta) : ''}`));
  rows.push(row(span('secondary large', `Located in ${l.country}`)));
  if (n % 4 === 0) rows.push(row(span('secondary large', 'Free returns')));
  if (n % 7 === 3) rows.push(row(span('negative bold large', 'Last one')));
  if (sold) rows.push(row(`<a class=su-link href=https://www.ebay.com/sch/i.html?_nkw=${encodeURIComponent(l.title)}>${span('secondary large', 'View similar active items')}</a>`));
  rows.push(row(`<a class=su-link href=https://www.ebay.com/sl/list?mode=SellLikeItem&amp;itemId=${l.id}>${span('secondary default', 'Sell one like this')}</a>`));
  const seller = l.seller
    ? n % 5 === 0
      ? `<div class=s-card__attribute-row><div class="s-card__program-badge-container s-card__program-badge-container--sellerOrStoreInfo"><div class="su-program-badge s-card__program-badge"><span class="su-styled-text default">${esc(l.seller.name)}  ${l.seller.positive} positive (${l.seller.count})</span></div></div></div>`
      : row(`${span('primary large', `${l.seller.name} `)}${span('primary large', `${l.seller.positive} positive (${l.seller.count})`)}`)
    : '';
  return `<li class="s-card s-card--horizontal" data-view=mi:1686|iid:${n + 1} id=item${Number(l.id).toString(16)} data-listingid=${l.id}><div class="su-card-container su-card-container--horizontal"><div class=su-card-container__media><div class="su-media-container s-card__media-wrapper"><div class=su-image><a class="s-card__link image-treatment" href=${url} target=_blank>${img}</a></div></div></div><div class=su-card-container__content><div class=su-card-container__header>${caption}<a class=s-card__link target=_blank href=${url}><div role=heading aria-level=3 class=s-card__title>${span('primary default', l.title)}<span class=clipped>Opens in a new window or tab</span></div></a><div class=s-card__subtitle-row><div class=s-card__subtitle>${subtitles}</div></div></div><div class="su-card-container__attributes su-card-container__attributes--has-secondary"><div class=su-card-container__attributes__primary>${rows.join('')}</div><div class=su-card-container__attributes__secondary>${seller}</div></div>${sponsoredLabel(l, n)}</div></div></li>`;
}

function sItem(l: SimListing, n: number, page: SimPage, ctx: RenderContext): string {
  const sold = page.query.sold;
  const url = itemUrl(l, page.query.q);
  const img = l.deferImage
    ? `<img class=s-item__image-img alt="${esc(l.title)}" src=${PLACEHOLDER_PIXEL} data-src=https://i.ebayimg.com/thumbs/images/g/${l.imageId}/s-l225.jpg loading=lazy>`
    : `<img class=s-item__image-img alt="${esc(l.title)}" src=https://i.ebayimg.com/thumbs/images/g/${l.imageId}/s-l225.jpg loading=eager>`;
  const tag = l.promoted ? '<div class=s-item__title--tagblock><span class=s-item__title--tagblock__SPONSORED>Sponsored</span></div>' : '';
  const fresh = !sold && l.listedSecAgo < 86_400 ? '<span class=LIGHT_HIGHLIGHT>New Listing</span>' : '';
  // Legacy sold captions carry no year: the parser resolves them against the collection time.
  const caption = sold ? `<div class=s-item__caption><span class="s-item__caption--signal POSITIVE"><span>Sold  ${soldDateText(l, ctx.now, false)}</span></span></div>` : '';
  const priceInner = l.highCents !== null
    ? `${usd(l.priceCents)}<span class=DEFAULT> to </span>${usd(l.highCents)}`
    : l.bestOfferAccepted ? `<span class="STRIKETHROUGH POSITIVE">${usd(l.priceCents)}</span>` : usd(l.priceCents);
  const details: string[] = [`<span class=s-item__price>${priceInner}</span>`];
  if (l.format === 'auction') {
    details.push(`<span class="s-item__bids s-item__bidCount">${l.bids} bid${l.bids === 1 ? '' : 's'}</span>`);
    if (!sold && l.endsInSec !== null) {
      details.push(`<span class="s-item__time-left">${timeLeftText(l.endsInSec)}</span>`);
      if (l.endsInSec < 86_400) details.push(`<span class=s-item__time-end>${endClockText(new Date(ctx.now.getTime() + l.endsInSec * 1000), ctx.now, ctx.clockZone)}</span>`);
    }
  } else if (l.bestOfferAccepted) {
    details.push('<span class="s-item__purchase-options s-item__formatBestOfferAccepted">Best offer accepted</span>');
  } else {
    details.push(`<span class="s-item__purchase-options s-item__purchaseOptions">${l.bestOffer ? 'or Best Offer' : 'Buy It Now'}</span>`);
  }
  details.push(`<span class="s-item__shipping s-item__logisticsCost">${esc(legacyShippingText(l))}</span>`);
  if (l.country !== 'United States') details.push(`<span class="s-item__location s-item__itemLocation">from ${esc(l.country)}</span>`);
  if (l.seller) details.push(`<span class=s-item__seller-info><span class=s-item__seller-info-text>${esc(l.seller.name)} (${l.seller.count}) ${l.seller.positive}</span></span>`);
  const subtitle = [l.sellerSubtitle, l.conditionLabel].filter((s): s is string => s !== null).map((s) => `<span class=SECONDARY_INFO>${esc(s)}</span>`).join('');
  return `<li class="s-item s-item__pl-on-bottom" data-view=mi:1686|iid:${n + 1}><div class="s-item__wrapper clearfix"><div class=s-item__image-section><div class=s-item__image><a tabindex=-1 aria-hidden=true href=${url}><div class=s-item__image-wrapper>${img}</div></a></div></div><div class="s-item__info clearfix">${tag}<a class=s-item__link href=${url}><div class=s-item__title><span role=heading aria-level=3>${fresh}${esc(l.title)}</span></div></a>${caption}<div class=s-item__subtitle>${subtitle}</div><div class="s-item__details clearfix">${details.map((d) => `<div class="s-item__detail s-item__detail--primary">${d}</div>`).join('')}</div></div></div></li>`;
}

function placeholders(layout: SimLayout): string {
  const url = 'https://ebay.com/itm/123456?itmmeta=012DEW30YG0MEEKND7NH&amp;hash=item123546:g:acwAA9KNiJowH:s';
  if (layout === 's-item') {
    return `<li class=s-item data-view=mi:1686|iid:1><div class=s-item__wrapper><a class=s-item__link href=${url}><div class=s-item__title><span role=heading>Shop on eBay</span></div></a><div class=s-item__subtitle><span class=SECONDARY_INFO>Brand New</span></div><span class=s-item__price>$20.00</span></div></li>`;
  }
  const one = `<li class="s-card s-card--horizontal" data-view=mi:1686|iid:1 id= data-listingid=2500219655424533><div class="su-card-container su-card-container--horizontal"><div class=su-card-container__content><div class=su-card-container__header><a class=s-card__link href=${url}><div role=heading aria-level=3 class=s-card__title><span class="su-styled-text primary default">Shop on eBay</span></div></a><div class=s-card__subtitle-row><div class=s-card__subtitle><span class="su-styled-text secondary default">Brand New</span></div></div></div><div class=su-card-container__attributes><div class=su-card-container__attributes__primary><div class=s-card__attribute-row><span class="su-styled-text primary bold large-1 s-card__price">$20.00</span></div><div class=s-card__attribute-row><span class="su-styled-text secondary large">or Best Offer</span></div></div></div></div></div></li>`;
  return `<div class=s-clipped aria-hidden=true>${one}${one}</div>`;
}

/** Items eBay shows in a carousel inside the results list: other listings, never results. */
function carousel(page: SimPage): string {
  const cards = page.items.slice(0, 3).map((l, i) => `<li class=carousel__snap-point><div class="s-card s-card--vertical" data-listingid=${Number(l.id) + 7 + i}><a class=s-card__link href=https://www.ebay.com/itm/${Number(l.id) + 7 + i}><div class=s-card__title><span class="su-styled-text primary default">Popular pick ${i + 1}</span></div></a><div class=s-card__attribute-row><span class="su-styled-text primary bold large-1 s-card__price">$${19 + i}.99</span></div></div></li>`).join('');
  return `<li class="srp-river-answer srp-river-answer--ITEMS_CAROUSEL_WITH_COLOR"><div class=s-card-carousel><h3>From our popular brands</h3><ul class=carousel__list>${cards}</ul></div></li>`;
}

function pagination(page: SimPage, ctx: RenderContext): string {
  if (page.fewerWords) return '<li class="srp-river-answer srp-river-answer--BASIC_PAGINATION_V2 srp-river-answer--hide-pagination"></li>';
  const link = (n: number): string => {
    const p = new URLSearchParams();
    p.set('_nkw', page.query.q);
    if (page.query.sold) {
      p.set('LH_Sold', '1');
      p.set('LH_Complete', '1');
    }
    p.set('_ipg', String(page.query.ipg));
    p.set('_pgn', String(n));
    return esc(ctx.searchHref(p));
  };
  const first = Math.max(1, Math.min(page.page - 4, page.lastPage - 9));
  const items: string[] = [];
  for (let n = first; n <= Math.min(page.lastPage, first + 9); n++) {
    items.push(`<li><a class=pagination__item href=${link(n)}${n === page.page ? ' aria-current=page' : ''}>${n}</a></li>`);
  }
  const prev = page.page > 1 ? `<a class="pagination__previous icon-link" href=${link(page.page - 1)} aria-label="Go to previous search page"></a>` : '<button class="pagination__previous icon-btn" aria-disabled=true aria-label="Go to previous search page"></button>';
  const next = page.page < page.lastPage ? `<a class="pagination__next icon-link" type=next href=${link(page.page + 1)} aria-label="Go to next search page"></a>` : '<button class="pagination__next icon-btn" aria-disabled=true aria-label="Go to next search page"></button>';
  return `<li class="srp-river-answer srp-river-answer--BASIC_PAGINATION_V2"><div class=s-pagination><nav class=pagination role=navigation aria-labelledby=pagination-heading><h2 class=clipped id=pagination-heading>Results Pagination - Page ${page.page}</h2>${prev}<ol class=pagination__items>${items.join('')}</ol>${next}</nav><div class=srp-ipp>Items Per Page ${[60, 120, 240].map((n) => (n === page.query.ipg ? `<b>${n}</b>` : n)).join(' ')}</div></div></li>`;
}

function chrome(title: string, main: string): string {
  return `<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>${esc(title)}</title><style>.s-card__sep > b > span {color: transparent; user-select: none;}</style></head><body class="s-page no-touch skin-large"><header id=gh><a href=https://www.ebay.com id=gh-la><svg height=48 width=117><title>eBay Home</title></svg></a><form id=gh-f action=https://www.ebay.com/sch/i.html><input name=_nkw></form></header>${main}<footer id=glbfooter><p>Copyright © 1995-2026 eBay Inc. All Rights Reserved.</p></footer></body></html>`;
}

/** The search results page of the current or the earlier layout. */
export function renderSearchPage(page: SimPage, ctx: RenderContext): string {
  const q = page.query.q;
  const card = ctx.layout === 's-card' ? sCard : sItem;
  const cards: string[] = [];
  page.items.forEach((l, i) => {
    cards.push(card(l, i, page, ctx));
    if (i === 19 && !page.query.sold && ctx.layout === 's-card') cards.push(carousel(page));
  });
  if (page.fewerWords) {
    // The banner as sold-s-card-fewer-words.html has it: an su-notice section holding a section-notice.
    cards.push('<li class="srp-river-answer srp-river-answer--REWRITE_START"><section class=su-notice><section class=section-notice role=region aria-roledescription=Notice><div class=section-notice__header><span class=section-notice__main><h3>Results matching fewer words</h3></span></div></section></section></li>');
    page.looseItems.forEach((l, i) => cards.push(card(l, page.items.length + i, page, ctx)));
  }
  const inList = ctx.layout === 's-item' ? placeholders('s-item') : '';
  const outside = ctx.layout === 's-card' ? placeholders('s-card') : '';
  const heading = `<h1 class=srp-controls__count-heading><span class=BOLD>${page.total.toLocaleString('en-US')}</span> result${page.total === 1 ? '' : 's'} for <span class=BOLD>${esc(q)}</span></h1>`;
  const main = `${LABEL_TEXTS}<div class="srp-main srp-main--isLarge"><div class=srp-controls>${heading}</div><div class="srp-river-main clearfix" id=srp-river-main>${outside}<div class="srp-river-results clearfix" id=srp-river-results><ul class="srp-results srp-list clearfix">${inList}${cards.join('')}${pagination(page, ctx)}</ul></div></div></div>`;
  return chrome(`${q} for sale | eBay`, main);
}

/** The home page (the warm-up request, and where eBay sends a search without keywords). */
export function renderHome(): string {
  return chrome('Electronics, Cars, Fashion, Collectibles & More | eBay', '<div class=hl-cat-nav><h2>Shop by category</h2><ul><li><a href=https://www.ebay.com/b/Motors/bn_7000259121>Motors</a></li><li><a href=https://www.ebay.com/b/Electronics/bn_7000259124>Electronics</a></li></ul></div>');
}

/** The JS challenge eBay's bot manager answers instead of results. */
export function renderBotWall(returnUrl: string): string {
  return `<!DOCTYPE html><html><head><title>Pardon Our Interruption...</title></head><body><div class=pgHeading><h1>Checking your browser before you access eBay.</h1><p>Your browser will redirect to your requested content shortly.</p><form id=destForm method=GET action="${esc(returnUrl)}"></form><p>Reference ID: ${Buffer.from(returnUrl).toString('hex').slice(0, 24)}</p></div></body></html>`;
}

/** The sign-in page a logged-out sold search is sent to. */
export function renderLoginWall(returnUrl: string): string {
  return chrome('Sign in or Register | eBay', `<div id=mainCnt><h1>Hello</h1><p>Sign in to eBay or <a href=https://signup.ebay.com/pa/crte>create an account</a></p><form id=signin-form method=post action="https://signin.ebay.com/signin/s?ru=${encodeURIComponent(returnUrl)}"><input id=userid name=userid type=text><button id=signin-continue-btn type=submit>Continue</button></form></div>`);
}

/** A search page whose cards are in a layout the parser has never seen (the 2026 "search-evo" test cards). */
export function renderChangedLayout(page: SimPage): string {
  const cards = page.items.map((l) => `<li class="su-item-card s-item-card--search-evo" data-listingid=${l.id}><a class=su-item-card__link href=https://www.ebay.com/itm/${l.id}><h3 class=su-item-card__title>${esc(l.title)}</h3></a><div class=su-item-card__price>${usd(l.priceCents)}</div></li>`).join('');
  const main = `<div class="srp-main srp-main--isLarge"><div class=srp-controls><h1 class=srp-controls__count-heading><span class=BOLD>${page.total}</span> results for <span class=BOLD>${esc(page.query.q)}</span></h1></div><ul class="srp-results srp-list clearfix">${cards}${pagination(page, { layout: 's-card', now: new Date(0), clockZone: 'UTC', searchHref: (p) => `/sch/i.html?${p.toString()}` })}</ul></div>`;
  return chrome(`${page.query.q} for sale | eBay`, main);
}

/** eBay's error page for an unknown path. */
export function renderNotFound(): string {
  return chrome('Error Page | eBay', '<main class=main-content><p class=error-header__headline>SORRY</p><p>We looked everywhere.</p></main>');
}
