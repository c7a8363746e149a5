/**
 * mkt_e end to end: local listings around a ZIP or a point over HTTP through api →
 * queue → worker → the classifieds adapter → its simulator, with a sandbox key. Searches are
 * followed by cursor to their end: no listing twice, paging stops by interface 4.5 rule 4 (the
 * simulator's own answers show when its source ended), widening is reported as the
 * simulator's feed showed it; vehicle searches by keywords alone are recognized; location and
 * vehicle-only inputs are refused with 422 naming the parameter; a filter the marketplace did
 * not apply fails the job at no cost; cursors and faults as on every cursor route.
 */
import { marketplaceSuite } from '../support/suites.ts';
import {
  altered, complete, expectFailsFree, expectInvalid, expectResult, expectRows, FAULT_OUTCOMES, follow, nextPath,
  repeats, type Exchange, type FieldKind, type Result,
  allRows, ids,
} from './helpers.ts';

const LISTING_ROW: Record<string, FieldKind> = {
  id: 'string', title: 'string', link: 'url', displayed_price: 'price?', displayed_price_text: 'string?', call_for_price: 'boolean',
  firm_price: 'boolean?', condition: 'string?', location_text: 'string?', city: 'string?', state: 'string?', image: 'url?',
  vehicle_miles: 'integer?', promoted: 'boolean', flags: 'strings',
};
const EXTRAS = ['location', 'category_id', 'vehicle_search'];
const DEPTH_LIMIT = 220;
const MIN_NEW = 5;

interface Location {
  zip: string | null;
  latitude: number;
  longitude: number;
  radius_miles: number;
  requested_radius_miles: number | null;
  widened_radius_miles: number | null;
}

const suite = marketplaceSuite('mkt_e');
const { answered } = suite;

const location = (p: Result): Location => p.location as Location;

type SearchParams = Array<{ key: string; value: string }>;

/**
 * What the feed answered for keywords `q`, one entry per page in order: its cursor and the
 * radius it showed. A page asked twice (an attempt timed out while the simulator was still
 * building a cold search, and the worker retried) counts once, with its last answer.
 */
function feedAnswers(q: string): Array<{ pageCursor: string | null; shownRadius: number }> {
  const byPage = new Map<string, Exchange>();
  for (const x of answered) {
    const params = (JSON.parse(x.req.body) as { variables: { searchParams: SearchParams } }).variables.searchParams;
    if (!params.some((p) => p.key === 'q' && p.value === q)) continue;
    const cursor = params.find((p) => p.key === 'page_cursor')?.value ?? '';
    byPage.delete(cursor);
    byPage.set(cursor, x);
  }
  return [...byPage.values()].map((x) => {
    const feed = (JSON.parse(x.res.body) as { data: { modularFeed: { pageCursor: string | null; filters: Array<{ targetName?: string; options?: Array<{ value: string; isSelected: boolean }> }> } } }).data.modularFeed;
    const distance = feed.filters.find((f) => f.targetName === 'DISTANCE')!;
    return { pageCursor: feed.pageCursor, shownRadius: Number(distance.options!.find((o) => o.isSelected)!.value) };
  });
}

type StopReason = 'source_ended' | 'few_new' | 'depth' | 'page_100';

/**
 * Interface 4.5 rule 4 over a followed search: no listing twice; count new rows, page_size
 * source rows; every page before the last had at least 5 new listings with fewer than about
 * 220 delivered; the last page stopped for at least one of the rule's reasons. Returns the
 * reasons that hold on it (the simulator's own answer tells whether its source ended).
 */
function expectRule4(pages: readonly Result[], q: string): StopReason[] {
  const rows = allRows(pages);
  expect(repeats(ids(rows))).toEqual([]);
  let delivered = 0;
  pages.forEach((p, i) => {
    expectResult(p, 'mkt_e', q, i + 1, EXTRAS);
    expect(p).toMatchObject({ schema_version: 2, reported_total: null });
    expectRows(p.data, LISTING_ROW);
    delivered += p.count;
    if (i < pages.length - 1) {
      expect(p.count).toBeGreaterThanOrEqual(MIN_NEW);
      expect(delivered).toBeLessThan(DEPTH_LIMIT);
    }
  });
  const last = pages.at(-1)!;
  expect(last).toMatchObject({ next_page: null, next_cursor: null });
  const feed = feedAnswers(q);
  expect(feed).toHaveLength(pages.length);
  const reasons: StopReason[] = [];
  if (feed.at(-1)!.pageCursor === null) reasons.push('source_ended');
  if (last.count < MIN_NEW) reasons.push('few_new');
  if (delivered >= DEPTH_LIMIT) reasons.push('depth');
  if (last.page === 100) reasons.push('page_100');
  expect(reasons.length).toBeGreaterThan(0);
  return reasons;
}

test('a dense vehicle search followed to its end: no listing twice, stops after about 220 listings', async () => {
  const pages = await follow(suite.stack, suite.key, '/v1/mkt_e/listings?q=toyota+camry&zip=90210');
  expect(expectRule4(pages, 'toyota camry')).toEqual(['depth']);
  expect(allRows(pages).length).toBeGreaterThanOrEqual(DEPTH_LIMIT);
  // The source repeats listings across pages: those are counted in page_size but are not rows again.
  expect(pages.some((p) => p.page_size > p.count)).toBe(true);
  // Keywords alone made it a cars-and-trucks search, at the vehicle default radius around the ZIP's Census point.
  for (const p of pages) {
    expect(p).toMatchObject({ vehicle_search: true, category_id: '5.1' });
    expect(location(p)).toMatchObject({ zip: '90210', latitude: 34.1005, longitude: -118.4146, radius_miles: 80, requested_radius_miles: null });
  }
  // Most rows are the car; a few are other makes and models, as on the real OfferUp "honda civic" pages (8 of 73: sim/pollution.ts).
  const rows = allRows(pages);
  expect(rows.filter((r) => /\bToyota\b/u.test(r.title as string)).length).toBeGreaterThanOrEqual(rows.length * 0.8);
  expect(allRows(pages).some((r) => Number.isInteger(r.vehicle_miles))).toBe(true);
});

test('a vehicle search by model name alone is recognized by the marketplace; the radius maps to the vehicle set', async () => {
  const result = await complete(suite.stack, suite.key, '/v1/mkt_e/listings?q=2015+civic&zip=60614&radius=30');
  expect(result).toMatchObject({ schema_version: 2, vehicle_search: true, category_id: '5.1' });
  expect(location(result)).toMatchObject({ zip: '60614', radius_miles: 25, requested_radius_miles: 30 });
  const plain = await complete(suite.stack, suite.key, '/v1/mkt_e/listings?q=desk+lamp&zip=60614&radius=25');
  expect(plain).toMatchObject({ vehicle_search: false, category_id: null });
  expect(location(plain)).toMatchObject({ radius_miles: 20, requested_radius_miles: 25, widened_radius_miles: null });
});

test('widening is reported when nearby results run out, as the feed showed it; the search ends on a page of repeats', async () => {
  const q = 'futon';
  const pages = await follow(suite.stack, suite.key, `/v1/mkt_e/listings?q=${q}&lat=40.7&lon=-74&condition=used,new&min_price=240&sort=price_asc`);
  // The feed's own last page holds only repeats of the page before: fewer than 5 new listings.
  expect(expectRule4(pages, q)).toContain('few_new');
  const feed = feedAnswers(q);
  pages.forEach((p, i) => {
    const shown = feed[i]!.shownRadius;
    expect(location(p)).toEqual({ zip: null, latitude: 40.7, longitude: -74, radius_miles: 30, requested_radius_miles: null, widened_radius_miles: shown > 30 ? shown : null });
  });
  expect(location(pages[0]!).widened_radius_miles).toBeNull();
  expect(pages.some((p) => location(p).widened_radius_miles === 50)).toBe(true);
  // Filters held on every page.
  expect(allRows(pages).every((r) => (r.displayed_price as { amount: number }).amount >= 240)).toBe(true);
});

test('a search whose source ends stops there, with the widening of the page that reached farther', async () => {
  const pages = await follow(suite.stack, suite.key, '/v1/mkt_e/listings?q=bike&zip=10001');
  expect(expectRule4(pages, 'bike')).toEqual(['source_ended']);
  expect(location(pages.at(-1)!)).toMatchObject({ zip: '10001', latitude: 40.7507, longitude: -73.9973, radius_miles: 30, widened_radius_miles: 50 });
  // Listings sit at real places near the ZIP's point, read from "City, ST".
  expect(allRows(pages).every((r) => ['NY', 'NJ', 'CT', 'PA'].includes(r.state as string) && r.location_text === `${r.city as string}, ${r.state as string}`)).toBe(true);
});

describe('location and vehicle inputs are refused with 422 naming the parameter', () => {
  test.each([
    ['an unknown ZIP', 'q=lamp&zip=99999', 'zip', /not a US ZIP code/u],
    ['a PO-box-only ZIP', 'q=lamp&zip=10008', 'zip', /without a Census area/u],
    ['both zip and lat/lon', 'q=lamp&zip=10001&lat=40.7&lon=-74', 'zip', /not both/u],
    ['zip and lat', 'q=lamp&zip=10001&lat=40.7', 'zip', /not both/u],
    ['lat alone', 'q=lamp&lat=40.7', 'lon', /lon is needed/u],
    ['lon alone', 'q=lamp&lon=-74', 'lat', /lat is needed/u],
    ['no place at all', 'q=lamp', 'zip', /send zip/u],
    ['lat out of range', 'q=lamp&lat=12&lon=-74', 'lat', /lat/u],
    ['a malformed ZIP', 'q=lamp&zip=1234', 'zip', /zip/u],
    ['a radius not in the set', 'q=lamp&zip=10001&radius=7', 'radius', /radius/u],
    ['an unknown category', 'q=lamp&zip=10001&category=99', 'category', /not a category/u],
    ['a vehicle filter on an ordinary search', 'q=lamp&zip=10001&vehicle_make=toyota', 'vehicle_make', /vehicle_make/u],
    ['a vehicle sort on an ordinary search', 'q=lamp&zip=10001&sort=lowest_mileage', 'sort', /lowest_mileage/u],
  ])('%s', async (_name, query, param, message) => {
    expect(await expectInvalid(suite.stack, suite.key, `/v1/mkt_e/listings?${query}`, param)).toMatch(message);
  });

  test('nothing was recorded or charged', async () => {
    expect(await suite.stack.services.store.usage(suite.account, 'sandbox')).toMatchObject({ completed30d: 0, pending: 0 });
  });
});

test('a filter the marketplace did not apply fails the job filter_not_supported at no cost', async () => {
  // With category 5 (Vehicles) the marketplace keeps the whole category, where vehicle filters do not exist.
  await expectFailsFree(suite.stack, suite.account, suite.key, '/v1/mkt_e/listings?q=jeep&zip=90210&category=5&vehicle_make=jeep', 'filter_not_supported');
});

describe('cursors', () => {
  let first: Result;
  const path = '/v1/mkt_e/listings?q=guitar&zip=98402';
  beforeAll(async () => {
    const { key: k } = await suite.stack.newKey();
    first = await complete(suite.stack, k, path);
    expect(first.next_page).toBe(2);
  });

  test('page 2 without a cursor, with a foreign one, with other parameters, or an altered one → 422 (param cursor)', async () => {
    await expectInvalid(suite.stack, suite.key, `${path}&page=2`, 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_e/listings?q=guitar+amp&zip=98402', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath('/v1/mkt_e/listings?q=guitar&zip=98403', first), 'cursor');
    await expectInvalid(suite.stack, suite.key, nextPath(`${path}&radius=50`, first), 'cursor');
    await expectInvalid(suite.stack, suite.key, `${path}&page=2&cursor=${encodeURIComponent(altered(first.next_cursor!))}`, 'cursor');
  });

  test('the genuine cursor continues without the first page\'s listings', async () => {
    const second = await complete(suite.stack, suite.key, nextPath(path, first));
    const onFirst = new Set(ids(first.data));
    expect(second.data.filter((r) => onFirst.has(r.id))).toEqual([]);
    expect(second.page_size).toBeGreaterThan(second.count);
  });
});

test.each(FAULT_OUTCOMES)('fault %s → failed %s, 0 credits, usage unchanged', async (fault, code) => {
  suite.stack.sim.setFaults('mkt_e', { fault });
  await expectFailsFree(suite.stack, suite.account, suite.key, `/v1/mkt_e/listings?q=fault+${fault}&zip=98402`, code);
});
