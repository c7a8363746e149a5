import { BlockedError, LayoutChangedError, TransientUpstreamError } from '@listings/contract';
import { describeWithFixtures, readFixture } from '../testkit/fixtures.ts';
import { CALL_FOR_PRICE_FLAG, TITLE_MAX, parseCityState, parseFeed, parseMiles, parsePriceAmount } from './parse.ts';
import { adTile, feedBody, listing, rangeFilter, selectionFilter, tile } from './test-feeds.ts';

describeWithFixtures('mkt_e', 'mkt_e parser on the real 2021 feed capture (previous layout)', () => {
  const body = readFixture('mkt_e', 'legacy-feed-2021.json');
  const page = parseFeed(body);
  const raw = JSON.parse(body) as { data: { feed_items: Array<{ item: Record<string, unknown> }>; next_page_cursor: string } };

  test('reads all 47 items, once each, in feed order', () => {
    expect(page.shape).toBe('legacy');
    expect(page.rows).toHaveLength(47);
    expect(page.rows.map((r) => r.id)).toEqual(raw.data.feed_items.map((f) => String(f.item.id)));
    expect(page.unreadable).toBe(0);
    expect(page.otherTiles).toBe(0);
  });

  test('maps the first item field by field', () => {
    expect(page.rows[0]).toEqual({
      id: '1061858921',
      title: 'Dell XPS 13 9350 - i5/128GB/8GB *EXCELLENT*',
      link: 'https://offerup.com/item/detail/1061858921',
      displayed_price: { amount: 350, currency: 'USD' },
      displayed_price_text: '$350',
      call_for_price: false,
      firm_price: null,
      condition: null,
      location_text: 'Kissimmee, FL',
      city: 'Kissimmee',
      state: 'FL',
      image: 'https://images.offerup.com/fB1TUA_TPZ9O6SbDTb20z8S0a-U=/140x140/6160/616016bb1ce646479a37e2254286fbaa.jpg',
      vehicle_miles: null,
      promoted: false,
      flags: [],
    });
  });

  test('prices with cents and every "City, ST" are read', () => {
    const lenovo = page.rows.find((r) => r.id === '1061847470')!;
    expect(lenovo.displayed_price).toEqual({ amount: 199.01, currency: 'USD' });
    const cloud = page.rows.find((r) => r.location_text === 'St. Cloud, FL')!;
    expect(cloud).toMatchObject({ city: 'St. Cloud', state: 'FL' });
    expect(page.rows.every((r) => r.state === 'FL' && typeof r.city === 'string')).toBe(true);
  });

  test('reads the continuation and the options it shows as selected', () => {
    expect(page.pageCursor).toBe(raw.data.next_page_cursor);
    expect(page.selected.DISTANCE).toEqual(['30']);
    expect(page.selected.SORT).toEqual(['-posted']);
    expect(page.categoryId).toBeNull();
  });
});

describe('mkt_e parser on hand-made modular feeds', () => {
  test('listings in looseTiles and the grid count once; ads, banners and other tiles are dropped', () => {
    const a = listing({ id: 'A' });
    const b = listing({ id: 'B' });
    const page = parseFeed(feedBody({
      loose: [tile(a), tile(b)],
      grid: [tile(a), adTile('ModularFeedTileGoogleDisplayAd'), tile(b), adTile('ModularFeedTileBanner'), tile(listing({ id: 'C' })),
        adTile('ModularFeedTileBingAd'), adTile('ModularFeedTileJob'), { __typename: 'ModularFeedTileLocalDisplayAd', tileId: 'x', listing: listing({ id: 'AD' }) }],
    }));
    expect(page.rows.map((r) => r.id)).toEqual(['A', 'B', 'C']);
    expect(page.otherTiles).toBe(5);
  });

  test('a seller ad is the seller\'s own listing in a paid slot: kept, promoted', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ id: 'P' }), 'ModularFeedTileSellerAd'), tile(listing({ id: 'O' }))] }));
    expect(page.rows.map((r) => [r.id, r.promoted])).toEqual([['P', true], ['O', false]]);
  });

  test('call for price by flag: no displayed price, raw flags kept', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ id: 'V', price: '', flags: ['LOCAL_PICKUP', CALL_FOR_PRICE_FLAG] }))] }));
    expect(page.rows[0]).toMatchObject({ displayed_price: null, displayed_price_text: null, call_for_price: true, flags: ['LOCAL_PICKUP', CALL_FOR_PRICE_FLAG] });
  });

  test('the price text is the price as the site prints it: whole dollars grouped, cents only when there are some', () => {
    const page = parseFeed(feedBody({ grid: ['7580.00', '1', '12.5', '1200', '99.99'].map((price, i) => tile(listing({ id: `P${i}`, price }))) }));
    expect(page.rows.map((r) => [r.displayed_price_text, (r.displayed_price as { amount: number }).amount])).toEqual([
      ['$7,580', 7580], ['$1', 1], ['$12.50', 12.5], ['$1,200', 1200], ['$99.99', 99.99],
    ]);
  });

  test('a call-for-price flag wins over a price', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ price: '1', flags: [CALL_FOR_PRICE_FLAG] }))] }));
    expect(page.rows[0]).toMatchObject({ displayed_price: null, call_for_price: true });
  });

  test('an empty price without call-for-price is a null price, not zero', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ price: '' }))] }));
    expect(page.rows[0]).toMatchObject({ displayed_price: null, displayed_price_text: null, call_for_price: false });
  });

  test('firm price: true, false, or null when not said', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ id: 'F', isFirmPrice: true })), tile(listing({ id: 'N', isFirmPrice: false })), tile(listing({ id: 'U' }))] }));
    expect(page.rows.map((r) => r.firm_price)).toEqual([true, false, null]);
  });

  test('titles are cut at 2,000 characters; a listing without id or title is unreadable, not a row', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ title: 'x'.repeat(2500) })), tile(listing({ id: null })), tile(listing({ title: null }))] }));
    expect(page.rows).toHaveLength(1);
    expect((page.rows[0]!.title as string).length).toBe(TITLE_MAX);
    expect(page.unreadable).toBe(2);
  });

  test('location, image, condition text and vehicle miles', () => {
    const page = parseFeed(feedBody({ grid: [tile(listing({ id: 'C1', locationName: 'St. Petersburg, FL', conditionText: 'Used', vehicleMiles: '45,123 miles' }))] }));
    expect(page.rows[0]).toMatchObject({
      location_text: 'St. Petersburg, FL', city: 'St. Petersburg', state: 'FL', condition: 'Used', vehicle_miles: 45123,
      image: 'https://images.offerup.com/x/250x250/C1.jpg', link: 'https://offerup.com/item/detail/C1',
    });
  });

  test('reads the category applied, the next cursor and the filters echoed', () => {
    const page = parseFeed(feedBody({
      categoryId: '5.1', cursor: 'abc',
      filters: [selectionFilter('DISTANCE', ['80'], ['25', '100']), selectionFilter('condition', ['NEW', 'USED'], ['BROKEN']), rangeFilter('PRICE_MIN', 'PRICE_MAX', '10', null)],
    }));
    expect(page.categoryId).toBe('5.1');
    expect(page.pageCursor).toBe('abc');
    expect(page.selected).toEqual({ DISTANCE: ['80'], CONDITION: ['NEW', 'USED'] });
    expect(page.bounds).toEqual({ PRICE_MIN: '10' });
  });

  test('the last page has no cursor', () => {
    expect(parseFeed(feedBody({ cursor: null })).pageCursor).toBeNull();
  });
});

describe('mkt_e field readers', () => {
  test.each([
    ['Kissimmee, FL', 'Kissimmee', 'FL'],
    ['  Austin ,  TX ', 'Austin', 'TX'],
    ['Winston-Salem, NC', 'Winston-Salem', 'NC'],
    ['Washington, DC', 'Washington', 'DC'],
    ['San Juan, PR', 'San Juan', 'PR'],
    ['Seattle', null, null],
    ['Paris, France', null, null],
    ['Portland, or', null, null],
    [', WA', null, null],
    ['Tacoma, XX', null, null],
  ])('"City, ST" %j → %j, %j', (text, city, state) => {
    expect(parseCityState(text)).toEqual({ city, state });
  });

  test.each([
    ['240', 240], ['1,200', 1200], ['$35', 35], ['19.99', 19.99], ['0', 0], [12, 12],
    ['', null], ['Free', null], ['12.345', null], ['-5', null], [null, null],
  ])('price %j → %j', (raw, amount) => {
    expect(parsePriceAmount(raw)).toBe(amount);
  });

  test.each([
    [45123, 45123], ['45,123', 45123], ['45,123 miles', 45123], ['45K mi', 45000], ['12.5k', 12500], ['  80000 MILES ', 80000],
    ['', null], ['unknown', null], ['-4', null], [null, null],
  ])('vehicle miles %j → %j', (raw, miles) => {
    expect(parseMiles(raw)).toBe(miles);
  });
});

describe('mkt_e parser on answers that are not feed pages', () => {
  test('a truncated answer is transient', () => {
    expect(() => parseFeed(feedBody().slice(0, 100))).toThrow(TransientUpstreamError);
  });

  test('a refused query is a changed layout; a refused session is a block; a server error is transient', () => {
    const err = (message: string, code: string): string => JSON.stringify({ errors: [{ message, extensions: { code } }], data: null });
    expect(() => parseFeed(err('Cannot query field "vehicleMiles" on type "ModularFeedListing".', 'GRAPHQL_VALIDATION_FAILED'))).toThrow(LayoutChangedError);
    expect(() => parseFeed(err('You must be logged in', 'UNAUTHENTICATED'))).toThrow(BlockedError);
    expect(() => parseFeed(err('Something went wrong', 'INTERNAL_SERVER_ERROR'))).toThrow(TransientUpstreamError);
  });

  test('another shape is a changed layout, never an empty page', () => {
    expect(() => parseFeed('{"data":{"searchFeed":{"items":[]}}}')).toThrow(LayoutChangedError);
    expect(() => parseFeed('{"data":{"modularFeed":{"pageCursor":null}}}')).toThrow(LayoutChangedError);
    expect(() => parseFeed('[]')).toThrow(LayoutChangedError);
    expect(() => parseFeed('null')).toThrow(LayoutChangedError);
  });
});
