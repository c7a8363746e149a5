// @ts-check
/**
 * Price statistics of the comps console, pure and shared by the page and its tests.
 * Every figure is over `displayed_price` amounts in USD: what the marketplace showed, never a
 * transaction price. The amount and the median are the SDK's (@listings/sdk/stats, the ones the
 * batch summaries and the CLI use: the mean of the two middle amounts when their count is
 * even); Q1 and Q3 are the medians of the lower and upper halves (Tukey's hinges, the middle
 * amount left out of both halves when the count is odd). By default the figures are over the
 * rows the service judged the item searched (`comp_kind` = `item`); a switch includes every row.
 */
import { median, usdAmount } from './vendor/listings-stats.js';

export { usdAmount };

/** Removes binary floating-point noise from a bin edge. @param {number} n */
function clean(n) {
  return Math.round(n * 1e6) / 1e6;
}

/**
 * @typedef {{ n: number, median: number | null, low: number | null, high: number | null, q1: number | null, q3: number | null }} PriceStats
 */

/**
 * @param {readonly number[]} amounts
 * @returns {PriceStats}
 */
export function priceStats(amounts) {
  const sorted = [...amounts].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { n, median: null, low: null, high: null, q1: null, q3: null };
  const half = Math.floor(n / 2);
  const lower = sorted.slice(0, half);
  const upper = sorted.slice(n % 2 === 1 ? half + 1 : half);
  return {
    n,
    median: median(sorted),
    low: /** @type {number} */ (sorted[0]),
    high: /** @type {number} */ (sorted[n - 1]),
    // One amount has no halves: its quartiles are itself.
    q1: n === 1 ? sorted[0] ?? null : median(lower),
    q3: n === 1 ? sorted[0] ?? null : median(upper),
  };
}

/**
 * Shared histogram bins over every marketplace's amounts, so their bars sit on one axis.
 * @param {readonly number[]} all every amount shown
 * @param {number} [target] about how many bins
 * @returns {{ edges: number[], width: number }} bin lower edges and the bin width
 */
export function histogramBins(all, target = 20) {
  if (all.length === 0) return { edges: [], width: 1 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of all) {
    if (a < lo) lo = a;
    if (a > hi) hi = a;
  }
  const span = Math.max(hi - lo, 1);
  // A "nice" width: 1, 2 or 5 times a power of ten.
  const raw = span / target;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const width = [1, 2, 5, 10].map((m) => m * pow).find((w) => w >= raw) ?? 10 * pow;
  const start = Math.floor(lo / width) * width;
  const edges = [];
  for (let e = start; e <= hi; e += width) edges.push(clean(e));
  return { edges, width };
}

/**
 * @param {readonly number[]} amounts
 * @param {{ edges: number[], width: number }} bins
 * @returns {number[]} how many amounts fall in each bin
 */
export function histogramCounts(amounts, bins) {
  const counts = bins.edges.map(() => 0);
  if (counts.length === 0) return counts;
  const start = /** @type {number} */ (bins.edges[0]);
  for (const a of amounts) {
    const i = Math.min(counts.length - 1, Math.max(0, Math.floor((a - start) / bins.width)));
    counts[i] = /** @type {number} */ (counts[i]) + 1;
  }
  return counts;
}

/**
 * Rows of several pages of one search, repeated ids dropped (cursor routes may repeat a listing
 * on a later page; clients de-duplicate by id, interface 4.3-4.5).
 * @param {readonly { data?: unknown[] }[]} results
 * @returns {Record<string, unknown>[]}
 */
export function uniqueRows(results) {
  const seen = new Set();
  /** @type {Record<string, unknown>[]} */
  const out = [];
  for (const r of results) {
    for (const row of r.data ?? []) {
      if (row === null || typeof row !== 'object') continue;
      const id = /** @type {{ id?: unknown }} */ (row).id;
      if (typeof id !== 'string' || seen.has(id)) continue;
      seen.add(id);
      out.push(/** @type {Record<string, unknown>} */ (row));
    }
  }
  return out;
}

/** @param {number | null} n */
export function usd(n) {
  return n === null ? '—' : `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Whether the service judged a row the item searched (`comp_kind` = `item`).
 * @param {Record<string, unknown>} row
 */
export function isItem(row) {
  return row.comp_kind === 'item';
}

/**
 * The rows the figures are over: the rows judged `item`, or every row when `all`.
 * @param {readonly Record<string, unknown>[]} rows
 * @param {boolean} all
 * @returns {Record<string, unknown>[]}
 */
export function figureRows(rows, all) {
  return all ? [...rows] : rows.filter(isItem);
}

/**
 * Why a row is not counted as the item: its kind and the service's reason codes
 * ("accessory: accessory_word:case, price_far_below_items"), or '' for an item.
 * @param {Record<string, unknown>} row
 */
export function judgedText(row) {
  if (isItem(row)) return '';
  const kind = typeof row.comp_kind === 'string' ? row.comp_kind : 'not judged';
  const reasons = Array.isArray(row.comp_reasons) ? row.comp_reasons.filter((r) => typeof r === 'string') : [];
  return reasons.length > 0 ? `${kind}: ${reasons.join(', ')}` : kind;
}
