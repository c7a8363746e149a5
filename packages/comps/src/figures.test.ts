/**
 * The comps block's figures: the order-statistics interval of the median against binomial
 * tail sums worked by hand, hinges, shipping, and rows of other kinds left out.
 */
import { medianInterval, priceFigures } from '@listings/sdk/stats';
import { compsOf } from './figures.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('medianInterval (90 %)', () => {
  test('too few amounts for 90 %: null (4 amounts cover at most 1 - 2/16 = 87.5 %)', () => {
    expect(medianInterval([1, 2, 3, 4])).toBeNull();
    expect(medianInterval([])).toBeNull();
  });
  test('5 amounts: the extremes, covering 1 - 2/32', () => {
    expect(medianInterval([5, 1, 4, 2, 3])).toEqual({ low: 1, high: 5, level: 0.9, coverage: 0.9375 });
  });
  test('10 amounts: 2nd and 9th (P(B<=1) = 11/1024 <= 0.05 < P(B<=2) = 56/1024)', () => {
    const xs = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(medianInterval(xs)).toEqual({ low: 20, high: 90, level: 0.9, coverage: 0.9785 });
  });
  test('20 amounts: 6th and 15th (P(B<=5) = 21700/2^20, P(B<=6) = 60460/2^20)', () => {
    const xs = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(medianInterval(xs)).toEqual({ low: 6, high: 15, level: 0.9, coverage: 0.9586 });
  });
  test('600 amounts do not overflow', () => {
    const r = medianInterval(Array.from({ length: 600 }, (_, i) => i));
    expect(r).not.toBeNull();
    expect(r!.low).toBeLessThan(300);
    expect(r!.high).toBeGreaterThan(299);
    expect(r!.coverage).toBeGreaterThanOrEqual(0.9);
  });
});

describe('priceFigures', () => {
  test('hinges are the medians of the halves', () => {
    const f = priceFigures([1, 2, 3, 4, 5, 6, 7]);
    expect(f).toMatchObject({ count: 7, median: 4, p25: 2, p75: 6, low: 1, high: 7 });
  });
  test('no amounts: nulls', () => {
    expect(priceFigures([])).toEqual({ count: 0, median: null, p25: null, p75: null, low: null, high: null, median_ci90: null });
  });
});

describe('compsOf', () => {
  test('figures over item rows only, counts of every kind, shipping where known', () => {
    const rows = [
      { displayed_price: usd(100), displayed_shipping: usd(0), comp_kind: 'item' as const, comp_reasons: [] },
      { displayed_price: usd(110), displayed_shipping: null, comp_kind: 'item' as const, comp_reasons: [] },
      { displayed_price: usd(120), displayed_shipping: usd(9.99), comp_kind: 'item' as const, comp_reasons: [] },
      { displayed_price: usd(9), displayed_shipping: usd(0), comp_kind: 'accessory' as const, comp_reasons: ['accessory_word:case'] },
      { displayed_price: null, displayed_shipping: null, comp_kind: 'item' as const, comp_reasons: [] },
      { displayed_price: usd(30), displayed_shipping: null, comp_kind: 'parts' as const, comp_reasons: ['parts_phrase:for parts'] },
    ];
    const c = compsOf(rows);
    expect(c.kinds).toEqual({ item: 4, accessory: 1, lot: 0, parts: 1, other: 0 });
    expect(c.price).toMatchObject({ count: 3, median: 110, low: 100, high: 120 });
    expect(c.price_with_shipping).toMatchObject({ count: 2, median: 114.995, low: 100, high: 129.99 });
  });
});
