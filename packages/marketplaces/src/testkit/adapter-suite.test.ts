/** The shared adapter suite's row check finds what it is there to find (adapter-suite.ts). */
import { ROW_SCHEMAS, type Row } from '@listings/contract';
import { rowProblems } from './adapter-suite.ts';

const fields = Object.keys((ROW_SCHEMAS['mkt_d/listings'] as { properties: Record<string, unknown> }).properties).filter((f) => !f.startsWith('comp_'));
const row = (over: Record<string, unknown> = {}): Row => ({ ...Object.fromEntries(fields.map((f) => [f, null])), id: 'a1', link: 'https://www.depop.com/products/a1/', displayed_price: { amount: 5, currency: 'USD' }, ...over }) as Row;

test('a row of the route\'s fields passes', () => {
  expect(rowProblems('mkt_d/listings', [row(), row({ id: 'a2' })])).toEqual([]);
});

test('a missing field, a field of no route, a repeated id, a link that is not https and a price that is not money are each named', () => {
  const { title: _title, ...untitled } = row();
  expect(rowProblems('mkt_d/listings', [untitled as Row, row({ extra: 1 }), row({ link: 'http://x/' }), row({ id: 'a3', displayed_price: { amount: '5' } })])).toEqual([
    'data[0].title: missing',
    'data[1].extra: not a field of mkt_d/listings',
    'data[1].id: a1 twice on the page',
    'data[2].id: a1 twice on the page',
    'data[2].link: not an https link',
    'data[3].displayed_price: not money',
  ]);
  expect(rowProblems('mkt_d/listings', [row(), row()], { repeats: true })).toEqual([]);
});
