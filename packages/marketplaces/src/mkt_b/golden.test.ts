/**
 * The Poshmark adapter on every real capture, compared with its golden file (test/golden/mkt_b,
 * written by scripts/golden/mkt_b.py reading the captures independently): the rendered search
 * page's tiles, and the JSON listing route (the page's fallback) with a closet answer and a
 * single post's detail, which is not a search answer.
 */
import { CollectionError, findRoute, validateSearch, type Search, type HttpClient, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { expectGolden, readGolden, type Golden, type Reading } from '../testkit/golden.ts';
import { createMktB } from './index.ts';
import { EMPTY_SEARCH_PAGE as EMPTY_PAGE, wholePage } from './test-pages.ts';

const mktB = createMktB();
const BASE = 'https://poshmark.test';

function searchOf(g: Golden): Search {
  return validateSearch(findRoute(`mkt_b/${g.search.kind}`)!, [['q', g.search.q], ...Object.entries(g.search.params)], { cursorSecret: 's' });
}

async function read(g: Golden, answer: (req: UpstreamRequest) => UpstreamResponse): Promise<Reading> {
  const http: HttpClient = { request: async (req) => answer(req) };
  try {
    const page = await mktB.collect(searchOf(g), { http, baseUrl: BASE, now: new Date(g.now), continuation: null, signal: new AbortController().signal });
    return { result: page.result as never };
  } catch (err) {
    if (!(err instanceof CollectionError)) throw err;
    return { code: err.code };
  }
}

const html = (body: string) => (req: UpstreamRequest): UpstreamResponse => ({ status: 200, url: req.url, headers: { 'content-type': 'text/html' }, body });
const viaListingRoute = (json: string) => (req: UpstreamRequest): UpstreamResponse => (new URL(req.url).pathname === '/search'
  ? { status: 200, url: req.url, headers: { 'content-type': 'text/html' }, body: EMPTY_PAGE }
  : { status: 200, url: req.url, headers: { 'content-type': 'application/json' }, body: json });

describeWithFixtures('mkt_b', 'mkt_b adapter against the golden files of every capture', () => {
  test.each(['sold-rendered-body.html', 'grid-trimmed.html'])('%s (the search page)', async (capture) => {
    const g = readGolden('mkt_b', capture);
    expectGolden(await read(g, html(wholePage(readFixture('mkt_b', capture)))), g);
  });

  test.each(['closet-posts-1.json', 'post-1.json'])('%s (the listing route)', async (capture) => {
    const g = readGolden('mkt_b', capture);
    expectGolden(await read(g, viaListingRoute(readFixture('mkt_b', capture))), g);
  });
});
