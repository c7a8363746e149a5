/**
 * The worker's judgement of a finished page (comps.ts), with a judge handed in, so what is
 * checked is the wiring and not what the classifier decides: the judge gets the result's query,
 * the marketplace and what it reads of each row; the two fields close each row, every other
 * field keeps its place and value; `comps` is the figures over the rows judged `item`.
 */
import { COMP_VERSION, compsOf, judgeRowOf, type Judgement, type JudgeRow } from '@listings/comps';
import type { Row } from '@listings/contract';
import { judgedPage } from './comps.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

const rows: Row[] = [
  { id: '1', title: 'Apple iPhone 13 128GB', displayed_price: usd(300), displayed_shipping: usd(0), condition: 'Pre-Owned' },
  { id: '2', title: 'iPhone 13 case, clear', displayed_price: usd(9.99), displayed_shipping: null, condition: 'New' },
  { id: '3', title: 'Lot of 3 iPhone 13', displayed_price: usd(700), displayed_shipping: usd(12.5), condition: null },
  { id: '4', title: 'Apple iPhone 13 256GB', displayed_price: usd(340), displayed_shipping: null, condition: 'Pre-Owned' },
  // A row that came with fields of the same names (never from an adapter): replaced, and moved last.
  { id: '5', title: 'iPhone 13 mini', comp_kind: 'item', comp_reasons: ['stale'], displayed_price: null, condition: null },
];

const KINDS: Judgement[] = [
  { comp_kind: 'item', comp_reasons: [] },
  { comp_kind: 'accessory', comp_reasons: ['accessory_word:case'] },
  { comp_kind: 'lot', comp_reasons: ['lot_phrase:lot of 3'] },
  { comp_kind: 'item', comp_reasons: [] },
  { comp_kind: 'other', comp_reasons: ['query_term_missing:mini'] },
];

test('the judge reads the query, the marketplace and each row; its judgement closes each row; comps is over the items', () => {
  const calls: Array<{ query: string; token: string; rows: JudgeRow[] }> = [];
  const judge = (query: string, token: string, judged: readonly JudgeRow[]): Judgement[] => {
    calls.push({ query, token, rows: [...judged] });
    return KINDS.map((k) => ({ ...k, comp_reasons: [...k.comp_reasons] }));
  };
  const page = judgedPage('iphone 13', 'mkt_a', rows, judge);
  expect(calls).toEqual([{ query: 'iphone 13', token: 'mkt_a', rows: rows.map((r) => judgeRowOf(r)) }]);
  page.data.forEach((row, i) => {
    const { comp_kind: _k, comp_reasons: _r, ...own } = rows[i]!;
    expect(Object.keys(row)).toEqual([...Object.keys(own), 'comp_kind', 'comp_reasons']);
    expect(row).toEqual({ ...own, ...KINDS[i] });
  });
  expect(page.comp_version).toBe(COMP_VERSION);
  expect(page.comps).toEqual(compsOf(page.data));
  // By hand: items 300 and 340 (median 320); with shipping only the first is known (300).
  expect(page.comps.kinds).toEqual({ item: 2, accessory: 1, lot: 1, parts: 0, other: 1 });
  expect(page.comps.price).toMatchObject({ count: 2, median: 320, low: 300, high: 340 });
  expect(page.comps.price_with_shipping).toMatchObject({ count: 1, median: 300 });
  // The rows handed in are left as they were.
  expect(rows[4]!.comp_reasons).toEqual(['stale']);
});

test('a judge that answers another number of judgements than rows is refused, never paired wrong', () => {
  expect(() => judgedPage('iphone 13', 'mkt_a', rows, () => KINDS.slice(1))).toThrow('judgePage answered 4 judgements for 5 rows');
});

test('the default judge gives every row one of the five kinds, and an empty page an empty block', () => {
  const page = judgedPage('iphone 13', 'mkt_c', rows);
  for (const row of page.data) expect(['item', 'accessory', 'lot', 'parts', 'other']).toContain(row.comp_kind);
  expect(judgedPage('iphone 13', 'mkt_c', []).comps).toEqual(compsOf([]));
});
