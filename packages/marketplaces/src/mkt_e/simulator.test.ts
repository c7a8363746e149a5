import type { SimRequest } from '../sim/kit.ts';
import { createMktESimulator } from './simulator.ts';
import { milesBetween, postalZips, zctaPoints } from './zip.ts';

type Params = Record<string, string>;
interface Tile { __typename: string; listing?: { listingId: string; price: string; locationName: string; flags: string[]; vehicleMiles: string | null; title: string } }
interface Feed {
  categoryInfo: { categoryId: string | null; isForcedCategory: boolean };
  filters: Array<{ targetName?: string; options?: Array<{ value: string; isSelected: boolean }>; lowerBound?: { targetName: string; value: string | null }; upperBound?: { targetName: string; value: string | null } }>;
  looseTiles: Tile[];
  modules: Array<{ grid: { tiles: Tile[] } }>;
  pageCursor: string | null;
}

const sim = createMktESimulator();

function post(params: Params, body?: string): { status: number; json: { data: { modularFeed: Feed } | null; errors?: Array<{ message: string; extensions: { code: string } }> } } {
  const req: SimRequest = {
    method: 'POST', path: '/api/graphql', query: new URLSearchParams(), headers: { 'content-type': 'application/json' },
    body: body ?? JSON.stringify({ operationName: 'GetModularFeed', variables: { searchParams: Object.entries(params).map(([key, value]) => ({ key, value })) }, query: 'query GetModularFeed { modularFeed { pageCursor } }' }),
  };
  const res = sim.handle(req) as { status: number; body: string };
  return { status: res.status, json: JSON.parse(res.body) as ReturnType<typeof post>['json'] };
}

function feed(params: Params): Feed {
  const r = post(params);
  expect(r.status).toBe(200);
  return r.json.data!.modularFeed;
}

function listings(f: Feed): NonNullable<Tile['listing']>[] {
  return f.looseTiles.filter((t) => t.listing).map((t) => t.listing!);
}

function selected(f: Feed, target: string): string[] | undefined {
  return f.filters.find((x) => x.targetName === target)?.options?.filter((o) => o.isSelected).map((o) => o.value);
}

const TACOMA = { q: 'desk lamp', lat: '47.2529', lon: '-122.4443' };

describe('mkt_e simulator', () => {
  test('places listings at real places within the radius', () => {
    const f = feed({ ...TACOMA, radius: '10' });
    const rows = listings(f);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => /^[A-Z][A-Za-z .'-]+, WA$/u.test(l.locationName))).toBe(true);
    expect(selected(f, 'DISTANCE')).toEqual(expect.arrayContaining([expect.stringMatching(/^(10|20|30|50)$/u)]));
  });

  test('the same ZIP holds the same listings whatever point a search starts from', () => {
    const a = new Set(listings(feed({ ...TACOMA, radius: '50' })).map((l) => l.listingId));
    const b = listings(feed({ ...TACOMA, lat: '47.6101', lon: '-122.2015', radius: '50' })).map((l) => l.listingId);
    expect(b.some((id) => a.has(id))).toBe(true);
  });

  test('listings sit within the widest radius the page shows', () => {
    const f = feed({ ...TACOMA, radius: '5' });
    const shown = Number(selected(f, 'DISTANCE')![0]);
    expect([5, 10, 20, 30, 50]).toContain(shown);
    const places = new Set(Object.entries(zctaPoints())
      .filter(([, p]) => milesBetween(47.2529, -122.4443, p.latitude, p.longitude) <= shown)
      .map(([zip]) => postalZips().find(zip))
      .map((z) => `${z.city}, ${z.stateCode}`));
    expect(listings(f).every((l) => places.has(l.locationName))).toBe(true);
  });

  test('maps a radius not offered: 25 on an ordinary search → 20, 30 on a car search → 25', () => {
    // Dense areas and a short page, so the first page does not reach past the applied radius.
    const nyc = { lat: '40.7507', lon: '-73.9973', limit: '5' };
    expect(selected(feed({ ...nyc, q: 'sofa', radius: '25' }), 'DISTANCE')).toEqual(['20']);
    expect(selected(feed({ ...nyc, q: 'honda civic', radius: '30' }), 'DISTANCE')).toEqual(['25']);
    expect(listings(feed({ ...nyc, q: 'sofa' })).length).toBeLessThanOrEqual(5);
  });

  test('infers cars and trucks from keywords, model names included; cid forces a category', () => {
    expect(feed({ ...TACOMA, q: 'toyota camry' }).categoryInfo).toEqual({ categoryId: '5.1', isForcedCategory: false });
    expect(feed({ ...TACOMA, q: 'camry 2012' }).categoryInfo.categoryId).toBe('5.1');
    expect(feed({ ...TACOMA, q: 'car seat' }).categoryInfo.categoryId).toBeNull();
    expect(feed({ ...TACOMA, q: 'camry', cid: '2.1' }).categoryInfo).toEqual({ categoryId: '2.1', isForcedCategory: true });
  });

  test('honours prices and conditions, echoing them', () => {
    const f = feed({ ...TACOMA, radius: '50', price_min: '20', price_max: '200', condition: 'NEW,USED' });
    expect(listings(f).every((l) => Number(l.price) >= 20 && Number(l.price) <= 200)).toBe(true);
    expect(f.filters.find((x) => x.lowerBound?.targetName === 'PRICE_MIN')).toMatchObject({ lowerBound: { value: '20' }, upperBound: { targetName: 'PRICE_MAX', value: '200' } });
    expect(selected(f, 'CONDITION')).toEqual(['NEW', 'USED']);
  });

  test('sorts by price', () => {
    const prices = listings(feed({ ...TACOMA, radius: '50', sort: 'price' })).filter((l) => l.price !== '').map((l) => Number(l.price));
    // Seller ads are placed at fixed slots; the organic order is ascending.
    const organic = prices.filter((_, i) => i !== 3 && i !== 20);
    expect(organic.slice(1)).toEqual([...organic.slice(1)].sort((a, b) => a - b));
  });

  test('vehicle filters apply on car searches only; elsewhere the keys are ignored, not echoed', () => {
    const cars = feed({ ...TACOMA, q: 'sedan', cid: '5.1', radius: '200', VEH_MAKE: 'td', VEH_MILEAGE: '100000' });
    expect(listings(cars).length).toBeGreaterThan(0);
    expect(listings(cars).every((l) => / Toyota /u.test(` ${l.title} `) && Number(l.vehicleMiles ?? 0) <= 100000)).toBe(true);
    expect(selected(cars, 'VEH_MAKE')).toEqual(['td']);
    expect(selected(cars, 'VEH_MILEAGE')).toEqual(['100000']);
    const lamps = feed({ ...TACOMA, VEH_MAKE: 'td' });
    expect(selected(lamps, 'VEH_MAKE')).toBeUndefined();
  });

  test('pages on with a cursor, repeating listings of the previous page; a cursor of another search is refused', () => {
    const p1 = feed({ ...TACOMA, radius: '50' });
    expect(p1.pageCursor).not.toBeNull();
    const p2 = feed({ ...TACOMA, radius: '50', page_cursor: p1.pageCursor! });
    const first = new Set(listings(p1).map((l) => l.listingId));
    expect(listings(p2).filter((l) => first.has(l.listingId)).length).toBeGreaterThanOrEqual(6);
    const other = post({ ...TACOMA, q: 'chair', page_cursor: p1.pageCursor! });
    expect(other.status).toBe(400);
    expect(other.json.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  test('mixes seller ads and display ads into looseTiles, with no modules, as the real answers do', () => {
    const f = feed({ ...TACOMA, radius: '50' });
    const types = new Set(f.looseTiles.map((t) => t.__typename));
    expect(types.has('ModularFeedTileGoogleDisplayAd')).toBe(true);
    expect(types.has('ModularFeedTileListing')).toBe(true);
    expect(f.modules).toEqual([]);
  });

  test('refuses what the real endpoint refuses', () => {
    expect(post({ q: 'lamp' }).json.errors?.[0]?.message).toMatch(/lat and lon/u);
    expect(post({ ...TACOMA }, '{').status).toBe(400);
    expect(post({ ...TACOMA }, JSON.stringify({ operationName: 'Other', variables: {} })).json.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((sim.handle({ method: 'GET', path: '/api/graphql', query: new URLSearchParams(), headers: {}, body: '' }) as { status: number }).status).toBe(404);
  });
});
