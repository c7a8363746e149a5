/**
 * The console's price statistics (apps/api/console/stats.js), the functions the page computes
 * its figures with, run here as plain ES module code: USD amounts only, the median (the mean of
 * the two middle amounts for an even count), Tukey's hinges for Q1 and Q3, shared histogram
 * bins, rows of several pages without repeats, dollars as the page shows them.
 */
import { figureRows, histogramBins, histogramCounts, isItem, judgedText, priceStats, uniqueRows, usd, usdAmount } from '../../apps/api/console/stats.js';

test('usdAmount: a finite USD displayed amount, else null', () => {
  expect(usdAmount({ displayed_price: { amount: 12.5, currency: 'USD' } })).toBe(12.5);
  expect(usdAmount({ displayed_price: { amount: 0, currency: 'USD' } })).toBe(0);
  for (const row of [
    null, 'row', {}, { displayed_price: null }, { displayed_price: { amount: 12.5, currency: 'EUR' } },
    { displayed_price: { amount: '12.5', currency: 'USD' } }, { displayed_price: { amount: Number.NaN, currency: 'USD' } },
    { displayed_price: { amount: Infinity, currency: 'USD' } }, { displayed_price: { currency: 'USD' } },
  ]) expect(usdAmount(row)).toBeNull();
});

test('priceStats: median, low, high and the hinges, whatever the order', () => {
  expect(priceStats([])).toEqual({ n: 0, median: null, low: null, high: null, q1: null, q3: null });
  expect(priceStats([7])).toEqual({ n: 1, median: 7, low: 7, high: 7, q1: 7, q3: 7 });
  // Odd count: the middle amount is in neither half.
  expect(priceStats([9, 1, 5, 3, 7])).toEqual({ n: 5, median: 5, low: 1, high: 9, q1: 2, q3: 8 });
  // Even count: the mean of the two middle amounts; the halves split evenly.
  expect(priceStats([40, 10, 30, 20])).toEqual({ n: 4, median: 25, low: 10, high: 40, q1: 15, q3: 35 });
  // A mean without binary noise, half cents kept.
  expect(priceStats([0.1, 0.2]).median).toBe(0.15);
  expect(priceStats([10, 10.01]).median).toBe(10.005);
});

test('histogramBins: a 1, 2 or 5 × 10^k width over every amount; histogramCounts: each amount in one bin', () => {
  expect(histogramBins([])).toEqual({ edges: [], width: 1 });
  const bins = histogramBins([3, 47, 120, 199], 20);
  expect(bins.width).toBe(10);
  expect(bins.edges[0]).toBe(0);
  expect(bins.edges.at(-1)).toBe(190);
  const counts = histogramCounts([3, 47, 120, 199, 199], bins);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
  expect(counts[0]).toBe(1);
  expect(counts[4]).toBe(1);
  expect(counts.at(-1)).toBe(2);
  expect(histogramCounts([1, 2], { edges: [], width: 1 })).toEqual([]);
});

test('uniqueRows: rows of several pages in order, a repeated id kept once, rows without an id left out', () => {
  const rows = uniqueRows([
    { data: [{ id: 'a', n: 1 }, { id: 'b' }, null, { n: 3 }] },
    {},
    { data: [{ id: 'b', n: 2 }, { id: 'c' }] },
  ]);
  expect(rows).toEqual([{ id: 'a', n: 1 }, { id: 'b' }, { id: 'c' }]);
});

test('usd: dollars with cents and thousands separators; a dash for none', () => {
  expect(usd(1234.5)).toBe('$1,234.50');
  expect(usd(0)).toBe('$0.00');
  expect(usd(null)).toBe('—');
});

test('figureRows: the rows judged item by default, every row with the switch; judgedText says why a row is left out', () => {
  const rows = [
    { id: 'a', comp_kind: 'item', comp_reasons: [] },
    { id: 'b', comp_kind: 'accessory', comp_reasons: ['accessory_word:case', 'price_far_below_items'] },
    { id: 'c', comp_kind: 'lot', comp_reasons: [] },
    { id: 'd' },
  ];
  expect(figureRows(rows, false).map((r) => r.id)).toEqual(['a']);
  expect(figureRows(rows, true).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  expect(rows.map(isItem)).toEqual([true, false, false, false]);
  expect(rows.map(judgedText)).toEqual(['', 'accessory: accessory_word:case, price_far_below_items', 'lot', 'not judged']);
});
