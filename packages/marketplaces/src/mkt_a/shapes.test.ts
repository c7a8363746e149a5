/**
 * The eBay simulator's pages speak only captured markup: every element class and attribute
 * name its results pages carry (sold and listings searches, filters, pages) occurs on a real
 * eBay page in ../shared/fixtures/mkt_a.
 */
import { readdirSync } from 'node:fs';
import { describeWithFixtures, FIXTURES_DIR, readFixture } from '../testkit/fixtures.ts';
import { htmlShapes, inventedShapes } from '../testkit/shapes.ts';
import { createMktAMarketplace } from './index.ts';

/**
 * Markup no capture can show yet, with why: no captured page is the last page of a paginated
 * search; the captures show the first page's disabled "previous" control as
 * `button.pagination__previous.icon-btn[aria-disabled]`, and the simulator's last page disables
 * "next" with the same component.
 */
const NOT_YET_CAPTURED = new Set(['button.pagination__next']);

describeWithFixtures('mkt_a', 'mkt_a simulator shape conformance', () => {
  test('every class and attribute of the simulator\'s results pages occurs on a real page', async () => {
    const sim = createMktAMarketplace().createSimulator();
    const emitted = new Set<string>();
    const searches: Array<Record<string, string>> = [
      { _nkw: 'vintage camera lens', LH_Sold: '1', LH_Complete: '1', LH_PrefLoc: '1' },
      { _nkw: 'desk lamp', LH_PrefLoc: '1', _sop: '1' },
      { _nkw: 'brass telescope', LH_ItemCondition: '1500|2000', _udlo: '20', _udhi: '400', _sop: '15', _pgn: '2' },
      { _nkw: 'brass telescope', _pgn: '100' },
      { _nkw: 'replacement knob for a 1970s kenwood receiver', LH_Sold: '1', LH_Complete: '1' },
    ];
    for (const q of searches) {
      const res = await sim.handle({ method: 'GET', path: '/sch/i.html', query: new URLSearchParams(q), headers: {}, body: '' });
      expect(res.status).toBe(200);
      for (const x of htmlShapes(res.body)) emitted.add(x);
    }
    const captured = readdirSync(`${FIXTURES_DIR}mkt_a`).map((f) => htmlShapes(readFixture('mkt_a', f)));
    const invented = inventedShapes(emitted, captured);
    expect(invented.filter((x) => !NOT_YET_CAPTURED.has(x))).toEqual([]);
  });
});
