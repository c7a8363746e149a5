/**
 * `npm run bench mkt_b-mkt_c`: parse time per source page of the mkt_b and mkt_c adapters,
 * each beside its floor measured in the same run on the same body:
 *
 * - mkt_c search API answer (JSON, 100 items from the simulator; and the real captured
 *   `search-payload.json`): parseSoldPage vs JSON.parse of the body.
 * - mkt_b JSON listing route answer (48 posts from the simulator; and the real captured
 *   `closet-posts-1.json`): parsePostsJson vs JSON.parse of the body.
 * - mkt_b search page with embedded state (48 posts, from the simulator): parseSearchPage vs
 *   JSON.parse of the embedded state text alone (the least any reader of that page must do).
 * - mkt_b rendered tiles (the real captured 291 KB `sold-rendered-body.html`, the fallback
 *   path): parseSearchPage vs parse5's parse of the same body.
 *
 * Target: within 2x of the floor. Figures are medians of 7 rounds of about 300 ms each, run
 * alternately so both sides see the same machine state.
 */
import { existsSync, readFileSync } from 'node:fs';
import { findRoute, validateSearch, type Search } from '@listings/contract';
import { parse as parseHtml } from 'parse5';
import { parsePostsJson, parseSearchPage } from '../packages/marketplaces/src/mkt_b/parse.ts';
import { postsRequest, searchPageRequest } from '../packages/marketplaces/src/mkt_b/request.ts';
import { createMktBSimulator } from '../packages/marketplaces/src/mkt_b/simulator.ts';
import { parseSoldPage } from '../packages/marketplaces/src/mkt_c/parse.ts';
import { searchRequest } from '../packages/marketplaces/src/mkt_c/request.ts';
import { readInitialize } from '../packages/marketplaces/src/mkt_c/session.ts';
import { createMktCSimulator } from '../packages/marketplaces/src/mkt_c/simulator.ts';
import type { SimRequest } from '../packages/marketplaces/src/sim/kit.ts';
import { FIXTURES_DIR } from '@listings/marketplaces/testkit';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench mkt_b-mkt_c)');

function search(route: 'mkt_b/sold' | 'mkt_b/listings' | 'mkt_c/sold', extra: Array<[string, string]> = []): Search {
  return validateSearch(findRoute(route)!, [['q', 'leather boots'], ...extra], { cursorSecret: 'bench' });
}

function simReq(url: string, init: Partial<SimRequest> = {}): SimRequest {
  const u = new URL(url);
  return { method: 'GET', path: u.pathname.replace(/^\/mkt_[bc]/, ''), query: u.searchParams, headers: {}, body: '', ...init };
}

/** Mean microseconds per call over a ~300 ms round. */
function round(fn: () => unknown): number {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < 300) {
    for (let i = 0; i < 10; i++) fn();
    n += 10;
    now = performance.now();
  }
  return ((now - start) * 1000) / n;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Case { name: string; bytes: number; subject: () => unknown; floor: () => unknown; floorName: string }

function measure(c: Case): void {
  for (let i = 0; i < 50; i++) {
    c.subject();
    c.floor();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < 7; r++) {
    gc!();
    a.push(round(c.subject));
    gc!();
    b.push(round(c.floor));
  }
  const subject = median(a);
  const floor = median(b);
  const ratio = subject / floor;
  console.log(`${c.name.padEnd(44)} ${String(Math.round(c.bytes / 1024)).padStart(5)} KB  parse ${subject.toFixed(1).padStart(8)} µs  ${c.floorName.padEnd(22)} ${floor.toFixed(1).padStart(8)} µs  ratio ${ratio.toFixed(2)}  ${ratio <= 2 ? 'within 2x' : 'OVER 2x'}`);
}

const cases: Case[] = [];
const BASE_B = 'http://sim/mkt_b';
const BASE_C = 'http://sim/mkt_c';

// mkt_c: a 100-item answer from the simulator.
{
  const sim = createMktCSimulator();
  const session = readInitialize((await sim.handle(simReq(`${BASE_C}/v1/initialize`))).body);
  const s = search('mkt_c/sold', [['count', '100']]);
  const req = searchRequest(BASE_C, s, null, session);
  const body = (await sim.handle(simReq(req.url, { method: 'POST', body: req.body!, headers: { authorization: `Bearer ${session.accessToken}`, 'x-csrf-token': session.csrf, 'apollo-require-preflight': 'true' } }))).body;
  const opts = { siteUrl: BASE_C, continued: false };
  cases.push({ name: 'mkt_c search API, 100 items (simulator)', bytes: body.length, subject: () => parseSoldPage(body, s, opts), floor: () => JSON.parse(body), floorName: 'JSON.parse(body)' });
}

// mkt_b: the JSON route and the embedded-state page from the simulator.
{
  const sim = createMktBSimulator();
  const s = search('mkt_b/sold');
  const json = (await sim.handle(simReq(postsRequest(BASE_B, s, null).url))).body;
  const html = (await sim.handle(simReq(searchPageRequest(BASE_B, s, null).url))).body;
  const at = html.indexOf('{', html.indexOf('__INITIAL_STATE__'));
  const stateText = html.slice(at, html.indexOf(';</script>', at));
  const jsonOpts = { siteUrl: BASE_B, page: 1, continued: false };
  cases.push({ name: 'mkt_b JSON route, 48 posts (simulator)', bytes: json.length, subject: () => parsePostsJson(json, s, jsonOpts), floor: () => JSON.parse(json), floorName: 'JSON.parse(body)' });
  cases.push({ name: 'mkt_b search page, embedded state (simulator)', bytes: html.length, subject: () => parseSearchPage(html, s, jsonOpts), floor: () => JSON.parse(stateText), floorName: 'JSON.parse(state text)' });
}

// Real captures, where present.
const fx = (token: string, file: string): string | null => (existsSync(`${FIXTURES_DIR}${token}/${file}`) ? readFileSync(`${FIXTURES_DIR}${token}/${file}`, 'utf8') : null);
const cPayload = fx('mkt_c', 'search-payload.json');
const bCloset = fx('mkt_b', 'closet-posts-1.json');
const bTiles = fx('mkt_b', 'sold-rendered-body.html');
if (cPayload) {
  const s = search('mkt_c/sold');
  // An active search's answer (items on sale): read as far as the sold page goes, which refuses it (the sold filter was not applied).
  const readIt = (): unknown => {
    try {
      return parseSoldPage(cPayload, s, { siteUrl: BASE_C, continued: false });
    } catch (err) {
      return err;
    }
  };
  cases.push({ name: 'mkt_c search-payload.json (real, 3 items, refused as not sold)', bytes: cPayload.length, subject: readIt, floor: () => JSON.parse(cPayload), floorName: 'JSON.parse(body)' });
}
if (bCloset) {
  const s = search('mkt_b/listings');
  cases.push({ name: 'mkt_b closet-posts-1.json (real, 20 posts)', bytes: bCloset.length, subject: () => parsePostsJson(bCloset, s, { siteUrl: BASE_B, page: 1, continued: false }), floor: () => JSON.parse(bCloset), floorName: 'JSON.parse(body)' });
}
if (bTiles) {
  const s = search('mkt_b/sold');
  cases.push({ name: 'mkt_b sold-rendered-body.html (real, tiles)', bytes: bTiles.length, subject: () => parseSearchPage(bTiles, s, { siteUrl: BASE_B, page: 1 }), floor: () => parseHtml(bTiles), floorName: 'parse5.parse(body)' });
}
if (!cPayload || !bCloset || !bTiles) console.warn(`SKIPPED real-capture cases: fixtures missing under ${FIXTURES_DIR}`);

console.log(`node ${process.version}, ${new Date().toISOString()}`);
for (const c of cases) measure(c);
