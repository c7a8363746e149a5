/**
 * @module testkit/adapter-suite
 * The tests every marketplace adapter passes the same way, run by each adapter's
 * collect.test.ts in a few lines (`describeAdapter`): collect() over HTTP against the
 * adapter's own simulator, as a worker runs it.
 *
 * - **Simulator round trip**: page 1 of a search of each route is a result of the marketplace
 *   (provider, page 1, count = rows, a next page exactly when `next` says how to reach it).
 * - **Row shapes**: every row has the fields of its route's row schema (the contract's
 *   ROW_SCHEMAS), no other; ids are unique on the page (but where the marketplace repeats
 *   rows), links are https, prices are money.
 * - **Cursors**: page 2 follows page 1's `next` (its token back, its state through JSON, as the
 *   core keeps it); a continuation the marketplace refuses fails the way the case says.
 * - **A blocked page** and the other faults of the simulator: each becomes its CollectionError.
 * - **A page past the end**: the deepest page served has no next page, or the page is out of
 *   range, as the marketplace does it.
 *
 * What only one marketplace does (eBay's home-page visit, Mercari's token refresh, Depop's
 * boosted repeats, OfferUp's widening) stays in that adapter's own tests.
 */
import { BlockedError, CollectionError, ROW_SCHEMAS, findRoute, validateSearch, type RouteId, type Row, type Search } from '@listings/contract';
import { recordingHttpClient } from '@listings/http-client/testing';
import type { CollectContext, CollectedPage, Continuation, Marketplace } from '../contract.ts';
import type { Fault, Simulator } from '../sim/kit.ts';
import { startSimulators, type SimulatorServer } from '../sim/server.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface AdapterCase {
  /** The adapter under test. */
  adapter: Marketplace;
  /** The simulator it runs against (default: the adapter's own). */
  simulator?: Simulator;
  /** When collections happen (what year-less dates resolve against). */
  now?: Date;
  /** A search of each route of the marketplace as a query string (`q=…&zip=…`); page 1 of each has rows and a next page. */
  searches: Partial<Record<RouteId, string>>;
  /** The simulator's faults and the CollectionError each becomes; `bot_wall` (a blocked page) among them. */
  faults: ReadonlyArray<readonly [Exclude<Fault, 'none'>, ErrorClass]>;
  /** The marketplace shows some rows twice, on a page and across pages (Depop's boosted listings), and the adapter keeps them. */
  repeats?: boolean;
  /**
   * A page past the end: page `page` of the first route's search, continuing from what `from`
   * makes of page 1 (cursor routes; null for page-number routes), is the last page served
   * (`last`: no next page) or refused as out of range.
   */
  pastTheEnd: { page: number; query?: string; from: (first: CollectedPage) => Continuation | null; outcome: 'last' | 'out_of_range' };
  /** A continuation of page 2 the marketplace refuses, and the error it becomes (cursor routes). */
  refusedCursor?: { continuation: Continuation; error: ErrorClass };
}

/** The search the core would hand the adapter: validated from a query string, on page `page`. */
export function caseSearch(route: RouteId, query: string, page = 1): Search {
  const info = findRoute(route);
  if (!info) throw new Error(`no route ${route}`);
  return { ...validateSearch(info, [...new URLSearchParams(query)], { cursorSecret: 'suite' }), page, cursor: page === 1 ? null : 'signed-by-core' };
}

/** The continuation the core keeps of a page: its token, its state through JSON (Redis). */
export function continuationOf(page: CollectedPage): Continuation | null {
  return page.next ? { token: page.next.token, state: page.next.state === undefined ? null : JSON.parse(JSON.stringify(page.next.state)) as unknown } : null;
}

/** The fields of a route's row schema. */
function rowFields(route: RouteId): string[] {
  const schema = ROW_SCHEMAS[route] as { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) throw new Error(`no row schema for ${route}`);
  return Object.keys(schema.properties);
}

/** What is wrong with a page's rows against the route's row schema and the rules every row keeps (empty: nothing). */
export function rowProblems(route: RouteId, rows: readonly Row[], opts: { repeats?: boolean } = {}): string[] {
  const fields = rowFields(route);
  // Fields the service adds after collection (the comps judgement) are not the adapter's to give.
  const adapterFields = fields.filter((f) => !f.startsWith('comp_'));
  const out: string[] = [];
  const ids = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const keys = Object.keys(row);
    for (const k of keys) if (!fields.includes(k)) out.push(`data[${i}].${k}: not a field of ${route}`);
    for (const f of adapterFields) if (!keys.includes(f)) out.push(`data[${i}].${f}: missing`);
    if (typeof row.id !== 'string' || row.id === '') out.push(`data[${i}].id: not an id`);
    else if (ids.has(row.id) && !opts.repeats) out.push(`data[${i}].id: ${row.id} twice on the page`);
    ids.add(String(row.id));
    if (typeof row.link !== 'string' || !/^https:\/\//u.test(row.link)) out.push(`data[${i}].link: not an https link`);
    const price = row.displayed_price as { amount?: unknown; currency?: unknown } | null;
    if (price !== null && (typeof price?.amount !== 'number' || typeof price.currency !== 'string')) out.push(`data[${i}].displayed_price: not money`);
  }
  return out;
}

const rowsOf = (p: CollectedPage): Row[] => p.result.data as Row[];

/** The shared conformance tests of one adapter (see the module). */
export function describeAdapter(c: AdapterCase): void {
  const token = c.adapter.token;
  const routes = Object.keys(c.searches) as RouteId[];
  const [firstRoute] = routes;
  if (!firstRoute) throw new Error('an adapter case needs a search');
  const now = c.now ?? new Date('2026-10-01T12:00:00Z');

  describe(`${token} adapter: the shared suite`, () => {
    let server: SimulatorServer;
    let base: string;
    beforeAll(async () => {
      server = await startSimulators({ [token]: c.simulator ?? c.adapter.createSimulator() });
      base = `${server.url}/${token}`;
    });
    afterAll(() => server.close());
    afterEach(() => server.setFaults(token, { fault: 'none', latencyMs: 0 }));

    const ctx = (continuation: Continuation | null = null, timeoutMs?: number): CollectContext => ({
      http: recordingHttpClient(timeoutMs === undefined ? {} : { timeoutMs }), baseUrl: base, now, continuation, signal: new AbortController().signal,
    });
    const collect = (route: RouteId, page = 1, continuation: Continuation | null = null, query = c.searches[route]!): Promise<CollectedPage> =>
      c.adapter.collect(caseSearch(route, query, page), ctx(continuation));

    test.each(routes)('simulator round trip: page 1 of %s is a result of the marketplace, its rows of the route\'s shape', async (route) => {
      const page = await collect(route);
      const result = page.result as unknown as { provider: string; page: number; count: number; page_size: number; next_page: number | null };
      expect([result.provider, result.page]).toEqual([token, 1]);
      expect(rowsOf(page).length).toBeGreaterThan(0);
      expect(result.count).toBe(rowsOf(page).length);
      expect(result.page_size).toBeGreaterThanOrEqual(result.count);
      expect(result.next_page).toBe(2);
      // A cursor route says how to reach the next page; a page-number route needs nothing.
      expect(page.next === null).toBe(!findRoute(route)!.cursorPaging);
      expect(rowProblems(route, rowsOf(page), c)).toEqual([]);
    });

    test.each(routes)('cursors: page 2 of %s follows page 1\'s next', async (route) => {
      const first = await collect(route);
      const second = await collect(route, 2, continuationOf(first));
      const result = second.result as unknown as { page: number; count: number; next_page: number | null };
      expect(result.page).toBe(2);
      expect(result.count).toBe(rowsOf(second).length);
      if (findRoute(route)!.cursorPaging) expect(second.next === null).toBe(result.next_page === null);
      expect(rowProblems(route, rowsOf(second), c)).toEqual([]);
      if (!c.repeats) {
        const before = new Set(rowsOf(first).map((r) => r.id));
        expect(rowsOf(second).filter((r) => before.has(r.id)).map((r) => r.id)).toEqual([]);
      }
    });

    if (c.refusedCursor) {
      const refused = c.refusedCursor;
      test('cursors: a continuation the marketplace refuses fails the page', async () => {
        await expect(collect(firstRoute, 2, refused.continuation)).rejects.toBeInstanceOf(refused.error);
      });
    }

    test('the fault table names a blocked page', () => {
      expect(c.faults.find(([fault]) => fault === 'bot_wall')?.[1]).toBe(BlockedError);
    });

    test.each(c.faults)('fault %s → %p', async (fault, error) => {
      server.setFaults(token, { fault, latencyMs: 0 });
      const err = await c.adapter.collect(caseSearch(firstRoute, c.searches[firstRoute]!), ctx(null, 400)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CollectionError);
      expect(err).toBeInstanceOf(error);
      // The simulator server's 429 says `Retry-After: 1`; the adapter passes it on.
      if (fault === 'http_429') expect((err as CollectionError).retryAfterSeconds).toBe(1);
    });

    test(`a page past the end: ${c.pastTheEnd.outcome === 'last' ? `page ${c.pastTheEnd.page} is the last served` : `page ${c.pastTheEnd.page} is out of range`}`, async () => {
      const query = c.pastTheEnd.query ?? c.searches[firstRoute]!;
      const continuation = c.pastTheEnd.from(await collect(firstRoute, 1, null, query));
      const past = collect(firstRoute, c.pastTheEnd.page, continuation, query);
      if (c.pastTheEnd.outcome === 'out_of_range') {
        await expect(past).rejects.toMatchObject({ code: 'page_out_of_range' });
      } else {
        const page = await past;
        expect([(page.result as unknown as { next_page: number | null }).next_page, page.next]).toEqual([null, null]);
      }
    });
  });
}
