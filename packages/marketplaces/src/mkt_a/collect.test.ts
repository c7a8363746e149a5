/**
 * collect() end to end over HTTP: the production HTTP client against the eBay simulator on
 * the shared simulator server. Sold and listings searches complete, page 2 follows next_page,
 * every filter reaches the URL the simulator received, and each fault becomes its documented
 * CollectionError (which the worker settles as a failed job with 0 credits).
 */
import {
  BlockedError, CollectionError, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError,
  UpstreamTimeoutError, type Row, type Search,
} from '@listings/contract';
import { createHttpClient, type HttpClientHandle } from '@listings/http-client';
import type { CollectContext, CollectedPage } from '../contract.ts';
import type { SimRequest, Simulator } from '../sim/kit.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';
import { describeAdapter } from '../testkit/adapter-suite.ts';
import { createMktAMarketplace } from './index.ts';
import { readSimQuery, simPage } from './sim-catalog.ts';

const NOW = new Date('2026-08-01T18:00:00Z');
const mktA = createMktAMarketplace({ now: () => NOW });

/** Wraps a simulator to record what it was asked: path, query and headers of every request. */
function recording(sim: Simulator): Simulator & { seen: SimRequest[] } {
  const seen: SimRequest[] = [];
  return {
    seen,
    handle: (req) => {
      seen.push(req);
      return sim.handle(req);
    },
    renderFault: (fault, req) => {
      seen.push(req);
      return sim.renderFault(fault, req);
    },
  };
}

let server: SimulatorServer;
let http: HttpClientHandle;
const current = recording(mktA.createSimulator());
const legacy = recording(createMktAMarketplace({ layout: 's-item', now: () => NOW }).createSimulator());

beforeAll(async () => {
  server = await startSimulators({ mkt_a: current, mkt_a_legacy: legacy });
  http = createHttpClient({ retries: 0, timeoutMs: 3000 });
});
afterAll(async () => {
  http.close();
  await server.close();
});
afterEach(() => {
  server.setFaults('mkt_a', { fault: 'none', latencyMs: 0 });
});

function search(kind: 'sold' | 'listings', q: string, params: Search['params'] = {}, page = 1): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q, page, params: kind === 'listings' ? { sort: 'best_match', ...params } : params, cursor: null };
}

function ctx(base = 'mkt_a', timeoutMs?: number): CollectContext {
  const client = timeoutMs === undefined ? http : createHttpClient({ retries: 0, timeoutMs });
  return { http: client, baseUrl: `${server.url}/${base}`, now: NOW, continuation: null, signal: new AbortController().signal };
}

function rows(page: CollectedPage): Row[] {
  return page.result.data as Row[];
}

async function failure(p: Promise<unknown>): Promise<CollectionError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(CollectionError);
    return err as CollectionError;
  }
  throw new Error('expected the collection to fail');
}

describeAdapter({
  adapter: mktA,
  now: NOW,
  searches: { 'mkt_a/listings': 'q=desk lamp', 'mkt_a/sold': 'q=vintage camera lens' },
  faults: [['bot_wall', BlockedError], ['login_wall', BlockedError], ['http_429', UpstreamThrottledError], ['http_5xx', TransientUpstreamError], ['truncated', TransientUpstreamError], ['layout_changed', LayoutChangedError], ['hang', UpstreamTimeoutError]],
  pastTheEnd: { page: 60, from: () => null, outcome: 'out_of_range' },
});

describe('mkt_a collect() over HTTP against the simulator', () => {
  test('a sold search completes with the simulator\'s listings, its accepted offers kept apart', async () => {
    const s = search('sold', 'vintage camera lens');
    const page = await mktA.collect(s, ctx());
    const truth = simPage(readSimQuery(current.seen.at(-1)!.query));
    expect(page.next).toBeNull();
    expect(page.result).toMatchObject({ provider: 'mkt_a', query: 'vintage camera lens', page: 1, count: 60, page_size: 60, reported_total: truth.total, next_page: 2 });
    expect(rows(page).map((r) => r.id)).toEqual(truth.items.map((l) => l.id));
    expect(rows(page).every((r) => typeof r.sold_date === 'string')).toBe(true);
    expect(page.hidden?.bestOfferAcceptedIds).toEqual(truth.items.filter((l) => l.bestOfferAccepted).map((l) => l.id));
  });

  test('a listings search completes; page 2 follows next_page and continues the same order', async () => {
    const first = await mktA.collect(search('listings', 'desk lamp'), ctx());
    expect(first.result.next_page).toBe(2);
    const second = await mktA.collect(search('listings', 'desk lamp', {}, first.result.next_page as number), ctx());
    expect(second.result.page).toBe(2);
    const req = current.seen.at(-1)!;
    expect(req.query.get('_pgn')).toBe('2');
    // A person reaches page 2 from page 1: the Referer says so.
    expect(String(req.headers.referer)).toContain('_nkw=desk+lamp');
    const ids1 = rows(first).map((r) => r.id);
    const ids2 = rows(second).map((r) => r.id);
    expect(ids2.some((id) => ids1.includes(id))).toBe(false);
    expect(ids2).toEqual(simPage(readSimQuery(req.query)).items.map((l) => l.id));
  });

  test('every filter reaches the request the simulator received, and the rows honour them', async () => {
    const page = await mktA.collect(search('listings', 'brass telescope', { condition: ['open_box', 'refurbished'], min_price: 20, max_price: 400, sort: 'price_asc' }), ctx());
    const req = current.seen.at(-1)!;
    expect(req.path).toBe('/sch/i.html');
    expect(Object.fromEntries(req.query)).toEqual({
      _nkw: 'brass telescope', _sacat: '0', LH_ItemCondition: '1500|2000|2010|2020|2030|2500', _udlo: '20', _udhi: '400',
      LH_PrefLoc: '1', _sop: '15', _ipg: '60',
    });
    expect(req.headers['user-agent']).toMatch(/Chrome\//u);
    expect(req.headers['accept-language']).toBe('en-US,en;q=0.9');
    for (const r of rows(page)) {
      expect(['Open Box', 'New (Other)', 'Certified - Refurbished', 'Excellent - Refurbished', 'Very Good - Refurbished', 'Good - Refurbished', 'Seller Refurbished']).toContain(r.condition);
      const price = r.displayed_price as { amount: number } | null;
      if (price) expect(price.amount).toBeGreaterThanOrEqual(20);
      expect(r.location_text).toBe('United States');
    }
    await mktA.collect(search('sold', 'brass telescope', { condition: ['new', 'used', 'for_parts'] }), ctx());
    expect(Object.fromEntries(current.seen.at(-1)!.query)).toMatchObject({ LH_Sold: '1', LH_Complete: '1', LH_ItemCondition: '1000|3000|7000', _sop: '13' });
  });

  test('the earlier s-item layout collects the same sold rows', async () => {
    const s = search('sold', 'vintage camera lens');
    const a = await mktA.collect(s, ctx());
    const b = await mktA.collect(s, ctx('mkt_a_legacy'));
    expect(rows(b).map((r) => [r.id, r.displayed_price, r.sold_date])).toEqual(rows(a).map((r) => [r.id, r.displayed_price, r.sold_date]));
  });

  test('each HTTP identity visits the home page once before its first search, jobs on it at once share the visit', async () => {
    const fresh = createHttpClient({ retries: 0, timeoutMs: 3000 });
    try {
      const c: CollectContext = { ...ctx(), http: fresh };
      const from = current.seen.length;
      await Promise.all([mktA.collect(search('sold', 'desk lamp'), c), mktA.collect(search('listings', 'desk lamp'), c)]);
      await mktA.collect(search('listings', 'desk lamp', {}, 2), c);
      const paths = current.seen.slice(from).map((r) => r.path);
      expect(paths.filter((p) => p === '/')).toHaveLength(1);
      expect(paths[0]).toBe('/');
      expect(paths.filter((p) => p === '/sch/i.html')).toHaveLength(3);
    } finally {
      fresh.close();
    }
  });

  // The suite above turns each fault into its error class; here what eBay's own pages make of two of them.
  test.each([
    ['login_wall', BlockedError, 'upstream_blocked', /sign-in/u],
    // The halved page is a complete HTTP answer: the parser sees the results end before their pagination.
    ['truncated', TransientUpstreamError, 'upstream_error', /ends before its pagination/u],
  ] as const)('fault %s → %p (%s), saying why', async (fault, cls, code, why) => {
    server.setFaults('mkt_a', { fault });
    const err = await failure(mktA.collect(search('sold', 'vintage camera lens'), ctx()));
    expect(err).toBeInstanceOf(cls);
    expect([err.code, err.message]).toEqual([code, expect.stringMatching(why)]);
  });

  test('fault latency: the page still completes, after the delay', async () => {
    server.setFaults('mkt_a', { latencyMs: 300 });
    const t = Date.now();
    const page = await mktA.collect(search('listings', 'desk lamp'), ctx());
    expect(Date.now() - t).toBeGreaterThanOrEqual(290);
    expect(page.result.count).toBe(60);
  });
});
