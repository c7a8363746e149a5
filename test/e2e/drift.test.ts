/**
 * The drift guard in production, on the live path: a real eBay results page served
 * over HTTP as the marketplace would, once as captured and once with its result markup
 * renamed (what a redesign does). The renamed page must fail the job as a layout change at no
 * cost, never as rows; its body is kept (without cookies) and listed and downloaded by the
 * admin command; the worker's reading metric counts it by marketplace and outcome.
 *
 * And no false alarms: every real capture (../shared/fixtures and test/data) read
 * through its adapter and the guard as the worker does, counting the pages the guard would call
 * drift that are normal pages (0); and on the live path each legitimate way a page has no exact
 * row (no results, fewer words only, a rewritten query, past the last page) settles as what it
 * is, counted as a reading, never as a layout change.
 */
import { CollectionError, findRoute, validateSearch, type HttpClient, type Search, type Token, type UpstreamRequest, type UpstreamResponse } from '@listings/contract';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createWorkerMetrics } from '../../apps/worker/src/metrics.ts';
import {
  DRIFT_OUTCOMES, implausibility, ImplausibleReadingError, MARKETPLACES, readingOutcome, type CollectedPage, type ReadingOutcome,
} from '../../packages/marketplaces/src/index.ts';
import { parseSoldPage } from '../../packages/marketplaces/src/mkt_c/parse.ts';
import { EMPTY_SEARCH_PAGE, wholePage } from '../../packages/marketplaces/src/mkt_b/test-pages.ts';
import { SEARCH_PATH as MKT_D_SEARCH_PATH } from '../../packages/marketplaces/src/mkt_d/params.ts';
import { describeWithFixtures, fixturesAvailable, readCapture, readFixture, readTestData, captureToken, GOLDEN_DIR, type Golden } from '@listings/marketplaces/testkit';
import { startWorker, type WorkerHandle } from '@listings/worker';
import { runAdminInline } from '../support/commands.ts';
import { startLiveStack, runLive, type LiveStack } from '../support/live-capture.ts';

const CAPTURE = 'sold-s-card-60.html';

function admin(live: LiveStack, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runAdminInline(args, { REDIS_URL: live.stack.config.redisUrl, KEY_PREFIX: live.stack.config.keyPrefix, LISTINGS_LOCAL_DIR: '/nonexistent' });
}

/**
 * For the describe it is called in: a live stack for mkt_a with a worker of its own whose page
 * readings are counted (the reading metric, live mode, by outcome).
 */
function liveStackCountingReadings(): { live: () => LiveStack; readings: (outcome: string) => Promise<number> } {
  let live: LiveStack;
  let worker: WorkerHandle;
  const metrics = createWorkerMetrics(['mkt_a']);
  beforeAll(async () => {
    live = await startLiveStack('mkt_a', { noWorker: true });
    worker = await startWorker(live.stack.config, { ...(await import('@listings/marketplaces')).MARKETPLACES }, {
      logger: (await import('pino')).default({ level: process.env.TEST_LOG ?? 'silent' }), onReading: metrics.onReading,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await live?.close();
  });
  return {
    live: () => live,
    async readings(outcome) {
      const text = await metrics.registry.metrics();
      const line = text.split('\n').find((l) => l.startsWith('listings_page_readings_total{') && l.includes('marketplace="mkt_a"') && l.includes('mode="live"') && l.includes(`outcome="${outcome}"`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    },
  };
}

describeWithFixtures('mkt_a', 'drift guard on a real page whose markup changed', () => {
  const counted = liveStackCountingReadings();
  let live: LiveStack;
  beforeAll(() => { live = counted.live(); });
  const readings = counted.readings;
  const page = readFixture('mkt_a', CAPTURE);
  // A redesign: every result-card class renamed. The heading ("242 results") still reads.
  const renamed = page.replaceAll('s-card', 'x-tile');

  test('the page as captured is read; the renamed one fails as a layout change, free, and is kept without cookies', async () => {
    const { key, account } = await live.liveKey();
    const headers = { 'content-type': 'text/html;charset=utf-8', 'set-cookie': 'ebay=%5Esbf%3D%23; Path=/', 'x-ebay-c-request-id': 'ri=abc123' };

    live.site.serve([{ path: '/sch/i.html', headers, body: page }]);
    const read = await runLive(live, key, '/v1/mkt_a/sold?q=2006+Volkswagen+New+Beetle');
    expect({ status: read.env.status, error: read.env.error }).toEqual({ status: 'complete' });
    expect(await readings('read')).toBe(1);

    live.site.serve([{ path: '/sch/i.html', headers, body: renamed }]);
    const before = await live.stack.services.store.usage(account, 'live');
    const failed = await runLive(live, key, '/v1/mkt_a/sold?q=2006+Volkswagen+New+Beetle+drift');
    expect({ status: failed.env.status, credits: failed.env.credits, code: failed.env.error?.code }).toEqual({ status: 'failed', credits: 0, code: 'upstream_error' });
    expect(failed.env.result).toBeUndefined();
    expect(await live.stack.services.store.usage(account, 'live')).toEqual({ ...before, pending: 0 });
    expect(await readings('layout_changed')).toBe(1);

    // Listed by the admin command, newest first, with its search and why.
    const list = await admin(live, ['pages', 'list', '--marketplace', 'mkt_a', '--json']);
    expect(list.code).toBe(0);
    const pages = (JSON.parse(list.stdout) as { pages: Array<Record<string, unknown>> }).pages;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      marketplace: 'mkt_a', mode: 'live', route: 'mkt_a/sold', q: '2006 Volkswagen New Beetle drift', page: 1, outcome: 'layout_changed', code: 'upstream_error',
      status: 200, bytes: Buffer.byteLength(renamed), truncated: false,
    });
    const kept = pages[0]!;
    expect(kept.headers).toMatchObject({ 'content-type': 'text/html;charset=utf-8', 'x-ebay-c-request-id': 'ri=abc123' });
    expect(JSON.stringify(kept)).not.toMatch(/set-cookie|sbf/iu);

    // The text listing names it too; show prints its facts; download gives the body byte for byte.
    const text = await admin(live, ['pages', 'list']);
    expect(text.stdout).toContain(kept.id as string);
    expect(text.stdout).toContain('layout_changed');
    const show = await admin(live, ['pages', 'show', kept.id as string]);
    expect(show.stdout).toContain('the job failed upstream_error');
    expect(show.stdout).not.toMatch(/cookie/iu);
    const out = `${process.env.TMPDIR ?? '/tmp'}/kept-${kept.id as string}.html`;
    const dl = await admin(live, ['pages', 'download', kept.id as string, '--out', out]);
    expect(dl.code).toBe(0);
    const { readFileSync, rmSync } = await import('node:fs');
    expect(readFileSync(out, 'utf8')).toBe(renamed);
    rmSync(out);
  });

  test('the admin page commands refuse what they cannot do', async () => {
    expect(await admin(live, ['pages', 'show', 'pg_doesnotexist'])).toMatchObject({ code: 1, stderr: expect.stringContaining('no kept page pg_doesnotexist') });
    expect(await admin(live, ['pages', 'show', '../../etc/passwd'])).toMatchObject({ code: 1 });
    expect(await admin(live, ['pages', 'download', 'pg_x'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--out <file> is required') });
    expect(await admin(live, ['pages', 'list', '--limit', '0'])).toMatchObject({ code: 2 });
    expect(await admin(live, ['pages', 'list', '--marketplace', 'ebay'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown marketplace') });
    expect(await admin(live, ['pages', 'list', '--plan', 'pro'])).toMatchObject({ code: 2 });
    expect(await admin(live, ['pages'])).toMatchObject({ code: 2, stderr: expect.stringContaining('pages needs a subcommand') });
  });
});

/** How each marketplace's answers carry a capture, as the marketplace serves it (the adapters' golden tests serve them the same way). */
function siteFor(g: Golden, body: string): (req: UpstreamRequest) => UpstreamResponse {
  const file = g.capture.slice(g.capture.lastIndexOf('/') + 1);
  const ok = (req: UpstreamRequest, b: string, type: string): UpstreamResponse => ({ status: 200, url: req.url, headers: { 'content-type': type }, body: b });
  const path = (req: UpstreamRequest): string => new URL(req.url).pathname;
  switch (captureToken(g.capture)) {
    case 'mkt_a':
      return (req) => ok(req, body, 'text/html; charset=utf-8');
    case 'mkt_b':
      // A search page, or a JSON answer of the listing route the empty search page falls back to.
      return file.endsWith('.html') ? (req) => ok(req, wholePage(body), 'text/html') : (req) => (path(req) === '/search' ? ok(req, EMPTY_SEARCH_PAGE, 'text/html') : ok(req, body, 'application/json'));
    case 'mkt_d':
      // The search page is read when the API no longer answers; the API answer is read as is.
      return file.endsWith('.html')
        ? (req) => (path(req) === MKT_D_SEARCH_PATH ? { status: 404, url: req.url, headers: { 'content-type': 'text/html' }, body: '<html>Not found</html>' } : ok(req, body, 'text/html'))
        : (req) => ok(req, body, 'application/json');
    case 'mkt_e':
      // The server-rendered page is read when the GraphQL feed refuses the query.
      return file.endsWith('.html')
        ? (req) => (req.method === 'POST' ? { status: 400, url: req.url, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errors: [{ message: 'Cannot query field "x" on type "ModularFeedListing".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }], data: null }) } : ok(req, body, 'text/html'))
        : (req) => ok(req, body, 'application/json');
    default:
      throw new Error(`no site for ${g.capture}`);
  }
}

/** The search a capture answers; a later page's, as the core hands it over (its cursor already checked). */
function searchOf(g: Golden): Search {
  const token = captureToken(g.capture);
  const first = validateSearch(findRoute(`${token}/${g.search.kind}`)!, [['q', g.search.q], ...Object.entries(g.search.params)], { cursorSecret: 's' });
  return g.search.page > 1 ? { ...first, page: g.search.page, cursor: 'checked-by-the-core' } : first;
}

/** What the worker makes of one capture: the adapter's reading, then the guard (apps/worker/src/processor.ts), as a reading outcome. */
async function outcomeOf(g: Golden, body = readCapture(g.capture)): Promise<{ outcome: ReadingOutcome; why: string }> {
  const token = captureToken(g.capture) as Token;
  const adapter = MARKETPLACES[token];
  const search = searchOf(g);
  try {
    let page: CollectedPage;
    if (token === 'mkt_c') {
      // The Mercari session bootstrap has no real capture: the search answer is read as the adapter reads it.
      const p = parseSoldPage(body, search, { siteUrl: 'https://www.mercari.com', continued: false });
      page = { result: { provider: 'mkt_c', country: 'us', query: search.q, page: 1, page_size: p.pageSize, count: p.rows.length, reported_total: p.reportedTotal, next_page: null, collected_at: g.now, schema_version: 1, completeness: 'provider_page_only', field_notes: '', data: p.rows }, next: null };
    } else {
      const site = siteFor(g, body);
      const http: HttpClient = { request: async (req) => site(req) };
      // A later page continues from the page before (mkt_e keeps the listings already shown; none here).
      const continuation = search.page > 1 ? { token: 'previous-page-cursor', state: { v: 1, session: 'drift-test', seen: [] } } : null;
      page = await adapter.collect(search, { http, baseUrl: 'https://marketplace.test', now: new Date(g.now), continuation, signal: new AbortController().signal });
    }
    const why = implausibility(page.result, adapter.readingChecks, page);
    if (why !== null) throw new ImplausibleReadingError(why);
    return { outcome: 'read', why: `${page.result.count} rows` };
  } catch (err) {
    return { outcome: readingOutcome(err), why: err instanceof CollectionError ? `${err.code}: ${err.message}` : String(err) };
  }
}

function goldenFiles(): Golden[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(`${GOLDEN_DIR}${d.name}`).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(`${GOLDEN_DIR}${d.name}/${f}`, 'utf8')) as Golden));
}

/**
 * Real captures that are not a search answer, or not a sold search's, and that the readers fail
 * as drift on purpose, with the verdict each must get. Served where a search answer should be,
 * a single item's detail is a body of another format (`layout_changed`); a Mercari payload of
 * one sale in progress under a total of 20,783 has no row the contract lets through and nothing
 * on the page says why, which the guard reports (`implausible`). Every other drift verdict on a
 * real capture is a false alarm.
 */
const EXPECTED_DRIFT: ReadonlyMap<string, ReadingOutcome> = new Map([
  ['mkt_b/post-1.json', 'layout_changed'],
  ['mkt_c/item-api-active-m45718142917.json', 'layout_changed'],
  ['mkt_c/item-api-sold-m87013616167.json', 'layout_changed'],
  ['mkt_c/search-payload-custom-facets.json', 'implausible'],
]);

describe('no false alarms: every real capture through its adapter and the drift guard', () => {
  const all = goldenFiles();
  const shared = all.filter((g) => !g.capture.startsWith('test/data/'));
  const own = all.filter((g) => g.capture.startsWith('test/data/'));
  const missing = [...new Set(shared.map((g) => captureToken(g.capture)))].filter((t) => !fixturesAvailable(t));
  if (missing.length > 0) process.stderr.write(`drift.test: ../shared/fixtures for ${missing.join(', ')} missing: their captures are not counted (only test/data's are).\n`);
  const counted = [...own, ...shared.filter((g) => fixturesAvailable(captureToken(g.capture)))];

  test(`each capture has a golden file and is read as its golden file says, none a false layout change (${counted.length} captures)`, async () => {
    expect(own.length).toBeGreaterThanOrEqual(21);
    expect(existsSync(GOLDEN_DIR)).toBe(true);
    const rows: Array<{ capture: string; expect: string; outcome: ReadingOutcome; why: string }> = [];
    for (const g of counted) {
      const { outcome, why } = await outcomeOf(g);
      rows.push({ capture: g.capture, expect: g.expect.status === 'complete' ? 'complete' : g.expect.code, outcome, why });
    }
    // A normal page (its golden file says complete) read as drift is a false layout change.
    const falseDrift = rows.filter((r) => DRIFT_OUTCOMES.has(r.outcome) && !EXPECTED_DRIFT.has(r.capture));
    expect(falseDrift).toEqual([]);
    // And every normal page is read; every other page fails for its own reason, not as drift.
    expect(rows.filter((r) => r.expect === 'complete' && r.outcome !== 'read')).toEqual([]);
    expect(rows.filter((r) => r.expect === 'upstream_blocked' && r.outcome !== 'blocked')).toEqual([]);
    const expected = rows.filter((r) => EXPECTED_DRIFT.has(r.capture));
    expect(expected.map((r) => [r.capture, r.outcome])).toEqual(expected.map((r) => [r.capture, EXPECTED_DRIFT.get(r.capture)]));
    expect(expected.every((r) => r.expect !== 'complete')).toBe(true);
    const byOutcome: Record<string, number> = {};
    for (const r of rows) byOutcome[r.outcome] = (byOutcome[r.outcome] ?? 0) + 1;
    process.stdout.write(`drift.test: ${rows.length} real captures through the guard: ${JSON.stringify(byOutcome)}; false layout changes: ${falseDrift.length}\n`);
  });

  test('the count can fail: a normal page with its price markup moved is counted as drift', async () => {
    const g = own.find((x) => x.capture === 'test/data/mkt_a/listings-s-item-heading-span.html')!;
    expect(g.expect.status).toBe('complete');
    const moved = await outcomeOf(g, readCapture(g.capture).replaceAll('s-item__price', 's-item__cost'));
    expect(moved.outcome).toBe('implausible');
    expect(moved.why).toMatch(/60 of 60 listings have no readable price/u);
    expect(DRIFT_OUTCOMES.has(moved.outcome)).toBe(true);
    const renamed = await outcomeOf(g, readCapture(g.capture).replaceAll('s-item', 'x-tile'));
    expect(renamed.outcome).toBe('layout_changed');
  });
});

describeWithFixtures('mkt_a', 'each legitimate way a page has no exact row settles as what it is, never as a layout change', () => {
  const counted = liveStackCountingReadings();
  let live: LiveStack;
  beforeAll(() => { live = counted.live(); });
  const count = counted.readings;
  const headers = { 'content-type': 'text/html;charset=utf-8' };

  async function settle(body: string, path: string): Promise<{ status: string; code: string | undefined; credits: number; result: Record<string, unknown> | undefined }> {
    live.site.serve([{ path: '/sch/i.html', headers, body }]);
    const { key } = await live.liveKey();
    const { env } = await runLive(live, key, path);
    return { status: env.status, code: env.error?.code, credits: env.credits, result: env.result as Record<string, unknown> | undefined };
  }

  test('no results at all ("0 results", no card): complete, no rows', async () => {
    const r = await settle(readTestData('mkt_a', 'sold-s-card-no-results.html'), '/v1/mkt_a/sold?q=2002+BMW+X5');
    expect({ status: r.status, credits: r.credits, count: r.result?.count, total: r.result?.reported_total }).toEqual({ status: 'complete', credits: 1, count: 0, total: 0 });
  });

  test('fewer words only ("0 results", then looser matches): complete, no rows, eBay\'s words in field_notes', async () => {
    const r = await settle(readFixture('mkt_a', 'sold-s-card-zero-results-loose.html'), '/v1/mkt_a/sold?q=Built+Peanut+Butter+Puff+Cups+12ct+17g+Protein');
    expect({ status: r.status, count: r.result?.count, page_size: r.result?.page_size }).toEqual({ status: 'complete', count: 0, page_size: 60 });
    expect(r.result?.field_notes).toContain('"Results matching fewer words"');
  });

  // A real US page (test/data/README.md): "airbuds" searched, "200,000+ results for earbuds", and
  // eBay's banner "Including results for earbuds. Search instead for airbuds" before every card.
  test('a rewritten query (a large total, every card a looser match): complete, no rows, never a layout change', async () => {
    const r = await settle(readTestData('mkt_a', 'listings-s-card-spell-corrected.html'), '/v1/mkt_a/listings?q=airbuds');
    expect({ status: r.status, credits: r.credits, count: r.result?.count, total: r.result?.reported_total, next: r.result?.next_page }).toEqual({ status: 'complete', credits: 1, count: 0, total: 200000, next: null });
    expect(r.result?.field_notes).toContain('eBay showed no listing matching the keywords searched: it put "Including results for earbuds. Search instead for airbuds" before the 60 listing(s)');
  });

  test('past the last page (page 2 of a search whose page 1 holds the only results): page_out_of_range at no cost, counted past_last_page', async () => {
    const r = await settle(readFixture('mkt_a', 'sold-s-card-zero-results-loose.html'), '/v1/mkt_a/sold?q=Built+Peanut+Butter+Puff+Cups+12ct+17g+Protein&page=2');
    expect({ status: r.status, code: r.code, credits: r.credits }).toEqual({ status: 'failed', code: 'page_out_of_range', credits: 0 });
  });

  test('the reading metric: three reads and one past the last page, no layout change, nothing implausible', async () => {
    expect({ read: await count('read'), past: await count('past_last_page'), layout: await count('layout_changed'), implausible: await count('implausible') })
      .toEqual({ read: 3, past: 1, layout: 0, implausible: 0 });
  });

  test('and a page whose price markup moved fails as implausible (fields moved), apart from an unrecognized format', async () => {
    const moved = readTestData('mkt_a', 'listings-s-item-heading-span.html').replaceAll('s-item__price', 's-item__cost');
    const r = await settle(moved, '/v1/mkt_a/listings?q=shirts');
    expect({ status: r.status, code: r.code, credits: r.credits }).toEqual({ status: 'failed', code: 'upstream_error', credits: 0 });
    expect({ implausible: await count('implausible'), layout: await count('layout_changed') }).toEqual({ implausible: 1, layout: 0 });
  });
});
