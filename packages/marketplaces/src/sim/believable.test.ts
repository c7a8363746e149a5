/**
 * Sandbox data a user believes (issue 10): read through each real adapter from its simulator,
 * a phone search asks phone prices and a hoodie search hoodie prices, sold dates sit in the 90
 * days before now (with sold times on mkt_c), links and images have the marketplaces' real URL
 * shapes, and brands fit the keywords.
 */
import { findRoute, validateSearch, type Row } from '@listings/contract';
import { MARKETPLACES } from '../index.ts';
import { loggingHttpClient } from '../mkt_d/test-http.ts';
import { startSimulators, type SimulatorServer } from './server.ts';
import { productProfile } from './catalog.ts';

let server: SimulatorServer;
beforeAll(async () => {
  server = await startSimulators(Object.fromEntries(Object.entries(MARKETPLACES).map(([t, m]) => [t, m.createSimulator()])));
});
afterAll(async () => {
  await server?.close();
});

async function rows(route: string, query: Array<[string, string]>): Promise<Row[]> {
  const [token] = route.split('/') as [keyof typeof MARKETPLACES];
  const search = validateSearch(findRoute(route)!, query, { cursorSecret: 's' });
  const page = await MARKETPLACES[token].collect(search, { http: loggingHttpClient(), baseUrl: `${server.url}/${token}`, now: new Date(), continuation: null, signal: new AbortController().signal });
  expect(page.result.data.length).toBeGreaterThan(0);
  return page.result.data as Row[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const amounts = (rs: Row[]): number[] => rs.map((r) => (r.displayed_price as { amount: number } | null)?.amount).filter((a): a is number => typeof a === 'number');

const ROUTES: Array<[string, Array<[string, string]>]> = [
  ['mkt_a/sold', []], ['mkt_a/listings', []], ['mkt_b/sold', []], ['mkt_b/listings', []], ['mkt_c/sold', []], ['mkt_d/listings', []], ['mkt_e/listings', [['zip', '10001']]],
];

describe.each(ROUTES)('%s', (route, extra) => {
  test('a phone search asks phone prices; a hoodie search hoodie prices', async () => {
    const phone = productProfile('iphone 14 pro');
    const phones = amounts(await rows(route, [['q', 'iphone 14 pro'], ...extra]));
    expect(median(phones)).toBeGreaterThanOrEqual(phone.low);
    expect(median(phones)).toBeLessThanOrEqual(phone.high);
    expect(phones.filter((a) => a < 20)).toEqual([]);
    const hoodies = amounts(await rows(route, [['q', 'champion hoodie'], ...extra]));
    expect(median(hoodies)).toBeLessThan(200);
  });

  test('links and images are on the marketplace\'s real hosts', async () => {
    const hosts: Record<string, [RegExp, RegExp]> = {
      mkt_a: [/^https:\/\/www\.ebay\.com\/itm\/\d+$/u, /^https:\/\/i\.ebayimg\.com\//u],
      mkt_b: [/^https:\/\/poshmark\.com\/listing\/[^/]+-[0-9a-f]{24}$/u, /^https:\/\/di2ponv0v5otw\.cloudfront\.net\//u],
      mkt_c: [/^https:\/\/www\.mercari\.com\/us\/item\/m\d+\/$/u, /^https:\/\/u-mercari-images\.mercdn\.net\//u],
      mkt_d: [/^https:\/\/www\.depop\.com\/products\/[a-z0-9_.-]+\/$/u, /^https:\/\/media-photos\.depop\.com\//u],
      mkt_e: [/^https:\/\/offerup\.com\/item\/detail\/[0-9a-f-]+$/u, /^https:\/\/images\.offerup\.com\//u],
    };
    const [link, image] = hosts[route.split('/')[0]!]!;
    for (const r of await rows(route, [['q', 'desk lamp'], ...extra])) {
      expect(r.link).toMatch(link);
      if (r.image !== null) expect(r.image).toMatch(image);
    }
  });
});

describe.each(['mkt_a/sold', 'mkt_b/sold'])('%s', (route) => {
  test('sold dates spread over the 90 days before now', async () => {
    const dates = (await rows(route, [['q', 'vintage camera lens']])).map((r) => r.sold_date).filter((d): d is string => typeof d === 'string');
    expect(dates.length).toBeGreaterThan(10);
    const ages = dates.map((d) => (Date.now() - Date.parse(`${d}T12:00:00Z`)) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThan(-1);
    expect(Math.max(...ages)).toBeLessThanOrEqual(91);
    expect(new Set(dates).size).toBeGreaterThan(5);
  });
});

test('mkt_c sold rows carry no sold time, as real search answers carry none (docs/marketplaces/mkt_c.md)', async () => {
  const rs = await rows('mkt_c/sold', [['q', 'vintage camera lens']]);
  expect(rs.map((r) => [r.sold_date, r.sold_date_text]).filter(([d, t]) => d !== null || t !== null)).toEqual([]);
});

test('brands fit the keywords (mkt_b and mkt_d show them)', async () => {
  for (const route of ['mkt_b/listings', 'mkt_d/listings']) {
    const brands = (await rows(route, [['q', 'nike sneakers']])).map((r) => r.brand).filter((b): b is string => typeof b === 'string');
    expect(brands.length).toBeGreaterThan(0);
    expect(brands.every((b) => productProfile('nike sneakers').brands.includes(b))).toBe(true);
    expect(brands.filter((b) => b === 'Nike').length * 2).toBeGreaterThan(brands.length);
  }
});
