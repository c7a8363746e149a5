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

/**
 * Tukey's hinges of `amounts` (in any order): the medians of the lower and upper halves, the
 * middle amount left out of both when the count is odd; one amount is its own hinges. The
 * comps console's Q1 and Q3 and the service's `comps.p25` / `comps.p75` are these.
 * @param {readonly number[]} amounts
 * @returns {{ p25: number | null, p75: number | null }}
 */
export function hinges(amounts) {
  const sorted = [...amounts].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { p25: null, p75: null };
  if (n === 1) return { p25: /** @type {number} */ (sorted[0]), p75: /** @type {number} */ (sorted[0]) };
  const half = Math.floor(n / 2);
  return { p25: median(sorted.slice(0, half)), p75: median(sorted.slice(n % 2 === 1 ? half + 1 : half)) };
}

/**
 * A distribution-free confidence interval of the median from order statistics: the k-th
 * smallest and k-th largest amounts, with k the largest rank such that a Binomial(n, 1/2)
 * falls below k with probability at most (1 - level) / 2. It covers the population median with
 * probability at least `level` whatever the distribution (continuous), and needs no more than
 * the amounts' order. Null when there are too few amounts for that level (fewer than 5 at 90 %).
 * @param {readonly number[]} amounts
 * @param {number} [level] 0.9 by default
 * @returns {{ low: number, high: number, level: number, coverage: number } | null}
 */
export function medianInterval(amounts, level = 0.9) {
  const sorted = [...amounts].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const tail = (1 - level) / 2;
  // P(B <= j) for B ~ Binomial(n, 1/2), summed in log space so a long page cannot overflow.
  let logC = 0; // log C(n, 0)
  let cdf = 0;
  let k = 0; // the rank (1-based) of the lower bound: P(B <= k - 1) <= tail
  for (let j = 0; j < n; j++) {
    cdf += Math.exp(logC - n * Math.LN2);
    if (cdf > tail) break;
    k = j + 1;
    logC += Math.log(n - j) - Math.log(j + 1);
  }
  if (k === 0) return null;
  // Coverage of [X(k), X(n-k+1)] is 1 - 2 P(B <= k - 1).
  let below = 0;
  let lc = 0;
  for (let j = 0; j < k; j++) {
    below += Math.exp(lc - n * Math.LN2);
    lc += Math.log(n - j) - Math.log(j + 1);
  }
  return {
    low: /** @type {number} */ (sorted[k - 1]),
    high: /** @type {number} */ (sorted[n - k]),
    level,
    coverage: Math.round((1 - 2 * below) * 1e4) / 1e4,
  };
}

/**
 * @typedef {{ count: number, median: number | null, p25: number | null, p75: number | null,
 *   low: number | null, high: number | null,
 *   median_ci90: { low: number, high: number, level: number, coverage: number } | null }} PriceFigures
 */

/**
 * The figures of a set of amounts: count, median, hinges, low, high and the 90 % interval of
 * the median. The service's `comps.price` and `comps.price_with_shipping` blocks are these.
 * @param {readonly number[]} amounts
 * @returns {PriceFigures}
 */
export function priceFigures(amounts) {
  const sorted = [...amounts].sort((a, b) => a - b);
  const n = sorted.length;
  const { p25, p75 } = hinges(sorted);
  return {
    count: n,
    median: median(sorted),
    p25,
    p75,
    low: n === 0 ? null : /** @type {number} */ (sorted[0]),
    high: n === 0 ? null : /** @type {number} */ (sorted[n - 1]),
    median_ci90: medianInterval(sorted, 0.9),
  };
}

/**
 * The row's displayed price plus its shipping when both are known USD amounts (free shipping
 * is 0), else null.
 * @param {unknown} row
 * @returns {number | null}
 */
export function usdAmountWithShipping(row) {
  const price = usdAmount(row);
  if (price === null || row === null || typeof row !== 'object') return null;
  const s = /** @type {{ displayed_shipping?: unknown }} */ (row).displayed_shipping;
  if (s === null || typeof s !== 'object') return null;
  const { amount, currency } = /** @type {{ amount?: unknown, currency?: unknown }} */ (s);
  if (typeof amount !== 'number' || !Number.isFinite(amount) || currency !== 'USD') return null;
  return Math.round((price + amount) * 100) / 100;
}
