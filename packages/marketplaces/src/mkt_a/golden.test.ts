/**
 * The eBay parser on every real capture, compared with its golden file (test/golden/mkt_a,
 * written by scripts/golden/mkt_a.py reading the markup independently): the page figures,
 * the failure code, and every row field by field.
 */
import { CollectionError, type Search } from '@listings/contract';
import { describeWithFixtures, readCapture } from '../testkit/fixtures.ts';
import { expectGolden, hasGolden, readGolden, type Reading } from '../testkit/golden.ts';
import { classifyResponse } from './response.ts';
import { parseSearchPage } from './parse.ts';

const CAPTURES = [
  'sold-s-card-60.html', 'sold-s-card-fewer-words.html', 'sold-s-card-zero-results-loose.html', 'sold-completed-pretty-ended-mixed.html',
  'listings-s-card-spiderman.html', 'listings-s-card-auctions.html', 'listings-s-card-refurbished.html', 'legacy-s-item-uk.html',
  'non-us-locale-korean.html', 'blocked-pardon.html', 'blocked-hcaptcha.html', 'blocked-error-page.html', 'blocked-akamai.html', 'redirected-home.html',
];

/** Real pages from other repositories, in test/data/mkt_a (test/data/README.md): the generalization check. */
export const DATA_CAPTURES = [
  'listings-s-card-keyboard.html', 'listings-s-card-kitchen.html', 'listings-s-card-earbuds.html', 'listings-s-card-laptop.html',
  'non-us-sg-one-result-loose.html', 'non-us-de-grid-eur.html', 'non-us-es-usd.html', 'sold-non-us-ja-yen.html', 'blocked-pardon-2.html',
  // The four classes read wrong before (test/data/README.md).
  'listings-s-item-new-listing-nested.html', 'listings-s-item-auction-bin.html', 'listings-s-item-iphone-auctions-bin.html',
  'listings-s-item-heading-span.html', 'listings-s-item-motors-parts.html', 'listings-s-card-headphones.html', 'sold-s-card-no-results.html',
  'non-us-ja-s-item-banner-first.html',
  // A spelling correction on the US site: "Including results for earbuds. Search instead for airbuds".
  'listings-s-card-spell-corrected.html',
];

function readAgainstGolden(capture: string): void {
  const g = readGolden('mkt_a', capture);
  const search: Search = { route: `mkt_a/${g.search.kind}`, token: 'mkt_a', kind: g.search.kind, q: g.search.q, page: g.search.page, params: g.search.params, cursor: null };
  let reading: Reading;
  try {
    const body = readCapture(g.capture);
    classifyResponse({ status: 200, url: 'https://www.ebay.com/sch/i.html', headers: {}, body });
    reading = { result: parseSearchPage(body, search, new Date(g.now)).result as never };
  } catch (err) {
    if (!(err instanceof CollectionError)) throw err;
    reading = { code: err.code };
  }
  expectGolden(reading, g, { now: new Date(g.now) });
}

describe('mkt_a parser against the golden files of the test/data captures', () => {
  test('every capture has a golden file that names it', () => {
    expect(DATA_CAPTURES.filter((c) => !hasGolden('mkt_a', c) || readGolden('mkt_a', c).capture !== `test/data/mkt_a/${c}`)).toEqual([]);
  });

  test.each(DATA_CAPTURES)('%s', readAgainstGolden);
});

describeWithFixtures('mkt_a', 'mkt_a parser against the golden files of every capture', () => {
  test('every capture has a golden file', () => {
    expect(CAPTURES.filter((c) => !hasGolden('mkt_a', c))).toEqual([]);
  });

  test.each(CAPTURES)('%s', readAgainstGolden);
});

/**
 * Each non-US marker suffices on its own: the real non-US pages with their other markers
 * rewritten to the US site's still fail `upstream_error` on their currency alone.
 */
describe('mkt_a non-US pages refused on currency alone', () => {
  const refused = (body: string, kind: 'sold' | 'listings'): string | null => {
    const search: Search = { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q: 'x', page: 1, params: kind === 'sold' ? {} : { sort: 'best_match' }, cursor: null };
    try {
      parseSearchPage(body, search, new Date('2026-04-10T00:00:00Z'));
      return null;
    } catch (err) {
      if (!(err instanceof CollectionError)) throw err;
      return err.code;
    }
  };
  const asUsSite = (body: string): string => body.replace(/<html([^>]*)\slang="?[a-z-]+"?/iu, '<html$1 lang="en"').replace(/ebay\.(?:com\.sg|de)\b/gu, 'ebay.com');

  const cases: Array<[string, 'sold' | 'listings', string]> = [
    ['sold-non-us-ja-yen.html', 'sold', '7,887 円'],
    ['non-us-sg-one-result-loose.html', 'listings', 'S$ 139.98'],
    ['non-us-de-grid-eur.html', 'listings', 'EUR 22,75'],
  ];
  test.each(cases)('%s (prices like "%s" on an English ebay.com page)', (file, kind, price) => {
    const body = asUsSite(readCapture(`test/data/mkt_a/${file}`));
    expect(/<html[^>]*lang="en"/u.test(body) && !/ebay\.(?:com\.sg|de)\b/u.test(body) && body.includes(price)).toBe(true);
    expect(refused(body, kind)).toBe('upstream_error');
  });
});
