/**
 * Parser tests: every capture in ../shared/fixtures/mkt_b with exact values, then hand-made
 * pages for each reading rule (embedded state, tiles, JSON route, blocks, cut-off pages).
 */
import {
  BlockedError, CursorRejectedError, FilterNotSupportedError, findRoute, LayoutChangedError, TransientUpstreamError, validateSearch,
  type Search,
} from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { dollarsText, listingLink, parsePostsJson, parseSearchPage, readDollars, readPost } from './parse.ts';
import { extractInitialState, jsonObjectEnd } from './state.ts';
import { parseHtml, readTiles } from './tiles.ts';

const SITE = 'https://poshmark.com';
const P1 = { siteUrl: SITE, page: 1 };
const J1 = { ...P1, continued: false };

function search(kind: 'sold' | 'listings', extra: Array<[string, string]> = [], q = 'iPhone 14 Pro 256GB'): Search {
  return validateSearch(findRoute(`mkt_b/${kind}`)!, [['q', q], ...extra], { cursorSecret: 'test' });
}

/** A post as the embedded state and the JSON route carry it. */
function post(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '5ebb43c73bad6d2a1f1ee901', title: 'Silk Scarf', price_amount: { val: '29.0', currency_code: 'USD', currency_symbol: '$' },
    inventory: { status: 'sold_out', status_changed_at: '2026-05-23T17:51:25-07:00' }, condition: 'uln', brand: 'Hermes', size: 'OS',
    creator_username: 'closet_a', cover_shot: { url: 'https://img.example/m_1.jpg' }, first_published_at: '2026-05-12T17:50:17-07:00',
    ...over,
  };
}

function statePage(posts: unknown[], more: unknown = { next_max_id: 'ENC_abc', total: 5000, is_next_max_id_present: true }): string {
  const state = { $_auth: {}, $_search: { gridData: { data: posts, more } } };
  return `<!DOCTYPE html><html><head><title>x | Poshmark</title></head><body><div id="app"></div><script>window.__INITIAL_STATE__=${JSON.stringify(state)};</script></body></html>`;
}

describeWithFixtures('mkt_b', 'mkt_b parser on captured pages', () => {
  test('sold-rendered-body.html: a condition filter the tile page does not show applied fails filter_not_supported, never an empty success', () => {
    const html = readFixture('mkt_b', 'sold-rendered-body.html');
    // The page's panel shows condition "all" checked: a search for good-condition sales was not filtered by it.
    expect(() => parseSearchPage(html, search('sold', [['condition', 'ug']]), P1)).toThrow(FilterNotSupportedError);
    expect(() => parseSearchPage(html, search('sold', [['condition', 'ug']]), P1)).toThrow(/applied condition "all", not ug/u);
    // Without a filter panel at all, nothing confirms the filter either.
    const noPanel = html.replace(/<input name="condition"[^>]*>/gu, '');
    expect(() => parseSearchPage(noPanel, search('sold', [['condition', 'nwt']]), P1)).toThrow(/does not show which condition/u);
  });

  test('sold-rendered-body.html: a condition filter the page confirms is trusted for every tile (tiles show no condition)', () => {
    const html = readFixture('mkt_b', 'sold-rendered-body.html');
    // The same page as the marketplace renders it with "NWT" chosen: that radio checked instead of "all".
    const nwt = html.replace('name="condition" data-test="radio-input" type="radio" value="all" checked="checked"', 'name="condition" data-test="radio-input" type="radio" value="all"')
      .replace('name="condition" data-test="radio-input" type="radio" value="nwt"', 'name="condition" data-test="radio-input" type="radio" value="nwt" checked="checked"');
    expect(nwt).not.toBe(html);
    const page = parseSearchPage(nwt, search('sold', [['condition', 'nwt']]), P1);
    expect({ size: page.pageSize, rows: page.rows.length, conditions: [...new Set(page.rows.map((r) => r.condition))] }).toEqual({ size: 48, rows: 48, conditions: ['nwt'] });
  });

  test('sold-rendered-body.html: 48 sold tiles read from the rendered grid (no embedded state)', () => {
    const html = readFixture('mkt_b', 'sold-rendered-body.html');
    const page = parseSearchPage(html, search('sold'), P1);
    expect([page.source, page.pageSize, page.rows.length, page.reportedTotal, page.nextToken]).toEqual(['tiles', 48, 48, null, '2']);
    expect(page.rows[0]).toEqual({
      id: '65341afa1741be05386b82bf',
      title: 'iPhone 14 Pro Max 256GB BRAND NEW',
      link: 'https://poshmark.com/listing/iPhone-14-Pro-Max-256GB-BRAND-NEW-65341afa1741be05386b82bf',
      displayed_price: { amount: 530, currency: 'USD' },
      displayed_price_text: '$530',
      displayed_shipping: null,
      shipping_text: null,
      sold_date: null,
      sold_date_text: null,
      condition: 'nwt',
      seller_text: null,
      brand: null,
      size: 'OS',
      image: 'https://di2ponv0v5otw.cloudfront.net/posts/2023/10/21/65341afa1741be05386b82bf/l_65341b188bb2e2f527922eb8.jpg',
      price: null, shipping: null, sold_at: null, took_offer: null,
    });
    expect(page.rows.slice(0, 5).map((r) => [r.id, r.displayed_price_text])).toEqual([
      ['65341afa1741be05386b82bf', '$530'], ['684fa2445df8e71e81f5ed56', '$500'], ['69a701a89936d65cbc3bf28a', '$280'],
      ['655ce488ff04848fbd42f9ce', '$1,130'], ['65ff9784eba4c4d297c6b2bd', '$750'],
    ]);
    expect(page.rows.filter((r) => r.condition === 'nwt').map((r) => r.id)).toEqual(['65341afa1741be05386b82bf', '655ce488ff04848fbd42f9ce', '688d401da6bb764df4b4ef2f']);
    expect(page.rows.find((r) => r.id === '6603829a7b0d663abb4a0e1e')!.displayed_price).toEqual({ amount: 1099, currency: 'USD' });
    // A lazy image (data-src) and a hydrated tile (javascript:void(0) link) still give both.
    expect(page.rows.find((r) => r.id === '660382680e309717f5e09048')).toMatchObject({
      title: 'iPhone 14 Pro Max 256GB Space Black', displayed_price_text: '$1,199',
      link: 'https://poshmark.com/listing/iPhone-14-Pro-Max-256GB-Space-Black-660382680e309717f5e09048',
      image: 'https://di2ponv0v5otw.cloudfront.net/posts/2024/03/26/660382680e309717f5e09048/l_660382690e309717f5e09049.jpg',
    });
    expect(new Set(page.rows.map((r) => r.id)).size).toBe(48);
    expect(page.rows.filter((r) => r.size !== 'OS').map((r) => r.size)).toEqual(['256 gb', '256 gb', '256gb', '12 Pro']);
  });

  test('sold-rendered-body.html: "Sold" and "Sold Out" overlays both mean sold out; a listings search keeps none', () => {
    const html = readFixture('mkt_b', 'sold-rendered-body.html');
    const tiles = readTiles(parseHtml(html))!.tiles;
    expect(tiles.filter((t) => t.status === 'Sold Out')).toHaveLength(5);
    expect(tiles.filter((t) => t.status === 'Sold')).toHaveLength(43);
    const listings = parseSearchPage(html, search('listings'), P1);
    expect([listings.pageSize, listings.rows.length]).toEqual([48, 0]);
  });

  test('sold-rendered-body.html: generated slugs match the real links on 18 of the 19 tiles that keep one', () => {
    const tiles = readTiles(parseHtml(readFixture('mkt_b', 'sold-rendered-body.html')))!.tiles.filter((t) => t.href);
    expect(tiles).toHaveLength(19);
    const misses = tiles.filter((t) => listingLink('', t.id, t.title) !== t.href).map((t) => t.id);
    // The one miss is a title whose shown text differs from the one the slug was made from.
    expect(misses).toEqual(['69801b7bdbd8f02abfa5b317']);
  });

  test('grid-trimmed.html: three active tiles read exactly, the ad tile skipped', () => {
    const html = readFixture('mkt_b', 'grid-trimmed.html');
    const page = parseSearchPage(html, search('listings', [], 'top'), P1);
    expect([page.source, page.pageSize, page.nextToken]).toEqual(['tiles', 3, null]);
    expect(page.rows.map((r) => [r.id, r.title, r.link, r.displayed_price, r.displayed_price_text, r.condition, r.size, r.format, r.image])).toEqual([
      ['aaa1', 'Rails Sage Ruffle Top', 'https://poshmark.com/listing/Rails-Sage-Ruffle-Top-aaa1', { amount: 48, currency: 'USD' }, '$48', null, 'M', 'fixed_price', null],
      ['bbb2', 'Zara Striped Top', 'https://poshmark.com/listing/Zara-Striped-Top-bbb2', { amount: 24, currency: 'USD' }, '$24', 'nwt', 'L', 'fixed_price', null],
      ['ccc3', 'Blouse', 'https://poshmark.com/listing/Blouse-ccc3', { amount: 22, currency: 'USD' }, '$22', null, 'S', 'fixed_price', null],
    ]);
    expect(parseSearchPage(html, search('sold', [], 'top'), P1).rows).toEqual([]);
  });

  test('closet-posts-1.json: 20 available posts through the JSON route reader', () => {
    const body = readFixture('mkt_b', 'closet-posts-1.json');
    const page = parsePostsJson(body, search('listings', [], 'bag'), J1);
    expect([page.source, page.pageSize, page.rows.length, page.nextToken, page.reportedTotal]).toEqual(['json', 20, 20, '1590339263.92', null]);
    expect(page.rows[0]).toEqual({
      id: '5ebb43c73bad6d2a1f1ee901',
      title: 'Versace Eau Fraiche Man, 0.17 oz',
      link: 'https://poshmark.com/listing/Versace-Eau-Fraiche-Man-017-oz-5ebb43c73bad6d2a1f1ee901',
      promoted: null,
      format: 'fixed_price',
      displayed_price: { amount: 29, currency: 'USD' },
      displayed_price_text: '$29',
      displayed_shipping: null,
      shipping_text: null,
      condition: 'nwt',
      brand: null,
      size: '0.17oz',
      listed_at: '2020-05-13T00:50:17Z',
      bid_count: null,
      ends_at: null,
      best_offer: null,
      seller_text: 'fashioner99',
      location_text: null,
      image: 'https://di2ponv0v5otw.cloudfront.net/posts/2020/05/12/5ebb43c73bad6d2a1f1ee901/m_5ebb43da93649f1a0361a313.jpg',
    });
    expect(page.rows.slice(1, 5).map((r) => [r.id, r.condition, r.brand, r.displayed_price_text])).toEqual([
      ['5ec6d487284e99fb74a8fcfc', 'nwt', 'Tommy Hilfiger', '$65'],
      ['5eb417e13a0db917f169f3b6', null, 'Pulli', '$19'],
      ['5dac857dabe1ce259fbd3f6f', null, 'Nicole Miller', '$24'],
      ['5ec2ae39ffba94d07643fa17', null, null, '$110'],
    ]);
    expect(page.rows.find((r) => r.id === '5d1a38de8d653dc3704d52b4')!.condition).toBeNull();
    expect(page.rows.find((r) => r.id === '5e63cfd2d400081c02dc1636')!.listed_at).toBe('2020-03-07T16:52:32Z');
    expect(page.rows.find((r) => r.id === '5b33abfb4ab63371bed904c1')!.listed_at).toBeNull();
    expect(new Set(page.rows.map((r) => r.seller_text))).toEqual(new Set(['fashioner99']));
    const sold = parsePostsJson(body, search('sold', [], 'bag'), J1);
    expect([sold.pageSize, sold.rows.length]).toEqual([20, 0]);
  });

  test('post-1.json: a single post reads exactly; as a page it is not a listing answer', () => {
    const doc = JSON.parse(readFixture('mkt_b', 'post-1.json')) as { data: unknown };
    const p = readPost(doc.data, 0);
    expect(p).toEqual({
      id: '5de18684a6e3ea2a8a0ba67a', title: 'Arizona U Tigers pull over hoodie', amount: 39, priceText: '$39',
      inventory: 'available', statusChangedAt: '2020-05-05T21:41:05-07:00', condition: null, brand: 'Champion', size: 'M',
      seller: 'coolshop7', image: 'https://di2ponv0v5otw.cloudfront.net/posts/2018/04/01/5ac186a59b112e81ae0be4e2/m_5ac186a59b112e81ae0be4e2.jpg',
      publishedAt: null,
    });
    expect(() => parsePostsJson(readFixture('mkt_b', 'post-1.json'), search('listings'), J1)).toThrow(LayoutChangedError);
  });
});

describe('mkt_b parser rules on hand-made pages', () => {
  test('embedded state: sold rows keep only sold-out inventory, with the status-change time and its date', () => {
    const posts = [
      post({ id: 'aaaaaaaaaaaaaaaaaaaaaaa1' }),
      post({ id: 'aaaaaaaaaaaaaaaaaaaaaaa2', inventory: { status: 'available', status_changed_at: '2026-05-01T10:00:00-07:00' } }),
      post({ id: 'aaaaaaaaaaaaaaaaaaaaaaa3', inventory: { status: 'reserved' } }),
      post({ id: 'aaaaaaaaaaaaaaaaaaaaaaa4', inventory: { status: 'not_for_sale' } }),
      post({ id: 'aaaaaaaaaaaaaaaaaaaaaaa5', inventory: { status: 'sold_out', status_changed_at: '2026-01-01T23:30:00-08:00' } }),
    ];
    const page = parseSearchPage(statePage(posts), search('sold'), P1);
    expect([page.source, page.pageSize, page.reportedTotal, page.nextToken]).toEqual(['state', 5, 5000, 'ENC_abc']);
    expect(page.rows.map((r) => [r.id, r.sold_date, r.sold_date_text, r.condition, r.seller_text, r.brand, r.size])).toEqual([
      ['aaaaaaaaaaaaaaaaaaaaaaa1', '2026-05-23', '2026-05-23T17:51:25-07:00', 'uln', 'closet_a', 'Hermes', 'OS'],
      ['aaaaaaaaaaaaaaaaaaaaaaa5', '2026-01-01', '2026-01-01T23:30:00-08:00', 'uln', 'closet_a', 'Hermes', 'OS'],
    ]);
    const listings = parseSearchPage(statePage(posts), search('listings'), P1);
    expect(listings.rows.map((r) => r.id)).toEqual(['aaaaaaaaaaaaaaaaaaaaaaa2']);
    expect(listings.rows[0]!.listed_at).toBe('2026-05-13T00:50:17Z');
  });

  test('condition codes: nwt, uln, ug, uf kept; boutique, older codes and none read as null', () => {
    const codes = ['nwt', 'uln', 'ug', 'uf', 'ret', 'not_nwt', 'closet', '', undefined];
    const posts = codes.map((c, i) => post({ id: `bbbbbbbbbbbbbbbbbbbbbbb${i}`, condition: c }));
    expect(parseSearchPage(statePage(posts), search('sold'), P1).rows.map((r) => r.condition)).toEqual(['nwt', 'uln', 'ug', 'uf', null, null, null, null, null]);
  });

  test('prices: val strings to amounts, text as the site shows it; missing price gives nulls; other currency fails', () => {
    const rows = parseSearchPage(statePage([
      post({ id: 'ccccccccccccccccccccccc1', price_amount: { val: '24.5', currency_code: 'USD' } }),
      post({ id: 'ccccccccccccccccccccccc2', price_amount: { val: '1099.0', currency_code: 'USD' } }),
      post({ id: 'ccccccccccccccccccccccc3', price_amount: undefined }),
      post({ id: 'ccccccccccccccccccccccc4', price_amount: { val: 'n/a' } }),
    ]), search('sold'), P1).rows;
    expect(rows.map((r) => [r.displayed_price, r.displayed_price_text])).toEqual([
      [{ amount: 24.5, currency: 'USD' }, '$24.50'], [{ amount: 1099, currency: 'USD' }, '$1,099'], [null, null], [null, null],
    ]);
    expect(() => parseSearchPage(statePage([post({ price_amount: { val: '29.0', currency_code: 'CAD' } })]), search('sold'), P1)).toThrow(LayoutChangedError);
    expect([readDollars('$1,099'), readDollars('$48'), readDollars('$7.50'), readDollars(null), readDollars('Free')]).toEqual([1099, 48, 7.5, null, null]);
    expect(() => readDollars('£48')).toThrow(LayoutChangedError);
    expect(() => readDollars('CA$48')).toThrow(LayoutChangedError);
    expect([dollarsText(29), dollarsText(24.5), dollarsText(1234.56)]).toEqual(['$29', '$24.50', '$1,234.56']);
  });

  test('rows not matching the condition or price filters sent are removed; page_size counts them all', () => {
    const posts = [
      post({ id: 'ddddddddddddddddddddddd1', condition: 'ug', price_amount: { val: '50.0', currency_code: 'USD' } }),
      post({ id: 'ddddddddddddddddddddddd2', condition: 'uf', price_amount: { val: '50.0', currency_code: 'USD' } }),
      post({ id: 'ddddddddddddddddddddddd3', condition: 'ug', price_amount: { val: '9.0', currency_code: 'USD' } }),
      post({ id: 'ddddddddddddddddddddddd4', condition: 'ug', price_amount: { val: '101.0', currency_code: 'USD' } }),
      post({ id: 'ddddddddddddddddddddddd5', condition: 'ug', price_amount: undefined }),
      post({ id: 'ddddddddddddddddddddddd6', condition: 'ug', price_amount: { val: '100.0', currency_code: 'USD' } }),
    ];
    const page = parseSearchPage(statePage(posts), search('sold', [['condition', 'ug'], ['min_price', '10'], ['max_price', '100']]), P1);
    expect(page.rows.map((r) => r.id)).toEqual(['ddddddddddddddddddddddd1', 'ddddddddddddddddddddddd6']);
    expect(page.pageSize).toBe(6);
  });

  test('last page and cursor shapes: is_next_max_id_present false, no token, an empty grid; numeric tokens as text', () => {
    expect(parseSearchPage(statePage([post()], { next_max_id: 'ENC_x', is_next_max_id_present: false }), search('sold'), P1).nextToken).toBeNull();
    expect(parseSearchPage(statePage([post()], { next_max_id: null }), search('sold'), P1).nextToken).toBeNull();
    expect(parseSearchPage(statePage([post()], null), search('sold'), P1).nextToken).toBeNull();
    expect(parseSearchPage(statePage([post()], { next_max_id: 2 }), search('sold'), P1).nextToken).toBe('2');
    expect(parseSearchPage(statePage([post()], { next_max_id: 1590339263.92 }), search('sold'), P1).nextToken).toBe('1590339263.92');
    const empty = parseSearchPage(statePage([], { next_max_id: 'ENC_y', total: 0 }), search('sold'), P1);
    expect([empty.pageSize, empty.rows.length, empty.nextToken, empty.reportedTotal]).toEqual([0, 0, null, 0]);
  });

  test('a post without a readable id makes the page unreadable', () => {
    for (const bad of [post({ id: 'short' }), post({ id: 12 }), 'x', null]) {
      expect(() => parseSearchPage(statePage([bad]), search('sold'), P1)).toThrow(LayoutChangedError);
    }
  });

  test('embedded state reader: fast path, statements after the object, cut off, not JSON, absent', () => {
    expect(extractInitialState('<script>window.__INITIAL_STATE__ = {"a":"</b>"} ;</script>')).toEqual({ a: '</b>' });
    expect(extractInitialState('<script>window.__INITIAL_STATE__={"a":{"b":"}"}};window.__X__={"c":1};</script>')).toEqual({ a: { b: '}' } });
    expect(extractInitialState('<script>window.__INITIAL_STATE__={"a":2};delete window.__INITIAL_STATE__;</script>')).toEqual({ a: 2 });
    expect(extractInitialState('<script src="/state.js" data-name="__INITIAL_STATE__"></script><script>window.__INITIAL_STATE__ =\n{"a":3}</script>')).toEqual({ a: 3 });
    expect(extractInitialState('<p>no state here</p>')).toBeNull();
    expect(() => extractInitialState('<script>window.__INITIAL_STATE__={"a":{"b":[1,2')).toThrow(TransientUpstreamError);
    expect(() => extractInitialState('<script>window.__INITIAL_STATE__={a:1};</script>')).toThrow(LayoutChangedError);
    expect(() => extractInitialState('<script>window.__INITIAL_STATE__=fn({});</script>')).toThrow(LayoutChangedError);
    expect(jsonObjectEnd('{"a":"\\"}"}x', 0)).toBe(11);
  });

  test('state without a search grid and without tiles: login wall, block page, or layout change', () => {
    const login = '<html><head><title>Login | Poshmark</title></head><body><form action="/login" method="post"><input type="text" name="u"><input type="password" name="p"></form><script>window.__INITIAL_STATE__={"$_auth":{}};</script></body></html>';
    expect(() => parseSearchPage(login, search('sold'), P1)).toThrow(new BlockedError('login wall'));
    expect(() => parseSearchPage('<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>Reference #18</BODY></HTML>', search('sold'), P1)).toThrow(BlockedError);
    expect(() => parseSearchPage('<html><head><title>x</title><script src="https://js.example/px-captcha.js"></script></head><body></body></html>', search('sold'), P1)).toThrow(BlockedError);
    expect(() => parseSearchPage('<html><head><title>Poshmark</title></head><body><ul class="listing-cards"><li>new</li></ul></body></html>', search('sold'), P1)).toThrow(LayoutChangedError);
  });

  test('tiles: a listing tile without an id is unreadable; an empty grid is an empty page; a full one pages on by number', () => {
    const tile = (inner: string): string => `<div class="col-x12"><div class="tile-grid-redesign">${inner}</div></div>`;
    const grid = (tiles: string[]): string => `<html><body><div class="tiles_container">${tiles.join('')}</div></body></html>`;
    expect(() => parseSearchPage(grid([tile('<span class="tile-grid-redesign__title">x</span>')]), search('listings'), P1)).toThrow(LayoutChangedError);
    const empty = parseSearchPage(grid([]), search('listings'), P1);
    expect([empty.pageSize, empty.rows.length, empty.nextToken]).toEqual([0, 0, null]);
    const full = Array.from({ length: 48 }, (_, i) => tile(`<a href="/listing/Item-${i}-id${i}" class="tile__covershot"></a><span class="tile-grid-redesign__title">Item ${i}</span><div class="tile-grid-redesign__price-current">$${i + 1}</div>`));
    const page = parseSearchPage(grid(full), search('listings'), { siteUrl: SITE, page: 7 });
    expect([page.pageSize, page.rows.length, page.nextToken]).toEqual([48, 48, '8']);
    expect(page.rows[3]).toMatchObject({ id: 'id3', displayed_price: { amount: 4, currency: 'USD' }, link: 'https://poshmark.com/listing/Item-3-id3' });
  });

  test('JSON route: errors, HTML, cut-off answers', () => {
    const err = JSON.stringify({ error: { statusCode: 400, errorType: 'ValidationError', errorMessage: 'invalid max_id' } });
    expect(() => parsePostsJson(err, search('sold'), { ...J1, continued: true })).toThrow(CursorRejectedError);
    expect(() => parsePostsJson(err, search('sold'), J1)).toThrow(LayoutChangedError);
    expect(() => parsePostsJson('<html><head><title>Internal Server Error</title></head></html>', search('sold'), J1)).toThrow(LayoutChangedError);
    expect(() => parsePostsJson('<html><head><title>Access Denied</title></head></html>', search('sold'), J1)).toThrow(BlockedError);
    expect(() => parsePostsJson('{"data":[{"id":"5eb', search('sold'), J1)).toThrow(TransientUpstreamError);
    expect(() => parsePostsJson('{"results":{"items":[]}}', search('sold'), J1)).toThrow(LayoutChangedError);
    const ok = parsePostsJson(JSON.stringify({ data: [post()], more: { next_max_id: 'ENC_q', total: 12, is_next_max_id_present: true } }), search('sold'), J1);
    expect([ok.rows.length, ok.nextToken, ok.reportedTotal]).toEqual([1, 'ENC_q', 12]);
  });
});
