/**
 * The OfferUp adapter on every real search capture, compared with its golden file
 * (test/golden/mkt_e, written by scripts/golden/mkt_e.py reading the JSON independently):
 * the GraphQL answers, the 2021 REST feed, and the server-rendered page read as the fallback
 * when the GraphQL feed refuses the query.
 */
import { CollectionError, ROUTES, validateSearch, type Search, type HttpClient, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import type { Continuation } from '../contract.ts';
import { describeWithFixtures, readCapture, readFixture } from '../testkit/fixtures.ts';
import { expectGolden, readGolden, type Golden, type Reading } from '../testkit/golden.ts';
import { createMktE, misplaced, type FeedState } from './index.ts';
import { parseSsrPage } from './parse.ts';

const route = ROUTES.find((r) => r.id === 'mkt_e/listings')!;
const mktE = createMktE();
const BASE = 'https://offerup.test';
/** A GraphQL validation error, as a GraphQL server answers a query with a field it does not have. */
const REFUSED = JSON.stringify({ errors: [{ message: 'Cannot query field "x" on type "ModularFeedListing".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }], data: null });

function searchOf(g: Golden): Search {
  const s = validateSearch(route, [['q', g.search.q], ...Object.entries(g.search.params)], { cursorSecret: 's' });
  expect(mktE.check!(s)).toBeNull();
  return s;
}

async function read(g: Golden, answer: (req: UpstreamRequest) => UpstreamResponse): Promise<{ reading: Reading; asked: UpstreamRequest[] }> {
  const asked: UpstreamRequest[] = [];
  const http: HttpClient = { request: async (req) => (asked.push(req), answer(req)) };
  try {
    const page = await mktE.collect(searchOf(g), { http, baseUrl: BASE, now: new Date(g.now), continuation: null, signal: new AbortController().signal });
    return { reading: { result: page.result as never }, asked };
  } catch (err) {
    if (!(err instanceof CollectionError)) throw err;
    return { reading: { code: err.code }, asked };
  }
}

const json = (body: string, status = 200): UpstreamResponse => ({ status, url: `${BASE}/api/graphql`, headers: { 'content-type': 'application/json' }, body });

describeWithFixtures('mkt_e', 'mkt_e adapter against the golden files of every capture', () => {
  test.each(['gql-modular-feed-civic.json', 'gql-modular-feed-browse-cars.json', 'legacy-feed-2021.json'])('%s (the feed answer)', async (capture) => {
    const g = readGolden('mkt_e', capture);
    const { reading, asked } = await read(g, () => json(readFixture('mkt_e', capture)));
    expectGolden(reading, g);
    expect(asked.map((r) => [r.method, new URL(r.url).pathname])).toEqual([['POST', '/api/graphql']]);
  });

  test('ssr-explore-cars-trucks.html: the server-rendered page, read when the GraphQL feed refuses the query', async () => {
    const g = readGolden('mkt_e', 'ssr-explore-cars-trucks.html');
    const html = readFixture('mkt_e', 'ssr-explore-cars-trucks.html');
    const { reading, asked } = await read(g, (req) => (req.method === 'POST' ? json(REFUSED, 400) : { status: 200, url: req.url, headers: { 'content-type': 'text/html' }, body: html }));
    expectGolden(reading, g);
    const fallback = new URL(asked[1]!.url);
    expect({ path: fallback.pathname, q: fallback.searchParams.get('q'), lat: fallback.searchParams.get('lat'), cid: fallback.searchParams.get('cid') }).toEqual({ path: '/search', q: 'cars', lat: '37.7510', cid: '5.1' });
  });

  test('the server-rendered page placed somewhere else than the search asked is never read as its rows', async () => {
    const g = readGolden('mkt_e', 'gql-modular-feed-civic.json');
    const html = readFixture('mkt_e', 'ssr-explore-cars-trucks.html');
    const { reading } = await read(g, (req) => (req.method === 'POST' ? json(REFUSED, 400) : { status: 200, url: req.url, headers: {}, body: html }));
    expect(reading).toEqual({ code: 'upstream_error' });
  });

  test('the GraphQL refusal without a usable page fails upstream_error at no rows', async () => {
    const g = readGolden('mkt_e', 'gql-modular-feed-civic.json');
    const { reading } = await read(g, (req) => (req.method === 'POST' ? json(REFUSED, 400) : { status: 404, url: req.url, headers: {}, body: 'not found' }));
    expect(reading).toEqual({ code: 'upstream_error' });
  });
  // categories-2025.json is a taxonomy, not a search answer: categories.test.ts checks the adapter's category table against it.
});

/**
 * The place of a server-rendered page, wherever the page states it. The real page
 * states it twice: in its feed's Apollo cache key (`…:lat=37.751:…:lon=-97.822:…`) and in the
 * app's location state (`appProps.location`: city, state, ZIP, coordinates and `source: "ip"`).
 * A search page can state it only in the app's location state; the derived page below is the
 * real one without its Apollo feed entry (so the page's own `searchFeedResponse` copy is read
 * and only the app state says where), labelled as derived, never stored as a capture.
 */
describeWithFixtures('mkt_e', 'mkt_e server-rendered page: the place read wherever the page states it', () => {
  const html = readFixture('mkt_e', 'ssr-explore-cars-trucks.html');
  const apolloKey = 'modularFeed:cid=5.1:experiment_id=experimentmodel24:lat=37.751:limit=50:lon=-97.822:platform=web_mobile';
  /** The real page with its Apollo feed entry renamed away: only the app's location state places it. */
  const appStateOnly = (): string => {
    expect(html.split(`"${apolloKey}"`).length).toBe(2);
    return html.replace(`"${apolloKey}"`, '"someOtherQuery"');
  };

  test('the real page: the feed key states the place, and the app state agrees', () => {
    expect(parseSsrPage(html).place).toEqual({ latitude: 37.751, longitude: -97.822, zip: null, statedIn: 'feed', source: null });
    expect(html).toContain('"location":{"city":null,"state":null,"zipCode":null,"longitude":-97.822,"latitude":37.751,"source":"ip"}');
  });

  test('a page that states the place only in the app\'s location state is read there, rows and all', async () => {
    const page = parseSsrPage(appStateOnly());
    expect(page.place).toEqual({ latitude: 37.751, longitude: -97.822, zip: null, statedIn: 'app', source: 'ip' });
    const g = readGolden('mkt_e', 'ssr-explore-cars-trucks.html');
    const { reading } = await read(g, (req) => (req.method === 'POST' ? json(REFUSED, 400) : { status: 200, url: req.url, headers: { 'content-type': 'text/html' }, body: appStateOnly() }));
    expectGolden(reading, g);
  });

  test('fails only when the stated place is not the one searched', async () => {
    const civic = readGolden('mkt_e', 'gql-modular-feed-civic.json');
    const { reading } = await read(civic, (req) => (req.method === 'POST' ? json(REFUSED, 400) : { status: 200, url: req.url, headers: {}, body: appStateOnly() }));
    expect(reading).toEqual({ code: 'upstream_error' });
    const unstated = appStateOnly().replace('"longitude":-97.822,"latitude":37.751', '"longitude":null,"latitude":null');
    expect(parseSsrPage(unstated).place).toBeNull();
  });

  test('misplaced(): coordinates within about a mile, or a stated ZIP that is the one searched', () => {
    const at = { zip: '67202', latitude: 37.6872, longitude: -97.3301 };
    const place = (over: Partial<Parameters<typeof misplaced>[0] & object>): Parameters<typeof misplaced>[0] => ({ latitude: null, longitude: null, zip: null, statedIn: 'app', source: null, ...over });
    expect(misplaced(place({ latitude: 37.69, longitude: -97.33 }), at)).toBeNull();
    expect(misplaced(place({ latitude: 37.751, longitude: -97.822 }), at)).toBe('37.751, -97.822');
    expect(misplaced(place({ zip: '67202' }), at)).toBeNull();
    expect(misplaced(place({ zip: '67203' }), at)).toBe('ZIP 67203');
    expect(misplaced(place({ zip: '67202' }), { ...at, zip: null })).toBe('ZIP 67202');
    expect(misplaced(null, at)).toBe('an unstated place');
  });
});

/**
 * The civic search's pages 2-5 (test/data/mkt_e, saved beside the shared page 1): read in turn
 * as the search's later pages, each with the continuation the page before returned. Their
 * listings mostly repeat earlier pages' (32, 41, 41, 42 of 46): those are not rows again, and
 * paging stops after page 5 (4 new listings, fewer than 5). Golden values by scripts/golden/mkt_e.py.
 */
describeWithFixtures('mkt_e', 'mkt_e adapter on five real pages of one search: repeats removed, paging stopped', () => {
  test('pages 1-5 of "honda civic", each against its golden file', async () => {
    const captures = ['mkt_e/gql-modular-feed-civic.json', ...[2, 3, 4, 5].map((n) => `test/data/mkt_e/gql-modular-feed-civic-page${n}.json`)];
    let continuation: Continuation | null = null;
    const sentCursors: Array<string | null> = [];
    for (const [i, capture] of captures.entries()) {
      const g = readGolden('mkt_e', capture.slice(capture.lastIndexOf('/') + 1));
      expect(g.capture).toBe(capture);
      const body = readCapture(capture);
      const http: HttpClient = {
        request: async (req) => {
          sentCursors.push((JSON.parse(req.body!) as { variables: { searchParams?: Array<{ key: string; value: string }> } }).variables.searchParams?.find((p) => p.key === 'page_cursor')?.value ?? null);
          return json(body);
        },
      };
      const page1 = validateSearch(route, [['q', g.search.q], ...Object.entries(g.search.params)], { cursorSecret: 's' });
      const search: Search = i === 0 ? page1 : { ...page1, page: i + 1, cursor: 'signed-by-the-core' };
      const page = await mktE.collect(search, { http, baseUrl: BASE, now: new Date(g.now), continuation, signal: new AbortController().signal });
      expectGolden({ result: page.result as never }, g);
      if (i > 0) expect(sentCursors.at(-1)).toBe(continuation!.token);
      continuation = page.next === null ? null : { token: page.next.token, state: page.next.state ?? null };
      if (i < captures.length - 1) expect((continuation!.state as FeedState).seen.length).toBeGreaterThan(0);
    }
    expect(continuation).toBeNull();
  });
});
