/**
 * @module mkt_a/simulator
 * eBay over HTTP for sandbox keys, tests and benchmarks: `GET /sch/i.html` answers a results
 * page in eBay's markup (current `s-card` layout by default, the earlier `s-item` one when
 * chosen), generated deterministically from the search URL; `GET /` is the home page. The
 * faults that need eBay's own markup (bot wall, login wall, changed layout) are rendered here;
 * latency, 429, 5xx, truncation and hangs are the shared server's.
 */
import type { MarkupFault, SimRequest, SimResponse, Simulator } from '../sim/kit.ts';
import { drifted } from '../sim/drift.ts';
import { matches, readSimQuery, renewListing, simPage, type SimPage, type SimQuery } from './sim-catalog.ts';
import {
  renderBotWall, renderChangedLayout, renderHome, renderLoginWall, renderNotFound, renderSearchPage, type SimLayout,
} from './sim-markup.ts';
import { SEARCH_PATH } from './params.ts';

export interface MktASimulatorOptions {
  /** Card layout of the results pages. @defaultValue 's-card' */
  layout?: SimLayout;
  /** The page clock (sold dates, auction times). @defaultValue the real clock */
  now?: () => Date;
  /** Zone the auction end clocks are printed in. @defaultValue 'America/Los_Angeles' */
  clockZone?: string;
}

const HTML = { 'content-type': 'text/html;charset=utf-8', 'cache-control': 'private, no-store' };

function returnUrl(req: SimRequest): string {
  return `https://www.ebay.com${req.path}${req.query.size > 0 ? `?${req.query.toString()}` : ''}`;
}

/**
 * The first page as the market's drift step has it (sim/drift.ts: new listings on top, drawn as
 * every listing of the search is, lower prices near it), the page size kept; later pages, and
 * step 0, as they always are.
 */
function driftedPage(page: SimPage, query: SimQuery, step: number): SimPage {
  if (step <= 0 || page.page !== 1 || page.items.length === 0) return page;
  const items = drifted(page.items, step, `mkt_a|${query.sold ? 'sold' : 'active'}|${query.q.trim().toLowerCase()}`, { id: 'id', price: 'priceCents', renew: renewListing(query.q, query.sold), keep: (l) => matches(l, query) }).slice(0, page.items.length);
  return { ...page, items };
}

export function createMktASimulator(opts: MktASimulatorOptions = {}): Simulator {
  const layout = opts.layout ?? 's-card';
  const now = opts.now ?? (() => new Date());
  const clockZone = opts.clockZone ?? 'America/Los_Angeles';
  return {
    handle(req: SimRequest): SimResponse {
      if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, headers: HTML, body: renderNotFound() };
      if (req.path === '/' || req.path === '') return { status: 200, headers: HTML, body: renderHome() };
      if (req.path.startsWith('/signin')) return { status: 200, headers: HTML, body: renderLoginWall('https://www.ebay.com/') };
      if (req.path !== SEARCH_PATH) return { status: 404, headers: HTML, body: renderNotFound() };
      const query = readSimQuery(req.query);
      // A search without keywords lands on the home page, as on the real site.
      if (query.q.trim() === '') return { status: 200, headers: HTML, body: renderHome() };
      const body = renderSearchPage(driftedPage(simPage(query), query, req.driftStep ?? 0), {
        layout, now: now(), clockZone, searchHref: (p) => `${SEARCH_PATH}?${p.toString()}`,
      });
      return { status: 200, headers: HTML, body };
    },
    renderFault(fault: MarkupFault, req: SimRequest): SimResponse {
      switch (fault) {
        case 'bot_wall':
          return { status: 200, headers: HTML, body: renderBotWall(returnUrl(req)) };
        case 'login_wall':
          return { status: 200, headers: HTML, body: renderLoginWall(returnUrl(req)) };
        case 'layout_changed':
          return { status: 200, headers: HTML, body: renderChangedLayout(simPage(readSimQuery(req.query))) };
      }
    },
  };
}
