/**
 * The live collection path on every real Depop capture: served over HTTP on
 * 127.0.0.1 as depop.com would (the search API at its path; the search page at /search/ when
 * the API no longer answers as known), a live key, and the settled job compared with the
 * golden file, charged 1 credit.
 */
import { SEARCH_PATH } from '../../packages/marketplaces/src/mkt_d/params.ts';
import { describeWithFixtures, readFixture, expectGolden, readGolden } from '@listings/marketplaces/testkit';
import { runLive } from '../support/live-capture.ts';
import { livePathSuite } from '../support/suites.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

describeWithFixtures('mkt_d', 'mkt_d live path on real captures', () => {
  const live = livePathSuite('mkt_d');

  async function check(capture: string, q?: string): Promise<void> {
    const g = readGolden('mkt_d', capture);
    const { account, key } = await live.liveKey();
    const { env, reading } = await runLive(live, key, `/v1/mkt_d/listings?q=${encodeURIComponent(q ?? g.search.q)}`);
    expectGolden(reading, g);
    const usage = await live.stack.services.store.usage(account, 'live');
    expect({ credits: env.credits, charged: usage.completed30d }).toEqual({ credits: 1, charged: 1 });
  }

  test('presentation-api-search.json from the search API', async () => {
    live.site.serve([{ path: SEARCH_PATH, headers: JSON_TYPE, body: readFixture('mkt_d', 'presentation-api-search.json') }]);
    await check('presentation-api-search.json');
    expect(live.site.seen.at(-1)!.query.get('what')).toBe('corduroy jacket');
  });

  test('search-page-v3-flight.html, read from the search page when the API answers 404', async () => {
    live.site.serve([
      { path: SEARCH_PATH, status: 404, headers: { 'content-type': 'text/html' }, body: '<!DOCTYPE html><html><body>Not Found</body></html>' },
      { path: '/search/', headers: { 'content-type': 'text/html; charset=utf-8' }, body: readFixture('mkt_d', 'search-page-v3-flight.html') },
    ]);
    await check('search-page-v3-flight.html');
    expect(live.site.seen.slice(-2).map((r) => r.path)).toEqual([SEARCH_PATH, '/search/']);
  });
});
