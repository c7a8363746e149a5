/**
 * `format=csv` on a batch over HTTP: parsed back with a real CSV parser (csv-parse), every line
 * reproduces its item's row fields; text that a spreadsheet would run as a formula is
 * neutralized, numbers are not; quotes, commas, new lines and non-ASCII text survive.
 */
import { parse } from 'csv-parse/sync';
import { csvColumns } from '@listings/export';
import { registerBatchRoutes } from '../../apps/api/src/routes/batches.ts';
import { startStack, TEST_MARKETPLACES, type Stack } from '../support/stack.ts';
import { fresh, keywordsWithPages, postBatch, settleBatch, type Batch } from './helpers.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ marketplaces: TEST_MARKETPLACES, modules: [registerBatchRoutes] });
});
afterAll(async () => {
  await stack?.close();
});

const neutral = (s: string): string => (/^[=+\-@\t\r]/u.test(s) ? `'${s}` : s);

test('one line per row of every complete item, in index order, under the union of the batch\'s route columns', async () => {
  const { key } = await stack.newKey();
  const tricky = fresh('=HYPERLINK("x"), "quoted", café 日本 —');
  const minus = fresh('-5 lamp');
  const one = keywordsWithPages(1, fresh('+plus'));
  const body = {
    searches: [
      { endpoint: 'mkt_a/sold', q: tricky },
      { endpoint: 'mkt_d/listings', q: minus, count: 7 },
      { endpoint: 'mkt_a/sold', q: one, pages: 2 },
      { endpoint: 'mkt_c/sold', q: fresh('@at\nnewline'), count: 5 },
    ],
  };
  const created = (await (await postBatch(stack, key, body)).json()) as Batch;
  const done = await settleBatch(stack, key, created.batch_id, '&include=results');
  expect(done.items.map((i) => i.status)).toEqual(['complete', 'complete', 'complete', 'failed', 'complete']);

  const r = await stack.get(`/v1/batches/${created.batch_id}?format=csv`, key);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${created.batch_id}.csv"`);
  const text = await r.text();
  expect(text.charCodeAt(0)).not.toBe(0xfeff);
  expect(text.endsWith('\r\n')).toBe(true);

  const records = parse(text, { bom: false, relax_column_count: false }) as string[][];
  const header = records[0]!;
  expect(header).toEqual(csvColumns(['mkt_a/sold', 'mkt_d/listings', 'mkt_c/sold']).map((c) => c.header));
  expect(header.slice(0, 3)).toEqual(['search_index', 'q', 'endpoint']);
  const col = (name: string): number => {
    const i = header.indexOf(name);
    expect(i).toBeGreaterThanOrEqual(0);
    return i;
  };

  const expected = done.items.filter((i) => i.status === 'complete').flatMap((i) => i.result!.data.map((row) => ({ item: i, row })));
  const lines = records.slice(1);
  expect(lines).toHaveLength(expected.length);
  lines.forEach((line, n) => {
    const { item, row } = expected[n]!;
    expect(line[col('search_index')]).toBe(String(item.index));
    expect(line[col('q')]).toBe(neutral(item.q));
    expect(line[col('endpoint')]).toBe(item.endpoint);
    expect(line[col('id')]).toBe(row.id);
    expect(line[col('title')]).toBe(neutral(row.title as string));
    expect(line[col('link')]).toBe(row.link);
    const price = row.displayed_price as { amount: number; currency: string };
    expect(line[col('displayed_price_amount')]).toBe(String(price.amount));
    expect(Number(line[col('displayed_price_amount')])).toBe(price.amount);
    expect(line[col('displayed_price_currency')]).toBe('USD');
    expect(line[col('displayed_price_text')]).toBe(row.displayed_price_text);
    expect(line[col('sold_date')]).toBe((row.sold_date as string | null) ?? '');
    // Fields the test marketplace does not fill stay empty cells.
    expect(line[col('condition')]).toBe('');
    // The judgement of comps, the last two columns, as the row carries it.
    expect(line.slice(-2)).toEqual([row.comp_kind, neutral((row.comp_reasons as string[]).join('|'))]);
    expect([col('comp_kind'), col('comp_reasons')]).toEqual([header.length - 2, header.length - 1]);
  });
  // The tricky keywords: formula start neutralized, quotes, comma and non-ASCII intact.
  const first = lines[0]!;
  expect(first[col('q')]).toBe(`'${tricky}`);
  expect(first[col('title')]!.startsWith(`'${tricky} item`)).toBe(true);
  expect(text).toContain('""quoted""');
  expect(lines.some((l) => l[col('q')] === `'${minus}`)).toBe(true);
  const cLine = lines.find((l) => l[col('endpoint')] === 'mkt_c/sold')!;
  expect(cLine[col('q')]).toMatch(/^'@at newline /u);
});

test('a batch whose items all failed gives the header line only; the job CSV of an item has the same columns for its route', async () => {
  const { key } = await stack.newKey();
  const q = keywordsWithPages(1, fresh('drum'), 'listings');
  const created = (await (await postBatch(stack, key, { searches: [{ endpoint: 'mkt_a/listings', q, page: 2 }] })).json()) as Batch;
  const done = await settleBatch(stack, key, created.batch_id);
  expect(done.items[0]!.error?.code).toBe('page_out_of_range');
  const r = await stack.get(`/v1/batches/${created.batch_id}?format=csv`, key);
  expect(r.status).toBe(200);
  const header = `${csvColumns(['mkt_a/listings']).map((c) => c.header).join(',')}\r\n`;
  expect(await r.text()).toBe(header);

  const ok = (await (await postBatch(stack, key, { searches: [{ endpoint: 'mkt_a/listings', q }] })).json()) as Batch;
  const settled = await settleBatch(stack, key, ok.batch_id);
  const job = await (await stack.get(`/v1/jobs/${settled.items[0]!.request_id}?format=csv`, key)).text();
  const batch = await (await stack.get(`/v1/batches/${ok.batch_id}?format=csv`, key)).text();
  expect(job).toBe(batch);
});
