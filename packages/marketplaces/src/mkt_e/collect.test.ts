import {
  BlockedError, CollectionUnavailableError, FilterNotSupportedError, LayoutChangedError, TransientUpstreamError,
  UpstreamThrottledError, findRoute, validateSearch, type Result, type Row, type Search, type HttpClient, type UpstreamRequest,
} from '@listings/contract';
import { recordingHttpClient } from '@listings/http-client/testing';
import type { CollectContext, CollectedPage, Continuation } from '../contract.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';
import { continuationOf, describeAdapter } from '../testkit/adapter-suite.ts';
import { DEPTH_LIMIT, MIN_NEW_PER_PAGE, createMktE, type FeedState } from './index.ts';
import { feedBody, rangeFilter, selectionFilter, tile, tiles, listing } from './test-feeds.ts';

const mktE = createMktE();
const route = findRoute('mkt_e/listings')!;

function search(query: string, page = 1): Search {
  const s = validateSearch(route, [...new URLSearchParams(query)], { cursorSecret: 's' });
  expect(mktE.check!(s)).toBeNull();
  return { ...s, page };
}

function ctx(http: HttpClient, baseUrl: string, continuation: Continuation | null = null): CollectContext {
  return { http, baseUrl, now: new Date('2026-10-01T12:00:00Z'), continuation, signal: new AbortController().signal };
}

interface Followed {
  pages: CollectedPage[];
  rows: Row[];
}

function rowsOf(p: CollectedPage): Row[] {
  return p.result.data as Row[];
}

/** The page's result with its documented field types (PageResult's `Omit` over an index signature loses them). */
function res(p: CollectedPage): Result {
  return p.result as unknown as Result;
}

describeAdapter({
  adapter: mktE,
  searches: { 'mkt_e/listings': 'q=lamp&zip=10001' },
  faults: [['bot_wall', BlockedError], ['login_wall', BlockedError], ['layout_changed', LayoutChangedError], ['http_429', UpstreamThrottledError], ['http_5xx', TransientUpstreamError], ['truncated', TransientUpstreamError]],
  pastTheEnd: { page: 100, from: continuationOf, outcome: 'last' },
});

describe('mkt_e collect() against its simulator over HTTP', () => {
  let sim: SimulatorServer;
  let base: string;
  beforeAll(async () => {
    sim = await startSimulators({ mkt_e: mktE.createSimulator() });
    base = `${sim.url}/mkt_e`;
  });
  afterAll(() => sim.close());
  afterEach(() => sim.setFaults('mkt_e', { fault: 'none', latencyMs: 0 }));

  /** Follows a search to its last page the way the core does: token back, state through JSON. */
  async function follow(query: string): Promise<Followed> {
    const http = recordingHttpClient();
    const pages: CollectedPage[] = [];
    let continuation: Continuation | null = null;
    for (let page = 1; page <= 100; page++) {
      const got = await mktE.collect(search(query, page), ctx(http, base, continuation));
      pages.push(got);
      expect(res(got).page).toBe(page);
      expect(got.next === null).toBe(res(got).next_page === null);
      if (!got.next) break;
      expect(res(got).next_page).toBe(page + 1);
      continuation = { token: got.next.token, state: JSON.parse(JSON.stringify(got.next.state)) as unknown };
    }
    return { pages, rows: pages.flatMap(rowsOf) };
  }

  function expectNoRepeats(f: Followed): void {
    const ids = f.rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of f.pages) {
      expect(res(p).count).toBe(rowsOf(p).length);
      expect(res(p).page_size).toBeGreaterThanOrEqual(res(p).count);
      expect(res(p).schema_version).toBe(2);
      expect(res(p).reported_total).toBeNull();
    }
  }

  test('a dense search followed to its end: no listing twice, stops after about 220 listings', async () => {
    const f = await follow('q=toyota camry&zip=90210');
    expectNoRepeats(f);
    // The source repeats listings across pages; those are not rows again.
    expect(f.pages.some((p) => res(p).page_size > res(p).count)).toBe(true);
    const before = f.rows.length - res(f.pages.at(-1)!).count;
    expect(before).toBeLessThan(DEPTH_LIMIT);
    expect(f.rows.length).toBeGreaterThanOrEqual(DEPTH_LIMIT);
    expect(f.pages.at(-1)!.next).toBeNull();
  });

  test('a vehicle search by keywords alone is recognized: category 5.1, vehicle radius default 80', async () => {
    const { pages } = await follow('q=toyota camry&zip=90210');
    const first = res(pages[0]!);
    expect(first.vehicle_search).toBe(true);
    expect(first.category_id).toBe('5.1');
    expect(first.location).toEqual({ zip: '90210', latitude: 34.1005, longitude: -118.4146, radius_miles: 80, requested_radius_miles: null, widened_radius_miles: null });
    // Every row a car; most the Camry, a few other makes and models as on the real OfferUp civic pages (sim/pollution.ts).
    const rows = rowsOf(pages[0]!);
    expect(rows.every((r) => Number.isInteger(r.vehicle_miles))).toBe(true);
    expect(rows.filter((r) => /Toyota Camry/u.test(r.title as string)).length).toBeGreaterThanOrEqual(rows.length * 0.75);
  });

  test('the marketplace\'s own reading wins: model names alone make a vehicle search, radius mapped to its set', async () => {
    const first = (await mktE.collect(search('q=2015 civic&zip=60614&radius=30'), ctx(recordingHttpClient(), base))).result;
    expect(first.vehicle_search).toBe(true);
    expect(first.category_id).toBe('5.1');
    expect(first.location).toMatchObject({ radius_miles: 25, requested_radius_miles: 30 });
  });

  test('widening is reported when nearby results run out', async () => {
    const f = await follow('q=futon&lat=40.7&lon=-74&condition=used,new&min_price=240&sort=price_asc');
    expectNoRepeats(f);
    const locations = f.pages.map((p) => res(p).location as { radius_miles: number; widened_radius_miles: number | null; zip: string | null });
    expect(locations.every((l) => l.radius_miles === 30 && l.zip === null)).toBe(true);
    expect(locations[0]!.widened_radius_miles).toBeNull();
    expect(locations.some((l) => l.widened_radius_miles === 50)).toBe(true);
    // Ends on a page of repeats: fewer than 5 new listings.
    expect(res(f.pages.at(-1)!).count).toBeLessThan(MIN_NEW_PER_PAGE);
    expect(f.rows.length).toBeLessThan(DEPTH_LIMIT);
    // Filters held on every page.
    expect(f.rows.every((r) => (r.displayed_price as { amount: number }).amount >= 240)).toBe(true);
    const prices = rowsOf(f.pages[0]!).filter((r) => r.promoted === false).map((r) => (r.displayed_price as { amount: number }).amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('a search whose source ends stops there, with widening on the page that reached farther', async () => {
    const http = recordingHttpClient();
    const only = await mktE.collect(search('q=bike&zip=10001'), ctx(http, base));
    expect(res(only).count).toBeGreaterThanOrEqual(MIN_NEW_PER_PAGE);
    expect(res(only).next_page).toBeNull();
    expect(only.next).toBeNull();
    expect(res(only).location).toMatchObject({ radius_miles: 30, widened_radius_miles: 50 });
    // Listings sit at real places near the ZIP's point.
    expect(rowsOf(only).every((r) => ['NY', 'NJ', 'CT', 'PA'].includes(r.state as string))).toBe(true);
  });

  test('vehicle filters are applied on a cars-and-trucks search', async () => {
    const got = await mktE.collect(search('q=sedan&zip=90210&category=5.1&vehicle_make=toyota&vehicle_max_mileage=100000&sort=lowest_mileage'), ctx(recordingHttpClient(), base));
    const rows = rowsOf(got);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /^\d{4} Toyota\b/u.test(r.title as string) && (r.vehicle_miles as number) <= 100000)).toBe(true);
  });

  test('a filter the marketplace did not apply fails the job instead of returning unfiltered rows', async () => {
    // With category 5 (Vehicles) the marketplace keeps the whole category: no vehicle filters there.
    await expect(mktE.collect(search('q=jeep&zip=90210&category=5&vehicle_make=jeep'), ctx(recordingHttpClient(), base))).rejects.toThrow(FilterNotSupportedError);
  });

  test('the simulator refuses a cursor of another search', async () => {
    const first = await mktE.collect(search('q=lamp&zip=10001'), ctx(recordingHttpClient(), base));
    expect(first.next).not.toBeNull();
    const other = search('q=chair&zip=10001', 2);
    await expect(mktE.collect(other, ctx(recordingHttpClient(), base, { token: first.next!.token, state: first.next!.state }))).rejects.toThrow(LayoutChangedError);
  });
});

/** An HttpClient answering fixed bodies in turn, keeping the requests. */
function scripted(...bodies: string[]): HttpClient & { sent: UpstreamRequest[] } {
  const sent: UpstreamRequest[] = [];
  return {
    sent,
    request(req) {
      sent.push(req);
      const body = bodies[Math.min(sent.length - 1, bodies.length - 1)]!;
      return Promise.resolve({ status: 200, url: req.url, headers: { 'content-type': 'application/json' }, body });
    },
  };
}

function sentParams(req: UpstreamRequest): Record<string, string> {
  const body = JSON.parse(req.body!) as { operationName: string; variables: { searchParams: Array<{ key: string; value: string }> } };
  expect(body.operationName).toBe('GetModularFeed');
  return Object.fromEntries(body.variables.searchParams.map((p) => [p.key, p.value]));
}

function state(seen: string[]): Continuation {
  return { token: 'cur-2', state: { v: 1, session: 'sess-1', seen } satisfies FeedState };
}

describe('mkt_e collect() rules on hand-made answers', () => {
  const base = 'http://upstream.invalid';

  test('the request: POST to /api/graphql with every parameter as a string', async () => {
    const http = scripted(feedBody({
      grid: tiles(10), categoryId: '2.1',
      filters: [selectionFilter('DISTANCE', ['10']), rangeFilter('PRICE_MIN', 'PRICE_MAX', '5', '500'), selectionFilter('CONDITION', ['NEW', 'BROKEN']), selectionFilter('SORT', ['-price'])],
    }));
    await mktE.collect(search('q=oak  table&lat=47.25&lon=-122.44&radius=10&min_price=5&max_price=500&condition=new,for_parts&category=2.1&sort=price_desc'), ctx(http, base));
    expect(http.sent[0]).toMatchObject({ method: 'POST', url: `${base}/api/graphql`, headers: { 'content-type': 'application/json' } });
    const p = sentParams(http.sent[0]!);
    expect(p).toMatchObject({
      q: 'oak table', lat: '47.2500', lon: '-122.4400', radius: '10', price_min: '5', price_max: '500',
      condition: 'BROKEN,NEW', cid: '2.1', sort: '-price', limit: '50', platform: 'web',
    });
    expect(p.page_cursor).toBeUndefined();
    expect(p.searchSessionId).toMatch(/^[0-9a-f-]{36}$/u);
  });

  test('no radius sent leaves the marketplace its default; a radius is mapped before it is sent', async () => {
    const none = scripted(feedBody({ grid: tiles(6) }));
    await mktE.collect(search('q=lamp&zip=10001'), ctx(none, base));
    expect(sentParams(none.sent[0]!).radius).toBeUndefined();
    const mapped = scripted(feedBody({ grid: tiles(6), filters: [selectionFilter('DISTANCE', ['50'])] }));
    const got = await mktE.collect(search('q=lamp&zip=10001&radius=200'), ctx(mapped, base));
    expect(sentParams(mapped.sent[0]!).radius).toBe('50');
    expect(res(got).location).toMatchObject({ radius_miles: 50, requested_radius_miles: 200, widened_radius_miles: null });
  });

  test('page 2 sends the cursor and the same search session; repeats are removed', async () => {
    const http = scripted(feedBody({ grid: [...tiles(10, 'A'), ...tiles(20, 'B')], cursor: 'cur-3' }));
    const got = await mktE.collect(search('q=lamp&zip=10001', 2), ctx(http, base, state(Array.from({ length: 10 }, (_, i) => `A${i + 1}`))));
    const p = sentParams(http.sent[0]!);
    expect(p.page_cursor).toBe('cur-2');
    expect(p.searchSessionId).toBe('sess-1');
    expect(res(got).page_size).toBe(30);
    expect(res(got).count).toBe(20);
    expect(rowsOf(got).map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => `B${i + 1}`));
    expect(got.next).toEqual({ token: 'cur-3', state: { v: 1, session: 'sess-1', seen: [...Array.from({ length: 10 }, (_, i) => `A${i + 1}`), ...Array.from({ length: 20 }, (_, i) => `B${i + 1}`)] } });
    expect(res(got).next_page).toBe(3);
  });

  test('stops when the source ends', async () => {
    const got = await mktE.collect(search('q=lamp&zip=10001'), ctx(scripted(feedBody({ grid: tiles(30), cursor: null })), base));
    expect(res(got)).toMatchObject({ count: 30, next_page: null });
    expect(got.next).toBeNull();
  });

  test('stops when a page yields fewer than 5 new listings', async () => {
    const got = await mktE.collect(search('q=lamp&zip=10001', 2), ctx(scripted(feedBody({ grid: [...tiles(30, 'A'), ...tiles(4, 'N')] })), base, state(Array.from({ length: 30 }, (_, i) => `A${i + 1}`))));
    expect(res(got)).toMatchObject({ page_size: 34, count: 4, next_page: null });
    const five = await mktE.collect(search('q=lamp&zip=10001', 2), ctx(scripted(feedBody({ grid: [...tiles(30, 'A'), ...tiles(5, 'N')] })), base, state(Array.from({ length: 30 }, (_, i) => `A${i + 1}`))));
    expect(res(five).next_page).toBe(3);
  });

  test('stops after about 220 listings', async () => {
    const seen = Array.from({ length: 200 }, (_, i) => `S${i}`);
    const at = await mktE.collect(search('q=lamp&zip=10001', 5), ctx(scripted(feedBody({ grid: tiles(20) })), base, state(seen)));
    expect(res(at)).toMatchObject({ count: 20, next_page: null });
    const below = await mktE.collect(search('q=lamp&zip=10001', 5), ctx(scripted(feedBody({ grid: tiles(19) })), base, state(seen)));
    expect(res(below).next_page).toBe(6);
  });

  test('stops on page 100', async () => {
    const got = await mktE.collect(search('q=lamp&zip=10001', 100), ctx(scripted(feedBody({ grid: tiles(50) })), base, state([])));
    expect(res(got).next_page).toBeNull();
    expect(got.next).toBeNull();
  });

  test('a later page without the stored state is refused, not collected', async () => {
    await expect(mktE.collect(search('q=lamp&zip=10001', 2), ctx(scripted(feedBody()), base, null))).rejects.toThrow(CollectionUnavailableError);
    await expect(mktE.collect(search('q=lamp&zip=10001', 2), ctx(scripted(feedBody()), base, { token: 't', state: { seen: 'x' } }))).rejects.toThrow(CollectionUnavailableError);
  });

  test.each([
    ['min_price=10', []],
    ['min_price=10', [rangeFilter('PRICE_MIN', 'PRICE_MAX', '20', null)]],
    ['condition=new,used', [selectionFilter('CONDITION', ['NEW'], ['USED'])]],
    ['sort=newest', [selectionFilter('SORT', ['best_match'], ['-posted'])]],
    ['category=2.1', []],
  ])('%s not echoed as applied → filter_not_supported', async (extra, filters) => {
    const http = scripted(feedBody({ grid: tiles(10), filters: filters as Array<Record<string, unknown>>, categoryId: extra === 'category=2.1' ? '2' : null }));
    await expect(mktE.collect(search(`q=lamp&zip=10001&${extra}`), ctx(http, base))).rejects.toThrow(FilterNotSupportedError);
  });

  test('a vehicle filter the marketplace ignored (it did not treat the search as cars) fails', async () => {
    const http = scripted(feedBody({ grid: tiles(10), categoryId: null }));
    await expect(mktE.collect(search('q=ford ranger&zip=10001&vehicle_transmission=manual'), ctx(http, base))).rejects.toThrow(/vehicle_transmission=manual \(VEH_TRANSMISSION=m\)/u);
  });

  test('a subcategory of the category sent counts as applied', async () => {
    const got = await mktE.collect(search('q=honda&zip=10001&category=5'), ctx(scripted(feedBody({ grid: tiles(10), categoryId: '5.1', filters: [] })), base));
    expect(res(got)).toMatchObject({ category_id: '5.1', vehicle_search: true });
    expect(res(got).location).toMatchObject({ radius_miles: 80 });
  });

  test('a page of listing tiles none of which can be read is a changed layout', async () => {
    const http = scripted(feedBody({ grid: [tile(listing({ id: null })), tile(listing({ title: null }))] }));
    await expect(mktE.collect(search('q=lamp&zip=10001'), ctx(http, base))).rejects.toThrow(LayoutChangedError);
  });

  test('an empty first page is an empty result, not an error', async () => {
    const got = await mktE.collect(search('q=zzzz&zip=10001'), ctx(scripted(feedBody({ grid: [], cursor: null })), base));
    expect(res(got)).toMatchObject({ count: 0, page_size: 0, next_page: null, data: [] });
  });

  test('a page that widened the area shows it', async () => {
    const got = await mktE.collect(search('q=lamp&zip=10001&radius=10'), ctx(scripted(feedBody({ grid: tiles(8), filters: [selectionFilter('DISTANCE', ['30'])] })), base));
    expect(res(got).location).toEqual({ zip: '10001', latitude: 40.7507, longitude: -73.9973, radius_miles: 10, requested_radius_miles: 10, widened_radius_miles: 30 });
  });
});
