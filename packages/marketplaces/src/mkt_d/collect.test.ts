import {
  BlockedError, CollectionUnavailableError, CursorRejectedError, LayoutChangedError, TransientUpstreamError,
  UpstreamThrottledError, findRoute, validateSearch, type Result, type Row, type Search, type HttpClient, type UpstreamResponse,
} from '@listings/contract';
import { recordingHttpClient } from '@listings/http-client/testing';
import type { CollectContext, CollectedPage, Continuation } from '../contract.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';
import { describeAdapter } from '../testkit/adapter-suite.ts';
import { createMktD } from './index.ts';

const mktD = createMktD();
const route = findRoute('mkt_d/listings')!;

function search(query: string, page = 1): Search {
  return { ...validateSearch(route, [...new URLSearchParams(query)], { cursorSecret: 's' }), page };
}

function ctx(http: HttpClient, baseUrl: string, continuation: Continuation | null = null): CollectContext {
  return { http, baseUrl, now: new Date('2026-10-01T12:00:00Z'), continuation, signal: new AbortController().signal };
}

/** The page's result with its documented field types. */
function res(p: CollectedPage): Result {
  return p.result as unknown as Result;
}

function rows(p: CollectedPage): Row[] {
  return p.result.data as Row[];
}

describeAdapter({
  adapter: mktD,
  searches: { 'mkt_d/listings': 'q=denim' },
  // Boosted listings come first on page 1 and again in their place (see below).
  repeats: true,
  faults: [['bot_wall', BlockedError], ['login_wall', BlockedError], ['layout_changed', LayoutChangedError], ['http_429', UpstreamThrottledError], ['http_5xx', TransientUpstreamError], ['truncated', TransientUpstreamError]],
  refusedCursor: { continuation: { token: 'not-a-cursor', state: null }, error: CursorRejectedError },
  // A cursor past the end (an offset beyond the results) is out of range.
  pastTheEnd: { page: 9, from: () => ({ token: `${Buffer.from('9|100000|1790858783').toString('base64')}.BOOSTED_EXHAUSTED.0`, state: null }), outcome: 'out_of_range' },
});

describe('mkt_d collect() against its simulator over HTTP', () => {
  let sim: SimulatorServer;
  let base: string;
  beforeAll(async () => {
    sim = await startSimulators({ mkt_d: mktD.createSimulator() });
    base = `${sim.url}/mkt_d`;
  });
  afterAll(() => sim.close());
  afterEach(() => sim.setFaults('mkt_d', { fault: 'none', latencyMs: 0 }));

  test('page 1: the documented request, 24 rows by default, the total as reported', async () => {
    const http = recordingHttpClient();
    const got = await mktD.collect(search('q=carhartt  jacket'), ctx(http, base));
    const sent = new URL(http.sent[0]!.url);
    expect(sent.pathname).toBe('/mkt_d/presentation/api/v1/search/products/');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ what: 'carhartt jacket', limit: '24', country: 'us', currency: 'USD', from: 'in_country_search', include_like_count: 'true' });
    for (const h of ['depop-device-id', 'depop-session-id', 'depop-search-id']) expect(http.sent[0]!.headers?.[h]).toMatch(/^[0-9a-f-]{36}$/u);
    const r = res(got);
    expect(r).toMatchObject({ provider: 'mkt_d', page: 1, schema_version: 1, completeness: 'provider_page_only', next_page: 2 });
    expect(r.page_size).toBe(24);
    expect(r.count).toBe(rows(got).length);
    expect(r.count).toBeLessThanOrEqual(r.page_size);
    expect(typeof r.reported_total).toBe('number');
    expect(got.next?.token).toMatch(/\.BOOSTED_EXHAUSTED\.0$/u);
    for (const row of rows(got)) {
      expect(row).toMatchObject({ status: 'active', format: 'fixed_price', seller_text: null, displayed_shipping: null, shipping_text: null, best_offer: null });
      expect((row.displayed_price as { currency: string }).currency).toBe('USD');
      expect(row.link).toMatch(/^https:\/\/www\.depop\.com\/products\/[a-z0-9_-]+\/$/u);
    }
  });

  test('followed to its end: cursor after cursor, total on page 1 only, USD active rows only', async () => {
    const http = recordingHttpClient();
    const pages: CollectedPage[] = [];
    let continuation: Continuation | null = null;
    for (let page = 1; page <= 100; page++) {
      const got = await mktD.collect(search('q=vintage levis&count=100', page), ctx(http, base, continuation));
      pages.push(got);
      if (!got.next) break;
      continuation = { token: got.next.token, state: null };
    }
    expect(pages.length).toBeGreaterThan(1);
    expect(res(pages[0]!).reported_total).not.toBeNull();
    expect(pages.slice(1).every((p) => res(p).reported_total === null)).toBe(true);
    expect(res(pages.at(-1)!).next_page).toBeNull();
    expect(new URL(http.sent[1]!.url).searchParams.get('after')).toBe(pages[0]!.next!.token);
    expect(new URL(http.sent[1]!.url).searchParams.get('limit')).toBe('100');
    // Some source rows were dropped (other currencies, sold), and page_size still counts them.
    expect(pages.some((p) => res(p).page_size > res(p).count)).toBe(true);
    const all = pages.flatMap(rows);
    expect(all.every((r) => r.status === 'active')).toBe(true);
    expect(all.some((r) => (r.price_includes as string[]).includes('buyer_fee'))).toBe(true);
    expect(all.some((r) => (r.price_includes as string[]).length === 0)).toBe(true);
    // Boosted listings come first on page 1 and again in their place: duplicates across pages happen.
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBeLessThan(ids.length);
  });

  test('condition and price bounds go to the marketplace (in dollars) and hold', async () => {
    const http = recordingHttpClient();
    const got = await mktD.collect(search('q=nike hoodie&condition=used_good&min_price=20&max_price=60&count=50'), ctx(http, base));
    const sent = new URL(http.sent[0]!.url).searchParams;
    expect([sent.get('conditions'), sent.get('price_min'), sent.get('price_max'), sent.get('limit')]).toEqual(['used_good', '20', '60', '50']);
    expect(rows(got).length).toBeGreaterThan(0);
    expect(rows(got).every((r) => r.condition === 'used_good')).toBe(true);
    // Bounds apply to the search price; the headline can be higher (fee, shipping) but never lower.
    expect(rows(got).every((r) => (r.displayed_price as { amount: number }).amount >= 20)).toBe(true);
  });
});

function answering(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): HttpClient {
  return { request: (req) => Promise.resolve({ status, url: req.url, headers, body } satisfies UpstreamResponse) };
}

describe('mkt_d collect() on hand-made answers', () => {
  const base = 'http://upstream.invalid';
  const onePage = JSON.stringify({ meta: {}, page_info: { has_more: true, last: 'abc' }, objects: [] });

  test('page 100 is the last served', async () => {
    const body = JSON.stringify({ meta: {}, page_info: { has_more: true, last: 'abc' }, objects: [{ id: 1, slug: 'a-b', pricing: { currency: 'USD', current_price: { total_price: '5.00' } } }] });
    const got = await mktD.collect(search('q=denim', 100), ctx(answering(200, body), base, { token: 'x', state: null }));
    expect(res(got).next_page).toBeNull();
    expect(got.next).toBeNull();
  });

  test('an empty first page is an empty result', async () => {
    const got = await mktD.collect(search('q=zzzz'), ctx(answering(200, JSON.stringify({ meta: { total_count: 0 }, page_info: { has_more: false }, objects: [] })), base));
    expect(res(got)).toMatchObject({ count: 0, page_size: 0, reported_total: 0, next_page: null });
  });

  test('a later page without the cursor is refused, not collected', async () => {
    await expect(mktD.collect(search('q=denim', 2), ctx(answering(200, onePage), base))).rejects.toThrow(CollectionUnavailableError);
  });

  test.each([
    [400, '{"code":400,"message":"Bad Request"}', LayoutChangedError],
    [410, '{"code":9001,"message":"Deprecated endpoint"}', LayoutChangedError],
    [403, '{"code":403}', BlockedError],
    [200, '<!doctype html><title>Depop</title>', LayoutChangedError],
  ])('page 1 answered %i %s', async (status, body, cls) => {
    await expect(mktD.collect(search('q=denim'), ctx(answering(status, body), base))).rejects.toThrow(cls);
  });

  test('a retired endpoint is a changed layout even on a later page; another 4xx there is a refused cursor', async () => {
    await expect(mktD.collect(search('q=denim', 2), ctx(answering(400, '{"code":9001,"message":"Deprecated endpoint"}'), base, { token: 'c', state: null }))).rejects.toThrow(LayoutChangedError);
    await expect(mktD.collect(search('q=denim', 2), ctx(answering(422, '{"message":"invalid after"}'), base, { token: 'c', state: null }))).rejects.toThrow(CursorRejectedError);
  });

  test('Cloudflare: a challenge header or its 403 is a block; its 429 is throttling', async () => {
    const cf = { server: 'cloudflare', 'cf-ray': '8f00-LAX', 'content-type': 'text/html' };
    await expect(mktD.collect(search('q=denim'), ctx(answering(403, '<html><title>Attention Required! | Cloudflare</title></html>', cf), base))).rejects.toThrow(BlockedError);
    await expect(mktD.collect(search('q=denim'), ctx(answering(200, '<html><title>Just a moment...</title></html>', { 'content-type': 'text/html' }), base))).rejects.toThrow(BlockedError);
    await expect(mktD.collect(search('q=denim'), ctx(answering(429, '', { ...cf, 'retry-after': '7' }), base))).rejects.toMatchObject({ constructor: UpstreamThrottledError, retryAfterSeconds: 7 });
  });
});
