import type { Row } from '@listings/contract';
import { describe, expect, it } from '@jest/globals';
import { compsOf } from '@listings/comps';
import { batchComps, summarize } from './summary.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const row = (id: string, fields: Partial<Row> = {}): Row => ({ id, title: `t${id}`, ...fields });

describe('summarize', () => {
  it('computes count, median (odd), low, high and sold date range by hand', () => {
    const data = [
      row('1', { displayed_price: usd(25), sold_date: '2026-03-04' }),
      row('2', { displayed_price: usd(10.5), sold_date: '2026-01-30' }),
      row('3', { displayed_price: null, displayed_price_text: '$5.00 to $9.00', sold_date: '2025-12-31' }),
      row('4', { displayed_price: usd(99.99), sold_date: null }),
      row('5', { displayed_price: usd(12), sold_date: '2026-03-05' }),
      row('6', { displayed_price: usd(0), sold_date: '2026-02-01' }),
    ];
    // Priced: 0, 10.5, 12, 25, 99.99 → median 12. Dates: 2025-12-31 .. 2026-03-05 (row 3 counts though unpriced).
    expect(summarize({ data })).toEqual({
      priced_count: 5, currency: 'USD', median: 12, low: 0, high: 99.99,
      earliest_sold_date: '2025-12-31', latest_sold_date: '2026-03-05', best_offer_accepted_count: 0,
    });
  });

  it('takes the mean of the two middle amounts when the count is even', () => {
    const data = [row('a', { displayed_price: usd(30) }), row('b', { displayed_price: usd(10) }), row('c', { displayed_price: usd(20) }), row('d', { displayed_price: usd(100) })];
    expect(summarize({ data }).median).toBe(25);
    const cents = [row('a', { displayed_price: usd(0.1) }), row('b', { displayed_price: usd(0.2) })];
    expect(summarize({ data: cents }).median).toBe(0.15);
    const half = [row('a', { displayed_price: usd(10.01) }), row('b', { displayed_price: usd(10.02) })];
    expect(summarize({ data: half }).median).toBe(10.015);
  });

  it('gives nulls and zero counts when nothing is priced or dated (a listings page, an empty page)', () => {
    const listings = [row('1', { displayed_price: null, format: 'auction' }), row('2', { displayed_price: null })];
    const expected = {
      priced_count: 0, currency: 'USD', median: null, low: null, high: null,
      earliest_sold_date: null, latest_sold_date: null, best_offer_accepted_count: 0,
    };
    expect(summarize({ data: listings })).toEqual(expected);
    expect(summarize({ data: [] })).toEqual(expected);
  });

  it('counts rows sold by accepted best offer, only those on the page', () => {
    const data = [row('1', { displayed_price: usd(5) }), row('2', { displayed_price: usd(6) }), row('3', { displayed_price: usd(7) })];
    expect(summarize({ data }, ['3', '1', 'not-on-page']).best_offer_accepted_count).toBe(2);
    expect(summarize({ data }, []).best_offer_accepted_count).toBe(0);
  });

  it('ignores amounts that are not finite USD numbers and dates that are not YYYY-MM-DD', () => {
    const data = [
      row('1', { displayed_price: { amount: 50, currency: 'EUR' } }),
      row('2', { displayed_price: { amount: Number.NaN, currency: 'USD' } }),
      row('3', { displayed_price: { amount: '40', currency: 'USD' } }),
      row('4', { displayed_price: usd(8), sold_date: 'Mar 4' }),
    ];
    expect(summarize({ data })).toMatchObject({ priced_count: 1, median: 8, low: 8, high: 8, earliest_sold_date: null });
  });
});

describe('batchComps', () => {
  it("is the result's own comps block when it has one", () => {
    const comps = compsOf([{ displayed_price: usd(10), comp_kind: 'item', comp_reasons: [] }]);
    expect(batchComps({ data: [row('x', { displayed_price: usd(99) })], comps })).toBe(comps);
  });

  it('is the block of the rows as they are for a result settled before rows were judged: nothing counted, no figures', () => {
    const data = [row('1', { displayed_price: usd(10) }), row('2', { displayed_price: usd(20) })];
    expect(batchComps({ data })).toEqual(compsOf(data));
    expect(batchComps({ data }).price.count).toBe(0);
    expect(batchComps({ data }).kinds).toEqual({ item: 0, accessory: 0, lot: 0, parts: 0, other: 0 });
  });
});
