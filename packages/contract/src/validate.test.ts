/**
 * readStoredSearch: a Search read back from the JSON stored with a collection is taken only
 * when it is one validateSearch could have made for its route.
 */
import { ROUTES, findRoute, pageIdentity, readStoredSearch, searchIdentity, signCursor, validateSearch, type Search } from './index.ts';

const SECRET = 's'.repeat(48);
const QUERIES: Record<string, string> = {
  'mkt_a/sold': 'q=brass  lamp&min_price=5&condition=used,new',
  'mkt_a/listings': 'q=desk lamp&page=3',
  'mkt_b/sold': 'q=denim jacket',
  'mkt_b/listings': 'q=denim jacket&max_price=80',
  'mkt_c/sold': 'q=nintendo switch',
  'mkt_d/listings': 'q=corduroy',
  'mkt_e/listings': 'q=oak table&zip=10001&radius=30',
};

function search(route: string, query: string): Search {
  const pairs = query.split('&').map((p) => p.split('=') as [string, string]);
  return validateSearch(findRoute(route)!, pairs, { cursorSecret: SECRET });
}

test.each(ROUTES.map((r) => r.id))('%s: a validated search reads back as itself', (route) => {
  const s = search(route, QUERIES[route]!);
  expect(readStoredSearch(JSON.stringify(s))).toEqual(s);
});

test('a cursor search reads back with its cursor', () => {
  const first = search('mkt_b/sold', 'q=denim jacket');
  const cursor = signCursor(SECRET, { r: first.route, h: searchIdentity(first), p: 2, t: 'tok' });
  const second = search('mkt_b/sold', `q=denim jacket&page=2&cursor=${cursor}`);
  expect(readStoredSearch(JSON.stringify(second))).toEqual(second);
  expect(pageIdentity(readStoredSearch(JSON.stringify(second)))).toBe(pageIdentity(second));
});

describe('what is refused', () => {
  const good = search('mkt_a/sold', QUERIES['mkt_a/sold']!) as unknown as Record<string, unknown>;
  const params = good.params as Record<string, unknown>;
  test.each([
    ['not JSON', '{"route":'],
    ['not an object', '[1]'],
    ['an unknown route', { ...good, route: 'mkt_c/listings' }],
    ['a token other than the route\'s', { ...good, token: 'mkt_b' }],
    ['a kind other than the route\'s', { ...good, kind: 'listings' }],
    ['a q not normalized', { ...good, q: ' brass  lamp' }],
    ['an empty q', { ...good, q: '' }],
    ['a q over 200 characters', { ...good, q: 'a'.repeat(201) }],
    ['page 0', { ...good, page: 0 }],
    ['page 101', { ...good, page: 101 }],
    ['a page that is not a number', { ...good, page: '2' }],
    ['a parameter the route does not take', { ...good, params: { ...params, zip: '10001' } }],
    ['a value out of range', { ...good, params: { ...params, min_price: -1 } }],
    ['a list as a string', { ...good, params: { ...params, condition: 'used' } }],
    ['q inside params', { ...good, params: { ...params, q: 'x' } }],
    ['a field a Search does not have', { ...good, extra: 1 }],
    ['a cursor that is a number', { ...good, cursor: 5 }],
    ['no params', { ...good, params: undefined }],
  ])('%s', (_what, stored) => {
    expect(() => readStoredSearch(typeof stored === 'string' ? stored : JSON.stringify(stored))).toThrow(/^stored search is malformed: /u);
  });
});
