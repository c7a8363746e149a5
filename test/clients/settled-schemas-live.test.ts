/**
 * Every result the worker settles from a real capture, through the live path (a site on
 * 127.0.0.1 answering as the marketplace with the captured body, a live key, the production
 * adapter, HTTP client, worker and store), validates against its route's schema in the OpenAPI
 * description. The captures are served as in test/e2e/live-*.test.ts; a capture
 * whose golden file says the search fails is checked to fail (no result to validate), so
 * every complete reading is validated. A mismatch fails naming the row index and field.
 */
import { checkResult, describeMismatches, type RouteId, type Token } from '@listings/contract';
import { MARKETPLACES } from '@listings/marketplaces';
import { EMPTY_SEARCH_PAGE, wholePage } from '../../packages/marketplaces/src/mkt_b/test-pages.ts';
import { SEARCH_PATH as MKT_D_SEARCH_PATH } from '../../packages/marketplaces/src/mkt_d/params.ts';
import { describeWithFixtures, readFixture, readGolden } from '@listings/marketplaces/testkit';
import { runLive, startLiveStack, type CaptureRoute, type LiveStack } from '../support/live-capture.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const REFUSED = JSON.stringify({ errors: [{ message: 'Cannot query field "x" on type "ModularFeedListing".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }], data: null });
const mktCSim = MARKETPLACES.mkt_c.createSimulator();

interface Case { capture: string; routes: () => CaptureRoute[]; path?: (g: ReturnType<typeof readGolden>) => string }

const CASES: Record<Token, Case[]> = {
  mkt_a: [
    'sold-s-card-60.html', 'sold-s-card-fewer-words.html', 'sold-s-card-zero-results-loose.html', 'sold-completed-pretty-ended-mixed.html',
    'listings-s-card-spiderman.html', 'listings-s-card-auctions.html', 'listings-s-card-refurbished.html',
  ].map((capture) => ({ capture, routes: () => [{ path: '/sch/i.html', headers: HTML, body: readFixture('mkt_a', capture) }] })),
  mkt_b: [
    ...['sold-rendered-body.html', 'grid-trimmed.html'].map((capture) => ({ capture, routes: () => [{ path: '/search', headers: HTML, body: wholePage(readFixture('mkt_b', capture)) }] })),
    ...['closet-posts-1.json', 'post-1.json'].map((capture) => ({
      capture,
      routes: () => [{ path: '/search', headers: HTML, body: EMPTY_SEARCH_PAGE }, { path: '/vm-rest/posts', headers: JSON_TYPE, body: readFixture('mkt_b', capture) }],
      path: (g: ReturnType<typeof readGolden>) => `/v1/mkt_b/${g.search.kind}?q=${encodeURIComponent(g.search.q)}`,
    })),
  ],
  // Every mkt_c capture is an active search or an item detail: a sold search over it fails (no result).
  mkt_c: ['search-payload.json'].map((capture) => ({
    capture,
    routes: () => [
      { method: 'POST', path: '/v1/api', headers: JSON_TYPE, body: readFixture('mkt_c', capture) },
      { path: /^\/(search\/|v1\/initialize)$/u, body: (req) => String((mktCSim.handle(req) as { body: string }).body) },
    ],
    path: (g) => `/v1/mkt_c/sold?q=${encodeURIComponent(g.search.q)}`,
  })),
  mkt_d: [
    { capture: 'presentation-api-search.json', routes: () => [{ path: MKT_D_SEARCH_PATH, headers: JSON_TYPE, body: readFixture('mkt_d', 'presentation-api-search.json') }] },
    {
      capture: 'search-page-v3-flight.html',
      routes: () => [
        { path: MKT_D_SEARCH_PATH, status: 404, headers: { 'content-type': 'text/html' }, body: '<!DOCTYPE html><html><body>Not Found</body></html>' },
        { path: '/search/', headers: HTML, body: readFixture('mkt_d', 'search-page-v3-flight.html') },
      ],
    },
  ].map((c) => ({ ...c, path: (g: ReturnType<typeof readGolden>) => `/v1/mkt_d/listings?q=${encodeURIComponent(g.search.q)}` })),
  mkt_e: [
    ...['gql-modular-feed-civic.json', 'gql-modular-feed-browse-cars.json', 'legacy-feed-2021.json'].map((capture) => ({
      capture, routes: () => [{ method: 'POST', path: '/api/graphql', headers: JSON_TYPE, body: readFixture('mkt_e', capture) }],
    })),
    {
      capture: 'ssr-explore-cars-trucks.html',
      routes: () => [
        { method: 'POST', path: '/api/graphql', status: 400, headers: JSON_TYPE, body: REFUSED },
        { method: 'GET', path: '/search', headers: HTML, body: readFixture('mkt_e', 'ssr-explore-cars-trucks.html') },
      ],
    },
  ],
};

function defaultPath(token: Token, g: ReturnType<typeof readGolden>): string {
  const params = new URLSearchParams({ q: g.search.q, ...g.search.params });
  return `/v1/${token}/${g.search.kind}?${params.toString()}`;
}

for (const token of Object.keys(CASES) as Token[]) {
  describeWithFixtures(token, `${token}: live results on real captures validate against the OpenAPI row schema`, () => {
    let live: LiveStack;
    beforeAll(async () => {
      live = await startLiveStack(token, { env: { JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '20' } });
    });
    afterAll(async () => {
      await live?.close();
    });

    test.each(CASES[token].map((c) => [c.capture, c] as const))('%s', async (_name, c) => {
      const g = readGolden(token, c.capture);
      live.site.serve(c.routes());
      const { key } = await live.liveKey();
      const { env } = await runLive(live, key, (c.path ?? ((x) => defaultPath(token, x)))(g));
      expect(env.status).toBe(g.expect.status === 'complete' ? 'complete' : 'failed');
      if (env.status !== 'complete') return;
      const route = `${token}/${g.search.kind}` as RouteId;
      expect(describeMismatches(checkResult(route, env.result))).toBe('');
    });
  });
}
