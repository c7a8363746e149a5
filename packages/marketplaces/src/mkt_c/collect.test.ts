/**
 * Adapter-level tests: collect() over HTTP against the mkt_c simulator, through the same
 * request builders and an HttpClient, as a worker would run it.
 */
import {
  BlockedError, CursorRejectedError, findRoute, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError,
  UpstreamTimeoutError, validateSearch, type Row, type Search,
} from '@listings/contract';
import { recordingHttpClient, type RecordingHttpClient } from '@listings/http-client/testing';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';
import { continuationOf, describeAdapter } from '../testkit/adapter-suite.ts';
import { createMktC } from './index.ts';
import { buildCriteria } from './request.ts';
import { createMktCSimulator, mktCGroundTruth, mktCSimBrand, type MktCSimulator } from './simulator.ts';

function sold(extra: Array<[string, string]> = [], q = 'nintendo switch'): Search {
  return validateSearch(findRoute('mkt_c/sold')!, [['q', q], ...extra], { cursorSecret: 'test' });
}

/** `PageResult` is an Omit over an index-signed type, so its fields read as unknown. */
const rowsOf = (p: CollectedPage): Row[] => p.result.data as Row[];

let server: SimulatorServer;
let sim: MktCSimulator;
let base: string;

beforeAll(async () => {
  sim = createMktCSimulator();
  server = await startSimulators({ mkt_c: sim });
  base = `${server.url}/mkt_c`;
});
afterAll(() => server.close());
afterEach(() => server.setFaults('mkt_c', { fault: 'none', latencyMs: 0 }));

function ctx(http: RecordingHttpClient, token: string | null = null, now = new Date()): CollectContext {
  return { http, baseUrl: base, now, continuation: token === null ? null : { token, state: null }, signal: new AbortController().signal };
}

/** Pages 1..n of a search, each continuing from the previous page's `next`. */
async function follow(adapter: Marketplace, search: Search, pages: number, http = recordingHttpClient()): Promise<CollectedPage[]> {
  const out: CollectedPage[] = [];
  let token: string | null = null;
  for (let page = 1; page <= pages; page++) {
    const got: CollectedPage = await adapter.collect({ ...search, page, cursor: page === 1 ? null : 'signed-by-core' }, ctx(http, token));
    out.push(got);
    if (!got.next) break;
    token = got.next.token;
  }
  return out;
}

// Faults here meet the bootstrap (the shell page, then initialize); on the search call itself, below.
describeAdapter({
  adapter: createMktC(),
  searches: { 'mkt_c/sold': 'q=nintendo switch' },
  faults: [['bot_wall', BlockedError], ['login_wall', BlockedError], ['layout_changed', LayoutChangedError], ['http_5xx', TransientUpstreamError]],
  refusedCursor: { continuation: { token: 'rw1:not-a-key', state: null }, error: CursorRejectedError },
  pastTheEnd: { page: 100, query: 'q=nintendo switch&count=1', from: continuationOf, outcome: 'last' },
});

describe('mkt_c collect() against the simulator', () => {
  test('three pages by cursor: no duplicate, no missing row against the ground truth', async () => {
    const search = sold([['count', '40']]);
    const pages = await follow(createMktC(), search, 3);
    expect(pages).toHaveLength(3);
    const truth = mktCGroundTruth(buildCriteria(search, null));
    const expected = truth.slice(0, 120).filter((i) => i.status === 'sold_out').map((i) => i.id);
    const ids = pages.flatMap((p) => rowsOf(p).map((r) => r.id));
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [n, p] of pages.entries()) {
      expect(p.result.page).toBe(n + 1);
      expect(p.result.page_size).toBe(40);
      expect(p.result.count).toBe(rowsOf(p).length);
      expect(p.result.reported_total).toBe(truth.length);
      expect(p.result.next_page).toBe(n + 2);
      expect(p.next?.token).toMatch(/^rw1:/);
    }
    const row = rowsOf(pages[0]!)[0]!;
    const src = truth.find((i) => i.id === row.id)!;
    expect(row).toMatchObject({
      link: `https://www.mercari.com/us/item/${src.id}/`, title: src.name, status: 'sold',
      displayed_price: { amount: src.price / 100, currency: 'USD' }, seller_text: String(src.sellerId), seller_id: String(src.sellerId),
      condition_id: src.conditionId, category_id: src.path[2]![0], brand_id: src.brand ? src.brand[0] : null, sold_date: null, sold_date_text: null,
    });
  });

  test('filters and sort reach the marketplace; the last page has no next page', async () => {
    // Sony's consoles (category 84): a fair PS5 asks about $280.
    const search = sold([['condition', 'fair'], ['min_price', '20'], ['max_price', '300'], ['category_id', '84'], ['brand_id', String(mktCSimBrand('Sony')![0])], ['sort', 'price_asc']], 'ps5');
    const [page] = await follow(createMktC(), search, 1);
    const rows = rowsOf(page!);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([r.condition, r.condition_id, r.brand_id]).toEqual(['Fair', 4, mktCSimBrand('Sony')![0]]);
      expect((r.displayed_price as { amount: number }).amount).toBeGreaterThanOrEqual(20);
      expect((r.displayed_price as { amount: number }).amount).toBeLessThanOrEqual(300);
    }
    const amounts = rows.map((r) => (r.displayed_price as { amount: number }).amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect([page!.result.next_page, page!.next]).toEqual([null, null]);
    expect(page!.result.reported_total).toBe(page!.result.page_size);
  });

  test('one bootstrap per base URL, shared by concurrent collections and reused', async () => {
    const adapter = createMktC();
    const before = sim.sessionsIssued();
    const http = recordingHttpClient();
    await Promise.all([adapter.collect(sold(), ctx(http)), adapter.collect(sold([], 'lamp'), ctx(http))]);
    await adapter.collect(sold([], 'chair'), ctx(http));
    expect(sim.sessionsIssued() - before).toBe(1);
    expect(http.sent.filter((r) => r.url.endsWith('/v1/initialize'))).toHaveLength(1);
    expect(http.sent[0]!.url).toBe(`${base}/search/?keyword=nintendo%20switch`);
  });

  test('an expired token is refreshed once and the page still collected', async () => {
    const adapter = createMktC();
    const http = recordingHttpClient();
    await adapter.collect(sold(), ctx(http));
    const before = sim.sessionsIssued();
    sim.expireTokens();
    const sentBefore = http.sent.length;
    const page = await adapter.collect(sold(), ctx(http));
    expect(page.result.page_size).toBe(100);
    expect(sim.sessionsIssued() - before).toBe(1);
    expect(http.sent.slice(sentBefore).map((r) => r.url.slice(base.length))).toEqual(['/v1/api', '/search/?keyword=nintendo%20switch', '/v1/initialize', '/v1/api']);
  });

  test('sessions are kept per HTTP identity: another (or a retired and renewed) identity bootstraps its own', async () => {
    const adapter = createMktC();
    const a = recordingHttpClient();
    const b = recordingHttpClient();
    const before = sim.sessionsIssued();
    await adapter.collect(sold(), ctx(a));
    await adapter.collect(sold(), ctx(a));
    await adapter.collect(sold(), ctx(b));
    expect(sim.sessionsIssued() - before).toBe(2);
  });

  test('a token near its exp is renewed before use, without a refused call', async () => {
    const adapter = createMktC();
    const http = recordingHttpClient();
    await adapter.collect(sold(), ctx(http));
    await adapter.collect(sold(), ctx(http, null, new Date(Date.now() + 5 * 86400 * 1000)));
    const before = sim.sessionsIssued();
    const sentBefore = http.sent.length;
    await adapter.collect(sold(), ctx(http, null, new Date(Date.now() + 7 * 86400 * 1000)));
    expect(sim.sessionsIssued() - before).toBe(1);
    expect(http.sent.slice(sentBefore).map((r) => r.url.slice(base.length))).toEqual(['/search/?keyword=nintendo%20switch', '/v1/initialize', '/v1/api']);
  });

  test('a token refused again after one refresh fails the job as blocked', async () => {
    const local = createMktCSimulator();
    const srv = await startSimulators({ mkt_c: local });
    const http = recordingHttpClient();
    const c = (client = http): CollectContext => ({ ...ctx(client), baseUrl: `${srv.url}/mkt_c` });
    try {
      const adapter = createMktC();
      await adapter.collect(sold(), c());
      local.expireTokens();
      local.setTokenTtlSeconds(-60);
      const again = await adapter.collect(sold(), c()).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BlockedError);
      expect((again as Error).message).toBe('access token refused again after one refresh');
      expect(local.sessionsIssued()).toBe(2);
      // A fresh adapter whose very first token is refused fails at once, without a loop.
      const first = await createMktC().collect(sold(), c(recordingHttpClient())).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(BlockedError);
      expect((first as Error).message).toBe('a freshly issued access token was refused');
      expect(local.sessionsIssued()).toBe(3);
    } finally {
      await srv.close();
    }
  });

  test.each([
    ['bot_wall', BlockedError],
    ['login_wall', BlockedError],
    ['http_429', UpstreamThrottledError],
    ['http_5xx', TransientUpstreamError],
    ['truncated', TransientUpstreamError],
    ['layout_changed', LayoutChangedError],
    ['hang', UpstreamTimeoutError],
  ] as const)('fault %s on the search call → %p', async (fault, errorClass) => {
    const adapter = createMktC();
    const http = recordingHttpClient({ timeoutMs: 400 });
    await adapter.collect(sold(), ctx(http));
    server.setFaults('mkt_c', { fault, latencyMs: 0 });
    const sentBefore = http.sent.length;
    const err = await adapter.collect(sold(), ctx(http)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(errorClass);
    expect(http.sent[sentBefore]!.url).toBe(`${base}/v1/api`);
    if (fault === 'http_429') expect((err as UpstreamThrottledError).retryAfterSeconds).toBe(1);
  });

  test('after a block the session is dropped, so the next attempt bootstraps anew', async () => {
    const adapter = createMktC();
    const http = recordingHttpClient();
    await adapter.collect(sold(), ctx(http));
    server.setFaults('mkt_c', { fault: 'bot_wall', latencyMs: 0, times: 1 });
    await expect(adapter.collect(sold(), ctx(http))).rejects.toBeInstanceOf(BlockedError);
    const sentBefore = http.sent.length;
    await adapter.collect(sold(), ctx(http));
    expect(http.sent.slice(sentBefore).map((r) => r.url.slice(base.length))).toEqual(['/search/?keyword=nintendo%20switch', '/v1/initialize', '/v1/api']);
  });

  test('a later page without a page key is refused as a cursor', async () => {
    await expect(createMktC().collect({ ...sold(), page: 2, cursor: 'x' }, ctx(recordingHttpClient()))).rejects.toBeInstanceOf(CursorRejectedError);
  });

  test('check(): a maximum price of 0 cannot be expressed and is refused up front', () => {
    const adapter = createMktC();
    expect(adapter.check!(sold([['max_price', '0']]))).toEqual({ param: 'max_price', message: expect.stringContaining('no bound') });
    expect(adapter.check!(sold([['max_price', '1']]))).toBeNull();
  });
});
