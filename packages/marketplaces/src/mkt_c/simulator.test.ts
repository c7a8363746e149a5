/**
 * Simulator tests: the mkt_c simulator speaks the API's formats and honours every criterion.
 */
import type { SimRequest, SimResponse } from '../sim/kit.ts';
import { readItems } from './parse.ts';
import { jwtExpiryMs, readInitialize } from './session.ts';
import { createMktCSimulator, mktCGroundTruth, mktCSimBrand, type MktCSimCriteria } from './simulator.ts';

function req(path: string, init: Partial<SimRequest> = {}): SimRequest {
  return { method: 'GET', path, query: new URLSearchParams(), headers: {}, body: '', ...init };
}

async function session(sim: ReturnType<typeof createMktCSimulator>): Promise<{ accessToken: string; csrf: string }> {
  return readInitialize((await sim.handle(req('/v1/initialize'))).body);
}

async function search(sim: ReturnType<typeof createMktCSimulator>, criteria: MktCSimCriteria, auth?: { accessToken: string; csrf: string }): Promise<SimResponse> {
  const s = auth ?? (await session(sim));
  return sim.handle(req('/v1/api', {
    method: 'POST',
    headers: { authorization: `Bearer ${s.accessToken}`, 'x-csrf-token': s.csrf, 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: 'query webSearch($criteria: SearchInput!) { search(criteria: $criteria) { count } }', variables: { criteria } }),
  }));
}

describe('mkt_c simulator', () => {
  test('bootstrap: the shell sets the edge cookie; initialize issues a JWT with exp and a CSRF token', async () => {
    const sim = createMktCSimulator();
    const shell = await sim.handle(req('/search/'));
    expect(shell.headers?.['set-cookie']).toMatch(/^__cf_bm=/);
    const s = await session(sim);
    const exp = jwtExpiryMs(s.accessToken)!;
    expect(exp - Date.now()).toBeGreaterThan(6 * 86400 * 1000);
    expect(s.csrf).toMatch(/^[0-9a-f]{32}$/);
    expect(sim.sessionsIssued()).toBe(1);
  });

  test('the API refuses missing, unknown and expired tokens with UNAUTHENTICATED, and a wrong CSRF token', async () => {
    const sim = createMktCSimulator();
    const s = await session(sim);
    const none = await sim.handle(req('/v1/api', { method: 'POST', headers: { 'apollo-require-preflight': 'true' }, body: '{}' }));
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await search(sim, { query: 'ps5' }, { ...s, csrf: 'nope' })).status).toBe(403);
    expect((await search(sim, { query: 'ps5' }, s)).status).toBe(200);
    sim.expireTokens();
    expect((await search(sim, { query: 'ps5' }, s)).status).toBe(401);
  });

  test('answers read by the parser; deterministic per query, different across queries', async () => {
    const sim = createMktCSimulator();
    const a = readItems((await search(sim, { query: 'ps5', length: 30 })).body, { continued: false });
    const b = readItems((await search(sim, { query: 'ps5', length: 30 })).body, { continued: false });
    const c = readItems((await search(sim, { query: 'camera', length: 30 })).body, { continued: false });
    expect(a.items).toHaveLength(30);
    expect(a.items.map((i) => i.id)).toEqual(b.items.map((i) => i.id));
    expect(a.items.map((i) => i.id)).not.toEqual(c.items.map((i) => i.id));
    expect(a.reportedTotal).toBe(mktCGroundTruth({ query: 'ps5' }).length);
    expect(a.nextKey).toMatch(/^rw1:/);
  });

  test('statuses, conditions, cents bounds, categories and brands filter; sort codes order', async () => {
    const sim = createMktCSimulator();
    const criteria = { query: 'ps5', itemStatuses: [2], itemConditions: [3, 4], minPrice: 1000, maxPrice: 20000, categoryIds: [84], brandIds: [mktCSimBrand('Sony')![0]], sortBy: 3, length: 100 };
    const { items } = readItems((await search(sim, criteria)).body, { continued: false });
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(i.status).toBe('sold_out');
      expect([3, 4]).toContain(i.conditionId);
      expect(i.priceCents).toBeGreaterThanOrEqual(1000);
      expect(i.priceCents).toBeLessThanOrEqual(20000);
      expect(i.categoryPath).toContain(84);
      expect(i.brandId).toBe(mktCSimBrand('Sony')![0]);
    }
    const prices = items.map((i) => i.priceCents);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const desc = readItems((await search(sim, { ...criteria, sortBy: 4 })).body, { continued: false }).items.map((i) => i.priceCents);
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    expect(mktCGroundTruth({ query: 'ps5', sortBy: 2 }).map((i) => i.created)).toEqual(mktCGroundTruth({ query: 'ps5' }).map((i) => i.created).sort((x, y) => y - x));
  });

  test('pages follow nextKey without overlap; the last page has an empty key; a bad key is refused', async () => {
    const sim = createMktCSimulator();
    const s = await session(sim);
    const criteria = { query: 'ps5', itemStatuses: [2, 3], itemConditions: [1], length: 25 };
    const truth = mktCGroundTruth(criteria).map((i) => i.id);
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page = readItems((await search(sim, key ? { ...criteria, startKey: key } : criteria, s)).body, { continued: key !== null });
      seen.push(...page.items.map((i) => i.id));
      key = page.nextKey;
    } while (key !== null);
    expect(seen).toEqual(truth);
    const bad = await search(sim, { ...criteria, startKey: 'rw1:!!!' }, s);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  test('faults render in the site\'s own formats', () => {
    const sim = createMktCSimulator();
    const wall = sim.renderFault('bot_wall', req('/v1/api'));
    expect([wall.status, wall.headers?.['cf-mitigated']]).toEqual([403, 'challenge']);
    expect(wall.body).toContain('Just a moment...');
    const login = sim.renderFault('login_wall', req('/v1/api'));
    expect([login.status, JSON.parse(login.body).errors[0].extensions.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(JSON.parse(sim.renderFault('layout_changed', req('/v1/api')).body).data.search).toBeUndefined();
    expect(JSON.parse(sim.renderFault('layout_changed', req('/v1/initialize')).body).accessToken).toBeUndefined();
  });
});
