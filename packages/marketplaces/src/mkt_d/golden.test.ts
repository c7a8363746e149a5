/**
 * The Depop adapter on every real capture, compared with its golden file (test/golden/mkt_d,
 * written by scripts/golden/mkt_d.py reading the captures independently), through each step
 * of the fallback order: the presentation API's `objects` shape; the `products`/`meta` shape
 * answered by the API (the search page's embedded answer, served as the API's body); and the
 * search page itself, read when the API no longer answers as known.
 */
import { CollectionError, ROUTES, validateSearch, type Search, type HttpClient, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { expectGolden, readGolden, type Golden, type Reading } from '../testkit/golden.ts';
import { createMktD } from './index.ts';
import { SEARCH_PATH } from './params.ts';

const route = ROUTES.find((r) => r.id === 'mkt_d/listings')!;
const mktD = createMktD();
const BASE = 'https://depop.test';

function searchOf(g: Golden): Search {
  return validateSearch(route, [['q', g.search.q], ...Object.entries(g.search.params)], { cursorSecret: 's' });
}

async function read(g: Golden, answer: (req: UpstreamRequest) => UpstreamResponse): Promise<{ reading: Reading; asked: string[] }> {
  const asked: string[] = [];
  const http: HttpClient = { request: async (req) => (asked.push(new URL(req.url).pathname), answer(req)) };
  try {
    const page = await mktD.collect(searchOf(g), { http, baseUrl: BASE, now: new Date(g.now), continuation: null, signal: new AbortController().signal });
    return { reading: { result: page.result as never }, asked };
  } catch (err) {
    if (!(err instanceof CollectionError)) throw err;
    return { reading: { code: err.code }, asked };
  }
}

const ok = (body: string, type: string): UpstreamResponse => ({ status: 200, url: BASE, headers: { 'content-type': type }, body });
const JSON_TYPE = 'application/json';

/** The search page's embedded answer `{meta, products}`, cut out of the flight data by hand-written string search (no parser code). */
function embeddedAnswer(html: string): string {
  let flight = '';
  for (const m of html.matchAll(/self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/gu)) {
    const chunk = JSON.parse(m[1]!) as unknown[];
    if (typeof chunk[1] === 'string') flight += chunk[1];
  }
  const start = flight.indexOf('{"meta":{"result_count"');
  // The page object is {searchId, data: {meta, products}, status, headers}: the answer ends before `,"status":200,"headers":`.
  return flight.slice(start, flight.indexOf(',"status":200,"headers":', start));
}

describeWithFixtures('mkt_d', 'mkt_d adapter against the golden files of every capture', () => {
  test('presentation-api-search.json: the API answer in the objects shape', async () => {
    const g = readGolden('mkt_d', 'presentation-api-search.json');
    const { reading, asked } = await read(g, () => ok(readFixture('mkt_d', 'presentation-api-search.json'), JSON_TYPE));
    expectGolden(reading, g);
    expect(asked).toEqual([SEARCH_PATH]);
  });

  test('search-page-v3-flight.html: the products/meta shape answered by the API', async () => {
    const g = readGolden('mkt_d', 'search-page-v3-flight.html');
    const body = embeddedAnswer(readFixture('mkt_d', 'search-page-v3-flight.html'));
    expect(JSON.parse(body)).toMatchObject({ meta: { result_count: 24 } });
    const { reading, asked } = await read(g, () => ok(body, JSON_TYPE));
    expectGolden(reading, g);
    expect(asked).toEqual([SEARCH_PATH]);
  });

  test('search-page-v3-flight.html: the search page read when the API no longer answers as known', async () => {
    const g = readGolden('mkt_d', 'search-page-v3-flight.html');
    const html = readFixture('mkt_d', 'search-page-v3-flight.html');
    const { reading, asked } = await read(g, (req) => (new URL(req.url).pathname === SEARCH_PATH ? { status: 404, url: req.url, headers: { 'content-type': 'text/html' }, body: '<html>Not found</html>' } : ok(html, 'text/html')));
    expectGolden(reading, g);
    expect(asked).toEqual([SEARCH_PATH, '/search/']);
  });

  test('a filtered search is not read from the search page (its filters could not be confirmed)', async () => {
    const g = readGolden('mkt_d', 'search-page-v3-flight.html');
    const filtered: Golden = { ...g, search: { ...g.search, params: { max_price: '50' } } };
    const { reading, asked } = await read(filtered, () => ({ status: 404, url: BASE, headers: {}, body: '' }));
    expect(reading).toEqual({ code: 'upstream_error' });
    expect(asked).toEqual([SEARCH_PATH]);
  });
});
