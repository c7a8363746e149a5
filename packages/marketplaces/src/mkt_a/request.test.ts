/**
 * The search URL and request, and the classification of the HTTP answer before its body is read.
 */
import {
  BlockedError, LayoutChangedError, TransientUpstreamError, UpstreamThrottledError, type Search, type UpstreamResponse,
} from '@listings/contract';
import { buildSearchRequest, buildSearchUrl, warmUpRequest } from './request.ts';
import { classifyResponse } from './response.ts';

function search(kind: 'sold' | 'listings', params: Search['params'] = {}, page = 1): Search {
  return { route: `mkt_a/${kind}`, token: 'mkt_a', kind, q: 'air jordan 1 & more', page, params, cursor: null };
}

describe('search URL', () => {
  test('sold: both sold flags, ended-recently order, US only, 60 per page, no page number on page 1', () => {
    const u = new URL(buildSearchUrl(search('sold'), 'https://www.ebay.com/'));
    expect(u.origin + u.pathname).toBe('https://www.ebay.com/sch/i.html');
    expect([...u.searchParams]).toEqual([
      ['_nkw', 'air jordan 1 & more'], ['_sacat', '0'], ['LH_Sold', '1'], ['LH_Complete', '1'], ['LH_PrefLoc', '1'], ['_sop', '13'], ['_ipg', '60'],
    ]);
    expect(u.search).toContain('_nkw=air+jordan+1+%26+more');
  });

  test('listings: conditions mapped to eBay ids, price bounds, sort code, page', () => {
    const u = new URL(buildSearchUrl(search('listings', { condition: ['for_parts', 'new', 'open_box'], min_price: 0, max_price: 75, sort: 'ending_soon' }, 3), 'http://127.0.0.1:4100/mkt_a'));
    expect(u.pathname).toBe('/mkt_a/sch/i.html');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      _nkw: 'air jordan 1 & more', _sacat: '0', LH_ItemCondition: '1000|1500|7000', _udlo: '0', _udhi: '75', LH_PrefLoc: '1', _sop: '1', _ipg: '60', _pgn: '3',
    });
    expect(u.searchParams.has('LH_Sold')).toBe(false);
    for (const [sort, code] of [['best_match', '12'], ['newest', '10'], ['price_asc', '15']] as const) {
      expect(new URL(buildSearchUrl(search('listings', { sort }), 'https://www.ebay.com')).searchParams.get('_sop')).toBe(code);
    }
  });

  test('an unmapped value is a programming error, not a silent drop', () => {
    expect(() => buildSearchUrl(search('listings', { sort: 'best_deal' }), 'https://www.ebay.com')).toThrow(/sort code/u);
    expect(() => buildSearchUrl(search('listings', { condition: ['mint'] }), 'https://www.ebay.com')).toThrow(/condition ids/u);
  });

  test('the Referer a person would send: the home page for page 1, the previous page after', () => {
    expect(buildSearchRequest(search('sold'), 'https://www.ebay.com').headers?.referer).toBe('https://www.ebay.com/');
    const p3 = buildSearchRequest(search('sold', {}, 3), 'https://www.ebay.com');
    expect(new URL(p3.headers!.referer!).searchParams.get('_pgn')).toBe('2');
    expect(warmUpRequest('https://www.ebay.com/').url).toBe('https://www.ebay.com/');
  });
});

describe('the HTTP answer', () => {
  const res = (over: Partial<UpstreamResponse>): UpstreamResponse => ({ status: 200, url: 'https://www.ebay.com/sch/i.html?_nkw=x', headers: {}, body: '', ...over });
  const verdict = (r: UpstreamResponse): unknown => {
    try {
      classifyResponse(r);
      return 'ok';
    } catch (err) {
      return err;
    }
  };

  test('a 200 answer of the search page goes on to the parser', () => {
    expect(verdict(res({}))).toBe('ok');
    expect(verdict(res({ url: 'http://127.0.0.1:4100/mkt_a/sch/i.html?_nkw=x' }))).toBe('ok');
  });

  test('429 is throttling, with the wait eBay asked for', () => {
    const err = verdict(res({ status: 429, headers: { 'retry-after': '7' } }));
    expect(err).toBeInstanceOf(UpstreamThrottledError);
    expect((err as UpstreamThrottledError).retryAfterSeconds).toBe(7);
  });

  test('redirects to the sign-in page, the challenge or the home page are blocks', () => {
    expect(verdict(res({ url: 'https://signin.ebay.com/ws/eBayISAPI.dll?SignIn&ru=x' }))).toBeInstanceOf(BlockedError);
    expect(verdict(res({ url: 'https://www.ebay.com/splashui/challenge?ap=1&appName=orch' }))).toBeInstanceOf(BlockedError);
    expect(verdict(res({ url: 'https://www.ebay.com/' }))).toBeInstanceOf(BlockedError);
    expect(verdict(res({ status: 302, headers: { location: 'https://www.ebay.com/sch/i.html' } }))).toBeInstanceOf(BlockedError);
  });

  test('403 is a block; a 503 carrying the edge block page is a block, a bare 503 is transient', () => {
    expect(verdict(res({ status: 403 }))).toBeInstanceOf(BlockedError);
    const akamai = '<html><head><title>Service Unavailable</title></head><body><h1>Service Unavailable - Zero size object</h1><p>Reference&#32;&#35;15&#46;97155d68</p></body></html>';
    expect(verdict(res({ status: 503, body: akamai }))).toBeInstanceOf(BlockedError);
    expect(verdict(res({ status: 503, body: 'Service Unavailable' }))).toBeInstanceOf(TransientUpstreamError);
    expect(verdict(res({ status: 500, body: '' }))).toBeInstanceOf(TransientUpstreamError);
  });

  test('404 and other unexpected statuses mean the search URL no longer works', () => {
    expect(verdict(res({ status: 404 }))).toBeInstanceOf(LayoutChangedError);
    expect(verdict(res({ status: 400, body: 'Bad Request' }))).toBeInstanceOf(LayoutChangedError);
  });
});
