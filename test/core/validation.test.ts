/**
 * Every input a client can send on the seven search routes, refused with its documented code
 * (interface 2.1, 4.1-4.5, section 7; decisions.md "Errors"): each parameter out of range, of
 * the wrong type, unknown or repeated, over real HTTP with a real key. Each refusal also
 * carries X-Request-Id and, being authenticated, the RateLimit headers; none records a job.
 */
import { ROUTES, TOKENS, type RouteId } from '@listings/contract';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { enc, expectError, expectRateHeaders, get } from './helpers.ts';

let stack: Stack;
let key: string;
let account: string;
let calls = 0;

/** A fresh key every 50 calls keeps these tests clear of the 60-calls-a-minute limit. */
async function freshKey(): Promise<string> {
  if (calls++ % 50 === 0) ({ key, account } = await stack.newKey());
  return key;
}

beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, noWorker: true });
});
afterAll(async () => {
  await stack?.close();
});

type Case = [query: string, code: 'unsupported_or_invalid_query' | 'duplicate_parameter' | 'sort_not_implemented', param: string];

const invalid = (query: string, param: string): Case => [query, 'unsupported_or_invalid_query', param];
const repeated = (query: string, param: string): Case => [query, 'duplicate_parameter', param];

/** Refusals every route shares (interface 2.1). */
function commonCases(route: RouteId): Case[] {
  const token = route.split('/')[0]!;
  const other = TOKENS.find((t) => t !== token)!;
  return [
    invalid('', 'q'),
    invalid('page=1', 'q'),
    invalid('q=', 'q'),
    invalid('q=%20%20%20', 'q'),
    invalid('q=+%09%0A+', 'q'),
    invalid(`q=${'a'.repeat(201)}`, 'q'),
    invalid(`q=${enc('é'.repeat(201))}`, 'q'),
    invalid(`q=${'a'.repeat(199)}${enc('😀😀')}`, 'q'),
    // Not UTF-8 once decoded (overlong, a surrogate, a lone byte, a cut sequence): never searched as "��".
    invalid('q=%C0%AF', 'q'),
    invalid('q=%ED%A0%80', 'q'),
    invalid('q=%FF', 'q'),
    invalid('q=caf%C3', 'q'),
    invalid('q=ok&page=%FF', 'page'),
    repeated('q=a&q=b', 'q'),
    repeated('q=a&q=a', 'q'),
    invalid('q=a&page=0', 'page'),
    invalid('q=a&page=101', 'page'),
    invalid('q=a&page=-1', 'page'),
    invalid('q=a&page=1.5', 'page'),
    invalid('q=a&page=abc', 'page'),
    invalid('q=a&page=', 'page'),
    invalid('q=a&page=1e2', 'page'),
    invalid('q=a&page=99999999999999999999', 'page'),
    repeated('q=a&page=1&page=1', 'page'),
    invalid('q=a&min_price=-1', 'min_price'),
    invalid('q=a&min_price=1000001', 'min_price'),
    invalid('q=a&min_price=1.5', 'min_price'),
    invalid('q=a&min_price=abc', 'min_price'),
    invalid('q=a&min_price=', 'min_price'),
    repeated('q=a&min_price=1&min_price=2', 'min_price'),
    invalid('q=a&max_price=-1', 'max_price'),
    invalid('q=a&max_price=1000001', 'max_price'),
    invalid('q=a&max_price=0x10', 'max_price'),
    repeated('q=a&max_price=1&max_price=2', 'max_price'),
    invalid('q=a&min_price=10&max_price=9', 'min_price'),
    invalid(`q=a&marketplace=${other}`, 'marketplace'),
    invalid('q=a&marketplace=', 'marketplace'),
    invalid(`q=a&marketplace=${token.toUpperCase()}`, 'marketplace'),
    repeated(`q=a&marketplace=${token}&marketplace=${token}`, 'marketplace'),
    invalid('q=a&country=ca', 'country'),
    invalid('q=a&country=US', 'country'),
    invalid('q=a&country=', 'country'),
    repeated('q=a&country=us&country=us', 'country'),
    invalid('q=a&foo=1', 'foo'),
    invalid('q=a&Q=a', 'Q'),
    invalid('q=a&api_key=x', 'api_key'),
    ['q=a&sort=best_deal', 'sort_not_implemented', 'sort'],
    ['sort=best_deal', 'sort_not_implemented', 'sort'],
  ];
}

const ROUTE_CASES: Record<string, Case[]> = {
  'mkt_a/sold': [
    invalid('q=a&condition=mint', 'condition'),
    invalid('q=a&condition=new,new', 'condition'),
    invalid('q=a&condition=', 'condition'),
    invalid('q=a&condition=new,', 'condition'),
    invalid('q=a&condition=NEW', 'condition'),
    repeated('q=a&condition=new&condition=used', 'condition'),
    invalid('q=a&sort=newest', 'sort'),
    invalid('q=a&cursor=abc', 'cursor'),
    invalid('q=a&count=10', 'count'),
  ],
  'mkt_a/listings': [
    invalid('q=a&condition=nwt', 'condition'),
    invalid('q=a&sort=price_desc', 'sort'),
    invalid('q=a&sort=', 'sort'),
    repeated('q=a&sort=newest&sort=newest', 'sort'),
    invalid('q=a&cursor=abc', 'cursor'),
  ],
  'mkt_b/sold': [
    invalid('q=a&condition=nwt,uln', 'condition'),
    invalid('q=a&condition=new', 'condition'),
    repeated('q=a&condition=nwt&condition=uln', 'condition'),
    invalid('q=a&sort=newest', 'sort'),
    invalid('q=a&count=10', 'count'),
  ],
  'mkt_b/listings': [
    invalid('q=a&condition=nwt,uln', 'condition'),
    invalid('q=a&sort=ending_soon', 'sort'),
    invalid('q=a&sort=price_desc', 'sort'),
    repeated('q=a&sort=newest&sort=price_asc', 'sort'),
  ],
  'mkt_c/sold': [
    invalid('q=a&condition=nwt', 'condition'),
    invalid('q=a&condition=good,fair', 'condition'),
    invalid('q=a&count=0', 'count'),
    invalid('q=a&count=101', 'count'),
    invalid('q=a&count=ten', 'count'),
    repeated('q=a&count=10&count=10', 'count'),
    invalid('q=a&sort=ending_soon', 'sort'),
    invalid('q=a&category_id=0', 'category_id'),
    invalid('q=a&category_id=2147483648', 'category_id'),
    invalid('q=a&category_id=-5', 'category_id'),
    invalid('q=a&brand_id=abc', 'brand_id'),
    invalid('q=a&brand_id=1.0', 'brand_id'),
    repeated('q=a&brand_id=1&brand_id=2', 'brand_id'),
  ],
  'mkt_d/listings': [
    invalid('q=a&condition=new', 'condition'),
    invalid('q=a&count=0', 'count'),
    invalid('q=a&count=101', 'count'),
    invalid('q=a&sort=newest', 'sort'),
    invalid('q=a&brand=x', 'brand'),
    invalid('q=a&category_id=1', 'category_id'),
  ],
  'mkt_e/listings': [
    invalid('q=a&zip=1234', 'zip'),
    invalid('q=a&zip=123456', 'zip'),
    invalid('q=a&zip=abcde', 'zip'),
    repeated('q=a&zip=10001&zip=10001', 'zip'),
    invalid('q=a&lat=16.9', 'lat'),
    invalid('q=a&lat=72.1', 'lat'),
    invalid('q=a&lat=north', 'lat'),
    invalid('q=a&lat=1e1', 'lat'),
    invalid('q=a&lon=-63.9', 'lon'),
    invalid('q=a&lon=-180.1', 'lon'),
    invalid('q=a&lon=', 'lon'),
    invalid('q=a&radius=15', 'radius'),
    invalid('q=a&radius=30.0', 'radius'),
    invalid('q=a&category=0', 'category'),
    invalid('q=a&category=5.0', 'category'),
    invalid('q=a&category=5.1.2', 'category'),
    invalid('q=a&category=cars', 'category'),
    invalid('q=a&condition=mint', 'condition'),
    invalid('q=a&condition=used,used', 'condition'),
    invalid('q=a&sort=ending_soon', 'sort'),
    invalid('q=a&vehicle_make=Tesla', 'vehicle_make'),
    invalid('q=a&vehicle_make=ford,ford', 'vehicle_make'),
    invalid('q=a&vehicle_make=land%20rover', 'vehicle_make'),
    invalid('q=a&vehicle_max_mileage=1000', 'vehicle_max_mileage'),
    invalid('q=a&vehicle_style=boat', 'vehicle_style'),
    invalid('q=a&vehicle_transmission=cvt', 'vehicle_transmission'),
    invalid('q=a&vehicle_drivetrain=4wd', 'vehicle_drivetrain'),
    repeated('q=a&radius=5&radius=10', 'radius'),
  ],
};

const cases: Array<[RouteId, string, Case[1], string]> = ROUTES.flatMap((r) =>
  [...commonCases(r.id), ...ROUTE_CASES[r.id]!].map(([query, code, param]) => [r.id, query, code, param] as [RouteId, string, Case[1], string]),
);

test.each(cases)('GET /v1/%s?%s → 422 %s (param %s)', async (route, query, code, param) => {
  const k = await freshKey();
  const a = await get(stack, `/v1/${route}${query ? `?${query}` : ''}`, k);
  expectError(a, code, param);
  expectRateHeaders(a);
});

test('the marketplace adapter\'s own checks answer 422 naming the parameter', async () => {
  for (const r of ROUTES) {
    const a = await get(stack, `/v1/${r.id}?q=forbidden-word`, await freshKey());
    expectError(a, 'unsupported_or_invalid_query', 'q');
  }
});

test('sort=best_deal answers sort_not_implemented on every route, also where there is no sort (mkt_d) and whatever else is wrong', async () => {
  for (const r of ROUTES) {
    expectError(await get(stack, `/v1/${r.id}?q=a&sort=best_deal`, await freshKey()), 'sort_not_implemented', 'sort');
    expectError(await get(stack, `/v1/${r.id}?sort=best_deal&page=0&zzz=1`, await freshKey()), 'sort_not_implemented', 'sort');
  }
});

test('valid searches on every route, at the edges of every range, are accepted (202) and refusals record nothing', async () => {
  const { key: k, account: acct } = await stack.newKey();
  const edges: Record<string, string> = {
    'mkt_a/sold': `condition=${enc('used,new,for_parts')}&min_price=0&max_price=1000000&page=100`,
    'mkt_a/listings': 'condition=open_box&sort=ending_soon&min_price=5&max_price=5',
    'mkt_b/sold': 'condition=nwt&marketplace=mkt_b&country=us',
    'mkt_b/listings': 'sort=price_asc&condition=uf',
    'mkt_c/sold': 'count=1&sort=most_popular&category_id=2147483647&brand_id=1&condition=poor',
    'mkt_d/listings': 'count=100&condition=used_fair&max_price=0',
    'mkt_e/listings': `lat=17&lon=-64&radius=5000&category=5.1&condition=other&sort=lowest_mileage&vehicle_make=${enc('land_rover,ford')}&vehicle_max_mileage=0&vehicle_style=suv,van&vehicle_transmission=manual&vehicle_drivetrain=awd`,
  };
  const before = await stack.services.store.usage(acct, 'sandbox');
  expect(before.pending).toBe(0);
  for (const r of ROUTES) {
    const a = await get(stack, `/v1/${r.id}?q=${enc(`  edge   ${r.id}  `)}&${edges[r.id]}`, k);
    expect({ route: r.id, status: a.status, text: a.status === 202 ? '' : a.text }).toEqual({ route: r.id, status: 202, text: '' });
  }
  // 200 characters of q exactly.
  expect((await get(stack, `/v1/mkt_a/sold?q=${'b'.repeat(200)}`, k)).status).toBe(202);
  // q counts characters, not UTF-16 units or bytes: 100 emoji and 100 letters are 200.
  expect((await get(stack, `/v1/mkt_a/sold?q=${enc('😀'.repeat(100))}${'c'.repeat(100)}`, k)).status).toBe(202);
  const after = await stack.services.store.usage(acct, 'sandbox');
  expect(after).toMatchObject({ pending: ROUTES.length + 2, completed30d: 0 });
});

test('refused searches leave no job, reservation or charge behind', async () => {
  const { key: k, account: acct } = await stack.newKey();
  for (const q of ['q=', 'q=a&page=0', 'q=a&q=b', 'q=a&sort=best_deal', 'q=forbidden-word']) {
    expect((await get(stack, `/v1/mkt_a/sold?${q}`, k)).status).toBe(422);
  }
  expect(await stack.services.store.usage(acct, 'sandbox')).toEqual({ completed30d: 0, pending: 0, extraLeft: 0, chargedTotal: 0 });
  expect(account).toMatch(/^acct_/u);
});
