// @ts-check
/**
 * @module @listings/sdk/stats
 * The price figures every client of the API computes the same way, and the server's batch
 * summaries too: a row's displayed USD amount, and the median of amounts (the middle amount,
 * or the mean of the two middle ones when their count is even, without binary floating-point
 * noise: half cents kept). Every figure is over `displayed_price`: what the marketplace showed,
 * never a transaction price.
 *
 * Plain JavaScript with its types in JSDoc, because the comps console's browser page loads this
 * very file (the api serves it at /console/vendor/listings-stats.js); Node, the SDK's build and
 * the type-checker read it as they read the TypeScript beside it.
 */

/**
 * The row's displayed amount when it is a finite number in USD, else null.
 * @param {unknown} row
 * @returns {number | null}
 */
export function usdAmount(row) {
  if (row === null || typeof row !== 'object') return null;
  const p = /** @type {{ displayed_price?: unknown }} */ (row).displayed_price;
  if (p === null || typeof p !== 'object') return null;
  const { amount, currency } = /** @type {{ amount?: unknown, currency?: unknown }} */ (p);
  return typeof amount === 'number' && Number.isFinite(amount) && currency === 'USD' ? amount : null;
}

/**
 * The median of `amounts` (in any order), or null when there are none.
 * @param {readonly number[]} amounts
 * @returns {number | null}
 */
export function median(amounts) {
  const sorted = [...amounts].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  if (n % 2 === 1) return /** @type {number} */ (sorted[mid]);
  // (0.1 + 0.2) / 2 is 0.15000000000000002: rounded to a millionth, 0.15.
  return Math.round(((/** @type {number} */ (sorted[mid - 1]) + /** @type {number} */ (sorted[mid])) / 2) * 1e6) / 1e6;
}
