/**
 * @module csv
 * CSV export of search rows (interface 4.8, decisions.md "CSV"): RFC 4180, UTF-8 without a
 * byte-order mark, header line first, CRLF line ends. Columns are `search_index`, `q`,
 * `endpoint`, then the row fields of the routes involved (see `route-fields.ts`); for several
 * routes, the union in the fixed route order, each field where it is first seen; last, the
 * judgement of comps: `comp_kind`, `comp_reasons`.
 *
 * Cells: a price object becomes `<field>_amount` and `<field>_currency`; an array is joined
 * with `|`; null or undefined is an empty cell; booleans are `true` / `false`; numbers are
 * written as JavaScript prints them and never altered. A text cell (any string, including a
 * numeric-looking one such as "-5", and a joined list) that starts with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a leading apostrophe, so spreadsheets do not run it as a formula.
 * Only the JSON type decides: the number -5 stays `-5`, the string "-5" becomes `'-5`.
 *
 * `streamCsv` pulls rows as the stream is read and hands them to csv-stringify a few at a
 * time, so memory does not grow with the number of rows (see bench/csv-export.bench.ts).
 */
import { Readable } from 'node:stream';
import type { RouteId, Row } from '@listings/contract';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { JUDGEMENT_FIELDS, ROUTE_FIELDS, type FieldSpec } from './route-fields.ts';

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
 * matter), ending with `comp_kind` and `comp_reasons`. An empty list gives the three search
 * columns only.
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
  if (out.length > META.length) for (const spec of JUDGEMENT_FIELDS) out.push(...columnsOf(spec));
  return out;
}

/**
 * A text cell, with a leading apostrophe when a spreadsheet would read it as a formula: it
 * starts with one of the triggers of decisions.md "CSV" (`=`, `+`, `-`, `@`, tab, CR).
 */
export function textCell(s: string): string {
  switch (s.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // CR
      return `'${s}`;
    default:
      return s;
  }
}

/**
 * A cell as handed to csv-stringify: text, or null for an empty cell (which csv-stringify
 * writes as nothing, as it would '', with less work per field).
 */
type Cell = string | null;

/** One value as a cell: only strings (and text made from objects) are ever neutralized. */
function scalarCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return textCell(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return textCell(JSON.stringify(value));
}

function listCell(value: unknown): Cell {
  if (!Array.isArray(value)) return scalarCell(value);
  const parts = value.map((el: unknown) => (el === null || el === undefined ? '' : typeof el === 'string' ? el : typeof el === 'object' ? JSON.stringify(el) : String(el)));
  return textCell(parts.join('|'));
}

/** Column kinds, resolved once per export rather than once per cell. */
const META_FIELD = 0;
const VALUE = 1;
const LIST = 2;
/** A price's `_amount` column directly followed by its `_currency` column (csvColumns' layout). */
const PRICE_PAIR = 3;
const AMOUNT = 4;
const CURRENCY = 5;

interface RecordPlan {
  kinds: Uint8Array;
  fields: string[];
}

function planOf(columns: readonly CsvColumn[]): RecordPlan {
  const kinds = new Uint8Array(columns.length);
  const fields = columns.map((c, i) => {
    const next = columns[i + 1];
    kinds[i] = c.source === 'meta' ? META_FIELD : c.source === 'value' ? VALUE : c.source === 'list' ? LIST : c.source === 'currency' ? CURRENCY
      : next?.source === 'currency' && next.field === c.field ? PRICE_PAIR : AMOUNT;
    return c.field;
  });
  return { kinds, fields };
}

/** A price object's amount or currency; a bare value (not expected) stands for the amount. */
function pricePart(value: unknown, part: 'amount' | 'currency'): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return part === 'amount' ? scalarCell(value) : null;
  return scalarCell((value as Record<string, unknown>)[part]);
}

/**
 * A record with the search's own cells (`meta` columns) filled and the others empty, copied
 * for each row of the search: those cells are the same on every row.
 */
function searchCells(plan: RecordPlan, search: Omit<CsvSearch, 'rows'>): Cell[] {
  const cells = new Array<Cell>(plan.fields.length).fill(null);
  for (let i = 0; i < plan.kinds.length; i++) {
    if (plan.kinds[i] === META_FIELD) cells[i] = scalarCell(search[plan.fields[i] as 'search_index' | 'q' | 'endpoint']);
  }
  return cells;
}

function record(plan: RecordPlan, meta: readonly Cell[], row: Row): Cell[] {
  const { kinds, fields } = plan;
  const n = kinds.length;
  const cells = meta.slice();
  for (let i = 0; i < n; i++) {
    const kind = kinds[i];
    if (kind === META_FIELD) continue;
    const value = row[fields[i] as string];
    if (kind === VALUE) {
      cells[i] = scalarCell(value);
    } else if (kind === PRICE_PAIR) {
      // Both cells of a price from one read of the field.
      cells[i] = pricePart(value, 'amount');
      cells[i + 1] = pricePart(value, 'currency');
      i++;
    } else if (kind === LIST) {
      cells[i] = listCell(value);
    } else {
      cells[i] = pricePart(value, kind === AMOUNT ? 'amount' : 'currency');
    }
  }
  return cells;
}

/** The cells of one row, in column order ('' for an empty cell). */
export function csvRecord(columns: readonly CsvColumn[], search: Omit<CsvSearch, 'rows'>, row: Row): string[] {
  const plan = planOf(columns);
  return record(plan, searchCells(plan, search), row).map((c) => c ?? '');
}

const STRINGIFY_OPTIONS = {
  record_delimiter: '\r\n',
  // RFC 4180: a field holding CR or LF must be quoted. csv-stringify stops quoting lone CR and
  // LF once record_delimiter is set, unless told to.
  quote_record_delimiter: true,
  // Every cell is already text (or null for an empty cell), neutralized by our own rule (textCell).
  escape_formulas: false,
  bom: false,
  eof: true,
  header: false,
} as const;

/**
 * Rows handed to csv-stringify per call (its sync API), each call giving one chunk of the
 * stream. Handing it rows one at a time through its Transform cost a stream write, an
 * object-mode push and a Buffer per row. Larger calls are slower again: the rows' text is
 * joined into one string per call, and joining and encoding 256 rows (~66 KB) cost more per
 * row than 16 (~4 KB), measured in docs/benchmarks/csv-export.md. The HTTP layer gathers
 * chunks into larger socket writes where it matters (apps/api batch-csv `coalesce`).
 */
const ROWS_PER_CHUNK = 16;

function isSyncIterable<T>(x: Iterable<T> | AsyncIterable<T>): x is Iterable<T> {
  return typeof (x as Partial<Iterable<T>>)[Symbol.iterator] === 'function';
}

/**
 * The CSV text in chunks: the header line, then the rows of every search in order,
 * ROWS_PER_CHUNK rows per chunk, each chunk written by csv-stringify. Rows of a synchronous
 * source (an array of a stored result) are read without an await each; an asynchronous one
 * is awaited row by row.
 */
async function* csvChunks(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): AsyncGenerator<string> {
  const plan = planOf(columns);
  yield stringifySync([], { ...STRINGIFY_OPTIONS, header: true, columns: columns.map((c) => c.header) });
  let batch: Cell[][] = [];
  for await (const item of items) {
    const meta = searchCells(plan, item);
    const rows = item.rows;
    if (isSyncIterable(rows)) {
      for (const row of rows) {
        batch.push(record(plan, meta, row));
        if (batch.length === ROWS_PER_CHUNK) {
          yield stringifySync(batch, STRINGIFY_OPTIONS);
          batch = [];
        }
      }
    } else {
      for await (const row of rows) {
        batch.push(record(plan, meta, row));
        if (batch.length === ROWS_PER_CHUNK) {
          yield stringifySync(batch, STRINGIFY_OPTIONS);
          batch = [];
        }
      }
    }
  }
  if (batch.length > 0) yield stringifySync(batch, STRINGIFY_OPTIONS);
}

/**
 * The CSV of these searches as a byte stream: the header line, then one line per row of every
 * search in iteration order. Searches and rows are pulled only as fast as the stream is read
 * (a chunk of ROWS_PER_CHUNK rows, plus the stream's buffer, ahead at most). An error thrown by `items` or by a `rows` iterator destroys
 * the stream with that error.
 */
export function streamCsv(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): Readable {
  // Byte mode: each text chunk becomes one UTF-8 Buffer, as a socket or file wants it.
  return Readable.from(csvChunks(items, columns), { objectMode: false });
}

/** The whole CSV as one string (tests, small exports). */
export async function toCsvString(items: Iterable<CsvSearch> | AsyncIterable<CsvSearch>, columns: readonly CsvColumn[]): Promise<string> {
  let text = '';
  for await (const chunk of streamCsv(items, columns)) text += String(chunk);
  return text;
}
