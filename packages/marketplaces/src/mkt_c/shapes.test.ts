/**
 * The Mercari simulator's search answers speak only captured shapes: every key path and value
 * type they carry (over searches, filters, sorts and pages) occurs in a real search payload.
 */
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { inventedShapes, jsonShapes } from '../testkit/shapes.ts';
import type { SimRequest } from '../sim/kit.ts';
import { readInitialize } from './session.ts';
import { createMktCSimulator, type MktCSimCriteria } from './simulator.ts';

const CAPTURES = ['search-payload.json', 'search-payload-active-filtered.json', 'search-payload-cards.json', 'search-payload-clothing.json', 'search-payload-custom-facets.json'];

function req(path: string, init: Partial<SimRequest> = {}): SimRequest {
  return { method: 'GET', path, query: new URLSearchParams(), headers: {}, body: '', ...init };
}

/**
 * Shapes the simulator emits that no capture can show yet, with why: no captured payload is of
 * a condition-filtered search (their `criteria.itemConditions` are empty), so the echo of a
 * condition sent (numbers, as the criteria's other id lists carry them) is not captured.
 */
const NOT_YET_CAPTURED = new Set<string>([
  'data.search.criteria.itemConditions[]: number',
  // The item detail capture carries `lastSoldAt` as epoch seconds (item-api-sold-m87013616167.json:
  // `data.item.lastSoldAt`, a number); no captured search payload asked for the field.
  'data.search.itemsList[].lastSoldAt: number',
]);

describeWithFixtures('mkt_c', 'mkt_c simulator shape conformance', () => {
  test('every shape of the simulator\'s search answers occurs in a real search payload', async () => {
    const sim = createMktCSimulator();
    const auth = readInitialize((await sim.handle(req('/v1/initialize'))).body);
    const emitted = new Set<string>();
    const criteria: MktCSimCriteria[] = [
      { query: 'ps5', itemStatuses: [2], length: 30 },
      { query: 'nike shoes', itemStatuses: [2], itemConditions: [1], minPrice: 2000, maxPrice: 20000, sortBy: 2, length: 30 },
    ];
    for (const c of criteria) {
      let startKey: string | undefined;
      for (let page = 0; page < 2; page++) {
        const res = await sim.handle(req('/v1/api', {
          method: 'POST',
          headers: { authorization: `Bearer ${auth.accessToken}`, 'x-csrf-token': auth.csrf, 'apollo-require-preflight': 'true' },
          body: JSON.stringify({ query: 'query webSearch($criteria: SearchInput!) { search(criteria: $criteria) { count itemsList { id lastSoldAt } } }', variables: { criteria: { ...c, ...(startKey ? { startKey } : {}) } } }),
        }));
        expect(res.status).toBe(200);
        const body = JSON.parse(res.body) as { data: { search: { nextKey?: string } } };
        for (const x of jsonShapes(body)) emitted.add(x);
        startKey = body.data.search.nextKey;
        if (!startKey) break;
      }
    }
    const invented = inventedShapes(emitted, CAPTURES.map((f) => jsonShapes(JSON.parse(readFixture('mkt_c', f)))));
    expect(invented.filter((x) => !NOT_YET_CAPTURED.has(x))).toEqual([]);
  });
});
