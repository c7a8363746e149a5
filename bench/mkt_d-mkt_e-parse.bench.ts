/**
 * `npm run bench mkt_d-mkt_e`: what one source page costs the mkt_d and mkt_e adapters, each
 * beside a floor measured in the same run:
 *
 * 1. Parse time per page against JSON.parse of the same body (target: within 2x):
 *    - mkt_d search API answer, 100 products (simulator): parseSearchPage.
 *    - mkt_e feed page, 50 listing tiles plus ads (simulator): parseFeed.
 *    - mkt_e previous feed shape, the real 2021 capture (47 items, 224 KB): parseFeed.
 * 2. mkt_e location check: the first check() of a process (loads the two ZIP data sets) and
 *    later ones, beside validateSearch of the same search; heap held by the ZIP data.
 * 3. mkt_e simulator page time (sandbox searches): cold and warm, ordinary and nationwide.
 *
 * Figures are medians of 7 alternating rounds of about 250 ms.
 */
import { existsSync, readFileSync } from 'node:fs';
import { findRoute, validateSearch, type Search, type UpstreamRequest } from '@listings/contract';
import { parseSearchPage } from '../packages/marketplaces/src/mkt_d/parse.ts';
import { buildSearchRequest, newIdentity } from '../packages/marketplaces/src/mkt_d/request.ts';
import { createMktDSimulator } from '../packages/marketplaces/src/mkt_d/simulator.ts';
import { checkSearch, resolveCenter, wireFilters } from '../packages/marketplaces/src/mkt_e/params.ts';
import { parseFeed } from '../packages/marketplaces/src/mkt_e/parse.ts';
import { buildFeedRequest } from '../packages/marketplaces/src/mkt_e/request.ts';
import { createMktESimulator } from '../packages/marketplaces/src/mkt_e/simulator.ts';
import type { SimRequest, Simulator } from '../packages/marketplaces/src/sim/kit.ts';
import { FIXTURES_DIR } from '@listings/marketplaces/testkit';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench mkt_d-mkt_e)');

const validate = (route: 'mkt_d/listings' | 'mkt_e/listings', query: string): Search =>
  validateSearch(findRoute(route)!, [...new URLSearchParams(query)], { cursorSecret: 'bench' });

async function simBody(sim: Simulator, req: UpstreamRequest, mount: string): Promise<string> {
  const u = new URL(req.url);
  const headers = Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const simReq: SimRequest = { method: req.method ?? 'GET', path: u.pathname.slice(mount.length), query: u.searchParams, headers, body: req.body ?? '' };
  return (await sim.handle(simReq)).body;
}

/** Microseconds per call, averaged over a ~250 ms round. */
function perCall(fn: () => unknown): number {
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < 250) {
    fn();
    calls++;
    t = performance.now();
  }
  return ((t - t0) * 1000) / calls;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
}

function versus(name: string, bytes: number, subject: () => unknown, floorName: string, floor: () => unknown): void {
  for (let i = 0; i < 30; i++) { subject(); floor(); }
  const s: number[] = [];
  const f: number[] = [];
  for (let r = 0; r < 7; r++) {
    gc!(); s.push(perCall(subject));
    gc!(); f.push(perCall(floor));
  }
  const ms = median(s);
  const mf = median(f);
  console.log(`${name.padEnd(46)} ${String(Math.round(bytes / 1024)).padStart(4)} KB ${ms.toFixed(1).padStart(9)} µs   ${floorName.padEnd(20)} ${mf.toFixed(1).padStart(9)} µs   ratio ${(ms / mf).toFixed(2)} ${ms / mf <= 2 ? '(within 2x)' : '(OVER 2x)'}`);
}

console.log(`node ${process.version}, ${new Date().toISOString()}\n`);

// 2 first: the cold check must be the process's first touch of the ZIP data.
{
  const s = validate('mkt_e/listings', 'q=mountain bike&zip=98402&radius=20&condition=used');
  const heap0 = (gc!(), process.memoryUsage().heapUsed);
  const t0 = performance.now();
  const cold = checkSearch(s);
  const coldMs = performance.now() - t0;
  const heap1 = (gc!(), process.memoryUsage().heapUsed);
  if (cold !== null) throw new Error(`unexpected problem: ${cold.message}`);
  const zips = ['98402', '10001', '60614', '10008', '99999', '90210', '73301', '02108'];
  let i = 0;
  const warm = median(Array.from({ length: 7 }, () => perCall(() => checkSearch(validate('mkt_e/listings', `q=bike&zip=${zips[i++ % zips.length]}`)))));
  const floor = median(Array.from({ length: 7 }, () => perCall(() => validate('mkt_e/listings', `q=bike&zip=${zips[i++ % zips.length]}`))));
  console.log('mkt_e check() (ZIP lookup, vehicle rules)');
  console.log(`  first call in a process (loads ZIP data)   ${coldMs.toFixed(0).padStart(6)} ms   heap held by the ZIP data ${((heap1 - heap0) / 1048576).toFixed(1)} MB`);
  console.log(`  later calls: validateSearch + check()      ${warm.toFixed(1).padStart(6)} µs   validateSearch alone ${floor.toFixed(1)} µs   check() adds ${(warm - floor).toFixed(1)} µs\n`);
}

{
  const sim = createMktDSimulator();
  const s = validate('mkt_d/listings', 'q=vintage levis&count=100');
  const body = await simBody(sim, buildSearchRequest('http://sim/mkt_d', s, null, newIdentity()), '/mkt_d');
  versus('mkt_d search API, 100 products (simulator)', body.length, () => parseSearchPage(body), 'JSON.parse(body)', () => JSON.parse(body));
}
{
  const sim = createMktESimulator();
  const s = validate('mkt_e/listings', 'q=sofa&zip=10001');
  const center = resolveCenter(s) as { zip: string; latitude: number; longitude: number };
  const body = await simBody(sim, buildFeedRequest('http://sim/mkt_e', { q: s.q, center, radius: null, filters: wireFilters(s), searchSessionId: 'b', pageCursor: null }), '/mkt_e');
  versus('mkt_e feed, 50 listings + ads (simulator)', body.length, () => parseFeed(body), 'JSON.parse(body)', () => JSON.parse(body));
}
const legacyPath = `${FIXTURES_DIR}mkt_e/legacy-feed-2021.json`;
if (existsSync(legacyPath)) {
  const body = readFileSync(legacyPath, 'utf8');
  versus('mkt_e legacy-feed-2021.json (real, 47 items)', body.length, () => parseFeed(body), 'JSON.parse(body)', () => JSON.parse(body));
} else console.warn(`SKIPPED real-capture case: ${legacyPath} missing`);

{
  console.log('\nmkt_e simulator, one feed page (sandbox searches)');
  for (const [label, query] of [['ordinary, 30 mi (NYC)', 'q=desk lamp&zip=10001'], ['vehicle, widens to nationwide (rural MT)', 'q=toyota tacoma&zip=59301&radius=5000']] as const) {
    const sim = createMktESimulator();
    const s = validate('mkt_e/listings', query);
    const center = resolveCenter(s) as { zip: string; latitude: number; longitude: number };
    const req = buildFeedRequest('http://sim/mkt_e', { q: s.q, center, radius: typeof s.params.radius === 'number' ? s.params.radius : null, filters: wireFilters(s), searchSessionId: 'b', pageCursor: null });
    const t0 = performance.now();
    await simBody(sim, req, '/mkt_e');
    const cold = performance.now() - t0;
    const t1 = performance.now();
    for (let k = 0; k < 20; k++) await simBody(sim, req, '/mkt_e');
    console.log(`  ${label.padEnd(42)} cold ${cold.toFixed(1).padStart(6)} ms   warm ${((performance.now() - t1) / 20).toFixed(2).padStart(6)} ms`);
  }
}
