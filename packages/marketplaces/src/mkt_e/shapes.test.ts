/**
 * The OfferUp simulator speaks only captured shapes: every key path and value type its feed
 * answers carry (over ordinary and vehicle searches, filters, sorts and pages) occurs in a real
 * capture's `modularFeed` (the two GraphQL answers and the server-rendered page's Apollo entry).
 */
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { inventedShapes, jsonShapes, type KeyFold } from '../testkit/shapes.ts';
import { createMktESimulator } from './simulator.ts';

const sim = createMktESimulator();

function feedOf(params: Record<string, string>, cursor?: string): Record<string, unknown> {
  const searchParams = Object.entries({ ...params, ...(cursor ? { page_cursor: cursor } : {}) }).map(([key, value]) => ({ key, value }));
  const body = JSON.stringify({ operationName: 'GetModularFeed', variables: { searchParams, debug: false }, query: 'query GetModularFeed { modularFeed { pageCursor } }' });
  const res = sim.handle({ method: 'POST', path: '/api/graphql', query: new URLSearchParams(), headers: { 'content-type': 'application/json' }, body }) as { status: number; body: string };
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/** The feed object is compared from `modularFeed` down, wherever it sits. */
const fold: KeyFold = (key) => (/^\d+$/u.test(key) ? '<n>' : key);

function captured(): Set<string>[] {
  const out: Set<string>[] = [];
  for (const f of ['gql-modular-feed-civic.json', 'gql-modular-feed-browse-cars.json']) {
    const d = JSON.parse(readFixture('mkt_e', f)) as { data: { modularFeed: unknown } };
    out.push(jsonShapes({ data: { modularFeed: d.data.modularFeed } }, fold));
  }
  const html = readFixture('mkt_e', 'ssr-explore-cars-trucks.html');
  const next = JSON.parse(/<script id="__NEXT_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/u.exec(html)![1]!) as { props: { pageProps: { initialApolloState: { ROOT_QUERY: Record<string, unknown> } } } };
  const rq = next.props.pageProps.initialApolloState.ROOT_QUERY;
  const key = Object.keys(rq).find((k) => k.startsWith('modularFeed'))!;
  out.push(jsonShapes({ data: { modularFeed: rq[key] } }, fold));
  return out;
}

/**
 * Shapes no capture can show yet, each with why the simulator emits it. No capture is of a
 * price-filtered search: the captured `PRICE` filter has `lowerBound`/`upperBound` with
 * `value: null` (unset); a set bound's value as a string is the adapter's reading of that
 * same field, which the sandbox must exercise. Each entry is the one place to revisit when
 * a capture of a filtered search arrives.
 */
const NOT_YET_CAPTURED = new Set([
  'data.modularFeed.filters[].lowerBound.value: string',
  'data.modularFeed.filters[].upperBound.value: string',
]);

describeWithFixtures('mkt_e', 'mkt_e simulator shape conformance', () => {
  test('every shape the simulator emits occurs in a real capture', () => {
    const searches: Array<Record<string, string>> = [
      { q: 'desk lamp', lat: '47.2529', lon: '-122.4443' },
      { q: 'desk lamp', lat: '47.2529', lon: '-122.4443', radius: '50', sort: '-price', price_min: '10', price_max: '300', condition: 'USED' },
      { q: 'honda civic', lat: '33.8166', lon: '-118.0373', cid: '5.1', VEH_MAKE: 'hb', VEH_MILEAGE: '100000', VEH_STYLE: 'c', VEH_TRANSMISSION: 'a', VEH_DRIVETRAIN: 'f' },
      { q: 'truck', lat: '37.751', lon: '-97.822', sort: 'vehicle_miles', radius: '5000' },
    ];
    const emitted = new Set<string>();
    for (const s of searches) {
      const first = feedOf(s);
      for (const x of jsonShapes(first, fold)) emitted.add(x);
      const cursor = ((first.data as { modularFeed: { pageCursor: string | null } }).modularFeed).pageCursor;
      if (cursor) for (const x of jsonShapes(feedOf(s, cursor), fold)) emitted.add(x);
    }
    const invented = inventedShapes(emitted, captured());
    expect(invented.filter((x) => !NOT_YET_CAPTURED.has(x))).toEqual([]);
    // Every exception is still needed (a stale one is removed).
    expect([...NOT_YET_CAPTURED].filter((x) => !invented.includes(x))).toEqual([]);
  });
});
