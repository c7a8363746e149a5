/**
 * The eBay simulator: deterministic pages honouring every search URL parameter, in both
 * layouts, read back by the real parser and compared with the simulator's own ground truth.
 */
import { BlockedError, LayoutChangedError, type Row, type Search } from '@listings/contract';
import type { SimRequest } from '../sim/kit.ts';
import { parseSearchPage, type ParsedPage } from './parse.ts';
import { buildSearchUrl } from './request.ts';
import { readSimQuery, simCatalog, simPage, type SimListing } from './sim-catalog.ts';
import { createMktASimulator } from './simulator.ts';

const NOW = new Date('2026-08-01T18:00:00Z');
const sim = createMktASimulator({ now: () => NOW });
const legacy = createMktASimulator({ layout: 's-item', now: () => NOW });

function search(kind: 'sold' | 'listings', q: string, params: Search['params'] = {}, page = 1): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q, page, params: kind === 'listings' ? { sort: 'best_match', ...params } : params, cursor: null };
}

function request(url: string): SimRequest {
  const u = new URL(url, 'http://sim');
  return { method: 'GET', path: u.pathname, query: u.searchParams, headers: {}, body: '' };
}

function fetchPage(s: Search, simulator = sim): { html: string; truth: ReturnType<typeof simPage> } {
  const url = buildSearchUrl(s, 'http://sim');
  const res = simulator.handle(request(url)) as { status: number; body: string };
  expect(res.status).toBe(200);
  return { html: res.body, truth: simPage(readSimQuery(new URL(url).searchParams)) };
}

function collect(s: Search, simulator = sim): { page: ParsedPage; truth: ReturnType<typeof simPage>; rows: Row[] } {
  const { html, truth } = fetchPage(s, simulator);
  const page = parseSearchPage(html, s, NOW);
  return { page, truth, rows: page.result.data as Row[] };
}

const dollars = (l: SimListing): number => l.priceCents / 100;

describe('mkt_a simulator', () => {
  test('deterministic: the same search gives the same page; other keywords give other listings', () => {
    const a = fetchPage(search('sold', 'vintage camera lens')).html;
    expect(fetchPage(search('sold', 'vintage camera lens')).html).toBe(a);
    const other = simCatalog('vintage camera body', true).exact.map((l) => l.id);
    expect(simCatalog('vintage camera lens', true).exact.map((l) => l.id)).not.toEqual(other);
  });

  test('keywords are in every exact match title; sold and active are different catalogs', () => {
    const { rows } = collect(search('listings', 'brass telescope'));
    for (const r of rows) expect(String(r.title).toLowerCase()).toContain('brass telescope');
    expect(simCatalog('brass telescope', true).exact[0]!.id).not.toBe(simCatalog('brass telescope', false).exact[0]!.id);
  });

  test('a sold search reads back exactly what the simulator holds, with ranges, auctions, accepted offers and every shipping kind', () => {
    const { page, truth, rows } = collect(search('sold', 'vintage camera lens'));
    expect(page.result).toMatchObject({ reported_total: truth.total, page_size: 60, count: 60, next_page: 2 });
    expect(rows.map((r) => r.id)).toEqual(truth.items.map((l) => l.id));
    truth.items.forEach((l, i) => {
      const r = rows[i]!;
      expect(r.displayed_price).toEqual(l.highCents === null ? { amount: dollars(l), currency: 'USD' } : null);
      const shipping = l.shipping === 'free' ? 0 : l.shipping === 'exact' || l.shipping === 'exact_eta' ? l.shippingCents / 100 : null;
      expect(r.displayed_shipping).toEqual(shipping === null ? null : { amount: shipping, currency: 'USD' });
      expect(r.sold_date).toBe(new Date(NOW.getTime() - l.soldDaysAgo * 86_400_000).toISOString().slice(0, 10));
      expect(r.condition).toBe(l.conditionLabel);
    });
    expect(page.bestOfferAcceptedIds).toEqual(truth.items.filter((l) => l.bestOfferAccepted).map((l) => l.id));
    const all = simCatalog('vintage camera lens', true).exact;
    expect(all.some((l) => l.highCents !== null)).toBe(true);
    expect(all.some((l) => l.format === 'auction')).toBe(true);
    expect(all.some((l) => l.bestOfferAccepted)).toBe(true);
    expect(new Set(all.map((l) => l.shipping))).toEqual(new Set(['free', 'exact', 'exact_eta', 'estimate', 'unspecified']));
  });

  test('a listings search reads back formats, bids, end times, best offer, promoted and locations', () => {
    const { rows, truth } = collect(search('listings', 'pokemon cards', { sort: 'ending_soon' }));
    truth.items.forEach((l, i) => {
      const r = rows[i]!;
      expect(r.format).toBe(l.format);
      expect(r.bid_count).toBe(l.format === 'auction' ? l.bids : null);
      expect(r.best_offer).toBe(l.bestOffer);
      expect(r.promoted).toBe(l.promoted);
      expect(r.location_text).toBe('United States');
      if (l.endsInSec !== null && l.endsInSec > 0) {
        // The page shows time left to the second, minute or hour; ends_at is as precise.
        const shown = Date.parse(String(r.ends_at));
        const actual = NOW.getTime() + l.endsInSec * 1000;
        expect(actual - shown).toBeGreaterThanOrEqual(0);
        expect(actual - shown).toBeLessThan(l.endsInSec < 3600 ? 60_000 : 3_600_000);
      }
    });
    const ended = truth.items.filter((l) => l.endsInSec !== null && l.endsInSec <= 0);
    for (const l of ended) expect(rows.find((r) => r.id === l.id)!.ends_at).toBe(new Date(Math.floor((NOW.getTime() + l.endsInSec! * 1000) / 60_000) * 60_000).toISOString().replace('.000Z', 'Z'));
    // Ending soonest: auctions first, by end time.
    const ends = truth.items.filter((l) => l.endsInSec !== null).map((l) => l.endsInSec!);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(simCatalog('pokemon cards', false).exact.some((l) => l.promoted)).toBe(true);
  });

  test('condition and price bounds are applied; US-only location is honoured', () => {
    const { rows, truth } = collect(search('sold', 'vintage camera lens', { condition: ['refurbished', 'used'], min_price: 50, max_price: 250 }));
    expect(rows.length).toBeGreaterThan(0);
    for (const l of truth.items) {
      expect([2000, 2010, 2020, 2030, 2500, 3000]).toContain(l.conditionId);
      expect(dollars(l)).toBeGreaterThanOrEqual(50);
      expect((l.highCents ?? l.priceCents) / 100).toBeLessThanOrEqual(250);
      expect(l.country).toBe('United States');
    }
    const unfiltered = simPage(readSimQuery(new URLSearchParams('_nkw=vintage camera lens&LH_Sold=1&LH_Complete=1')));
    expect(unfiltered.total).toBeGreaterThan(truth.total);
    expect(unfiltered.items.some((l) => l.country !== 'United States')).toBe(true);
  });

  test('sort codes order the catalog: newest, price + shipping', () => {
    const byPrice = collect(search('listings', 'desk lamp', { sort: 'price_asc' })).truth.items;
    const cost = (l: SimListing): number => l.priceCents + (l.shipping === 'exact' || l.shipping === 'exact_eta' ? l.shippingCents : 0);
    expect(byPrice.map(cost)).toEqual([...byPrice.map(cost)].sort((a, b) => a - b));
    const newest = collect(search('listings', 'desk lamp', { sort: 'newest' })).truth.items.map((l) => l.listedSecAgo);
    expect(newest).toEqual([...newest].sort((a, b) => a - b));
  });

  test('page size and paging as eBay does them: _ipg 60/120/240 else 60; past the last page, page 1 again', () => {
    const q = (extra: string): ReturnType<typeof simPage> => simPage(readSimQuery(new URLSearchParams(`_nkw=desk+lamp&${extra}`)));
    expect(q('_ipg=120').items).toHaveLength(120);
    expect(q('_ipg=77').items).toHaveLength(60);
    const first = q('_pgn=1');
    const second = q('_pgn=2');
    const all = simCatalog('desk lamp', false).exact;
    expect(second.items.map((l) => l.id)).toEqual(all.slice(60, 120).map((l) => l.id));
    expect(q(`_pgn=${first.lastPage + 1}`)).toMatchObject({ page: 1 });
    expect(q(`_pgn=${first.lastPage}`).items.length).toBe(first.total - (first.lastPage - 1) * 60);
    // eBay rewrites LH_Sold alone to the active view.
    expect(readSimQuery(new URLSearchParams('_nkw=x&LH_Sold=1')).sold).toBe(false);
  });

  test('long queries of a product the catalogue knows: pages of that product, no fewer-words marker', () => {
    for (const q of ['air jordan 1 retro high chicago', 'nintendo switch oled console white edition', 'apple iphone 13 pro max 256gb unlocked']) {
      const s = search('sold', q);
      const { html, truth } = fetchPage(s);
      expect([q, html.includes('srp-river-answer--REWRITE_START')]).toEqual([q, false]);
      const page = parseSearchPage(html, s, NOW);
      expect(truth.total).toBeGreaterThanOrEqual(30);
      expect(page.result).toMatchObject({ count: Math.min(60, truth.total), reported_total: truth.total, next_page: truth.total > 60 ? 2 : null });
    }
  });

  test('long queries with words the catalogue cannot place: a few exact matches, then the fewer-words marker and looser matches', () => {
    const s = search('listings', '2011 volkswagen jetta cold air intake apr');
    const { html, truth } = fetchPage(s);
    expect(html.includes('srp-river-answer--REWRITE_START')).toBe(true);
    const page = parseSearchPage(html, s, NOW);
    expect(page.result).toMatchObject({ count: truth.items.length, reported_total: truth.total, next_page: null, page_size: 60 });
    expect(truth.items.length).toBeLessThanOrEqual(3);
  });

  test('the more words the catalogue cannot place, the fewer exact matches before the marker', () => {
    const exact = (q: string): number => simCatalog(q, true).exact.length;
    const loose = (q: string): number => simCatalog(q, true).loose.length;
    // Unknown keywords name their own item: five words, three past its first two.
    expect(exact('vintage brass nautical ship telescope')).toBeGreaterThanOrEqual(4);
    expect(exact('vintage brass nautical ship telescope')).toBeLessThanOrEqual(15);
    expect(loose('vintage brass nautical ship telescope')).toBeGreaterThan(0);
    // A product and two words it never says.
    expect(exact('iphone 13 pro max grandma estate')).toBeGreaterThanOrEqual(10);
    expect(exact('iphone 13 pro max grandma estate')).toBeLessThanOrEqual(45);
    // Four words or fewer: no marker, whatever they are.
    expect(loose('vintage brass ship telescope')).toBe(0);
  });

  test('the markup carries the placeholders and a carousel of other items, which are never read as results', () => {
    const { html, truth } = fetchPage(search('listings', 'desk lamp'));
    expect(html.match(/Shop on eBay/gu)).toHaveLength(2);
    expect(html.includes('s-card--vertical')).toBe(true);
    const page = parseSearchPage(html, search('listings', 'desk lamp'), NOW);
    expect((page.result.data as Row[]).map((r) => r.id)).toEqual(truth.items.map((l) => l.id));
  });

  test('the earlier s-item layout gives the same rows (year-less sold dates resolved, seller as its own text)', () => {
    const s = search('sold', 'vintage camera lens');
    const current = collect(s).rows;
    const { html } = fetchPage(s, legacy);
    expect(html.includes('class="s-item s-item__pl-on-bottom"')).toBe(true);
    expect(html.includes('data-listingid')).toBe(false);
    const old = parseSearchPage(html, s, NOW);
    const rows = old.result.data as Row[];
    expect(old.layout).toBe('s-item');
    expect(rows.map((r) => [r.id, r.title, r.displayed_price, r.displayed_price_text, r.sold_date, r.condition])).toEqual(
      current.map((r) => [r.id, r.title, r.displayed_price, r.displayed_price_text, r.sold_date, r.condition]),
    );
    expect(rows.every((r) => /^[A-Z][a-z]{2} \d{1,2}$/u.test(String(r.sold_date_text)))).toBe(true);
    expect(old.bestOfferAcceptedIds).toEqual(collect(s).page.bestOfferAcceptedIds);
  });

  test('faults in eBay markup: bot wall and login wall are blocks, a changed layout is upstream_error', () => {
    const req = request(buildSearchUrl(search('sold', 'desk lamp'), 'http://sim'));
    const parse = (body: string): unknown => {
      try {
        return parseSearchPage(body, search('sold', 'desk lamp'), NOW);
      } catch (err) {
        return err;
      }
    };
    expect(parse(sim.renderFault('bot_wall', req).body)).toBeInstanceOf(BlockedError);
    expect(parse(sim.renderFault('login_wall', req).body)).toBeInstanceOf(BlockedError);
    expect(parse(sim.renderFault('layout_changed', req).body)).toBeInstanceOf(LayoutChangedError);
  });

  test('the home page answers / and a search without keywords', () => {
    for (const url of ['http://sim/', 'http://sim/sch/i.html?_nkw=']) {
      const res = sim.handle(request(url)) as { status: number; body: string };
      expect(res.status).toBe(200);
      expect(res.body).toContain('Shop by category');
    }
    expect((sim.handle(request('http://sim/nope')) as { status: number }).status).toBe(404);
  });
});
