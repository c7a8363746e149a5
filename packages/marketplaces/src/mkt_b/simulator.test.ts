/**
 * Simulator tests: the mkt_b simulator speaks the search page and JSON route formats the
 * parser reads, and honours availability, condition, price range, sort and max_id paging.
 */
import { findRoute, validateSearch, type Search } from '@listings/contract';
import type { SimRequest } from '../sim/kit.ts';
import { parsePostsJson, parseSearchPage, type MktBPage } from './parse.ts';
import { postsRequest, searchPageRequest } from './request.ts';
import { createMktBSimulator, mktBGroundTruth, mktBUniverse } from './simulator.ts';

function search(kind: 'sold' | 'listings', extra: Array<[string, string]> = [], q = 'denim jacket'): Search {
  return validateSearch(findRoute(`mkt_b/${kind}`)!, [['q', q], ...extra], { cursorSecret: 'test' });
}

/** The simulator's view of a request built by the adapter's own request builder. */
function simReq(url: string): SimRequest {
  const u = new URL(url);
  return { method: 'GET', path: u.pathname.replace(/^\/mkt_b/, ''), query: u.searchParams, headers: {}, body: '' };
}

const BASE = 'http://sim/mkt_b';
const OPTS = { siteUrl: BASE, page: 1, continued: false };

describe('mkt_b simulator', () => {
  test('search page: a whole page with embedded state and tiles for the same 48 listings', async () => {
    const sim = createMktBSimulator();
    const res = await sim.handle(simReq(searchPageRequest(BASE, search('sold'), null).url));
    expect(res.status).toBe(200);
    expect(res.body.trimEnd().endsWith('</html>')).toBe(true);
    const fromState = parseSearchPage(res.body, search('sold'), OPTS);
    expect(fromState.source).toBe('state');
    expect(fromState.pageSize).toBe(48);
    const tilesOnly = await createMktBSimulator({ embedState: false }).handle(simReq(searchPageRequest(BASE, search('sold'), null).url));
    const fromTiles = parseSearchPage(tilesOnly.body, search('sold'), OPTS);
    expect(fromTiles.source).toBe('tiles');
    expect(fromTiles.rows.map((r) => [r.id, r.displayed_price, r.link])).toEqual(fromState.rows.map((r) => [r.id, r.displayed_price, r.link]));
  });

  test('availability, condition, price range and sort are honoured', async () => {
    const sim = createMktBSimulator();
    const s = search('listings', [['condition', 'ug'], ['min_price', '20'], ['max_price', '150'], ['sort', 'price_asc']]);
    const page = parseSearchPage((await sim.handle(simReq(searchPageRequest(BASE, s, null).url))).body, s, OPTS);
    expect(page.pageSize).toBeGreaterThan(0);
    expect(page.rows).toHaveLength(page.pageSize);
    const amounts = page.rows.map((r) => (r.displayed_price as { amount: number }).amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts.every((a) => a >= 20 && a <= 150)).toBe(true);
    expect(page.rows.every((r) => r.condition === 'ug')).toBe(true);
    const truth = mktBGroundTruth({ query: 'denim jacket', availability: 'available', condition: 'ug', min: 20, max: 150, sort: 'price_asc' });
    expect(page.rows.map((r) => r.id)).toEqual(truth.slice(0, 48).map((p) => p.id));
  });

  test('max_id pages cover the ground truth exactly, on both routes; a foreign token is refused', async () => {
    const sim = createMktBSimulator();
    const s = search('sold', [['condition', 'nwt']]);
    const truth = mktBGroundTruth({ query: 'denim jacket', availability: 'sold_out', condition: 'nwt', sort: 'added_desc' }).map((p) => p.id);
    for (const route of ['page', 'json'] as const) {
      const seen: string[] = [];
      let token: string | null = null;
      do {
        const req = route === 'page' ? searchPageRequest(BASE, s, token) : postsRequest(BASE, s, token);
        const body: string = (await sim.handle(simReq(req.url))).body;
        const page: MktBPage = route === 'page' ? parseSearchPage(body, s, OPTS) : parsePostsJson(body, s, { ...OPTS, continued: token !== null });
        seen.push(...page.rows.map((r) => r.id));
        token = page.nextToken;
      } while (token !== null);
      expect(seen).toEqual(truth);
    }
    expect(truth.length).toBeGreaterThan(0);
    const broad = search('sold');
    const first = parseSearchPage((await sim.handle(simReq(searchPageRequest(BASE, broad, null).url))).body, broad, OPTS);
    expect(first.nextToken).toMatch(/^ENC_/);
    const other = search('sold', [['condition', 'uf']]);
    expect((await sim.handle(simReq(searchPageRequest(BASE, other, first.nextToken).url))).status).toBe(400);
    expect((await sim.handle(simReq(postsRequest(BASE, other, first.nextToken).url))).status).toBe(400);
    // Page numbers (the HTML paging the tiles fallback uses) are accepted too.
    const byNumber = parseSearchPage((await sim.handle(simReq(searchPageRequest(BASE, broad, '2').url))).body, broad, OPTS);
    const broadTruth = mktBGroundTruth({ query: 'denim jacket', availability: 'sold_out', sort: 'added_desc' }).map((p) => p.id);
    expect(byNumber.rows.map((r) => r.id)).toEqual(broadTruth.slice(48, 96));
  });

  test('the JSON route enforces its documented contract: numeric count, experience "all", known sorts', async () => {
    const sim = createMktBSimulator();
    const call = (request: Record<string, unknown>) => sim.handle(simReq(`${BASE}/vm-rest/posts?request=${encodeURIComponent(JSON.stringify(request))}`));
    expect((await call({ query: 'x', count: '48', experience: 'all' })).status).toBe(400);
    expect((await call({ query: 'x', count: 48 })).status).toBe(500);
    expect((await call({ query: 'x', count: 48, experience: 'all', sort_by: 'just_shared' })).status).toBe(400);
    expect((await call({ query: 'x', count: 48, experience: 'all', sort_by: 'best_match' })).status).toBe(200);
  });

  test('deterministic per query; different queries hold different listings', () => {
    expect(mktBUniverse('denim jacket').map((p) => p.id)).toEqual(mktBUniverse('Denim Jacket ').map((p) => p.id));
    expect(mktBUniverse('denim jacket')[0]!.id).not.toBe(mktBUniverse('boots')[0]!.id);
    expect(mktBUniverse('boots').every((p) => /^[0-9a-f]{24}$/.test(p.id))).toBe(true);
  });

  test('faults render as the site does', () => {
    const sim = createMktBSimulator();
    const wall = sim.renderFault('bot_wall', simReq(`${BASE}/search`));
    expect([wall.status, wall.body.includes('<TITLE>Access Denied</TITLE>')]).toEqual([403, true]);
    const login = sim.renderFault('login_wall', simReq(`${BASE}/search`));
    expect([login.status, login.body.includes('type="password"'), login.body.includes('__INITIAL_STATE__')]).toEqual([200, true, true]);
    expect(sim.renderFault('layout_changed', simReq(`${BASE}/search`)).body).not.toContain('tiles_container');
    expect(JSON.parse(sim.renderFault('layout_changed', simReq(`${BASE}/vm-rest/posts`)).body).data).toBeUndefined();
  });
});
