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

/** Rows the plan probe reads (the newest of the range), and the share of matches among them above which they are read newest first. */
const PROBE_ROWS = 20_000;
const DENSE_SHARE = 0.02;

/** The months of [from, to], newest first, each as the days of it inside the range. */
function monthsNewestFirst(from: string, to: string): Array<{ from: string; to: string }> {
  const out: Array<{ from: string; to: string }> = [];
  let y = Number(to.slice(0, 4));
  let m = Number(to.slice(5, 7));
  for (;;) {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    out.push({ from: first < from ? from : first, to: last > to ? to : last });
    if (first <= from) return out;
    m -= 1;
    if (m === 0) { m = 12; y -= 1; }
  }
}

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
  const table = db.table(`sold_rows_${query.mode}`);
  const from = `FROM ${table} WHERE ${where.join(' AND ')} ORDER BY sold_on DESC, listing_id DESC`;
  const start = (query.page - 1) * query.pageSize;
  const narrowText = `SELECT listing_id, to_char(sold_on, 'YYYY-MM'), title, condition, category_id::text, price_amount::text, price_currency ${from} LIMIT ${query.monthsRows + 1}`;
  type Narrow = [string, string, string | null, string | null, string | null, string | null, string | null, string?];
  let narrowRows: Narrow[];
  let full: DbRow[] = [];
  // The plan: PostgreSQL estimates a title's words as independent, so a product's name ("nike
  // air jordan 1 retro high chicago": words that always come together) looks rarer than it is,
  // and it reads every match of the range through the full-text index to sort them. Probed
  // here instead: among the newest PROBE_ROWS rows of the range (the newest-first index, no
  // words), how many match? Dense matches are read newest first by that index, stopping at
  // what is needed; sparse ones through the full-text index.
  const where0 = where.filter((w) => !w.startsWith('title_tsv'));
  const probe = await db.pool.query<{ n: string; w: string }>(
    `SELECT /* plan probe */ count(*) FILTER (WHERE title_tsv @@ plainto_tsquery('simple', $4)) AS n, count(*) AS w
     FROM (SELECT title_tsv FROM ${table} WHERE ${where0.join(' AND ')} ORDER BY sold_on DESC, listing_id DESC LIMIT ${PROBE_ROWS}) s`,
    params,
  );
  const examined = Number(probe.rows[0]?.w ?? 0);
  const matched = Number(probe.rows[0]?.n ?? 0);
  const newestFirst = examined < PROBE_ROWS || matched / examined >= DENSE_SHARE;
  const client = await db.pool.connect();
  try {
    // No JIT: compiling the plan of a large range costs more than running it. Newest first: the
    // newest-first index, read in order and stopped at the LIMIT, is the only way left (no
    // bitmap, no sequential or other index scan then sort, no parallel workers).
    await client.query(`BEGIN; SET LOCAL jit = off${newestFirst ? '; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0' : ''}`);
    if (!newestFirst && start + query.pageSize < query.monthsRows) {
      // Sparse matches: month by month, newest first, through the full-text index, until the
      // months block has its rows (a month's matches are few: each month reads only its own).
      narrowRows = [];
      const want = query.monthsRows + 1;
      const n = params.length;
      for (const month of monthsNewestFirst(query.from, query.to)) {
        const got = await client.query<Narrow>({
          text: `SELECT listing_id, to_char(sold_on, 'YYYY-MM'), title, condition, category_id::text, price_amount::text, price_currency, to_char(sold_on, 'YYYY-MM-DD')
                 FROM ${table} WHERE ${where.join(' AND ')} AND sold_on >= $${n + 1}::date AND sold_on <= $${n + 2}::date
                 ORDER BY sold_on DESC, listing_id DESC LIMIT ${want - narrowRows.length}`,
          values: [...params, month.from, month.to],
          rowMode: 'array',
        });
        narrowRows.push(...got.rows);
        if (narrowRows.length >= want) break;
      }
      // The page's rows, whole, by their keys.
      const slice = narrowRows.slice(start, start + query.pageSize + 1);
      const byKey = new Map((await client.query<DbRow>(
        `SELECT ${COLUMNS} FROM ${table} WHERE marketplace = $1 AND (listing_id, sold_on) IN (SELECT * FROM unnest($2::text[], $3::date[]))`,
        [query.marketplace, slice.map((r) => r[0]), slice.map((r) => r[7])],
      )).rows.map((r) => [r.listing_id, r]));
      full = slice.map((r) => byKey.get(r[0])).filter((r): r is DbRow => r !== undefined);
    } else if (start + query.pageSize < query.monthsRows) {
      // The page lies among the newest matches (page 1 … monthsRows / pageSize): one scan; the
      // page's rows carry their other columns, the rest only what the months block reads.
      const inner = `SELECT listing_id, sold_on, title, condition, category_id, price_amount, price_currency, ${PAGE_ONLY.filter((c) => c.column !== 'sold_on').map((c) => c.column).join(', ')} ${from} LIMIT ${query.monthsRows + 1}`;
      const res = await client.query<unknown[]>({
        text: `SELECT listing_id, to_char(sold_on, 'YYYY-MM'), title, condition, category_id::text, price_amount::text, price_currency,
                 ${PAGE_ONLY.map((c) => `CASE WHEN rn > ${start} AND rn <= ${start + query.pageSize + 1} THEN ${c.sql} END`).join(', ')}
               FROM (SELECT s.*, row_number() OVER (ORDER BY sold_on DESC, listing_id DESC) AS rn FROM (${inner}) s) t
               ORDER BY rn`,
        values: params,
        rowMode: 'array',
      });
      narrowRows = res.rows.map((r) => r.slice(0, 7) as Narrow);
      res.rows.forEach((r, i) => {
        if (i < start || i > start + query.pageSize) return;
        const row: Record<string, unknown> = { listing_id: r[0], title: r[2], condition: r[3], category_id: r[4], price_amount: r[5], price_currency: r[6] };
        PAGE_ONLY.forEach((c, j) => { row[c.name] = r[7 + j]; });
        full.push(row as unknown as DbRow);
      });
    } else {
      // A deeper page: the newest matches (narrow), then the page's full rows.
      narrowRows = (await client.query<Narrow>({ text: narrowText, values: params, rowMode: 'array' })).rows;
      full = (await client.query<DbRow>(`SELECT ${COLUMNS} ${from} LIMIT ${query.pageSize + 1} OFFSET ${start}`, params)).rows;
    }
    await client.query('COMMIT');
    client.release();
  } catch (err) {
    // A connection whose transaction is in an unknown state is not returned to the pool.
    client.release(err as Error);
    throw err;
  }
  const truncated = narrowRows.length > query.monthsRows;
  const newest = (truncated ? narrowRows.slice(0, query.monthsRows) : narrowRows).map(([id, month, title, condition, category, amount, currency]) => ({
    id, month, title, condition, category_id: category === null ? null : Number(category), displayed_price: money(amount, currency),
  }));
  const page = full.map(rowOf);
  return { newest, truncated, page: page.slice(0, query.pageSize), more: page.length > query.pageSize };
}
