/**
 * The eBay parser on every real capture, compared with its golden file (test/golden/mkt_a,
 * written by scripts/golden/mkt_a.py reading the markup independently): the page figures,
 * the failure code, and every row field by field.
 */
import { CollectionError, type Search } from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { expectGolden, hasGolden, readGolden, type Reading } from '../testkit/golden.ts';
import { classifyResponse } from './response.ts';
import { parseSearchPage } from './parse.ts';

const CAPTURES = [
  'sold-s-card-60.html', 'sold-s-card-fewer-words.html', 'sold-s-card-zero-results-loose.html', 'sold-completed-pretty-ended-mixed.html',
  'listings-s-card-spiderman.html', 'listings-s-card-auctions.html', 'listings-s-card-refurbished.html', 'legacy-s-item-uk.html',
  'non-us-locale-korean.html', 'blocked-pardon.html', 'blocked-hcaptcha.html', 'blocked-error-page.html', 'blocked-akamai.html', 'redirected-home.html',
];

describeWithFixtures('mkt_a', 'mkt_a parser against the golden files of every capture', () => {
  test('every capture has a golden file', () => {
    expect(CAPTURES.filter((c) => !hasGolden('mkt_a', c))).toEqual([]);
  });

  test.each(CAPTURES)('%s', (capture) => {
    const g = readGolden('mkt_a', capture);
    const search: Search = { route: `mkt_a/${g.search.kind}`, token: 'mkt_a', kind: g.search.kind, q: g.search.q, page: g.search.page, params: g.search.params, cursor: null };
    let reading: Reading;
    try {
      const body = readFixture('mkt_a', capture);
      classifyResponse({ status: 200, url: 'https://www.ebay.com/sch/i.html', headers: {}, body });
      reading = { result: parseSearchPage(body, search, new Date(g.now)).result as never };
    } catch (err) {
      if (!(err instanceof CollectionError)) throw err;
      reading = { code: err.code };
    }
    expectGolden(reading, g, { now: new Date(g.now) });
  });
});
