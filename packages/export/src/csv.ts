/**
 * @module csv
 * CSV export of search rows (interface 4.8, decisions.md "CSV"): RFC 4180, UTF-8 without a
 * byte-order mark, header line first, CRLF line ends. Columns are `search_index`, `q`,
 * `endpoint`, then the row fields of the routes involved (see `route-fields.ts`); for several
 * routes, the union in the fixed route order, each field where it is first seen.
 *
 * Cells: a price object becomes `<field>_amount` and `<field>_currency`; an array is joined
 * with `|`; null or undefined is an empty cell; booleans are `true` / `false`; numbers are
 * written as JavaScript prints them and never altered. A text cell (any string, including a
 * numeric-looking one such as "-5", and a joined list) that starts with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a leading apostrophe, so spreadsheets do not run it as a formula.
 * Only the JSON type decides: the number -5 stays `-5`, the string "-5" becomes `'-5`.
 *
 * `streamCsv` pulls one row at a time through csv-stringify, so memory does not grow with the
 * number of rows (see bench/csv-export.bench.ts).
 */
import { Readable, pipeline } from 'node:stream';
import type { RouteId, Row } from '@listings/contract';
import { stringify } from 'csv-stringify';
import { ROUTE_FIELDS, type FieldSpec } from './route-fields.ts';

/** One CSV column: where its cell comes from. */
export interface CsvColumn {
  header: string;
  /** `meta`: the search's own `search_index`, `q`, `endpoint`; otherwise a row field. */
  source: 'meta' | 'value' | 'list' | 'amount' | 'currency';
  field: string;
}

/** The rows of one search, as they go into the CSV. */
export interface CsvSearch {
  /** The batch item's `index`; 0 for a job's own CSV. */
  search_index: number;
  q: string;
  /** `<token>/<kind>`, the batch item's `endpoint`. */
  endpoint: string;
  rows: Iterable<Row> | AsyncIterable<Row>;
}

const META: readonly CsvColumn[] = [
  { header: 'search_index', source: 'meta', field: 'search_index' },
  { header: 'q', source: 'meta', field: 'q' },
  { header: 'endpoint', source: 'meta', field: 'endpoint' },
];

function columnsOf(spec: FieldSpec): CsvColumn[] {
  if (spec.shape === 'money') {
    return [
      { header: `${spec.name}_amount`, source: 'amount', field: spec.name },
      { header: `${spec.name}_currency`, source: 'currency', field: spec.name },
    ];
  }
  return [{ header: spec.name, source: spec.shape, field: spec.name }];
}

/**
 * The columns for a CSV over searches of these routes (order and repeats in `routes` do not
 * matter). An empty list gives the three search columns only.
 */
export function csvColumns(routes: readonly RouteId[]): CsvColumn[] {
  const wanted = new Set<string>(routes);
  const seen = new Set<string>();
  const out: CsvColumn[] = [...META];
  for (const [route, fields] of ROUTE_FIELDS) {
    if (!wanted.has(route)) continue;
    for (const spec of fields) {
      if (seen.has(spec.name)) continue;
      seen.add(spec.name);
      out.push(...columnsOf(spec));
    }
  }
  return out;
}

/** The formula-trigger characters of decisions.md "CSV". */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A text cell, with a leading apostrophe when a spreadsheet would read it as a formula. */
export function textCell(s: string): string {
  return s.length > 0 && FORMULA_START.has(s[0] as string) ? `'${s}` : s;
}

/** One value as a cell: only strings (and text made from objects) are ever neutralized. */
function scalarCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return textCell(value);
  return textCell(JSON.stringify(value));
}

function listCell(value: unknown): string {
  if (!Array.isArray(value)) return scalarCell(value);
  const parts = value.map((el: unknown) => (el === null || el === undefined ? '' : typeof el === 'string' ? el : typeof el === 'object' ? JSON.stringify(el) : String(el)));
  return textCell(parts.join('|'));
}

function moneyPart(value: unknown, part: 'amount' | 'currency'): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return part === 'amount' ? scalarCell(value) : '';
  return scalarCell((value as Record<string, unknown>)[part]);
}

/** The cells of one row, in column order. */
export function csvRecord(columns: readonly CsvColumn[], search: Omit<CsvSearch, 'rows'>, row: Row): string[] {
  const cells = new Array<string>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i] as CsvColumn;
    switch (c.source) {
      case 'meta':
        cells[i] = scalarCell(search[c.field as 'search_index' | 'q' | 'endpoint']);
        break;
      case 'value':
        cells[i] = scalarCell(row[c.field]);
        break;
      case 'list':
        cells[i] = listCell(row[c.field]);
        break;
      default:
        cells[i] = moneyPart(row[c.field], c.source);
    }
  }
  return cells;
}

async function* records(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): AsyncGenerator<string[]> {
  for await (const item of items) {
    for await (const row of item.rows) yield csvRecord(columns, item, row);
  }
}

const STRINGIFY_OPTIONS = {
  record_delimiter: '\r\n',
  // RFC 4180: a field holding CR or LF must be quoted. csv-stringify stops quoting lone CR and
  // LF once record_delimiter is set, unless told to.
  quote_record_delimiter: true,
  // Every cell is already text, neutralized by our own rule (textCell).
  escape_formulas: false,
  bom: false,
  eof: true,
} as const;

/**
 * The CSV of these searches as a byte stream: the header line, then one line per row of every
 * search in iteration order. Searches and rows are pulled only as fast as the stream is read.
 * An error thrown by `items` destroys the stream with that error.
 */
export function streamCsv(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): Readable {
  const out = stringify({ ...STRINGIFY_OPTIONS, header: true, columns: columns.map((c) => c.header) });
  pipeline(Readable.from(records(items, columns)), out, () => {
    // pipeline already destroyed `out` with the error; the reader sees it there.
  });
  return out;
}

/** The whole CSV as one string (tests, small exports). */
export async function toCsvString(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): Promise<string> {
  let text = '';
  for await (const chunk of streamCsv(items, columns)) text += String(chunk);
  return text;
}
