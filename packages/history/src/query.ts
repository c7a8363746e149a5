/**
 * @module query
 * Reads the archive for `GET /v1/history/{marketplace}/sold`: the rows of one mode's archive
 * and one marketplace whose title matches every word of `q` (PostgreSQL full text, the
 * `simple` configuration: words lowercased, no stemming, no stop words dropped), in the date
 * range and filters, newest first. The newest `monthsRows` matches (narrow rows: what the
 * months block and the judgement read) and the page come from the same read.
 *
 * Two ways to find them (migration 2 builds the indexes of both), chosen per query by a probe:
 * - **newest first**: walk the covering newest-first index of the marketplace (an index-only
 *   scan: it carries the title's words, price and condition), test each entry, stop at the
 *   rows needed, then read those rows by key. Cheap per entry, so right when matches are dense.
 * - **by the full-text index**: its terms are the marketplace's own (`mkt_a:levis`), with
 *   facets for the condition and a price band (`mkt_a:_c_used`, `mkt_a:_p_12`), so the index
 *   alone narrows the rows to the marketplace, the query's words and its filters; month by
 *   month, newest first, the table is read for those matches only and sorted. Right when
 *   matches are rare.
 * The probe walks the newest `PROBE_ROWS` entries of the range and counts the matches among
 * them; PostgreSQL's own estimate cannot choose here, as it takes a product name's words
 * ("nike air jordan 1 retro high chicago": words that always come together) as independent.
 */
import type { PoolClient } from 'pg';
import type { HistoryDb } from './db.ts';
import { MAX_LEXEME_BYTES, monthBounds, PRICE_BANDS, type ArchiveMode } from './migrations.ts';

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

const COLUMNS = `listing_id, title, link, image, price_amount, price_currency, price_text, shipping_amount, shipping_currency, shipping_text,
  to_char(sold_date, 'YYYY-MM-DD') AS sold_date, sold_date_text, to_char(sold_on, 'YYYY-MM-DD') AS sold_on,
  condition, condition_id, category_id, brand_id, brand, size, first_seen, last_seen`;

/** What a match gives the months block and the judgement (and its day, to find the page's rows). */
const NARROW = `listing_id, to_char(sold_on, 'YYYY-MM-DD'), title, condition, category_id::text, price_amount::text, price_currency`;
type Narrow = [id: string, day: string, title: string | null, condition: string | null, category: string | null, amount: string | null, currency: string | null];

/** Entries the plan probe walks (the newest of the range). */
export const PROBE_ROWS = 5000;

/**
 * What the two ways cost here, measured on the bench's archive with the deploy's settings
 * (docs/history.md): an entry of the newest-first index walked and tested, about 0.2 µs; the
 * full-text index, per month asked, about 6 ms for its lists of common words, then about
 * 8 µs a match read from the table.
 */
const COST = { walkEntryMs: 0.0002, ginMonthMs: 6, ginMatchMs: 0.008 };

export interface ProbeReading {
  /** Entries probed (up to PROBE_ROWS), and the matches among them. */
  examined: number;
  matched: number;
  /** Entries of the marketplace in the range (PostgreSQL's estimate from its statistics). */
  rangeEntries: number;
  /** Days of the range. */
  rangeDays: number;
  /** Matches the read needs. */
  want: number;
}

/**
 * Which way reads fewer: walking newest first (entries until `want` matches, at the probed
 * share) or the full-text index (each month visited newest first, every match of those months
 * read from the table).
 */
export function planOf(r: ProbeReading): 'walk' | 'index' {
  if (r.examined < PROBE_ROWS) return 'walk'; // the whole range is fewer entries than the probe read
  if (r.matched === 0) return 'index';
  const share = r.matched / r.examined;
  const walk = Math.min(Math.max(r.rangeEntries, r.examined), r.want / share) * COST.walkEntryMs;
  const perMonth = (share * Math.max(r.rangeEntries, r.examined) * 30) / Math.max(1, r.rangeDays);
  const months = Math.min(Math.ceil(r.rangeDays / 30), Math.ceil(r.want / Math.max(perMonth, 1e-9)));
  const index = months * (COST.ginMonthMs + perMonth * COST.ginMatchMs);
  return walk <= index ? 'walk' : 'index';
}

/** Fewest months-block keys read in two halves on two connections (fewer are one short read). */
const SPLIT_MIN_KEYS = 200;

/** A price filter's bands are asked of the full-text index only when they are this few: a wide range narrows little and each band's list costs its length. */
const PRICE_FACET_MAX_BANDS = 6;

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

/** A lexeme as tsquery input reads it: quoted, quotes and backslashes doubled/escaped. */
const lexeme = (s: string): string => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** The price bands of migration 2 that [min, max] touches (null bounds: open). */
export function bandsOf(min: number | null, max: number | null): number[] {
  const bandOf = (p: number): number => PRICE_BANDS.filter((b) => b <= p).length;
  const lo = min === null ? 0 : bandOf(min);
  const hi = max === null ? PRICE_BANDS.length : bandOf(max);
  const out: number[] = [];
  for (let b = lo; b <= hi; b++) out.push(b);
  return out;
}

/** The query's words that have a term of the marketplace in the full-text index (migration 3 leaves out a word too long for a lexeme once prefixed). */
export function indexedWords(marketplace: string, words: readonly string[]): string[] {
  return words.filter((w) => Buffer.byteLength(`${marketplace}:${w}`) <= MAX_LEXEME_BYTES);
}

/**
 * What a query asks of the full-text index (migration 3's terms): each of its words as the
 * marketplace's term, its conditions (any of), its price bands (any of, when few). `words` are
 * the query's lexemes as PostgreSQL's parser gives them (the same as `plainto_tsquery`'s); a
 * word without a term is left out (the rows' own test still asks for it).
 */
export function termsQuery(query: Pick<HistoryQuery, 'marketplace' | 'conditions' | 'minPrice' | 'maxPrice'>, words: readonly string[]): string {
  const term = (s: string): string => lexeme(`${query.marketplace}:${s}`);
  const parts = indexedWords(query.marketplace, words).map(term);
  if (query.conditions !== null && query.conditions.length > 0) parts.push(`(${query.conditions.map((c) => term(`_c_${c}`)).join(' | ')})`);
  const bands = query.minPrice !== null || query.maxPrice !== null ? bandsOf(query.minPrice, query.maxPrice) : [];
  if (bands.length > 0 && bands.length <= PRICE_FACET_MAX_BANDS) parts.push(`(${bands.map((b) => term(`_p_${b}`)).join(' | ')})`);
  return parts.join(' & ');
}

export async function querySold(db: HistoryDb, query: HistoryQuery): Promise<HistoryAnswer> {
  if (query.mode !== 'live' && query.mode !== 'sandbox') throw new Error('unknown archive mode');
  // $1 marketplace, $2 from, $3 to, $4 q; then the filters' values.
  const params: unknown[] = [query.marketplace, query.from, query.to, query.q];
  const filters: string[] = [];
  if (query.conditions !== null) {
    params.push(query.conditions);
    filters.push(`condition_code = ANY($${params.length}::text[])`);
  }
  if (query.minPrice !== null) {
    params.push(query.minPrice);
    filters.push(`price_amount >= $${params.length}`);
  }
  if (query.maxPrice !== null) {
    params.push(query.maxPrice);
    filters.push(`price_amount <= $${params.length}`);
  }
  const table = db.table(`sold_rows_${query.mode}`);
  const words = `title_tsv @@ plainto_tsquery('simple', $4)`;
  const range = `marketplace = $1 AND sold_on >= $2::date AND sold_on <= $3::date`;
  const order = 'ORDER BY sold_on DESC, listing_id DESC';
  const start = (query.page - 1) * query.pageSize;
  // The matches read: the months block's, and the page's when it lies deeper.
  const want = Math.max(query.monthsRows + 1, start + query.pageSize + 1);
  let narrow: Narrow[] = [];
  let full: DbRow[] = [];
  const client = await db.pool.connect();
  // A second connection, when the pool has one to spare, for the reads that can go two at once.
  let second: PoolClient | null = null;
  try {
    // No JIT: compiling the plan of a large range costs more than running it.
    await client.query('BEGIN; SET LOCAL jit = off');
    // The probe: among the newest PROBE_ROWS entries of the range, how many match (words and
    // filters, tested on the index's entries alone)? A query without a word matches nothing.
    const probe = await client.query<{ words: number; lexemes: string[]; n: string; w: string }>(
      `SELECT /* plan probe */ numnode(plainto_tsquery('simple', $4)) AS words, tsvector_to_array(to_tsvector('simple', $4)) AS lexemes, count(*) FILTER (WHERE ${[words, ...filters].join(' AND ')}) AS n, count(*) AS w
       FROM (SELECT title_tsv, price_amount, condition_code FROM ${table} WHERE ${range} ${order} LIMIT ${PROBE_ROWS}) s`,
      params,
    );
    const p = probe.rows[0];
    const examined = Number(p?.w ?? 0);
    const matched = Number(p?.n ?? 0);
    const rangeDays = Math.round((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000) + 1;
    // No word, no row in the range, or an empty list of conditions: nothing matches.
    if (Number(p?.words ?? 0) > 0 && examined > 0 && query.conditions?.length !== 0) {
      // A query none of whose words has a term (each too long for one) can only walk.
      const plan = indexedWords(query.marketplace, p!.lexemes).length === 0 ? 'walk'
        : planOf({ examined, matched, rangeEntries: examined < PROBE_ROWS ? examined : await rangeEntries(client, table, query), rangeDays, want });
      if (plan === 'walk') {
        // Newest first, index only: no bitmap, no sort, no parallel workers.
        await client.query('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0');
        // The walk yields keys (the index carries only what a match is tested on); the months
        // block's narrow rows are then read by key, half on each connection.
        const keys = (await client.query<[string, string]>({
          text: `SELECT listing_id, to_char(sold_on, 'YYYY-MM-DD') FROM ${table} WHERE ${[range, words, ...filters].join(' AND ')} ${order} LIMIT ${want}`,
          values: params,
          rowMode: 'array',
        })).rows;
        await client.query('SET LOCAL enable_bitmapscan = on; SET LOCAL enable_seqscan = on; SET LOCAL enable_sort = on');
        const block = keys.slice(0, query.monthsRows + 1);
        // Halves only where reading them is worth a second connection's round trips.
        if (block.length >= SPLIT_MIN_KEYS) second = await spareConnection(db);
        const half = second === null ? block.length : Math.ceil(block.length / 2);
        const [newer, older] = await both(
          byKeys<Narrow>(client, table, query.mode, query.marketplace, block.slice(0, half), NARROW, true),
          second === null ? null : byKeys<Narrow>(second, table, query.mode, query.marketplace, block.slice(half), NARROW, true),
        );
        narrow = [...newer, ...(older ?? [])];
        // A deeper page than the months block: its keys only (its rows are read whole below).
        for (const k of keys.slice(query.monthsRows + 1)) narrow.push([k[0], k[1], null, null, null, null, null]);
      } else {
        // Rare: month by month, newest first, through the full-text index of the marketplace's
        // terms; two months at a time, the older on the second connection.
        params.push(termsQuery(query, p!.lexemes));
        const facets = `${db.S}.sold_terms(marketplace, title_tsv, condition_code, price_amount) @@ $${params.length}::tsquery`;
        const n = params.length;
        const monthRead = (c: PoolClient, month: { from: string; to: string }, limit: number): Promise<Narrow[]> => c.query<Narrow>({
          text: `SELECT ${NARROW} FROM ${table}
                 WHERE ${range} AND sold_on >= $${n + 1}::date AND sold_on <= $${n + 2}::date AND ${[facets, words, ...filters].join(' AND ')}
                 ${order} LIMIT ${limit}`,
          values: [...params, month.from, month.to],
          rowMode: 'array',
        }).then((r) => r.rows);
        const months = monthsNewestFirst(query.from, query.to);
        if (months.length > 1) second = await spareConnection(db);
        for (let i = 0; i < months.length && narrow.length < want; i += second === null ? 1 : 2) {
          const limit = want - narrow.length;
          const [newer, older] = await both(
            monthRead(client, months[i]!, limit),
            second === null || i + 1 >= months.length ? null : monthRead(second, months[i + 1]!, limit),
          );
          narrow.push(...newer, ...(older ?? []));
        }
        if (narrow.length > want) narrow.length = want;
      }
      full = await byKeys<DbRow>(client, table, query.mode, query.marketplace, narrow.slice(start, start + query.pageSize + 1), COLUMNS, false);
    }
    await client.query('COMMIT');
  } catch (err) {
    // A connection whose transaction is in an unknown state is not returned to the pool.
    client.release(err as Error);
    second?.release(err as Error);
    throw err;
  }
  client.release();
  // The second connection's reads are in the answer already: its end fails no answer (a
  // connection whose COMMIT failed is dropped, not returned to the pool).
  if (second !== null) {
    const s = second;
    await s.query('COMMIT').then(() => s.release(), (err: unknown) => s.release(err as Error));
  }
  const truncated = narrow.length > query.monthsRows;
  const newest = narrow.slice(0, query.monthsRows).map(([id, day, title, condition, category, amount, currency]) => ({
    id, month: day.slice(0, 7), title, condition, category_id: category === null ? null : Number(category), displayed_price: money(amount, currency),
  }));
  const page = full.map(rowOf);
  return { newest, truncated, page: page.slice(0, query.pageSize), more: page.length > query.pageSize };
}

/**
 * A second connection of the pool, in a transaction as the first (no JIT), when the archive
 * allows two (`readConnections`) and one is idle or may be opened now; else null. Never waits
 * behind other reads for one: a read holding a connection and waiting for another could wait
 * on reads doing the same.
 */
async function spareConnection(db: HistoryDb): Promise<PoolClient | null> {
  const pool = db.pool;
  if (db.readConnections < 2 || pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10))) return null;
  let c: PoolClient;
  try {
    c = await pool.connect();
  } catch {
    return null;
  }
  try {
    await c.query('BEGIN; SET LOCAL jit = off');
    return c;
  } catch (err) {
    c.release(err as Error);
    return null;
  }
}

/** Two reads at once (the second may be none); a failure of either fails both, after both have ended (no read is left running on a connection about to be released). */
async function both<A, B>(a: Promise<A>, b: Promise<B> | null): Promise<[A, B | null]> {
  const [ra, rb] = await Promise.allSettled([a, b ?? Promise.resolve(null)]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value as B | null];
}

/** The marketplace's entries in the range, as PostgreSQL estimates them from its statistics (planning only: nothing is read). */
async function rangeEntries(client: PoolClient, table: string, query: HistoryQuery): Promise<number> {
  const plan = await client.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE marketplace = $1 AND sold_on >= $2::date AND sold_on <= $3::date`, [query.marketplace, query.from, query.to]);
  return plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * Rows by their keys (listing id, day), in the keys' order: each month's through its
 * partition's primary key. `columns` start with the listing id (an array row, or `listing_id`).
 */
async function byKeys<R>(client: PoolClient, table: string, mode: ArchiveMode, marketplace: string, keys: ReadonlyArray<readonly [string, string, ...unknown[]]>, columns: string, arrays: boolean): Promise<R[]> {
  if (keys.length === 0) return [];
  const byMonth = new Map<string, string[]>();
  for (const k of keys) {
    const list = byMonth.get(k[1].slice(0, 7)) ?? [];
    list.push(k[0]);
    byMonth.set(k[1].slice(0, 7), list);
  }
  const values: unknown[] = [marketplace, mode];
  const parts: string[] = [];
  for (const [month, ids] of byMonth) {
    const b = monthBounds(`${month}-01`);
    values.push(b.from, b.to, ids);
    const i = values.length;
    // mode is the primary key's first column: without it the key cannot be looked up.
    parts.push(`SELECT ${columns} FROM ${table} WHERE mode = $2 AND marketplace = $1 AND sold_on >= $${i - 2}::date AND sold_on < $${i - 1}::date AND listing_id = ANY($${i}::text[])`);
  }
  const res = await client.query<R & object>({ text: parts.join(' UNION ALL '), values, ...(arrays ? { rowMode: 'array' as const } : {}) });
  const idOf = (r: R): string => (arrays ? (r as unknown as unknown[])[0] : (r as unknown as DbRow).listing_id) as string;
  const byKey = new Map(res.rows.map((r) => [idOf(r), r]));
  return keys.map((k) => byKey.get(k[0])).filter((r): r is R & object => r !== undefined);
}
