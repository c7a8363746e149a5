/**
 * @module query
 * Reads the archive for `GET /v1/history/{marketplace}/sold`: the rows of one mode's archive
 * and one marketplace whose title matches every word of `q` (PostgreSQL full text, the
 * `simple` configuration: words lowercased, no stemming, no stop words dropped), in the date
 * range and filters, newest first. One statement reads the newest `monthsRows` matches (and
 * the page, when it lies among them): the page and the `months` block come from the same rows.
 */
import type { HistoryDb } from './db.ts';
import type { ArchiveMode } from './migrations.ts';

export interface HistoryQuery {
  mode: ArchiveMode;
  marketplace: string;
  /** Normalized query (trimmed, white space folded). */
  q: string;
  /** YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  /** Condition codes of the marketplace's route; null = any. */
  conditions: readonly string[] | null;
  /** Whole USD bounds on the displayed price; null = none. */
  minPrice: number | null;
  maxPrice: number | null;
  page: number;
  pageSize: number;
  /** Most matches read for the months block. */
  monthsRows: number;
}

/** One archived row as the route answers it (before its judgement). */
export interface HistoryRow {
  id: string;
  title: string | null;
  link: string | null;
  image: string | null;
  displayed_price: { amount: number; currency: string } | null;
  displayed_price_text: string | null;
  displayed_shipping: { amount: number; currency: string } | null;
  shipping_text: string | null;
  sold_date: string | null;
  sold_date_text: string | null;
  /** The day the row is filed under: `sold_date`, or the day it was first seen when the marketplace gave no date. */
  archived_on: string;
  condition: string | null;
  condition_id: number | null;
  category_id: number | null;
  brand_id: number | null;
  brand: string | null;
  size: string | null;
  first_seen_at: string;
  last_seen_at: string;
}

/** What the months block and the judgement read of a match (a narrow row: reading 5,000 full rows costs more than the query). */
export interface MatchRow {
  id: string;
  /** YYYY-MM of the day it is filed under. */
  month: string;
  title: string | null;
  condition: string | null;
  category_id: number | null;
  displayed_price: { amount: number; currency: string } | null;
}

export interface HistoryAnswer {
  /** The newest matches, up to `monthsRows` (narrow rows). */
  newest: MatchRow[];
  /** More matches than `monthsRows`. */
  truncated: boolean;
  /** The page asked for (full rows). */
  page: HistoryRow[];
  /** A row exists after the page. */
  more: boolean;
}

const COLUMNS = `listing_id, title, link, image, price_amount, price_currency, price_text, shipping_amount, shipping_currency, shipping_text,
  to_char(sold_date, 'YYYY-MM-DD') AS sold_date, sold_date_text, to_char(sold_on, 'YYYY-MM-DD') AS sold_on,
  condition, condition_id, category_id, brand_id, brand, size, first_seen, last_seen`;

/** The columns only the page's rows carry (the months block reads the others). */
const PAGE_ONLY: ReadonlyArray<{ name: keyof DbRow; column: string; sql: string }> = [
  { name: 'link', column: 'link', sql: 'link' },
  { name: 'image', column: 'image', sql: 'image' },
  { name: 'price_text', column: 'price_text', sql: 'price_text' },
  { name: 'shipping_amount', column: 'shipping_amount', sql: 'shipping_amount::text' },
  { name: 'shipping_currency', column: 'shipping_currency', sql: 'shipping_currency' },
  { name: 'shipping_text', column: 'shipping_text', sql: 'shipping_text' },
  { name: 'sold_date', column: 'sold_date', sql: "to_char(sold_date, 'YYYY-MM-DD')" },
  { name: 'sold_date_text', column: 'sold_date_text', sql: 'sold_date_text' },
  { name: 'sold_on', column: 'sold_on', sql: "to_char(sold_on, 'YYYY-MM-DD')" },
  { name: 'condition_id', column: 'condition_id', sql: 'condition_id' },
  { name: 'brand_id', column: 'brand_id', sql: 'brand_id::text' },
  { name: 'brand', column: 'brand', sql: 'brand' },
  { name: 'size', column: 'size', sql: 'size' },
  { name: 'first_seen', column: 'first_seen', sql: 'first_seen' },
  { name: 'last_seen', column: 'last_seen', sql: 'last_seen' },
];

interface DbRow {
  listing_id: string; title: string | null; link: string | null; image: string | null;
  price_amount: string | null; price_currency: string | null; price_text: string | null;
  shipping_amount: string | null; shipping_currency: string | null; shipping_text: string | null;
  sold_date: string | null; sold_date_text: string | null; sold_on: string;
  condition: string | null; condition_id: number | null; category_id: string | null; brand_id: string | null;
  brand: string | null; size: string | null; first_seen: Date; last_seen: Date;
}

const money = (amount: string | null, currency: string | null): { amount: number; currency: string } | null =>
  amount === null ? null : { amount: Number(amount), currency: currency ?? 'USD' };
const num = (v: string | null): number | null => (v === null ? null : Number(v));

function rowOf(r: DbRow): HistoryRow {
  return {
    id: r.listing_id,
    title: r.title,
    link: r.link,
    image: r.image,
    displayed_price: money(r.price_amount, r.price_currency),
    displayed_price_text: r.price_text,
    displayed_shipping: money(r.shipping_amount, r.shipping_currency),
    shipping_text: r.shipping_text,
    sold_date: r.sold_date,
    sold_date_text: r.sold_date_text,
    archived_on: r.sold_on,
    condition: r.condition,
    condition_id: r.condition_id,
    category_id: num(r.category_id),
    brand_id: num(r.brand_id),
    brand: r.brand,
    size: r.size,
    first_seen_at: r.first_seen.toISOString(),
    last_seen_at: r.last_seen.toISOString(),
  };
}

export async function querySold(db: HistoryDb, query: HistoryQuery): Promise<HistoryAnswer> {
  if (query.mode !== 'live' && query.mode !== 'sandbox') throw new Error('unknown archive mode');
  const params: unknown[] = [query.marketplace, query.from, query.to, query.q];
  const where = [`marketplace = $1`, `sold_on >= $2::date`, `sold_on <= $3::date`, `title_tsv @@ plainto_tsquery('simple', $4)`];
  if (query.conditions !== null) {
    params.push(query.conditions);
    where.push(`condition_code = ANY($${params.length}::text[])`);
  }
  if (query.minPrice !== null) {
    params.push(query.minPrice);
    where.push(`price_amount >= $${params.length}`);
  }
  if (query.maxPrice !== null) {
    params.push(query.maxPrice);
    where.push(`price_amount <= $${params.length}`);
  }
  const from = `FROM ${db.table(`sold_rows_${query.mode}`)} WHERE ${where.join(' AND ')} ORDER BY sold_on DESC, listing_id DESC`;
  const start = (query.page - 1) * query.pageSize;
  const narrowText = `SELECT listing_id, to_char(sold_on, 'YYYY-MM'), title, condition, category_id::text, price_amount::text, price_currency ${from} LIMIT ${query.monthsRows + 1}`;
  type Narrow = [string, string, string | null, string | null, string | null, string | null, string | null];
  let narrowRows: Narrow[];
  let full: DbRow[];
  if (start + query.pageSize < query.monthsRows) {
    // The page lies among the newest matches (page 1 … monthsRows / pageSize): one scan; the
    // page's rows carry their other columns, the rest only what the months block reads.
    const inner = `SELECT listing_id, sold_on, title, condition, category_id, price_amount, price_currency, ${PAGE_ONLY.filter((c) => c.column !== 'sold_on').map((c) => c.column).join(', ')} ${from} LIMIT ${query.monthsRows + 1}`;
    const res = await db.pool.query<unknown[]>({
      text: `SELECT listing_id, to_char(sold_on, 'YYYY-MM'), title, condition, category_id::text, price_amount::text, price_currency,
               ${PAGE_ONLY.map((c) => `CASE WHEN rn > ${start} AND rn <= ${start + query.pageSize + 1} THEN ${c.sql} END`).join(', ')}
             FROM (SELECT s.*, row_number() OVER (ORDER BY sold_on DESC, listing_id DESC) AS rn FROM (${inner}) s) t
             ORDER BY rn`,
      values: params,
      rowMode: 'array',
    });
    narrowRows = res.rows.map((r) => r.slice(0, 7) as Narrow);
    full = [];
    res.rows.forEach((r, i) => {
      if (i < start || i > start + query.pageSize) return;
      const row: Record<string, unknown> = { listing_id: r[0], title: r[2], condition: r[3], category_id: r[4], price_amount: r[5], price_currency: r[6] };
      PAGE_ONLY.forEach((c, j) => { row[c.name] = r[7 + j]; });
      full.push(row as unknown as DbRow);
    });
  } else {
    // A deeper page: the newest matches (narrow) and the page's full rows, on two connections at once.
    const [narrow, page] = await Promise.all([
      db.pool.query<Narrow>({ text: narrowText, values: params, rowMode: 'array' }),
      db.pool.query<DbRow>(`SELECT ${COLUMNS} ${from} LIMIT ${query.pageSize + 1} OFFSET ${start}`, params),
    ]);
    narrowRows = narrow.rows;
    full = page.rows;
  }
  const truncated = narrowRows.length > query.monthsRows;
  const newest = (truncated ? narrowRows.slice(0, query.monthsRows) : narrowRows).map(([id, month, title, condition, category, amount, currency]) => ({
    id, month, title, condition, category_id: category === null ? null : Number(category), displayed_price: money(amount, currency),
  }));
  const page = full.map(rowOf);
  return { newest, truncated, page: page.slice(0, query.pageSize), more: page.length > query.pageSize };
}
