/**
 * The Depop simulator's search answers speak only captured shapes: every key path and value
 * type they carry (over searches, filters and pages) occurs in a real answer (the
 * presentation API capture, or the `products`/`meta` answer embedded in the search page).
 */
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { inventedShapes, jsonShapes, type KeyFold } from '../testkit/shapes.ts';
import { SEARCH_PATH } from './params.ts';
import { createMktDSimulator } from './simulator.ts';

/** Picture format names (`P0`…`P8`) and widths (`"150"`…`"1280"`) are data, not fields. */
const fold: KeyFold = (key) => (/^\d+$/u.test(key) ? '<n>' : /^P\d+$/u.test(key) ? 'P<n>' : key);

function embeddedAnswer(html: string): unknown {
  let flight = '';
  for (const m of html.matchAll(/self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/gu)) {
    const chunk = JSON.parse(m[1]!) as unknown[];
    if (typeof chunk[1] === 'string') flight += chunk[1];
  }
  const start = flight.indexOf('{"meta":{"result_count"');
  return JSON.parse(flight.slice(start, flight.indexOf(',"status":200,"headers":', start)));
}

describeWithFixtures('mkt_d', 'mkt_d simulator shape conformance', () => {
  test('every shape of the simulator\'s answers occurs in a real answer', async () => {
    const sim = createMktDSimulator();
    const emitted = new Set<string>();
    const searches: Array<Record<string, string>> = [{ what: 'vintage denim jacket' }, { what: 'nike', price_min: '10', price_max: '80', conditions: 'used_good' }];
    for (const q of searches) {
      let after: string | null = null;
      for (let page = 0; page < 2; page++) {
        const query = new URLSearchParams({ ...q, limit: '24', country: 'us', currency: 'USD', ...(after ? { after } : {}) });
        const headers = { 'depop-device-id': 'd', 'depop-session-id': 's', 'depop-search-id': 'q' };
        const res = await sim.handle({ method: 'GET', path: SEARCH_PATH, query: new URLSearchParams({ ...Object.fromEntries(query), include_like_count: 'true' }), headers, body: '' });
        expect(res.status).toBe(200);
        const body = JSON.parse(res.body) as { page_info?: { last?: string } };
        for (const x of jsonShapes(body, fold)) emitted.add(x);
        after = body.page_info?.last ?? null;
        if (!after) break;
      }
    }
    // A product is a product in both shapes: the `products[]` answer's product fields count for `objects[]` too
    // (the reduced price, `discounted_price` with `discount_percentage`, is captured only there).
    const asObjects = (a: unknown): unknown => ({ ...(a as Record<string, unknown>), objects: (a as { products: unknown[] }).products });
    const captured = [jsonShapes(JSON.parse(readFixture('mkt_d', 'presentation-api-search.json')), fold), jsonShapes(asObjects(embeddedAnswer(readFixture('mkt_d', 'search-page-v3-flight.html'))), fold)];
    expect(inventedShapes(emitted, captured)).toEqual([]);
  });
});
