/**
 * Adapter-level tests: collect() over HTTP against the mkt_b simulator, through the adapter's
 * request builders and an HttpClient, as a worker runs it.
 */
import {
  BlockedError, CursorRejectedError, findRoute, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError,
  UpstreamTimeoutError, validateSearch, type Row, type Search, type HttpClient,
} from '@listings/contract';
import { recordingHttpClient, type RecordingHttpClient } from '@listings/http-client/testing';
import type { CollectContext, CollectedPage } from '../contract.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';
import { describeAdapter } from '../testkit/adapter-suite.ts';
import { createMktB } from './index.ts';
import { createMktBSimulator, mktBGroundTruth } from './simulator.ts';

const Q = 'leather boots';
function search(kind: 'sold' | 'listings', extra: Array<[string, string]> = []): Search {
  return validateSearch(findRoute(`mkt_b/${kind}`)!, [['q', Q], ...extra], { cursorSecret: 'test' });
}
const rowsOf = (p: CollectedPage): Row[] => p.result.data as Row[];

let server: SimulatorServer;
let base: string;
let tilesBase: string;

beforeAll(async () => {
  server = await startSimulators({ mkt_b: createMktBSimulator(), mkt_b_tiles: createMktBSimulator({ embedState: false }) });
  base = `${server.url}/mkt_b`;
  tilesBase = `${server.url}/mkt_b_tiles`;
});
afterAll(() => server.close());
afterEach(() => server.setFaults('mkt_b', { fault: 'none', latencyMs: 0 }));

function ctx(http: HttpClient, token: string | null = null, baseUrl = base): CollectContext {
  return { http, baseUrl, now: new Date('2026-10-01T12:00:00Z'), continuation: token === null ? null : { token, state: null }, signal: new AbortController().signal };
}

async function follow(s: Search, pages: number, baseUrl = base, http: RecordingHttpClient = recordingHttpClient()): Promise<CollectedPage[]> {
  const adapter = createMktB();
  const out: CollectedPage[] = [];
  let token: string | null = null;
  for (let page = 1; page <= pages; page++) {
    const got: CollectedPage = await adapter.collect({ ...s, page, cursor: page === 1 ? null : 'signed-by-core' }, ctx(http, token, baseUrl));
    out.push(got);
    if (!got.next) break;
    token = got.next.token;
  }
  return out;
}

function expectThreeExactPages(pages: CollectedPage[], truth: string[]): void {
  expect(pages).toHaveLength(3);
  const ids = pages.flatMap((p) => rowsOf(p).map((r) => r.id));
  expect(ids).toEqual(truth.slice(0, 144));
  expect(new Set(ids).size).toBe(ids.length);
  for (const [n, p] of pages.entries()) {
    expect([p.result.page, p.result.page_size, p.result.count, p.result.next_page]).toEqual([n + 1, 48, 48, n + 2]);
  }
}

describeAdapter({
  adapter: createMktB(),
  searches: { 'mkt_b/sold': `q=${Q}`, 'mkt_b/listings': `q=${Q}&sort=price_asc` },
  faults: [['bot_wall', BlockedError], ['login_wall', BlockedError], ['http_429', UpstreamThrottledError], ['http_5xx', TransientUpstreamError], ['truncated', TransientUpstreamError], ['layout_changed', LayoutChangedError], ['hang', UpstreamTimeoutError]],
  refusedCursor: { continuation: { token: 'ENC_not-a-token', state: null }, error: CursorRejectedError },
  pastTheEnd: { page: 100, from: () => ({ token: '2', state: null }), outcome: 'last' },
});

describe('mkt_b collect() against the simulator', () => {
  test('sold: three pages by cursor, no duplicate or missing row against the ground truth', async () => {
    const truth = mktBGroundTruth({ query: Q, availability: 'sold_out', sort: 'added_desc' });
    const pages = await follow(search('sold'), 3);
    expectThreeExactPages(pages, truth.map((p) => p.id));
    expect(pages[0]!.next!.token).toMatch(/^ENC_/);
    expect(pages[0]!.result.reported_total).toBe(truth.length);
    const row = rowsOf(pages[0]!)[0]!;
    const src = truth[0]!;
    expect(row).toMatchObject({
      title: src.title, displayed_price: { amount: src.price, currency: 'USD' }, seller_text: src.seller, size: src.size,
      brand: src.brand === '' ? null : src.brand, sold_date_text: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-07:00$/),
    });
    // The slug as the site writes it: punctuation and hyphens dropped, words joined by `-`.
    const slug = src.title.replace(/[^A-Za-z0-9\s]/gu, '').trim().split(/\s+/u).join('-');
    expect(row.link).toBe(`https://poshmark.com/listing/${slug}-${src.id}`);
    expect(row.sold_date).toBe((row.sold_date_text as string).slice(0, 10));
  });

  test('listings with sort and condition: three pages by cursor match the ground truth', async () => {
    const truth = mktBGroundTruth({ query: Q, availability: 'available', sort: 'price_asc' }).map((p) => p.id);
    expect(truth.length).toBeGreaterThanOrEqual(144);
    expectThreeExactPages(await follow(search('listings', [['sort', 'price_asc']]), 3), truth);
    const [ug] = await follow(search('listings', [['condition', 'ug'], ['sort', 'newest'], ['max_price', '100']]), 1);
    const ugTruth = mktBGroundTruth({ query: Q, availability: 'available', condition: 'ug', max: 100, sort: 'added_desc' }).map((p) => p.id);
    expect(rowsOf(ug!).map((r) => r.id)).toEqual(ugTruth.slice(0, 48));
    expect(rowsOf(ug!).every((r) => r.condition === 'ug' && r.format === 'fixed_price')).toBe(true);
  });

  test('tiles fallback: a page without embedded state is read from its tiles and paged by number', async () => {
    const truth = mktBGroundTruth({ query: Q, availability: 'sold_out', sort: 'added_desc' }).map((p) => p.id);
    const pages = await follow(search('sold'), 3, tilesBase);
    expectThreeExactPages(pages, truth);
    expect(pages.map((p) => p.next?.token)).toEqual(['2', '3', '4']);
    expect(pages[0]!.result.reported_total).toBeNull();
  });

  test('JSON route fallback: a page with neither state nor tiles is collected from vm-rest/posts', async () => {
    server.setFaults('mkt_b', { fault: 'layout_changed', latencyMs: 0, times: 1 });
    const http = recordingHttpClient();
    const [page] = await follow(search('sold'), 1, base, http);
    expect(http.sent.map((r) => new URL(r.url).pathname)).toEqual(['/mkt_b/search', '/mkt_b/vm-rest/posts']);
    const truth = mktBGroundTruth({ query: Q, availability: 'sold_out', sort: 'added_desc' }).map((p) => p.id);
    expect(rowsOf(page!).map((r) => r.id)).toEqual(truth.slice(0, 48));
    expect(page!.next!.token).toMatch(/^ENC_/);
  });

  test('a token of another search is refused as a cursor; a later page without one too', async () => {
    const [first] = await follow(search('sold'), 1);
    const other = search('sold', [['condition', 'uf']]);
    await expect(createMktB().collect({ ...other, page: 2, cursor: 'x' }, ctx(recordingHttpClient(), first!.next!.token))).rejects.toBeInstanceOf(CursorRejectedError);
    await expect(createMktB().collect({ ...search('sold'), page: 2, cursor: 'x' }, ctx(recordingHttpClient()))).rejects.toBeInstanceOf(CursorRejectedError);
  });

  test('a redirect to the login page is a block, whatever the body says', async () => {
    const http: HttpClient = { request: async () => ({ status: 200, url: 'https://poshmark.com/login?pmrd=%2Fsearch', headers: {}, body: '<html><body>Welcome</body></html>' }) };
    await expect(createMktB().collect(search('sold'), ctx(http))).rejects.toBeInstanceOf(BlockedError);
  });
});
