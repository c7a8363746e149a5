/**
 * One hand-made page per reading rule: small eBay-shaped pages built here, so each rule is
 * shown on its own (ranges, shipping, dates, seller, condition, format, auctions, promoted,
 * images, placeholders, carousels, the fewer-words boundary, paging, and every refusal).
 */
import {
  BlockedError, CollectionError, LayoutChangedError, NonUsPageError, PageOutOfRangeError, TransientUpstreamError, type Row, type Search,
} from '@listings/contract';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { foreignShipTo, parseSearchPage, type ParsedPage } from './parse.ts';

const NOW = new Date('2026-08-01T18:00:00Z');

function search(kind: 'sold' | 'listings', page = 1): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q: 'test', page, params: {}, cursor: null };
}

function rows(page: ParsedPage): Row[] {
  return page.result.data as Row[];
}

const span = (cls: string, t: string): string => `<span class="su-styled-text ${cls}">${t}</span>`;
const row = (...spans: string[]): string => `<div class=s-card__attribute-row>${spans.join('')}</div>`;

interface CardSpec {
  id: string;
  title?: string;
  caption?: string;
  subtitles?: string[];
  price?: string;
  rows?: string[];
  secondary?: string;
  image?: string;
  footer?: string;
  extraClass?: string;
}

function card(c: CardSpec): string {
  const url = `https://www.ebay.com/itm/${c.id}?_skw=test&amp;hash=item1`;
  return `<li class="s-card s-card--horizontal${c.extraClass ?? ''}" data-listingid=${c.id}><div class=su-card-container><div class=su-card-container__media><a class=s-card__link href=${url}>${c.image ?? `<img class=s-card__image src=https://i.ebayimg.com/images/g/IMG${c.id}/s-l140.webp>`}</a></div>`
    + `<div class=su-card-container__content><div class=su-card-container__header>${c.caption ? `<div class=s-card__caption><span class="su-styled-text positive default">${c.caption}</span></div>` : ''}`
    + `<a class=s-card__link href=${url}><div role=heading class=s-card__title><span class="su-styled-text primary default">${c.title ?? `Item ${c.id}`}</span><span class=clipped>Opens in a new window or tab</span></div></a>`
    + `<div class=s-card__subtitle-row><div class=s-card__subtitle>${(c.subtitles ?? ['Pre-Owned']).map((s) => span('secondary default', s)).join('')}</div></div></div>`
    + `<div class=su-card-container__attributes><div class=su-card-container__attributes__primary>${c.price ?? row(span('primary bold large-1 s-card__price', '$10.00'))}${(c.rows ?? []).join('')}</div>`
    + `<div class=su-card-container__attributes__secondary>${c.secondary ?? row(span('primary large', 'seller_one '), span('primary large', '99.5% positive (1.2K)'))}</div></div>${c.footer ?? ''}</div></div></li>`;
}

interface PageSpec {
  cards: string[];
  heading?: string | null;
  lang?: string;
  title?: string;
  /** Current page and whether a next link is shown; null: no pagination answer at all. */
  pagination?: { current: number; next: boolean } | 'hidden' | null;
  head?: string;
  outside?: string;
}

function page(p: PageSpec): string {
  const pag = p.pagination === undefined ? { current: 1, next: true } : p.pagination;
  const nav = pag === null ? '' : pag === 'hidden'
    ? '<li class="srp-river-answer srp-river-answer--BASIC_PAGINATION_V2 srp-river-answer--hide-pagination"></li>'
    : `<li class="srp-river-answer srp-river-answer--BASIC_PAGINATION_V2"><nav class=pagination><ol><li><a class=pagination__item href=/sch/i.html?_pgn=${pag.current} aria-current=page>${pag.current}</a></li></ol>${pag.next ? `<a class="pagination__next icon-link" type=next href=/sch/i.html?_pgn=${pag.current + 1}></a>` : '<button class="pagination__next icon-btn" aria-disabled=true></button>'}</nav></li>`;
  const heading = p.heading === null ? '' : `<h1 class=srp-controls__count-heading>${p.heading ?? '<span class=BOLD>242</span> results for <span class=BOLD>test</span>'}</h1>`;
  return `<!DOCTYPE html><html lang=${p.lang ?? 'en'}><head><title>${p.title ?? 'Test for sale | eBay'}</title>${p.head ?? ''}</head><body><div class=srp-main>${heading}<div id=srp-river-main>${p.outside ?? ''}<ul class="srp-results srp-list clearfix">${p.cards.join('')}${nav}</ul></div></div></body></html>`;
}

function read(html: string, kind: 'sold' | 'listings' = 'listings', pageNo = 1): ParsedPage {
  return parseSearchPage(html, search(kind, pageNo), NOW);
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('prices', () => {
  test('a price range keeps its text in displayed_price_text and displayed_price is null', () => {
    const range = row(span('primary bold large-1 s-card__price', '$7.99'), span('primary bold default s-card__price', ' to '), span('primary bold large-1 s-card__price', '$9.89'));
    const [r] = rows(read(page({ cards: [card({ id: '111111111111', price: range })] })));
    expect(r).toMatchObject({ displayed_price: null, displayed_price_text: '$7.99 to $9.89' });
  });

  test('an exact price; a "was" price in the same row is not the price; unreadable text is null', () => {
    const was = row(span('primary bold large-1 s-card__price', '$79.99'), '<span class="su-spacer"></span>', span('secondary strikethrough large', '$99.99'));
    const odd = row(span('primary bold large-1 s-card__price', 'See price in cart'));
    const [a, b] = rows(read(page({ cards: [card({ id: '111111111111', price: was }), card({ id: '111111111112', price: odd })] })));
    expect(a).toMatchObject({ displayed_price: { amount: 79.99, currency: 'USD' }, displayed_price_text: '$79.99' });
    expect(b).toMatchObject({ displayed_price: null, displayed_price_text: 'See price in cart' });
  });
});

describe('shipping', () => {
  test.each([
    [[row(span('secondary large', 'Free delivery'))], { amount: 0, currency: 'USD' }, 'Free delivery'],
    [[row(span('secondary large', '+$12.50 delivery'))], { amount: 12.5, currency: 'USD' }, '+$12.50 delivery'],
    [[row(span('secondary large', '+$6.10 '), span('positive bold large', 'delivery in 2-4 days'))], { amount: 6.1, currency: 'USD' }, '+$6.10 delivery in 2-4 days'],
    [[row(span('secondary large', '+$22.58 shipping estimate'))], null, '+$22.58 shipping estimate'],
    [[row(span('secondary large', 'Shipping not specified'))], null, 'Shipping not specified'],
    [[row(span('secondary large', 'Located in United States'))], null, null],
  ])('%#: %j', (cardRows, money, text) => {
    const [r] = rows(read(page({ cards: [card({ id: '222222222222', rows: cardRows })] })));
    expect(r).toMatchObject({ displayed_shipping: money, shipping_text: text });
  });
});

describe('sold rows', () => {
  test('year-less dates resolve to the most recent matching date; a shown year is kept', () => {
    const html = page({
      cards: [
        card({ id: '333333333331', caption: 'Sold  Jul 30' }),
        card({ id: '333333333332', caption: 'Sold  Dec 24' }),
        card({ id: '333333333333', caption: 'Sold  Mar 7, 2026' }),
      ],
    });
    expect(rows(read(html, 'sold')).map((r) => [r.sold_date, r.sold_date_text])).toEqual([
      ['2026-07-30', 'Jul 30'], ['2025-12-24', 'Dec 24'], ['2026-03-07', 'Mar 7, 2026'],
    ]);
  });

  test('accepted best offers are flagged apart, with the struck list price as displayed; unsold ended items are left out', () => {
    const struck = row(span('positive strikethrough large-1 s-card__price', '$109.00'));
    const html = page({
      cards: [
        card({ id: '444444444441', caption: 'Sold  Jul 30', price: struck, rows: [row(span('secondary large', 'Best offer accepted'))] }),
        card({ id: '444444444442', caption: 'Sold  Jul 29' }),
        card({ id: '444444444443', caption: 'Ended  Jul 29' }),
      ],
    });
    const parsed = read(html, 'sold');
    expect(rows(parsed).map((r) => r.id)).toEqual(['444444444441', '444444444442']);
    expect(rows(parsed)[0]).toMatchObject({ displayed_price: { amount: 109, currency: 'USD' }, displayed_price_text: '$109.00' });
    expect(parsed.bestOfferAcceptedIds).toEqual(['444444444441']);
    expect(parsed.result.page_size).toBe(3);
    expect(parsed.result.field_notes).toMatch(/1 ended-unsold item/u);
  });

  test('a sold search answered with active cards (no sold dates) is a login-walled sold filter, never asks passed off as sales', () => {
    const err = thrown(() => read(page({ cards: [card({ id: '555555555551' }), card({ id: '555555555552' })] }), 'sold'));
    expect(err).toBeInstanceOf(BlockedError);
  });
});

describe('seller, condition, location, image', () => {
  test('seller text as one string: two spans, or the store badge', () => {
    const badge = '<div class=s-card__attribute-row><div class="s-card__program-badge-container s-card__program-badge-container--sellerWithStoreInfo"><a class=su-link href=http://stores.ebay.com/x><div class=su-program-badge><span class="su-styled-text small">kosu-kw  98.3% positive (11.8K)</span></div></a></div></div>';
    const r = rows(read(page({ cards: [card({ id: '666666666661' }), card({ id: '666666666662', secondary: badge }), card({ id: '666666666663', secondary: '' })] })));
    expect(r.map((x) => x.seller_text)).toEqual(['seller_one 99.5% positive (1.2K)', 'kosu-kw 98.3% positive (11.8K)', null]);
  });

  test('condition is the eBay label among subtitles and rows, as shown', () => {
    const r = rows(read(page({
      cards: [
        card({ id: '777777777771', subtitles: ['30 Day Warranty', 'Pre-Owned'] }),
        card({ id: '777777777772', subtitles: ['Brand New · ', '128 GB'] }),
        card({ id: '777777777773', subtitles: ['Unlocked'], rows: [row(span('secondary large', 'Excellent - Refurbished'))] }),
        card({ id: '777777777774', subtitles: ['Great deal!'] }),
      ],
    })));
    expect(r.map((x) => x.condition)).toEqual(['Pre-Owned', 'Brand New', 'Excellent - Refurbished', null]);
  });

  test('location from "Located in"; image from src, else the deferred attribute, only on the image host', () => {
    const r = rows(read(page({
      cards: [
        card({ id: '888888888881', rows: [row(span('secondary large', 'Located in United States'))] }),
        card({ id: '888888888882', image: '<img class=s-card__image src=https://ir.ebaystatic.com/rs/v/fxxj3ttftm5ltcqnto1o4baovyl.png data-defer-load=https://i.ebayimg.com/images/g/DEF/s-l500.webp>' }),
        card({ id: '888888888883', image: '<img class=s-card__image src=https://evil.example/x.webp>' }),
      ],
    })));
    expect(r.map((x) => [x.location_text, x.image])).toEqual([
      ['United States', 'https://i.ebayimg.com/images/g/IMG888888888881/s-l140.webp'],
      [null, 'https://i.ebayimg.com/images/g/DEF/s-l500.webp'],
      [null, null],
    ]);
  });
});

describe('format, bids, end time, best offer', () => {
  test('auction when bids or time left are shown; ends_at is collection time plus time left', () => {
    const bids = (n: string, left: string, end = ''): string => row(span('secondary large', n), span('secondary small', ' · '), `<span class=s-card__time><span class=clipped>Time left</span><span class=s-card__time-left>${left}</span>${end ? `  <span class=s-card__time-end>${end}</span>` : ''}</span>`);
    const r = rows(read(page({
      cards: [
        card({ id: '999999999991', rows: [bids('3 bids', '2d 4h')] }),
        card({ id: '999999999992', rows: [bids('1 bid', '9m left', '(Today 11:09 AM)')] }),
        card({ id: '999999999993', rows: [bids('0 bids', 'Ended', '(Today 10:58 AM)')] }),
        card({ id: '999999999994', rows: [row(span('secondary large', 'or Best Offer'))] }),
        card({ id: '999999999995', rows: [row(span('secondary large', 'Buy It Now'))] }),
      ],
    })));
    expect(r.map((x) => [x.format, x.bid_count, x.ends_at, x.best_offer])).toEqual([
      ['auction', 3, '2026-08-03T22:00:00Z', false],
      ['auction', 1, '2026-08-01T18:09:00Z', false],
      // Ended: the end clock in the zone measured from the card above (11:09 AM ↔ 18:09Z → UTC-7).
      ['auction', 0, '2026-08-01T17:58:00Z', false],
      ['fixed_price', null, null, true],
      ['fixed_price', null, null, false],
    ]);
  });
});

describe('promoted (the Sponsored label as rendered)', () => {
  const svgLabel = (x: number, y: number, word = 'Sponsored'): string => {
    const svg = `<svg xmlns='http://www.w3.org/2000/svg'><text x='${x}' y='${y}' font-size='12'>${word}</text></svg>`;
    return `<div class=s-card__footer><span class=s-item__sep><span role=text style="background-image: url(&#34;data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}&#34;)"><span aria-hidden=true>derosnopS</span></span></span></div>`;
  };
  const letters = (pairs: Array<[string, string]>): string => `<div class=s-card__sep><span role=heading><span aria-hidden=true>${pairs.map(([c, t]) => `<span class=${c}>${t}\u2063</span>`).join('')}</span></span></div>`;
  const styles = '<style>:root{--pd-s-hid: none;}</style><style>span.s-hid {display: var(--pd-s-hid);}</style><style>span.s-clip {position: absolute; left: -2000px; width: 1px; height: 1px; overflow: hidden;}</style>';

  test('SVG label inside the box, or letters left visible by the page styles (look-alikes folded)', () => {
    const spelled = (word: string, decoy: string): Array<[string, string]> => [...word].flatMap((ch, i) => [['s-vis', ch], ['s-hid', decoy[i % decoy.length]!]] as Array<[string, string]>);
    const r = rows(read(page({
      head: styles,
      cards: [
        card({ id: '121212121211', footer: svgLabel(0.1, 11.6) }),
        card({ id: '121212121212', footer: svgLabel(-10007, -30008) }),
        card({ id: '121212121213', footer: letters(spelled('Spon\u0455ored', 'X7q')) }),
        card({ id: '121212121214', footer: letters([...'Sponsored'].map((ch) => ['s-hid', ch] as [string, string])) }),
        card({ id: '121212121215', footer: letters([...'Sponsored'].map((ch) => ['s-clip', ch] as [string, string])) }),
        card({ id: '121212121216' }),
      ],
    })));
    expect(r.map((x) => x.promoted)).toEqual([true, false, true, false, false, false]);
  });
});

describe('which cards are results', () => {
  const placeholder = '<li class="s-card s-card--horizontal" data-listingid=2500219655424533><a class=s-card__link href=https://ebay.com/itm/123456?hash=item123546><div class=s-card__title><span>Shop on eBay</span></div></a><div class=s-card__attribute-row><span class="su-styled-text primary bold large-1 s-card__price">$20.00</span></div></li>';
  const carousel = `<li class="srp-river-answer srp-river-answer--ITEMS_CAROUSEL_WITH_COLOR"><ul class=carousel__list><li class=carousel__snap-point><div class="s-card s-card--vertical" data-listingid=131313131399><a class=s-card__link href=https://www.ebay.com/itm/131313131399>x</a></div></li></ul></li>`;

  test('placeholders (inside or outside the list) and carousel cards are not results', () => {
    const parsed = read(page({ outside: `<div class=s-clipped aria-hidden=true>${placeholder}</div>`, cards: [placeholder, card({ id: '131313131311' }), carousel, card({ id: '131313131312' })] }));
    expect(rows(parsed).map((r) => r.id)).toEqual(['131313131311', '131313131312']);
    expect(parsed.result.page_size).toBe(2);
  });

  test('cards after "Results matching fewer words" are not returned; page_size counts them; no next page', () => {
    const marker = '<li class="srp-river-answer srp-river-answer--REWRITE_START"><h3>Results matching fewer words</h3></li>';
    const parsed = read(page({ heading: '<span class=BOLD>1</span> result for <span class=BOLD>test</span>', pagination: 'hidden', cards: [card({ id: '141414141411' }), marker, card({ id: '141414141412' }), card({ id: '141414141413' })] }));
    expect(parsed.result).toMatchObject({ count: 1, page_size: 3, reported_total: 1, next_page: null });
    expect(rows(parsed).map((r) => r.id)).toEqual(['141414141411']);
    expect(parsed.result.field_notes).toMatch(/"Results matching fewer words"\): the 2 looser matches/u);
    // "0 results" followed by looser matches is an empty page, said so; not a failure.
    const none = read(page({ heading: '<span class=BOLD>0</span> results for <span class=BOLD>test</span>', pagination: 'hidden', cards: [marker, card({ id: '141414141415' })] }));
    expect(none.result).toMatchObject({ count: 0, page_size: 1, reported_total: 0, next_page: null });
    expect(none.result.field_notes).toMatch(/no listing matching the keywords searched: it put "Results matching fewer words" before the 1 listing\(s\) on the page, all looser matches/u);
    expect(none.noRowsBecause).toMatch(/looser matches \("Results matching fewer words"\)/u);
    expect(parsed.noRowsBecause).toBeNull();
    // The next page of such a search holds only looser matches: it is past the last page.
    expect(thrown(() => read(page({ pagination: 'hidden', cards: [marker, card({ id: '141414141414' })] }), 'listings', 2))).toBeInstanceOf(PageOutOfRangeError);
  });
});

describe('page figures and paging', () => {
  test('reported_total from the heading, rounded totals included', () => {
    const total = (h: string): unknown => read(page({ heading: h, cards: [card({ id: '151515151511' })] })).result.reported_total;
    expect(total('<span class=BOLD>1,234</span> results for <span class=BOLD>test</span>')).toBe(1234);
    expect(total('<span class=BOLD>12,000,000+</span> results for <span class=BOLD>pokemon</span>')).toBe(12_000_000);
    expect(total('Results for you')).toBeNull();
  });

  test('next_page: the next link gives page + 1; a disabled next gives null; page 100 gives null', () => {
    const cards = [card({ id: '161616161611' })];
    expect(read(page({ cards, pagination: { current: 1, next: true } })).result.next_page).toBe(2);
    expect(read(page({ cards, pagination: { current: 3, next: false } }), 'listings', 3).result.next_page).toBeNull();
    expect(read(page({ cards, pagination: { current: 100, next: true } }), 'listings', 100).result.next_page).toBeNull();
  });

  test('a page that says 0 results is an empty success; an empty list that claims results is not', () => {
    const empty = read(page({ heading: '<span class=BOLD>0</span> results for <span class=BOLD>test</span>', cards: [], pagination: null }));
    expect(empty.result).toMatchObject({ count: 0, page_size: 0, reported_total: 0, next_page: null, data: [] });
    expect(thrown(() => read(page({ cards: [], pagination: null })))).toBeInstanceOf(LayoutChangedError);
    const noList = '<!DOCTYPE html><html lang=en><head><title>Test for sale | eBay</title></head><body><h1 class=srp-controls__count-heading><span class=BOLD>0</span> results for <span class=BOLD>test</span></h1></body></html>';
    expect(read(noList).result).toMatchObject({ count: 0, reported_total: 0, next_page: null });
    expect(thrown(() => read(noList, 'listings', 2))).toBeInstanceOf(PageOutOfRangeError);
  });

  test('a page past the last: eBay answering another page, or no cards', () => {
    expect(thrown(() => read(page({ cards: [card({ id: '171717171711' })], pagination: { current: 1, next: true } }), 'listings', 7))).toBeInstanceOf(PageOutOfRangeError);
    expect(thrown(() => read(page({ cards: [], pagination: null }), 'listings', 7))).toBeInstanceOf(PageOutOfRangeError);
  });
});

describe('pages that are not results', () => {
  test('a sign-in page (login wall) is blocked', () => {
    const signIn = '<!DOCTYPE html><html lang=en><head><title>Sign in or Register | eBay</title></head><body><form id=signin-form method=post action=/signin/s><input id=userid></form></body></html>';
    expect(thrown(() => read(signIn, 'sold'))).toBeInstanceOf(BlockedError);
  });

  test('another language or currency is a non-US page (upstream_error), not data', () => {
    expect(thrown(() => read(page({ lang: 'de-DE', cards: [card({ id: '181818181811' })] })))).toBeInstanceOf(NonUsPageError);
    const eur = row(span('primary bold large-1 s-card__price', 'EUR 12,00'));
    const err = thrown(() => read(page({ cards: [card({ id: '181818181812', price: eur }), card({ id: '181818181813', price: eur }), card({ id: '181818181814' })] })));
    expect(err).toBeInstanceOf(NonUsPageError);
    expect((err as Error).message).toMatch(/EUR/u);
  });

  test.each([
    ['S$ 200.00', 'SGD'], ['S$200.00', 'SGD'], ['C $12.50', 'CAD'], ['C$12.50', 'CAD'], ['AU $30.00', 'AUD'], ['AU$30.00', 'AUD'], ['NZ $9.00', 'NZD'],
    ['HK$ 80.00', 'HKD'], ['£4.49', 'GBP'], ['£ 4.49', 'GBP'], ['€3,50', 'EUR'], ['3,50 €', 'EUR'], ['EUR 3,50', 'EUR'], ['¥1,200', 'JPY'],
    ['KRW129,680.08', 'KRW'], ['KRW 129,680.08', 'KRW'], ['₹499.00', 'INR'], ['RM 45.00', 'MYR'], ['15,00 zł', 'PLN'], ['CHF 12.00', 'CHF'],
  ])('a page priced "%s" is a non-US page (%s), never a row', (price, currency) => {
    const p = row(span('primary bold large-1 s-card__price', price));
    const err = thrown(() => read(page({ cards: ['1', '2', '3'].map((i) => card({ id: `18181818190${i}`, price: p })) })));
    expect(err).toBeInstanceOf(NonUsPageError);
    expect((err as Error).message).toContain(currency);
  });

  test('foreign shipping, a foreign canonical site, foreign item links and en-GB are non-US markers; US forms are not', () => {
    const ship = row(span('secondary large', '+S$ 12.00 delivery'));
    const unpriced = row(span('primary bold large-1 s-card__price', 'See price'));
    expect(thrown(() => read(page({ cards: ['1', '2'].map((i) => card({ id: `18181818191${i}`, price: unpriced, rows: [ship] })) })))).toBeInstanceOf(NonUsPageError);
    expect(thrown(() => read(page({ head: '<link rel=canonical href="https://www.ebay.com.sg/sch/i.html?_nkw=test">', cards: [card({ id: '181818181921' })] })))).toBeInstanceOf(NonUsPageError);
    expect(thrown(() => read(page({ lang: 'en-GB', cards: [card({ id: '181818181931' })] })))).toBeInstanceOf(NonUsPageError);
    const uk = card({ id: '181818181941' }).replaceAll('https://www.ebay.com/itm/', 'https://www.ebay.co.uk/itm/');
    expect((thrown(() => read(page({ cards: [uk, uk.replaceAll('181818181941', '181818181942')] }))) as Error).message).toMatch(/ebay\.co\.uk/u);
    // US forms: "US $", "$", a US canonical URL, lang en-US.
    const us = row(span('primary bold large-1 s-card__price', 'US $12.00'));
    const ok = read(page({ lang: 'en-US', head: '<link rel=canonical href="https://www.ebay.com/sch/i.html?_nkw=test">', cards: [card({ id: '181818181951', price: us }), card({ id: '181818181952' })] }));
    expect(rows(ok).map((r) => r.displayed_price)).toEqual([{ amount: 12, currency: 'USD' }, { amount: 10, currency: 'USD' }]);
    // Other hosts of the US site (item links through another ebay.com host, an m. canonical) and lang en_US are US too.
    const sub = (id: string): string => card({ id }).replaceAll('https://www.ebay.com/itm/', 'https://pulsar.ebay.com/itm/');
    const us2 = read(page({ lang: 'en_US', head: '<link rel=canonical href="https://m.ebay.com/sch/i.html?_nkw=test">', cards: [sub('181818181961'), sub('181818181962')] }));
    expect(rows(us2).map((r) => r.id)).toEqual(['181818181961', '181818181962']);
  });

  test('cards in an unknown layout fail as a changed layout, never as zero rows', () => {
    const evo = '<li class="su-item-card s-item-card--search-evo" data-listingid=191919191911><a href=https://www.ebay.com/itm/191919191911>x</a></li>';
    expect(thrown(() => read(page({ cards: [evo, evo, evo] })))).toBeInstanceOf(LayoutChangedError);
    const noList = '<!DOCTYPE html><html lang=en><head><title>Test for sale | eBay</title></head><body><div class=srp-main><div class=results-v3></div></div></body></html>';
    expect(thrown(() => read(noList))).toBeInstanceOf(LayoutChangedError);
  });

  test('a page cut short (results but no closing pagination) is transient', () => {
    expect(thrown(() => read(page({ cards: [card({ id: '202020202011' })], pagination: null })))).toBeInstanceOf(TransientUpstreamError);
  });

  test('no input crashes the parser: any body gives a page or a CollectionError', () => {
    const good = page({ cards: [card({ id: '212121212121', caption: 'Sold  Jul 30' }), card({ id: '212121212122', caption: 'Sold  Jul 29' })] });
    fc.assert(fc.property(fc.oneof(fc.string(), fc.nat({ max: good.length }).map((n) => good.slice(0, n)), fc.tuple(fc.nat({ max: good.length }), fc.string()).map(([n, s]) => good.slice(0, n) + s + good.slice(n))), fc.constantFrom('sold', 'listings') as fc.Arbitrary<'sold' | 'listings'>, (body, kind) => {
      try {
        const parsed = read(body, kind);
        expect(Array.isArray(parsed.result.data)).toBe(true);
      } catch (err) {
        expect(err).toBeInstanceOf(CollectionError);
      }
    }), { numRuns: 300 });
  });
});

describe('headings, boundaries, titles, sellers and labels seen on real pages', () => {
  test.each([
    ['<span class=BOLD>1,000</span> + results for <span class=BOLD>test</span>', 1000],
    ['<span class=BOLD>\n   1,000\n  </span>\n  + results for\n  <span class=BOLD>test</span>', 1000],
    ['<span class=BOLD>1</span> result for <span class=BOLD>test</span>', 1],
    ['<span class=BOLD>12,000,000+</span> results for <span class=BOLD>test</span>', 12000000],
    ['<span class=BOLD>242</span> results for <span class=BOLD>test</span>', 242],
  ])('heading %j reports %d', (heading, total) => {
    expect(read(page({ heading, cards: [card({ id: '303030303031' })] })).result.reported_total).toBe(total);
  });

  test('a fewer-words banner before the list makes every card loose: a "0 results" page is complete with 0 rows', () => {
    const banner = '<div class="srp-river-answer srp-river-answer--REWRITE_START"><section class=su-notice>No exact matches found. Results matching fewer words</section></div>';
    const loose = ['1', '2', '3'].map((i) => card({ id: `30303030304${i}`, caption: 'Sold  Jul 30, 2026' }));
    const zero = page({ heading: '<span class=BOLD>0</span> results for <span class=BOLD>test</span>', outside: banner, cards: loose, pagination: null })
      .replace('</ul>', '</ul><div class=srp-river-footer></div>');
    const r = read(zero, 'sold');
    expect({ count: r.result.count, total: r.result.reported_total, next: r.result.next_page }).toEqual({ count: 0, total: 0, next: null });
    // The same banner inside the list, after the exact cards, still splits it.
    const inside = '<li class="srp-river-answer srp-river-answer--REWRITE_START"><section>Results matching fewer words</section></li>';
    const mixed = read(page({ cards: [card({ id: '303030303051', caption: 'Sold  Jul 30, 2026' }), inside, ...loose] }), 'sold');
    expect(rows(mixed).map((x) => x.id)).toEqual(['303030303051']);
  });

  test('results with neither pagination nor the river\'s end are a page cut short', () => {
    expect(thrown(() => read(page({ cards: [card({ id: '303030303061' })], pagination: null })))).toBeInstanceOf(TransientUpstreamError);
    const ended = page({ cards: [card({ id: '303030303062' })], pagination: null }).replace('</ul>', '</ul><div class=srp-main-below-river></div>');
    expect(rows(read(ended)).map((x) => x.id)).toEqual(['303030303062']);
  });

  test('the "New Listing" badge inside the title is not part of it', () => {
    const c = card({ id: '303030303071', title: 'x' }).replace('<span class="su-styled-text primary default">x</span>', '<span class=s-card__new-listing>New Listing</span><span class="su-styled-text primary default">SPIDER-MAN 1 Marvel 1990</span>');
    expect(rows(read(page({ cards: [c] })))[0]!.title).toBe('SPIDER-MAN 1 Marvel 1990');
  });

  test('seller_text is the username, feedback percentage and count, without the badge tooltip', () => {
    const badge = '<div class=s-card__attribute-row><div class="s-card__program-badge-container s-card__program-badge-container--sellerOrStoreInfo"><span class=tooltip><div class="su-program-badge tooltip__host"><span class="su-icon" aria-hidden=true></span><span class="su-styled-text default">comebackcomx  100% positive (5.2K)</span></div><span class=tooltip__overlay role=tooltip><span class=tooltip__content><div class=s-card__program-badge-tooltip><b><span>Top Rated Plus</span></b><ul><li><span>Sellers with highest buyer ratings</span></li></ul><a href=http://pages.ebay.com/trp/index.html>Learn More</a></div></span></span></span></div></div>';
    expect(rows(read(page({ cards: [card({ id: '303030303081', secondary: badge })] })))[0]!.seller_text).toBe('comebackcomx 100% positive (5.2K)');
  });

  test('a hidden, zero-size reCAPTCHA iframe on a results page is not a bot wall', () => {
    const iframe = '<div style="display:none"><iframe src="https://www.google.com/recaptcha/api2/aframe" width=0 height=0></iframe></div>';
    const r = read(page({ outside: iframe, cards: [card({ id: '303030303091' })] }));
    expect(rows(r).map((x) => x.id)).toEqual(['303030303091']);
    // The same widget on a page without results is a wall.
    expect(thrown(() => read(`<!DOCTYPE html><html lang=en><head><title>eBay</title></head><body>${iframe}<div class=g-recaptcha></div></body></html>`))).toBeInstanceOf(BlockedError);
  });

  test('promoted only when the rendered label and its accessible name both say Sponsored', () => {
    const hidden = '<div hidden><div id=lbl-s>Sponsored</div><div id=lbl-e></div></div>';
    const label = (named: string, shown: boolean): string => `<div class=su-card-container__footer><div class=s-card__sep><div aria-labelledby="${named}" role=heading><span aria-hidden=true${shown ? '' : ' style="display:none"'}>Sponsored</span></div></div></div>`;
    const cards = [
      card({ id: '303030303101', footer: label('lbl-e lbl-s', true) }),
      card({ id: '303030303102', footer: label('lbl-e nothere', true) }),
      card({ id: '303030303103', footer: label('lbl-s', false).replace(' style="display:none"', ' class=gone') }),
    ];
    const r = read(page({ outside: hidden, head: '<style>.gone{display:none}</style>', cards }));
    expect(rows(r).map((x) => [x.id, x.promoted])).toEqual([['303030303101', true], ['303030303102', false], ['303030303103', false]]);
  });
});

describe('the buyer location a page was shaped for (header shipToLocation)', () => {
  test.each([
    ['91711', false], ['01002-2453,USA', false], ['01002-2453,US', false], ['0', false], ['', false], [null, false],
    ['USA', false], ['United States', false], ['10001,United States of America', false],
    ['1605', true], ['650-0011', true], ['641014', true], ['SW1A 1AA', true], ['90210,Canada', true], ['10115,DEU', true],
  ] as const)('%s → outside the US: %s', (shipTo, foreign) => {
    expect(foreignShipTo(shipTo)).toBe(foreign);
  });
});
