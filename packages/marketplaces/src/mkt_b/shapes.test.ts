/**
 * The Poshmark simulator speaks only captured shapes: the search page's tiles (classes and
 * attributes) occur on the real rendered pages, and the posts it embeds or answers on the JSON
 * listing route carry only key paths and types of the real closet answer's posts.
 */
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { htmlShapes, inventedShapes, jsonShapes } from '../testkit/shapes.ts';
import { extractInitialState } from './state.ts';
import { createMktBSimulator } from './simulator.ts';

/**
 * Shapes no capture can show yet, with why:
 * - the embedded state's wrapper (`$_search.gridData` with `more`): no capture of a page with its
 *   state exists (the rendered page was saved as its body only); its posts are compared below;
 * - `more.total` / `is_next_max_id_present`: the closet capture's `more` has only `next_max_id`;
 * - `more.next_max_id` as a string: the closet answer's is a number (an epoch); a search's page
 *   token is not captured, and the adapter reads either.
 */
const NOT_YET_CAPTURED_JSON = new Set(['more.is_next_max_id_present: boolean', 'more.total: number', 'more.next_max_id: string']);

describeWithFixtures('mkt_b', 'mkt_b simulator shape conformance', () => {
  const sim = createMktBSimulator();
  const get = async (path: string, q: Record<string, string>): Promise<string> => {
    const res = await sim.handle({ method: 'GET', path, query: new URLSearchParams(q), headers: {}, body: '' });
    expect(res.status).toBe(200);
    return res.body;
  };
  const searches: Array<Record<string, string>> = [
    { query: 'iphone 14 pro', type: 'listings', availability: 'sold_out', sort_by: 'added_desc' },
    { query: 'leather boots', type: 'listings', availability: 'available', sort_by: 'price_asc', condition: 'nwt' },
  ];

  test('the search page\'s tiles use only classes and attributes of real rendered pages', async () => {
    const emitted = new Set<string>();
    for (const q of searches) {
      const html = await get('/search', q);
      // Only the grid is compared: the captures are the grid region of the page (a body, a trimmed grid).
      const start = html.indexOf('<div class="tiles_container');
      expect(start).toBeGreaterThan(0);
      for (const x of htmlShapes(html.slice(start), { fragment: true })) if (!x.startsWith('script')) emitted.add(x);
    }
    const captured = ['sold-rendered-body.html', 'grid-trimmed.html'].map((f) => htmlShapes(readFixture('mkt_b', f), { fragment: true }));
    expect(inventedShapes(emitted, captured)).toEqual([]);
  });

  test('embedded and JSON-route posts carry only key paths of the real closet answer\'s posts', async () => {
    const emitted = new Set<string>();
    for (const q of searches) {
      const state = extractInitialState(await get('/search', q)) as { $_search: { gridData: { data: unknown[]; more: unknown } } };
      for (const x of jsonShapes({ data: state.$_search.gridData.data, more: state.$_search.gridData.more })) emitted.add(x);
    }
    const captured = jsonShapes(JSON.parse(readFixture('mkt_b', 'closet-posts-1.json')));
    const invented = inventedShapes(emitted, [captured]);
    expect(invented.filter((x) => !NOT_YET_CAPTURED_JSON.has(x))).toEqual([]);
  });
});
