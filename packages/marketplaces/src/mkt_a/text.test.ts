/**
 * The reading rules on the texts a card shows: money, ranges, shipping, conditions, dates,
 * time left and end clocks, and the sponsored-label folding.
 */
import { foldLabel, readHiddenClasses, svgVisibleText } from './sponsored.ts';
import { isBestOffer, looksLikeSeller, pickCondition, readBids, readLocation, readMoney, readPrice, readShipping } from './text.ts';
import { clockToUtc, inferClockOffset, readCaption, readClock, readTimeLeft, resolveSoldDate } from './time.ts';

describe('money and prices', () => {
  test.each([
    ['$1,234.50', { currency: 'USD', amount: 1234.5 }],
    ['US $12.00', { currency: 'USD', amount: 12 }],
    ['$0.99', { currency: 'USD', amount: 0.99 }],
    ['£4.49', { currency: 'GBP', amount: null }],
    ['KRW129,680.08', { currency: 'KRW', amount: null }],
    ['C $20.00', { currency: 'CAD', amount: null }],
    ['12,00 EUR', { currency: 'EUR', amount: null }],
    ['7,887 円', { currency: 'JPY', amount: null }],
    ['S$ 139.98', { currency: 'SGD', amount: null }],
    ['EUR 22,75', { currency: 'EUR', amount: null }],
    ['USD895.00', { currency: 'USD', amount: 895 }],
    ['$1,23,4', { currency: 'USD', amount: null }],
  ])('%s', (text, money) => expect(readMoney(text)).toEqual(money));

  test('not money', () => {
    for (const t of ['', 'Free', '$', 'Buy It Now', 'to']) expect(readMoney(t)).toBeNull();
  });

  test('a range keeps its text and has no amount', () => {
    expect(readPrice(['$7.99', 'to', '$9.89'])).toEqual({ text: '$7.99 to $9.89', money: null, currency: 'USD', range: true });
    expect(readPrice(['£4.49 to £8.49'])).toMatchObject({ money: null, currency: 'GBP', range: true });
    expect(readPrice(['KRW1,711.13', '~', 'KRW68,445.28'])).toMatchObject({ money: null, currency: 'KRW', range: true });
  });

  test('one exact USD price', () => {
    expect(readPrice(['$69.99'])).toEqual({ text: '$69.99', money: { currency: 'USD', amount: 69.99 }, currency: 'USD', range: false });
    expect(readPrice([])).toEqual({ text: null, money: null, currency: null, range: false });
    expect(readPrice(['See price'])).toMatchObject({ text: 'See price', money: null, currency: null });
  });
});

describe('shipping is read only from exact text', () => {
  test.each([
    ['Free delivery', 0],
    ['Free shipping', 0],
    ['Free International Shipping', 0],
    ['Free delivery in 2-4 days', 0],
    ['+$12.50 delivery', 12.5],
    ['+$5.99 shipping', 5.99],
    ['+$6.10 delivery in 2-4 days', 6.1],
    ['+$6.89', 6.89],
    ['+$22.58 shipping estimate', null],
    ['Shipping not specified', null],
    ['Freight', null],
    ['+ £5.49 postage', null],
  ])('%s → %p', (text, amount) => expect(readShipping(text)).toEqual({ text, amount }));

  test('other facts are not shipping', () => {
    for (const t of ['Located in United States', 'Buy It Now', 'Free returns', '+$5 off with coupon', '10% off with coupon. Max $75 off', '7 bids']) {
      expect(readShipping(t)).toBeNull();
    }
  });
});

describe('card facts', () => {
  test('conditions come from eBay labels only, the first one shown', () => {
    expect(pickCondition(['30 Day Warranty Car has 73K Miles', 'Pre-Owned'])).toBe('Pre-Owned');
    expect(pickCondition(['Brand New · 128 GB ·'])).toBe('Brand New');
    expect(pickCondition(['128 GB ·', 'Unlocked', 'Excellent - Refurbished'])).toBe('Excellent - Refurbished');
    expect(pickCondition(['Authorized Dealer', 'Free Returns'])).toBeNull();
  });

  test('bids, locations, best offer', () => {
    expect(readBids('7 bids')).toBe(7);
    expect(readBids('1 bid')).toBe(1);
    expect(readBids('1,204 bids')).toBe(1204);
    expect(readBids('7 watchers')).toBeNull();
    expect(readLocation('Located in United States')).toBe('United States');
    expect(readLocation('From United Kingdom')).toBe('United Kingdom');
    expect(readLocation('Free returns')).toBeNull();
    expect(isBestOffer('or Best Offer')).toBe(true);
    expect(isBestOffer('Best offer accepted')).toBe(false);
  });
});

describe('dates and times against the collection time', () => {
  test('captions', () => {
    expect(readCaption('Sold  Mar 7, 2026')).toEqual({ kind: 'sold', dateText: 'Mar 7, 2026' });
    expect(readCaption('Ended  Oct 27, 2025')).toEqual({ kind: 'ended', dateText: 'Oct 27, 2025' });
    expect(readCaption('NEW LOW PRICE')).toEqual({ kind: 'other' });
  });

  test('a shown year is used as is', () => {
    expect(resolveSoldDate('Mar 7, 2026', new Date('2026-05-07T00:00:00Z'))).toBe('2026-03-07');
    expect(resolveSoldDate('28 Sep 2026', new Date('2026-10-01T00:00:00Z'))).toBe('2026-09-28');
    expect(resolveSoldDate('Feb 30, 2026', new Date('2026-05-07T00:00:00Z'))).toBeNull();
  });

  test('a year-less date is the most recent such date on or before the collection day', () => {
    expect(resolveSoldDate('Dec 30', new Date('2026-01-02T05:00:00Z'))).toBe('2025-12-30');
    expect(resolveSoldDate('Jan 2', new Date('2026-01-02T00:30:00Z'))).toBe('2026-01-02');
    expect(resolveSoldDate('Jan 3', new Date('2026-01-02T23:59:00Z'))).toBe('2025-01-03');
    expect(resolveSoldDate('Feb 29', new Date('2026-03-01T00:00:00Z'))).toBe('2024-02-29');
    expect(resolveSoldDate('Sept 9', new Date('2026-09-10T00:00:00Z'))).toBe('2026-09-09');
    expect(resolveSoldDate('yesterday', new Date('2026-09-10T00:00:00Z'))).toBeNull();
  });

  test('time left', () => {
    expect(readTimeLeft('2d 4h')).toEqual({ seconds: 187_200, ended: false, resolution: 3600 });
    expect(readTimeLeft('9m left')).toEqual({ seconds: 540, ended: false, resolution: 60 });
    expect(readTimeLeft('33s left')).toEqual({ seconds: 33, ended: false, resolution: 1 });
    expect(readTimeLeft('5h 3m left')).toEqual({ seconds: 18_180, ended: false, resolution: 60 });
    expect(readTimeLeft('Ended')).toEqual({ seconds: 0, ended: true, resolution: 1 });
    expect(readTimeLeft('Time left')).toBeNull();
  });

  test('end clocks, and the page zone measured from cards that show both', () => {
    expect(readClock('(Today 03:39 PM)')).toEqual({ day: { offset: 0 }, minutes: 15 * 60 + 39 });
    expect(readClock('(Tomorrow 12:05 AM)')).toEqual({ day: { offset: 1 }, minutes: 5 });
    expect(readClock('(Fri, 09:00 PM)')).toEqual({ day: { weekday: 5 }, minutes: 21 * 60 });
    expect(readClock('(Today 13:39 PM)')).toBeNull();
    const now = new Date('2026-07-21T19:39:22Z');
    // Two cards: 2m left at 3:41 PM, 38s left at 3:40 PM → the page shows UTC-4.
    const offset = inferClockOffset([
      { left: readTimeLeft('2m left')!, clock: readClock('(Today 03:41 PM)')! },
      { left: readTimeLeft('38s left')!, clock: readClock('(Today 03:40 PM)')! },
      { left: readTimeLeft('1d 6h')!, clock: readClock('(Wed 09:00 PM)')! },
    ], now);
    expect(offset).toBe(-240);
    expect(clockToUtc(readClock('(Today 03:39 PM)')!, -240, now).toISOString()).toBe('2026-07-21T19:39:00.000Z');
    expect(clockToUtc(readClock('(Mon 11:00 PM)')!, -240, now).toISOString()).toBe('2026-07-21T03:00:00.000Z');
    expect(inferClockOffset([], now)).toBeNull();
  });
});

describe('sponsored labels as rendered', () => {
  test('look-alike letters and invisible characters fold away', () => {
    expect(foldLabel('Spon\u0455\u2068ored')).toBe('sponsored');
    expect(foldLabel('S\u2063р\u2063o\u2063n\u2063sored')).toBe('sponsored');
    expect(foldLabel('derosnopS')).toBe('derosnops');
  });

  test('classes hidden by page styles, directly or through :root variables', () => {
    const hidden = readHiddenClasses([
      ':root{--pd-s-aaa: none;}', ':root{--pd-s-bbb: block;}', 'span.s-aaa {display: var(--pd-s-aaa);}', 'span.s-bbb {display: var(--pd-s-bbb);}',
      'span.s-ccc {\n position: absolute;\n left: -2000px;\n width: 1px;\n height: 1px;\n overflow: hidden;\n}', 'span.s-ddd { display: none }',
    ]);
    expect([...hidden].sort()).toEqual(['s-aaa', 's-ccc', 's-ddd']);
  });

  test('SVG label text counts only when placed inside the label box', () => {
    const svg = (x: number, y: number): string => `<svg xmlns='http://www.w3.org/2000/svg'><text x='${x}' dx='1' y='${y}' dy='-2' transform='translate(-1 2)' font-size='12'>Sponsored</text></svg>`;
    expect(svgVisibleText(svg(0, 12))).toBe('Sponsored');
    expect(svgVisibleText(svg(-10007, -30008))).toBe('');
    expect(svgVisibleText(svg(-101, -39))).toBe('');
    expect(svgVisibleText('<svg></svg>')).toBe('');
  });
});

describe('seller lines', () => {
  // Both orders eBay prints the feedback figures in (test/data/mkt_a/listings-s-card-laptop.html
  // shows the second on s-card pages); promotion lines in the same block carry a percentage too.
  test.each([
    ['jlabllc 99.1% positive (5.1K)', true],
    ['bluekeebsandmore 100% positive (12)', true],
    ['discountcomputerdepot (132,409) 98.7%', true],
    ['eyal.-12 99.8% positive (512)', true],
    ['newegg (1,041,944) 98.7%', true],
    ['Save up to 5% when you buy more', false],
    ['Extra 5% off with coupon', false],
    ['$20 off every $200 with coupon', false],
    ['81% off', false],
    ['Top Rated Seller', false],
    ['2,101 sold', false],
  ])('%s', (line, seller) => expect(looksLikeSeller(line)).toBe(seller));
});
