/**
 * @module testkit/test-marketplace
 * A minimal marketplace used to prove the service core independently of any real site: its
 * simulator answers JSON pages of synthetic listings generated deterministically from the
 * search, with page numbers and an opaque continuation token, and renders every shared
 * fault. The core's tests register it in place of a real adapter; it is never wired to a
 * route in production.
 */
import {
  BlockedError, LayoutChangedError, PageOutOfRangeError, TransientUpstreamError, UpstreamThrottledError,
  type Kind, type Row, type Search, type Token,
} from '@listings/contract';
import type { CollectContext, CollectedPage, Marketplace } from '../contract.ts';
import { seededRandom, type SimRequest, type SimResponse, type Simulator } from '../sim/kit.ts';

const PAGE_SIZE = 40;

interface WirePage {
  total: number;
  page: number;
  items: Array<{ id: string; title: string; price: number; sold: string | null; offer: boolean }>;
  next: string | null;
}

/** Ground truth: every listing the simulator holds for a keyword set and kind. */
export function testListings(q: string, kind: Kind): WirePage['items'] {
  const rnd = seededRandom(`${kind}:${q.toLowerCase()}`);
  const total = 30 + Math.floor(rnd() * 200);
  return Array.from({ length: total }, (_, i) => ({
    id: String(100000 + Math.floor(rnd() * 899999) * 1000 + i),
    title: `${q} item ${i + 1}`,
    price: Math.round(rnd() * 50000) / 100,
    sold: kind === 'sold' ? `2026-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}` : null,
    offer: rnd() < 0.1,
  }));
}

function simulator(): Simulator {
  return {
    handle(req: SimRequest): SimResponse {
      const q = req.query.get('q') ?? '';
      const kind = (req.query.get('kind') ?? 'sold') as Kind;
      const all = testListings(q, kind);
      const size = Number(req.query.get('size') ?? PAGE_SIZE);
      const start = req.query.has('after') ? Number(req.query.get('after')) : (Number(req.query.get('page') ?? 1) - 1) * size;
      const items = all.slice(start, start + size);
      const page: WirePage = { total: all.length, page: Math.floor(start / size) + 1, items, next: start + size < all.length ? String(start + size) : null };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(page) };
    },
    renderFault(fault): SimResponse {
      if (fault === 'layout_changed') return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"v2":{"results":[]}}' };
      return { status: 200, body: `<html><title>${fault === 'bot_wall' ? 'Pardon Our Interruption' : 'Sign in'}</title></html>` };
    },
  };
}

/** Pure reading of one wire page. */
export function parseTestPage(body: string, search: Search, now: Date): { page: WirePage; rows: Row[] } {
  if (body.startsWith('<html')) throw new BlockedError('block page instead of results');
  let page: WirePage;
  try {
    page = JSON.parse(body) as WirePage;
  } catch (err) {
    throw new TransientUpstreamError('unreadable page', { cause: err });
  }
  if (!Array.isArray(page.items) || typeof page.total !== 'number') throw new LayoutChangedError('unrecognized page shape');
  const rows: Row[] = page.items.map((it) => ({
    id: it.id,
    title: it.title,
    link: `https://sim.invalid/itm/${it.id}`,
    displayed_price: { amount: it.price, currency: 'USD' },
    displayed_price_text: `$${it.price.toFixed(2)}`,
    sold_date: search.kind === 'sold' ? it.sold : null,
    collected: now.toISOString().slice(0, 10),
  }));
  return { page, rows };
}

export function createTestMarketplace(token: Token, kinds: readonly Kind[] = ['sold', 'listings'], cursorPaging = false): Marketplace {
  return {
    token,
    kinds,
    liveBaseUrl: 'http://127.0.0.1:9/unreachable',
    check: (search) => (search.q === 'forbidden-word' ? { param: 'q', message: 'q is refused by the test marketplace.' } : null),
    async collect(search: Search, ctx: CollectContext): Promise<CollectedPage> {
      const u = new URL(`${ctx.baseUrl}/search`);
      u.searchParams.set('q', search.q);
      u.searchParams.set('kind', search.kind);
      if (typeof search.params.count === 'number') u.searchParams.set('size', String(search.params.count));
      if (ctx.continuation) u.searchParams.set('after', ctx.continuation.token);
      else u.searchParams.set('page', String(search.page));
      const res = await ctx.http.request({ url: u.toString() }, ctx.signal);
      if (res.status === 429) throw new UpstreamThrottledError('throttled', { retryAfterSeconds: 1 });
      if (res.status >= 500) throw new TransientUpstreamError(`status ${res.status}`);
      const { page, rows } = parseTestPage(res.body, search, ctx.now);
      if (rows.length === 0 && search.page > 1) throw new PageOutOfRangeError(`page ${search.page} is past the last page`);
      const nextPage = page.next !== null && search.page < 100 ? search.page + 1 : null;
      return {
        result: {
          provider: token, country: 'us', query: search.q, page: search.page,
          page_size: rows.length, count: rows.length, reported_total: page.total, next_page: nextPage,
          collected_at: ctx.now.toISOString(), schema_version: 1, completeness: 'provider_page_only',
          field_notes: 'Synthetic listings from the test marketplace.', data: rows,
        },
        next: cursorPaging && nextPage !== null && page.next !== null ? { token: page.next, state: { seen: rows.length } } : null,
        hidden: { bestOfferAcceptedIds: page.items.filter((i) => i.offer).map((i) => i.id) },
      };
    },
    createSimulator: simulator,
  };
}
