/**
 * The live collection path on every real Mercari capture. The capture site answers
 * the search API (`POST /v1/api`) with the captured body; the search page and the session
 * bootstrap (`/v1/initialize`), of which no real capture exists, are answered by the mkt_c
 * simulator. Every capture is an active search's answer or an item detail, so a sold search
 * answered with it must fail `upstream_error` at no cost, never come back as an empty or
 * mis-sold page (golden files, test/golden/mkt_c).
 */
import { MARKETPLACES } from '@listings/marketplaces';
import { describeWithFixtures, readFixture, expectGolden, readGolden } from '@listings/marketplaces/testkit';
import { runLive } from '../support/live-capture.ts';
import { livePathSuite } from '../support/suites.ts';

const CAPTURES = [
  'search-payload.json', 'search-payload-active-filtered.json', 'search-payload-cards.json', 'search-payload-clothing.json',
  'search-payload-custom-facets.json', 'item-api-sold-m87013616167.json', 'item-api-active-m45718142917.json',
];

describeWithFixtures('mkt_c', 'mkt_c live path on real captures', () => {
  const sim = MARKETPLACES.mkt_c.createSimulator();
  const live = livePathSuite('mkt_c');

  test.each(CAPTURES)('%s', async (capture) => {
    const g = readGolden('mkt_c', capture);
    live.site.serve([
      { method: 'POST', path: '/v1/api', headers: { 'content-type': 'application/json' }, body: readFixture('mkt_c', capture) },
      // The bootstrap the simulator speaks (no real capture of it): the page shell and /v1/initialize.
      { path: /^\/(search\/|v1\/initialize)$/u, body: (req) => String((sim.handle(req) as { body: string }).body) },
    ]);
    const { account, key } = await live.liveKey();
    const { env, reading } = await runLive(live, key, `/v1/mkt_c/sold?q=${encodeURIComponent(g.search.q)}`);
    expectGolden(reading, g);
    const usage = await live.stack.services.store.usage(account, 'live');
    expect({ credits: env.credits, charged: usage.completed30d, pending: usage.pending }).toEqual({ credits: 0, charged: 0, pending: 0 });
    expect(live.site.seen.some((r) => r.method === 'POST' && r.path === '/v1/api')).toBe(true);
  });
});
