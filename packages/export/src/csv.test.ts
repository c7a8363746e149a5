import type { RouteId, Row } from '@listings/contract';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { csvColumns, streamCsv, toCsvString, type CsvColumn, type CsvSearch } from './csv.ts';
import { ROUTE_FIELDS } from './route-fields.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' });

/**
 * Strict RFC 4180 reading: outside quoted fields every line ends with CRLF and no bare CR or
 * LF appears (any would split a record here and fail the column count); no relaxed quoting.
 */
function read(text: string): string[][] {
  const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '');
  expect(outsideQuotes).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  return parse(text, { record_delimiter: ['\r\n', '\n', '\r'], relax_quotes: false, relax_column_count: false, bom: false }) as string[][];
}

/** The inverse of the documented cell rules, guided by the original value's type. */
function decodeCell(cell: string, original: unknown): unknown {
  const unneutralize = (s: string): string => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);
  if (original === null || original === undefined) return cell === '' ? original : `unexpected ${cell}`;
  if (typeof original === 'number') return Number(cell);
  if (typeof original === 'boolean') return cell === 'true' ? true : cell === 'false' ? false : `unexpected ${cell}`;
  if (Array.isArray(original)) return cell === '' ? [] : unneutralize(cell).split('|');
  return unneutralize(cell);
}

/** Rebuilds a row's fields from its parsed CSV record and checks every one against the original. */
function expectRowReproduced(record: string[], header: string[], row: Row, route: RouteId): void {
  const cell = (name: string): string => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}`);
    return record[i] as string;
  };
  const fields = ROUTE_FIELDS.find(([r]) => r === route)![1];
  for (const spec of fields) {
    const original = row[spec.name];
    if (spec.shape === 'money') {
      const money = original as { amount: number; currency: string } | null | undefined;
      if (money == null) {
        expect([cell(`${spec.name}_amount`), cell(`${spec.name}_currency`)]).toEqual(['', '']);
      } else {
        expect(Number(cell(`${spec.name}_amount`))).toBe(money.amount);
        expect(cell(`${spec.name}_currency`)).toBe(money.currency);
      }
    } else {
      expect([spec.name, decodeCell(cell(spec.name), original)]).toEqual([spec.name, original]);
    }
  }
}

const nasty = [
  'plain', 'comma, inside', 'say "hi"', 'line\nbreak', 'crlf\r\nbreak', 'café ünïcødé 日本語 🎸', '', ' spaced ',
  '=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rCR', "'already", '-5', '12', 'a|b',
];

function soldRow(i: number): Row {
  return {
    id: String(1000 + i), title: nasty[i % nasty.length] as string, link: `https://example.invalid/itm/${1000 + i}`,
    displayed_price: i % 5 === 0 ? null : usd(Math.round(i * 137.3) / 100), displayed_price_text: i % 5 === 0 ? '$1.00 to $2.00' : `$${i}.00`,
    displayed_shipping: i % 3 === 0 ? usd(0) : null, shipping_text: i % 3 === 0 ? 'Free delivery' : null,
    sold_date: `2026-0${1 + (i % 9)}-1${i % 10}`, sold_date_text: `Sold  Mar ${i}`, condition: 'Pre-Owned',
    seller_text: `-seller${i} (${i}) 99.${i}%`, brand: null, size: null, image: null,
    price: null, shipping: null, sold_at: null, took_offer: null,
  };
}

describe('csvColumns', () => {
  it('lays out mkt_a sold as the search columns then the documented row fields, prices split in two', () => {
    expect(csvColumns(['mkt_a/sold']).map((c) => c.header)).toEqual([
      'search_index', 'q', 'endpoint', 'id', 'title', 'link', 'displayed_price_amount', 'displayed_price_currency',
      'displayed_price_text', 'displayed_shipping_amount', 'displayed_shipping_currency', 'shipping_text', 'sold_date',
      'sold_date_text', 'condition', 'seller_text', 'brand', 'size', 'image', 'price', 'shipping', 'sold_at', 'took_offer',
      'comp_kind', 'comp_reasons',
    ]);
  });

  it('adds the mkt_c extras after the common sold fields', () => {
    expect(csvColumns(['mkt_c/sold']).map((c) => c.header).slice(-8)).toEqual(['took_offer', 'status', 'seller_id', 'condition_id', 'category_id', 'brand_id', 'comp_kind', 'comp_reasons']);
  });

  it('unions routes in the fixed route order, each field where first seen, whatever the input order', () => {
    const mixed = csvColumns(['mkt_e/listings', 'mkt_a/sold', 'mkt_e/listings']).map((c) => c.header);
    const soldOnly = csvColumns(['mkt_a/sold']).map((c) => c.header);
    expect(mixed.slice(0, soldOnly.length - 2)).toEqual(soldOnly.slice(0, -2));
    expect(mixed.slice(soldOnly.length - 2)).toEqual(['call_for_price', 'firm_price', 'location_text', 'city', 'state', 'vehicle_miles', 'promoted', 'flags', 'comp_kind', 'comp_reasons']);
    expect(csvColumns(['mkt_a/sold', 'mkt_e/listings'])).toEqual(csvColumns(['mkt_e/listings', 'mkt_a/sold']));
    const all = csvColumns(ROUTE_FIELDS.map(([r]) => r)).map((c) => c.header);
    expect(new Set(all).size).toBe(all.length);
    // Whatever the routes, the judgement of comps is last.
    expect(all.slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
    for (const [route] of ROUTE_FIELDS) expect(csvColumns([route]).map((c) => c.header).slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
    expect(csvColumns([]).map((c) => c.header)).toEqual(['search_index', 'q', 'endpoint']);
  });
});

describe('CSV text', () => {
  it('is a header line then CRLF-ended records that parse back to every field (mkt_a sold)', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => soldRow(i));
    const columns = csvColumns(['mkt_a/sold']);
    const text = await toCsvString([{ search_index: 3, q: 'fender  strat', endpoint: 'mkt_a/sold', rows }], columns);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = read(text);
    expect(header).toEqual(columns.map((c) => c.header));
    expect(records).toHaveLength(40);
    records.forEach((rec, i) => {
      expect(rec.slice(0, 3)).toEqual(['3', 'fender  strat', 'mkt_a/sold']);
      expectRowReproduced(rec, header!, rows[i]!, 'mkt_a/sold');
    });
  });

  it('round-trips a mixed batch of every route, each row under its own fields and empty elsewhere', async () => {
    const routes = ROUTE_FIELDS.map(([r]) => r);
    const columns = csvColumns(routes);
    const sample: Record<string, Row> = {
      'mkt_a/listings': { id: 'a1', title: 'Lamp', link: 'https://x.invalid/1', promoted: true, format: 'auction', displayed_price: usd(-5), displayed_price_text: '-$5.00', displayed_shipping: null, shipping_text: null, condition: 'New', brand: null, size: null, listed_at: null, bid_count: 3, ends_at: '2026-11-30T12:00:00Z', best_offer: false, seller_text: 'bob', location_text: 'Austin, TX', image: null },
      'mkt_b/listings': { id: 'b1', title: 'Jacket', link: 'https://x.invalid/b1', displayed_price: usd(40), displayed_price_text: '$40', displayed_shipping: null, shipping_text: null, condition: 'nwt', brand: 'Acme', size: 'M', listed_at: '2026-11-01T00:00:00Z', seller_text: 'ann', image: 'https://img.invalid/b1.jpg' },
      'mkt_c/sold': { ...soldRow(7), id: 'c1', status: 'sold', seller_id: '42', condition_id: 3, category_id: 7, brand_id: null },
      'mkt_d/listings': { id: 'd1', title: 'Dress\nlong text', link: 'https://x.invalid/d1', displayed_price: usd(18.5), displayed_price_text: '$18.50', price_includes: ['buyer_fee', 'shipping_price'], displayed_shipping: null, shipping_text: null, condition: 'used_good', seller_text: null, brand: null, size: 'S|M', image: null, status: 'active', promoted: null, format: 'fixed_price', listed_at: null, bid_count: null, ends_at: null, best_offer: null, location_text: null },
      'mkt_e/listings': { id: 'e1', title: 'Car', link: 'https://x.invalid/e1', displayed_price: null, displayed_price_text: null, call_for_price: true, firm_price: null, condition: null, location_text: 'Springfield', city: 'Springfield', state: 'IL', image: null, vehicle_miles: 120000, promoted: false, flags: ['LOCAL_PICKUP', '-CALL'] },
    };
    const items: CsvSearch[] = routes.map((route, i) => ({
      search_index: i, q: `q${i}`, endpoint: route,
      rows: [sample[route] ?? { ...soldRow(i), id: `${route}-1` }],
    }));
    const [header, ...records] = read(await toCsvString(items, columns));
    expect(records).toHaveLength(routes.length);
    records.forEach((rec, i) => {
      const route = routes[i]!;
      const row = items[i]!.rows as Row[];
      expect(rec.slice(0, 3)).toEqual([String(i), `q${i}`, route]);
      expectRowReproduced(rec, header!, row[0]!, route);
      // Columns of fields this route does not have stay empty.
      const own = new Set(ROUTE_FIELDS.find(([r]) => r === route)![1].flatMap((f) => (f.shape === 'money' ? [`${f.name}_amount`, `${f.name}_currency`] : [f.name])));
      header!.forEach((h, j) => {
        if (j >= 3 && !own.has(h)) expect([h, rec[j]]).toEqual([h, '']);
      });
    });
  });

  it('neutralizes text starting with = + - @ tab CR, never numbers', async () => {
    const columns: CsvColumn[] = csvColumns(['mkt_e/listings']);
    const rows: Row[] = [
      { id: '=1+1', title: '+cmd', link: '-x', displayed_price: usd(-5), displayed_price_text: '@SUM(A1)', call_for_price: false, firm_price: true, condition: '\tTAB', location_text: '\rCR', city: 'a=b', state: '-5', image: null, vehicle_miles: -5, promoted: true, flags: ['-first', 'second'] },
    ];
    const text = await toCsvString([{ search_index: 0, q: '-shoes', endpoint: 'mkt_e/listings', rows }], columns);
    const [header, rec] = read(text);
    const cell = (h: string): string => rec![header!.indexOf(h)]!;
    expect(cell('q')).toBe("'-shoes");
    expect(cell('id')).toBe("'=1+1");
    expect(cell('title')).toBe("'+cmd");
    expect(cell('link')).toBe("'-x");
    expect(cell('displayed_price_text')).toBe("'@SUM(A1)");
    expect(cell('condition')).toBe("'\tTAB");
    expect(cell('location_text')).toBe("'\rCR");
    expect(cell('city')).toBe('a=b');
    expect(cell('state')).toBe("'-5"); // a string, even a numeric one, is text
    expect(cell('displayed_price_amount')).toBe('-5'); // numbers never altered
    expect(cell('vehicle_miles')).toBe('-5');
    expect(cell('call_for_price')).toBe('false');
    expect(cell('firm_price')).toBe('true');
    expect(cell('flags')).toBe("'-first|second");
    expect(cell('image')).toBe('');
    // The neutralized CR cell is quoted on the wire, as RFC 4180 requires.
    expect(text).toContain('"\'\rCR"');
  });

  it('writes the judgement last: comp_kind as text, comp_reasons joined with |, empty for a row without one', async () => {
    const rows: Row[] = [
      { ...soldRow(1), comp_kind: 'accessory', comp_reasons: ['accessory_word:case', 'price_far_below_items'] },
      { ...soldRow(2), comp_kind: 'item', comp_reasons: [] },
      { ...soldRow(3), comp_kind: 'other', comp_reasons: ['-model_mismatch:15'] },
      soldRow(4),
    ];
    const [header, ...records] = read(await toCsvString([{ search_index: 0, q: 'x', endpoint: 'mkt_a/sold', rows }], csvColumns(['mkt_a/sold'])));
    expect(header!.slice(-2)).toEqual(['comp_kind', 'comp_reasons']);
    expect(records.map((r) => r.slice(-2))).toEqual([
      ['accessory', 'accessory_word:case|price_far_below_items'], ['item', ''], ['other', "'-model_mismatch:15"], ['', ''],
    ]);
  });

  it('writes UTF-8 without a byte-order mark, non-ASCII intact', async () => {
    const stream = streamCsv([{ search_index: 0, q: 'ünï 日本', endpoint: 'mkt_a/sold', rows: [soldRow(5)] }], csvColumns(['mkt_a/sold']));
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as string));
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 12).toString('latin1')).toBe('search_index');
    expect(bytes.includes(Buffer.from('ünï 日本', 'utf8'))).toBe(true);
    expect(bytes.includes(Buffer.from('café ünïcødé 日本語 🎸', 'utf8'))).toBe(true);
  });

  it('gives the header line only when there are no rows (a failed job, an empty batch)', async () => {
    const columns = csvColumns(['mkt_c/sold']);
    const expected = `${columns.map((c) => c.header).join(',')}\r\n`;
    expect(await toCsvString([], columns)).toBe(expected);
    expect(await toCsvString([{ search_index: 0, q: 'x', endpoint: 'mkt_c/sold', rows: [] }], columns)).toBe(expected);
  });

  it('gives every cell under its header whatever the column order (a price\'s two columns apart)', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => soldRow(i));
    const columns = csvColumns(['mkt_a/sold']);
    const items = [{ search_index: 1, q: '-x', endpoint: 'mkt_a/sold', rows }];
    const [header, ...records] = read(await toCsvString(items, columns));
    const reversed = [...columns].reverse();
    const [rheader, ...rrecords] = read(await toCsvString(items, reversed));
    expect(rheader).toEqual([...header!].reverse());
    expect(rrecords).toEqual(records.map((r) => [...r].reverse()));
  });

  it('drops row fields that are not documented for any route in the export', async () => {
    const row = { ...soldRow(1), internal_debug: 'secret' };
    const text = await toCsvString([{ search_index: 0, q: 'x', endpoint: 'mkt_a/sold', rows: [row] }], csvColumns(['mkt_a/sold']));
    expect(text).not.toContain('secret');
    expect(text).not.toContain('internal_debug');
  });
});

describe('streamCsv', () => {
  it('reads async searches and async rows in order', async () => {
    async function* rowsOf(n: number, prefix: string): AsyncGenerator<Row> {
      for (let i = 0; i < n; i++) yield { ...soldRow(i), id: `${prefix}${i}` };
    }
    async function* searches(): AsyncGenerator<CsvSearch> {
      yield { search_index: 0, q: 'a', endpoint: 'mkt_a/sold', rows: rowsOf(3, 'a') };
      yield { search_index: 1, q: 'b', endpoint: 'mkt_a/sold', rows: rowsOf(2, 'b') };
    }
    const [, ...records] = read(await toCsvString(searches(), csvColumns(['mkt_a/sold'])));
    expect(records.map((r) => `${r[0]}:${r[3]}`)).toEqual(['0:a0', '0:a1', '0:a2', '1:b0', '1:b1']);
  });

  it('writes every row once and in order across searches of arrays, generators and async generators', async () => {
    function* syncRows(n: number): Generator<Row> {
      for (let i = 0; i < n; i++) yield { ...soldRow(i), id: `g${i}` };
    }
    async function* asyncRows(n: number): AsyncGenerator<Row> {
      for (let i = 0; i < n; i++) yield { ...soldRow(i), id: `a${i}` };
    }
    const items: CsvSearch[] = [
      { search_index: 0, q: 'x', endpoint: 'mkt_a/sold', rows: Array.from({ length: 17 }, (_, i) => ({ ...soldRow(i), id: `r${i}` })) },
      { search_index: 1, q: 'x', endpoint: 'mkt_a/sold', rows: [] },
      { search_index: 2, q: 'x', endpoint: 'mkt_a/sold', rows: syncRows(33) },
      { search_index: 3, q: 'x', endpoint: 'mkt_a/sold', rows: asyncRows(16) },
      { search_index: 4, q: 'x', endpoint: 'mkt_a/sold', rows: [soldRow(1)] },
    ];
    const [header, ...records] = read(await toCsvString(items, csvColumns(['mkt_a/sold'])));
    expect(header![0]).toBe('search_index');
    const expected = [
      ...Array.from({ length: 17 }, (_, i) => `0:r${i}`), ...Array.from({ length: 33 }, (_, i) => `2:g${i}`),
      ...Array.from({ length: 16 }, (_, i) => `3:a${i}`), '4:1001',
    ];
    expect(records.map((r) => `${r[0]}:${r[3]}`)).toEqual(expected);
  });

  it('pulls rows only as fast as the stream is read', async () => {
    let pulled = 0;
    function* endless(): Generator<Row> {
      for (let i = 0; ; i++) {
        pulled++;
        yield soldRow(i);
      }
    }
    const stream = streamCsv([{ search_index: 0, q: 'x', endpoint: 'mkt_a/sold', rows: endless() }], csvColumns(['mkt_a/sold']));
    let lines = 0;
    for await (const chunk of stream) {
      lines += String(chunk).split('\r\n').length - 1;
      if (lines > 1000) break;
    }
    // Backpressure bounds what was generated to what was read plus the streams' buffers.
    expect(pulled).toBeLessThan(lines + 2000);
    expect(stream.destroyed).toBe(true);
  });

  it('fails the stream with the error the row source throws', async () => {
    async function* broken(): AsyncGenerator<Row> {
      yield soldRow(1);
      throw new Error('storage went away');
    }
    await expect(toCsvString([{ search_index: 0, q: 'x', endpoint: 'mkt_a/sold', rows: broken() }], csvColumns(['mkt_a/sold']))).rejects.toThrow('storage went away');
  });

  it('fails the stream with the error the searches source throws, after rows already written', async () => {
    async function* searches(): AsyncGenerator<CsvSearch> {
      yield { search_index: 0, q: 'a', endpoint: 'mkt_a/sold', rows: Array.from({ length: 50 }, (_, i) => soldRow(i)) };
      throw new Error('result of job 1 is no longer stored');
    }
    const stream = streamCsv(searches(), csvColumns(['mkt_a/sold']));
    let text = '';
    await expect((async () => {
      for await (const chunk of stream) text += String(chunk);
    })()).rejects.toThrow('result of job 1 is no longer stored');
    expect(text.startsWith('search_index,')).toBe(true);
    expect(stream.destroyed).toBe(true);
  });
});
