/**
 * The Mercari reader on every real capture, compared with its golden file (test/golden/mkt_c,
 * scripts/golden/mkt_c.py): a sold search answered with these bodies must fail, as the reader
 * plus the drift guard's plausibility check (what the worker applies) decide.
 */
import { CollectionError, findRoute, LayoutChangedError, validateSearch } from '@listings/contract';
import { implausibility } from '../shared/plausibility.ts';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { expectGolden, readGolden, type Reading } from '../testkit/golden.ts';
import { parseSoldPage } from './parse.ts';

const CAPTURES = [
  'search-payload.json', 'search-payload-active-filtered.json', 'search-payload-cards.json', 'search-payload-clothing.json',
  'search-payload-custom-facets.json', 'item-api-sold-m87013616167.json', 'item-api-active-m45718142917.json',
];

describeWithFixtures('mkt_c', 'mkt_c reader against the golden files of every capture', () => {
  test.each(CAPTURES)('%s', (capture) => {
    const g = readGolden('mkt_c', capture);
    const search = validateSearch(findRoute('mkt_c/sold')!, [['q', g.search.q]], { cursorSecret: 's' });
    let reading: Reading;
    try {
      const page = parseSoldPage(readFixture('mkt_c', capture), search, { siteUrl: 'https://www.mercari.com', continued: false });
      const why = implausibility({ data: page.rows, reported_total: page.reportedTotal, page: 1, page_size: page.pageSize });
      if (why !== null) throw new LayoutChangedError(why);
      reading = { result: { page_size: page.pageSize, count: page.rows.length, reported_total: page.reportedTotal, next_page: null, data: page.rows } };
    } catch (err) {
      if (!(err instanceof CollectionError)) throw err;
      reading = { code: err.code };
    }
    expectGolden(reading, g);
  });
});
