/**
 * Every result the worker settles from the sandbox simulators validates against its route's
 * schema in the OpenAPI description: each route over HTTP through api → queue →
 * worker → real adapter → simulator, with filters that change the rows' shape (conditions,
 * auctions, vehicle searches), cursor routes followed for several pages. A mismatch fails
 * naming the route, the page, the row index and the field.
 */
import { checkResult, describeMismatches, type RouteId } from '@listings/contract';
import { startStack, type Stack } from '../support/stack.ts';
import { complete, E2E_ENV, nextPath, type Result } from '../e2e/helpers.ts';

const SEARCHES: Array<[RouteId, string, number]> = [
  ['mkt_a/sold', 'q=iphone+13', 2],
  ['mkt_a/sold', 'q=iphone+13&condition=used,for_parts&min_price=50', 1],
  ['mkt_a/listings', 'q=nintendo+switch&sort=ending_soon', 2],
  ['mkt_b/sold', 'q=nike+dunk', 3],
  ['mkt_b/sold', 'q=lululemon&condition=nwt', 1],
  ['mkt_b/listings', 'q=coach+bag&sort=newest', 2],
  ['mkt_c/sold', 'q=iphone+13&count=40', 3],
  ['mkt_c/sold', 'q=switch+oled&condition=like_new&sort=price_asc', 1],
  ['mkt_d/listings', 'q=levis+501&count=60', 3],
  ['mkt_d/listings', 'q=carhartt&condition=used_good', 1],
  ['mkt_e/listings', 'q=couch&zip=94103', 3],
  ['mkt_e/listings', 'q=honda+civic&zip=10001&vehicle_max_mileage=100000', 2],
  ['mkt_e/listings', 'q=bike&lat=47.6062&lon=-122.3321&radius=10', 1],
];

let stack: Stack;
let key: string;
beforeAll(async () => {
  stack = await startStack({ env: E2E_ENV });
  ({ key } = await stack.newKey({ plan: 'scale' }));
});
afterAll(async () => {
  await stack?.close();
});

test.each(SEARCHES)('%s?%s: every settled page validates', async (route, query, pages) => {
  const path = `/v1/${route}?${query}`;
  const results: Result[] = [];
  for (let url = path; results.length < pages;) {
    const r = await complete(stack, key, url);
    results.push(r);
    if (r.next_page === null) break;
    url = r.next_cursor === null ? `${path}&page=${r.next_page}` : nextPath(path, r);
  }
  expect(results.length).toBeGreaterThan(0);
  expect(results.reduce((n, r) => n + r.data.length, 0)).toBeGreaterThan(0);
  const problems = results.map((r, i) => {
    const text = describeMismatches(checkResult(route, r));
    return text ? `page ${i + 1}:\n${text}` : '';
  }).filter(Boolean);
  expect(problems.join('\n')).toBe('');
});
