/**
 * The live collection path on every real Poshmark capture: served over HTTP on
 * 127.0.0.1 as poshmark.com would (the search page at /search, whole pages; the JSON listing
 * route at /vm-rest/posts when the page holds neither state nor tiles), a live key, and the
 * settled job compared with the golden file; 1 credit when complete, 0 when failed.
 */
import { describeWithFixtures, readFixture, expectGolden, readGolden } from '@listings/marketplaces/testkit';
import { EMPTY_SEARCH_PAGE as EMPTY_PAGE, wholePage } from '../../packages/marketplaces/src/mkt_b/test-pages.ts';
import { runLive } from '../support/live-capture.ts';
import { livePathSuite } from '../support/suites.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

describeWithFixtures('mkt_b', 'mkt_b live path on real captures', () => {
  const live = livePathSuite('mkt_b');

  async function check(capture: string): Promise<void> {
    const g = readGolden('mkt_b', capture);
    const { account, key } = await live.liveKey();
    const { env, reading } = await runLive(live, key, `/v1/mkt_b/${g.search.kind}?q=${encodeURIComponent(g.search.q)}`);
    expectGolden(reading, g);
    // A live key's result is real: its notes never call it synthetic.
    expect(String((env as { result?: { field_notes?: string } }).result?.field_notes ?? '')).not.toContain('Sandbox: synthetic');
    const usage = await live.stack.services.store.usage(account, 'live');
    const charged = g.expect.status === 'complete' ? 1 : 0;
    expect({ credits: env.credits, charged: usage.completed30d, pending: usage.pending }).toEqual({ credits: charged, charged, pending: 0 });
  }

  test.each(['sold-rendered-body.html', 'grid-trimmed.html'])('%s from the search page', async (capture) => {
    live.site.serve([{ path: '/search', headers: HTML, body: wholePage(readFixture('mkt_b', capture)) }]);
    await check(capture);
  });

  test.each(['closet-posts-1.json', 'post-1.json'])('%s from the listing route', async (capture) => {
    live.site.serve([
      { path: '/search', headers: HTML, body: EMPTY_PAGE },
      { path: '/vm-rest/posts', headers: { 'content-type': 'application/json' }, body: readFixture('mkt_b', capture) },
    ]);
    await check(capture);
  });
});
