/**
 * The live collection path on every real OfferUp search capture: the capture
 * served over HTTP on 127.0.0.1 as offerup.com would (the GraphQL feed at POST /api/graphql;
 * the server-rendered search page at GET /search when the feed refuses the query), a live key,
 * and the settled job compared with the golden file, charged 1 credit.
 */
import { describeWithFixtures, readCapture, readFixture, expectGolden, readGolden } from '@listings/marketplaces/testkit';
import { run } from './helpers.ts';
import { runLive } from '../support/live-capture.ts';
import { livePathSuite } from '../support/suites.ts';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const REFUSED = JSON.stringify({ errors: [{ message: 'Cannot query field "x" on type "ModularFeedListing".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }], data: null });

describeWithFixtures('mkt_e', 'mkt_e live path on real captures', () => {
  const live = livePathSuite('mkt_e');

  async function check(capture: string, q?: string): Promise<void> {
    const g = readGolden('mkt_e', capture);
    const { account, key } = await live.liveKey();
    // Another q than the golden's when the same capture is served again (else the cache answers).
    const params = new URLSearchParams({ q: q ?? g.search.q, ...g.search.params });
    const { env, reading } = await runLive(live, key, `/v1/mkt_e/listings?${params.toString()}`);
    expectGolden(reading, g);
    const usage = await live.stack.services.store.usage(account, 'live');
    expect({ credits: env.credits, charged: usage.completed30d, pending: usage.pending }).toEqual({ credits: 1, charged: 1, pending: 0 });
  }

  test.each(['gql-modular-feed-civic.json', 'gql-modular-feed-browse-cars.json', 'legacy-feed-2021.json'])('%s', async (capture) => {
    live.site.serve([{ method: 'POST', path: '/api/graphql', headers: JSON_TYPE, body: readFixture('mkt_e', capture) }]);
    await check(capture);
    const asked = live.site.seen.at(-1)!;
    expect(JSON.parse(asked.body)).toMatchObject({ operationName: 'GetModularFeed' });
  });

  test('ssr-explore-cars-trucks.html, read when the feed refuses the query', async () => {
    live.site.serve([
      { method: 'POST', path: '/api/graphql', status: 400, headers: JSON_TYPE, body: REFUSED },
      { method: 'GET', path: '/search', headers: { 'content-type': 'text/html; charset=utf-8' }, body: readFixture('mkt_e', 'ssr-explore-cars-trucks.html') },
    ]);
    await check('ssr-explore-cars-trucks.html');
  });

  // A server-rendered page that states its place only in the app's location state
  // (`appProps.location`: coordinates, ZIP, city, where it came from). Derived from the real page,
  // labelled: its Apollo feed entry (whose key also states the place) renamed away, so the page's
  // own feed copy is read and only the app state places it. Read there; never an unstated place.
  test('ssr-explore-cars-trucks.html placed only by the app\'s location state (derived), read where it states it', async () => {
    const key = '"modularFeed:cid=5.1:experiment_id=experimentmodel24:lat=37.751:limit=50:lon=-97.822:platform=web_mobile"';
    const real = readFixture('mkt_e', 'ssr-explore-cars-trucks.html');
    expect(real.split(key).length).toBe(2);
    live.site.serve([
      { method: 'POST', path: '/api/graphql', status: 400, headers: JSON_TYPE, body: REFUSED },
      { method: 'GET', path: '/search', headers: { 'content-type': 'text/html; charset=utf-8' }, body: real.replace(key, '"someOtherQuery"') },
    ]);
    await check('ssr-explore-cars-trucks.html', 'cars and trucks');
    expect(live.site.seen.at(-1)!).toMatchObject({ method: 'GET', path: '/search' });
    expect(live.site.seen.at(-1)!.query.get('q')).toBe('cars and trucks');
  });

  // The civic search's pages 2-5 (test/data/mkt_e) after the shared page 1, each asked
  // with the next_cursor the page before returned; the site answers the feed request by the
  // page_cursor it carries. Repeats of earlier pages are not rows again; paging ends after page 5.
  test('pages 1-5 of one search through next_cursor: each page against its golden file, then no next page', async () => {
    const captures = ['mkt_e/gql-modular-feed-civic.json', ...[2, 3, 4, 5].map((n) => `test/data/mkt_e/gql-modular-feed-civic-page${n}.json`)];
    const bodies = captures.map((c) => readCapture(c));
    const byCursor = new Map<string | null, string>([[null, bodies[0]!]]);
    for (let i = 0; i < bodies.length - 1; i++) byCursor.set((JSON.parse(bodies[i]!) as { data: { modularFeed: { pageCursor: string } } }).data.modularFeed.pageCursor, bodies[i + 1]!);
    live.site.serve([{
      method: 'POST', path: '/api/graphql', headers: JSON_TYPE,
      body: (req) => {
        const cursor = (JSON.parse(req.body) as { variables: { searchParams: Array<{ key: string; value: string }> } }).variables.searchParams.find((p) => p.key === 'page_cursor')?.value ?? null;
        return byCursor.get(cursor) ?? JSON.stringify({ errors: [{ message: 'unknown cursor' }], data: null });
      },
    }]);
    const { key } = await live.liveKey();
    // Another q than page 1's golden search: the cache holds that one from the test above.
    let path = `/v1/mkt_e/listings?${new URLSearchParams({ q: 'honda civic coupe', lat: '33.8166', lon: '-118.0373' }).toString()}`;
    const read: string[] = [];
    for (const capture of captures) {
      const g = readGolden('mkt_e', capture.slice(capture.lastIndexOf('/') + 1));
      const env = await run(live.stack, key, path);
      read.push(capture);
      expect({ capture, status: env.status }).toEqual({ capture, status: 'complete' });
      expectGolden({ result: env.result as never }, g);
      const r = env.result as { next_page: number | null; next_cursor: string | null };
      if (r.next_page === null) break;
      path = `/v1/mkt_e/listings?${new URLSearchParams({ q: 'honda civic coupe', lat: '33.8166', lon: '-118.0373', page: String(r.next_page), cursor: r.next_cursor! }).toString()}`;
    }
    expect(read).toEqual(captures);
  });
});
