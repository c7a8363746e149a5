/**
 * The three eBay page classes that were once read wrong, each on real pages of the class
 * (test/data/mkt_a, test/data/README.md; ../shared/fixtures where named): the values below are
 * read off the pages themselves. The golden files (golden.test.ts) compare every row of the same
 * pages; these tests name what each class is about.
 */
import type { Row, Search } from '@listings/contract';
import { describeWithFixtures, readFixture, readTestData } from '../testkit/fixtures.ts';
import { implausibility } from '../shared/plausibility.ts';
import { parseSearchPage, readPageCards, type ParsedPage } from './parse.ts';

function search(kind: 'sold' | 'listings', q = 'x', page = 1): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q, page, params: kind === 'listings' ? { sort: 'best_match' } : {}, cursor: null };
}

const NOW = new Date('2026-01-01T00:00:00Z');
const read = (body: string, kind: 'sold' | 'listings' = 'listings'): ParsedPage => parseSearchPage(body, search(kind), NOW);
const rows = (p: ParsedPage): Row[] => p.result.data as Row[];
const row = (p: ParsedPage, id: string): Row => rows(p).find((r) => r.id === id)!;

/** Ids of the cards whose title element holds the "New Listing" badge, and the title text after it, from the markup. */
function badgedTitles(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/\/itm\/(\d{9,19})[^>]*>\s*<div class="s-item__title">\s*<span aria-level="3" role="heading">\s*<!--F#f_0-->\s*<span class="LIGHT_HIGHLIGHT">\s*New Listing\s*<\/span>\s*<!--F\/-->\s*<!--F#f_0-->([^<]*)</gu)) {
    out.set(m[1]!, m[2]!.replace(/\s+/gu, ' ').trim());
  }
  return out;
}

describe('"New Listing" inside the title element (legacy s-item cards)', () => {
  test('one level down (div.s-item__title > span[role=heading] > span.LIGHT_HIGHLIGHT, 2024): the badge is never part of a title', () => {
    const html = readTestData('mkt_a', 'listings-s-item-new-listing-nested.html');
    const badged = badgedTitles(html);
    expect(badged.size).toBe(6);
    const page = read(html);
    for (const [id, title] of badged) expect({ id, title: row(page, id).title }).toEqual({ id, title });
    expect(row(page, '205061195426').title).toBe('DELL LATITUDE E5570 Laptop w/ Intel Core i5-6440HQ 2.60 GHZ + 8 GB | No HD / OS');
    expect(rows(page).filter((r) => /new listing/iu.test(String(r.title)))).toEqual([]);
  });

  test('straight inside h3.s-item__title (2021-2022) and inside s-card titles (2026): stripped the same way', () => {
    const iphone = read(readTestData('mkt_a', 'listings-s-item-iphone-auctions-bin.html'));
    expect(row(iphone, '175167954703').title).toBe('Apple iPhone XR 64GB - Blue unlocked');
    const badges = (readTestData('mkt_a', 'listings-s-item-iphone-auctions-bin.html').match(/<span class=LIGHT_HIGHLIGHT>New Listing<\/span>/gu) ?? []).length;
    expect(badges).toBeGreaterThan(40);
    for (const file of ['listings-s-item-iphone-auctions-bin.html', 'listings-s-item-auction-bin.html', 'listings-s-card-headphones.html', 'listings-s-item-heading-span.html']) {
      expect({ file, badged: rows(read(readTestData('mkt_a', file))).filter((r) => /^new listing/iu.test(String(r.title))).map((r) => r.id) }).toEqual({ file, badged: [] });
    }
  });
});

describe('an auction that also offers Buy It Now', () => {
  test('the current bid is the displayed price; the Buy It Now price is not glued to it and is not reported', () => {
    const page = read(readTestData('mkt_a', 'listings-s-item-auction-bin.html'));
    // The card shows "$260.00", "0 bids", "2d 8h left", "$700.00", "Buy It Now".
    expect(row(page, '224347792266')).toMatchObject({
      format: 'auction', bid_count: 0, displayed_price: { amount: 260, currency: 'USD' }, displayed_price_text: '$260.00',
    });
    expect(JSON.stringify(row(page, '224347792266'))).not.toContain('700');
    expect(page.result.field_notes).toContain('1 auction row(s) also offer Buy It Now at a fixed price: displayed_price is the current bid, and the Buy It Now price is not reported');
  });

  test('every card with two price lines (2022 iPhone search: 13 of them) reads its first; none is left without a price', () => {
    const html = readTestData('mkt_a', 'listings-s-item-iphone-auctions-bin.html');
    const page = read(html);
    const glued = rows(page).filter((r) => /\$[\d,.]+\s+\$/u.test(String(r.displayed_price_text)));
    expect(glued).toEqual([]);
    const twoPrices = [...html.matchAll(/<li class="?s-item[\s\S]*?<\/li>/gu)].filter((m) => (m[0].match(/class=s-item__price>/gu) ?? []).length === 2);
    expect(twoPrices.length).toBe(13);
    expect(row(page, '175167954703')).toMatchObject({ format: 'auction', displayed_price: { amount: 142.5, currency: 'USD' }, displayed_price_text: '$142.50' });
    expect(page.result.field_notes).toContain('13 auction row(s) also offer Buy It Now');
  });
});

describe('a page whose listings eBay marks as looser matches (rewritten keywords, fewer words)', () => {
  test('real page shape: the banner before the results list, a large total, every card after it (ebay.com in Japanese, refused as non-US)', () => {
    const cards = readPageCards(readTestData('mkt_a', 'non-us-ja-s-item-banner-first.html'));
    expect({ exact: cards.exact.length, loose: cards.loose.length, notice: cards.notice }).toEqual({ exact: 0, loose: 60, notice: '検索結果を整理し、最適な出品を表示しています。 検索結果をもっと表示' });
  });

  // A real US page (test/data/README.md): "airbuds" searched, eBay searched "earbuds" instead.
  test('a rewritten query, real US page ("Including results for earbuds. Search instead for airbuds"): complete with no rows, eBay\'s words in field_notes, the guard passes', () => {
    const html = readTestData('mkt_a', 'listings-s-card-spell-corrected.html');
    const cards = readPageCards(html);
    expect({ exact: cards.exact.length, loose: cards.loose.length, notice: cards.notice }).toEqual({ exact: 0, loose: 60, notice: 'Including results for earbuds. Search instead for airbuds' });
    const page = read(html);
    expect({ count: page.result.count, page_size: page.result.page_size, total: page.result.reported_total, next: page.result.next_page })
      .toEqual({ count: 0, page_size: 60, total: 200000, next: null });
    expect(page.result.field_notes).toContain('it put "Including results for earbuds. Search instead for airbuds" before the 60 listing(s) on the page, all looser matches');
    expect(page.noRowsBecause).toBe('eBay marked all 60 listings on the page as looser matches ("Including results for earbuds. Search instead for airbuds"): none matches the keywords searched');
    expect(implausibility(page.result, {}, { noRowsBecause: page.noRowsBecause ?? undefined })).toBeNull();
    // Without the page's word for it, the same reading is what drift looks like.
    expect(implausibility(page.result)).toMatch(/reports 200000 results/u);
  });

  test('no results at all (0 results, no card): complete with no rows; the guard passes', () => {
    const page = read(readTestData('mkt_a', 'sold-s-card-no-results.html'), 'sold');
    expect({ count: page.result.count, total: page.result.reported_total, next: page.result.next_page, because: page.noRowsBecause }).toEqual({ count: 0, total: 0, next: null, because: null });
    expect(implausibility(page.result)).toBeNull();
  });
});

describeWithFixtures('mkt_a', 'a page whose listings eBay marks as looser matches, on the shared capture', () => {
  const html = readFixture('mkt_a', 'sold-s-card-zero-results-loose.html');

  test('fewer words only ("0 results", then "Results matching fewer words"): complete, no rows, eBay\'s words in field_notes', () => {
    const page = read(html, 'sold');
    expect({ count: page.result.count, page_size: page.result.page_size, total: page.result.reported_total }).toEqual({ count: 0, page_size: 60, total: 0 });
    expect(page.result.field_notes).toContain('it put "Results matching fewer words" before the 60 listing(s) on the page, all looser matches');
    expect(page.noRowsBecause).toBe('eBay marked all 60 listings on the page as looser matches ("Results matching fewer words"): none matches the keywords searched');
    expect(implausibility(page.result, {}, { noRowsBecause: page.noRowsBecause ?? undefined })).toBeNull();
  });
});
