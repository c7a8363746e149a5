import type { SimResponse } from '../sim/kit.ts';
import { SEARCH_PATH } from './params.ts';
import { createMktDSimulator } from './simulator.ts';

interface Product { id: number; status: string; attributes: { condition: string; gender: string; group: string }; like_count?: number; is_boosted: boolean; pricing: Record<string, unknown> }
interface Page { meta: { total_count?: number }; page_info: { has_more: boolean; last?: string }; objects: Product[] }

const sim = createMktDSimulator();
const IDS = { 'depop-device-id': 'd', 'depop-session-id': 's', 'depop-search-id': 'x' };

function get(query: Record<string, string>, headers: Record<string, string> = IDS, path = SEARCH_PATH): SimResponse {
  return sim.handle({ method: 'GET', path, query: new URLSearchParams(query), headers, body: '' }) as SimResponse;
}

function page(query: Record<string, string>): Page {
  const r = get(query);
  expect(r.status).toBe(200);
  return JSON.parse(r.body) as Page;
}

/** The item price filters apply to: the breakdown's price, or the total of a shape-B entry. */
function itemPrice(p: Product): number {
  const pricing = p.pricing as Record<string, { total_price: string; price_breakdown?: { price: { amount: string } } }> & { final_price_key: string };
  const entry = pricing[pricing.final_price_key]!;
  return Number(entry.price_breakdown?.price.amount ?? entry.total_price);
}

describe('mkt_d simulator', () => {
  test('answers the documented shape; total on page 1 only; cursor in the observed form', () => {
    const p1 = page({ what: 'denim jacket', limit: '24' });
    expect(p1.objects).toHaveLength(24);
    expect(typeof p1.meta.total_count).toBe('number');
    expect(p1.page_info.last).toMatch(/^[A-Za-z0-9+/=]+\.BOOSTED_EXHAUSTED\.0$/u);
    expect(Buffer.from(p1.page_info.last!.split('.')[0]!, 'base64').toString()).toMatch(/^2\|\d+\|\d+$/u);
    const p2 = page({ what: 'denim jacket', limit: '24', after: p1.page_info.last! });
    expect(p2.meta.total_count).toBeUndefined();
    expect(p2.objects.length).toBeLessThan(24);
  });

  test('honours limit, conditions, gender, groups and price bounds on the item price', () => {
    const p = page({ what: 'vintage tee', limit: '100', conditions: 'used_good,used_fair', gender: 'female', price_min: '10', price_max: '80' });
    expect(p.objects.length).toBeGreaterThan(0);
    expect(p.objects.length).toBeLessThanOrEqual(100);
    for (const o of p.objects) {
      expect(['used_good', 'used_fair']).toContain(o.attributes.condition);
      expect(o.attributes.gender).toBe('female');
      expect(itemPrice(o)).toBeGreaterThanOrEqual(10);
      expect(itemPrice(o)).toBeLessThanOrEqual(80);
    }
    expect(page({ what: 'vintage tee', limit: '100', groups: 'jeans' }).objects.every((o) => o.attributes.group === 'jeans')).toBe(true);
  });

  test('sorts by price; newlyListed is refused at the edge; like counts only when asked', () => {
    const asc = page({ what: 'vintage tee', limit: '50', sort: 'priceAscending' }).objects.filter((o) => !o.is_boosted).map(itemPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const blocked = get({ what: 'vintage tee', sort: 'newlyListed' });
    expect(blocked.status).toBe(403);
    expect(blocked.headers?.['cf-mitigated']).toBe('challenge');
    expect(page({ what: 'vintage tee', include_like_count: 'true' }).objects.every((o) => typeof o.like_count === 'number')).toBe(true);
    expect(page({ what: 'vintage tee' }).objects.every((o) => o.like_count === undefined)).toBe(true);
  });

  test('refuses what the real endpoint refuses', () => {
    expect(get({ what: 'x' }, {}).status).toBe(400);
    expect(get({ what: 'x', gender: 'men' }).status).toBe(400);
    expect(get({ what: 'x', limit: '101' }).status).toBe(400);
    expect(get({ what: 'x', after: 'garbage' }).status).toBe(400);
    expect(get({ what: 'x' }, IDS, '/api/v2/search/products/').status).toBe(404);
  });
});
