/**
 * @module bench/support/real-pages
 * The results the service would store for real captured pages: each golden file's capture
 * (test/data, and test/fixtures where present) read by its marketplace's adapter, as the worker
 * does, with the capture served in place of the marketplace. For sizes: the JSON of a result and
 * its packed form, as `npm run bench memory` reports them.
 */
import { readdirSync } from 'node:fs';
import { findRoute, validateSearch, type Token } from '@listings/contract';
import { MARKETPLACES } from '@listings/marketplaces';
import { GOLDEN_DIR, readCapture, readGolden } from '@listings/marketplaces/testkit';

export interface RealResult { capture: string; json: string }

/** Results of the golden captures that read as complete pages, one per capture. */
export async function realResults(): Promise<RealResult[]> {
  const out: RealResult[] = [];
  for (const token of ['mkt_a', 'mkt_b', 'mkt_c', 'mkt_d', 'mkt_e'] as Token[]) {
    let files: string[];
    try {
      files = readdirSync(`${GOLDEN_DIR}/${token}`).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of files) {
      const g = readGolden(token, f.replace(/\.json$/u, ''));
      if (g.expect.status !== 'complete') continue;
      let body: string;
      try {
        body = readCapture(g.capture);
      } catch {
        continue; // a fixture not in this checkout
      }
      const route = findRoute(`${token}/${g.search.kind}`);
      if (!route) continue;
      try {
        const search = validateSearch(route, [['q', g.search.q], ...Object.entries(g.search.params ?? {}).map(([k, v]) => [k, String(v)] as const)], { cursorSecret: 'x'.repeat(32) });
        const page = await MARKETPLACES[token].collect(search, {
          http: { request: async (req) => ({ status: 200, url: req.url, headers: { 'content-type': f.includes('.json') ? 'application/json' : 'text/html;charset=utf-8' }, body }) },
          baseUrl: 'https://capture.test', now: new Date(g.now), continuation: null, signal: new AbortController().signal,
        });
        out.push({ capture: g.capture, json: JSON.stringify(page.result) });
      } catch {
        // A capture this path does not read as a page of the route (cursor pages, other shapes): not a size sample.
      }
    }
  }
  return out;
}
